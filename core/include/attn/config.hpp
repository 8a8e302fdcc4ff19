#pragma once
// config.json of a checkpoint directory, parsed and validated per architecture. Errors name the file
// and the key. Unknown keys are allowed (the format grows by adding keys).

#include <attn/error.hpp>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace attn {

/// A config.json that cannot be used: path() is the file, key() the offending key (when there is one),
/// byteOffset() the position of a JSON syntax error.
class ConfigError : public Error {
public:
    using Error::Error;
};

/// Upper bounds that config validation enforces, far above any model attnviz shows. They are checked
/// where a value enters, so that every size product below stays inside int and every allocation a
/// config alone can cause (the sinusoidal table) stays small.
namespace config_limits {
inline constexpr int kMaxWidth = 65536;              ///< d_model, hidden_size
inline constexpr int kMaxLayers = 1024;              ///< n_layers
inline constexpr int kMaxFfDim = 1 << 20;            ///< ff_dim
inline constexpr int kMaxVocabSize = 1 << 24;        ///< vocab_size, src_vocab_size, tgt_vocab_size
inline constexpr int kMaxLen = 1 << 20;              ///< max_len
inline constexpr int kMaxImageSize = 16384;          ///< image_size
inline constexpr int kMaxChannels = 3;               ///< in_channels (1 grey, 3 RGB)
inline constexpr std::int64_t kMaxPatches = 1 << 20; ///< (image_size / patch_size)^2
/// Positions x d_model of a sinusoidal table, computed at load time (2^24 floats = 64 MiB).
inline constexpr std::int64_t kMaxSinusoidalCells = std::int64_t{1} << 24;
/// n_layers x n_heads x (patches + 1)^2: the attention maps a ViT forward keeps for every image
/// (2^28 floats = 1 GiB; ViT-L/14 at 336 pixels needs 128 million).
inline constexpr std::int64_t kMaxVitAttentionCells = std::int64_t{1} << 28;
/// Bytes of a config.json (or tokenizer_config.json): read whole, so bounded before reading. A
/// Hugging Face config with 21,843 ImageNet-21k labels is about 1 MB.
inline constexpr std::int64_t kMaxConfigBytes = std::int64_t{64} << 20;
} // namespace config_limits

enum class Architecture { TransformerClassifier, Seq2SeqAttention, Vit };
std::string toString(Architecture a);
std::optional<Architecture> parseArchitecture(const std::string& text);

/// The feed-forward activation of an encoder layer. attnviz's own checkpoints use relu or exact gelu; the
/// Hugging Face encoders on the same layers (BERT, ViT) may also use GPT-2's tanh gelu or silu, which have
/// a forward but no backward here (layers/backward.hpp refuses them).
enum class Activation { Relu, Gelu, GeluTanh, Silu };
enum class Positional { Sinusoidal, Learned };
enum class Pooling { Mean, Cls };
enum class Seq2SeqAttentionKind { Additive, Dot, None };
/// How a seq2seq model cuts text into ids: whole words of attn::tokenize looked up in src_vocab.txt
/// ("words"), or those words joined by spaces and cut into pieces by src_spm.model / tgt_spm.model
/// ("sentencepiece"; the vocabulary files then list the pieces in id order).
enum class Seq2SeqTokenizer { Words, SentencePiece };

/// Hyper-parameters shared by the two transformer encoders.
struct EncoderConfig {
    int dModel = 0, nHeads = 0, nLayers = 0, ffDim = 0;
    bool normFirst = false;
    Activation activation = Activation::Relu;
    float layerNormEps = 1e-5f;
};

struct TransformerClassifierConfig {
    EncoderConfig encoder;
    int vocabSize = 0, maxLen = 0;
    Pooling pooling = Pooling::Mean;
    Positional positional = Positional::Sinusoidal;
    bool scaleEmbedding = false;
    std::string padToken, unkToken, clsToken; // clsToken required for cls pooling
    std::vector<std::string> labels;
};

struct Seq2SeqConfig {
    int hiddenSize = 0, srcVocabSize = 0, tgtVocabSize = 0, maxLen = 0;
    int numLayers = 1; ///< stacked GRU layers in the encoder and in the decoder (config num_layers)
    Seq2SeqTokenizer tokenizer = Seq2SeqTokenizer::Words;
    Seq2SeqAttentionKind attention = Seq2SeqAttentionKind::Additive;
    std::string sosToken, eosToken, unkToken;
    bool srcAppendEos = true;
    /// config src_sentence_end: appended to a source whose last character is not ".", "!" or "?", as to
    /// every training source (empty = the source as typed).
    std::string srcSentenceEnd;
};

struct VitConfig {
    EncoderConfig encoder;
    int imageSize = 0, patchSize = 0, inChannels = 0;
    Positional positional = Positional::Learned;
    std::vector<float> mean, std; // per channel
    std::vector<std::string> labels;
    int patchesPerSide() const { return patchSize > 0 ? imageSize / patchSize : 0; }
    /// 64-bit: a config is validated against config_limits::kMaxPatches, but this never overflows.
    std::int64_t numPatches() const {
        const std::int64_t side = patchesPerSide();
        return side * side;
    }
};

/// Reads `path` as JSON. Every JSON error (syntax, number overflow, ...) is a ConfigError naming the
/// file and the byte offset.
nlohmann::json readConfigJson(const std::filesystem::path& path);
Architecture configArchitecture(const nlohmann::json& j, const std::string& file);
TransformerClassifierConfig parseTransformerClassifierConfig(const nlohmann::json& j,
                                                             const std::string& file);
Seq2SeqConfig parseSeq2SeqConfig(const nlohmann::json& j, const std::string& file);
VitConfig parseVitConfig(const nlohmann::json& j, const std::string& file);

/// `labels` may be a list (index -> name) or an object {"0": "neg", ...}; both give index -> name.
std::vector<std::string> parseLabels(const nlohmann::json& j, const std::string& file);

} // namespace attn
