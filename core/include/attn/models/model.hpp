#pragma once
// Base of the three checkpoint models. A loaded model is immutable: its forward functions are const
// and safe to call from several threads at once.

#include <attn/config.hpp>
#include <attn/matrix.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attn {

class Model {
public:
    virtual ~Model() = default;
    virtual Architecture architecture() const = 0;
    /// Class names (index -> name) for classifiers; empty for seq2seq.
    virtual const std::vector<std::string>& labels() const = 0;

    const nlohmann::json& config() const { return configJson_; }
    const std::filesystem::path& directory() const { return directory_; }

protected:
    nlohmann::json configJson_;
    std::filesystem::path directory_;
    friend class ModelLoaderAccess;
};

/// Internal: lets loadModel() set the fields above.
class ModelLoaderAccess {
public:
    static void set(Model& m, nlohmann::json config, std::filesystem::path dir) {
        m.configJson_ = std::move(config);
        m.directory_ = std::move(dir);
    }
};

/// Output of a classifier (transformer_classifier or vit).
struct ClassifierResult {
    /// Labels of the sequence positions that index the attention maps: tokens as typed (the model saw
    /// unk_token where `ids` holds the unk id), cls_token / pad_token for those; for vit "[CLS]" then
    /// "r{row}c{col}" per patch, row by row.
    std::vector<std::string> tokens;
    std::vector<int> ids;             // vocabulary ids (text models); empty for vit
    std::vector<float> logits;        // n_labels
    std::vector<float> probabilities; // softmax(logits)
    int predicted = -1;               // argmax
    std::string predictedLabel;
    AttentionStack attention;             // [layer][head] T x T, rows = queries
    std::vector<std::uint8_t> keyAllowed; // T, 1 = real position, 0 = padding (masked as key)
    std::vector<std::string> warnings;    // e.g. input truncated to max_len
};

/// One of the decoder's most probable next tokens at a decoding step.
struct DecodeCandidate {
    int id = -1;             // target vocabulary id
    std::string token;       // tgt_vocab.txt entry
    float probability = 0.f; // softmax(decoder.out logits)[id], over the whole target vocabulary
};

/// Output of seq2seq translation with greedy decoding.
struct TranslationResult {
    std::vector<std::string> sourceTokens; // as the encoder saw them (eos appended when configured)
    std::vector<int> sourceIds;
    std::vector<std::string> outputTokens; // one per decoding step (the final eos included when reached)
    std::vector<int> outputIds;
    Matrix logits;    // steps x tgt_vocab, decoder.out before softmax
    Matrix alignment; // steps x source; empty when attention is "none"
    /// Per step, the top-k next tokens (k = translateWords' topK, default 5), most probable first; the
    /// first is the one greedy decoding chose (outputIds[step]).
    std::vector<std::vector<DecodeCandidate>> candidates;
    Matrix encoderStates; // source x H: the encoder GRU's output per source token; the last row is the
                          // decoder's initial state (without attention: the one context vector)
    Matrix decoderStates; // steps x H: the decoder's hidden state after each step
    std::vector<std::uint8_t> sourceUnknown; // per source token: 1 when it was mapped to unk_token
    std::vector<std::uint8_t> outputUnknown; // per output token: 1 when it is the target's unk_token
    bool hasAttention = false;
    std::vector<std::string> warnings;
};

} // namespace attn
