#pragma once
// config.json of a checkpoint directory, parsed and validated per architecture. Errors name the file
// and the key. Unknown keys are allowed (the format grows by adding keys).

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn {

class ConfigError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class Architecture { TransformerClassifier, Seq2SeqAttention, Vit };
std::string toString(Architecture a);
std::optional<Architecture> parseArchitecture(const std::string& text);

enum class Activation { Relu, Gelu };
enum class Positional { Sinusoidal, Learned };
enum class Pooling { Mean, Cls };
enum class Seq2SeqAttentionKind { Additive, Dot, None };

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
    Seq2SeqAttentionKind attention = Seq2SeqAttentionKind::Additive;
    std::string sosToken, eosToken, unkToken;
    bool srcAppendEos = true;
};

struct VitConfig {
    EncoderConfig encoder;
    int imageSize = 0, patchSize = 0, inChannels = 0;
    Positional positional = Positional::Learned;
    std::vector<float> mean, std; // per channel
    std::vector<std::string> labels;
    int patchesPerSide() const { return imageSize / patchSize; }
    int numPatches() const { return patchesPerSide() * patchesPerSide(); }
};

/// Reads `path` as JSON (errors give the byte offset of a syntax error).
nlohmann::json readConfigJson(const std::filesystem::path& path);
Architecture configArchitecture(const nlohmann::json& j, const std::string& file);
TransformerClassifierConfig parseTransformerClassifierConfig(const nlohmann::json& j,
                                                             const std::string& file);
Seq2SeqConfig parseSeq2SeqConfig(const nlohmann::json& j, const std::string& file);
VitConfig parseVitConfig(const nlohmann::json& j, const std::string& file);

/// `labels` may be a list (index -> name) or an object {"0": "neg", ...}; both give index -> name.
std::vector<std::string> parseLabels(const nlohmann::json& j, const std::string& file);

} // namespace attn
