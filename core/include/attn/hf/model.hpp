#pragma once
// Base classes of the Hugging Face model families (attn::hf::loadModel). A loaded model is immutable:
// forward functions are const and safe to call from several threads at once (each caller owns its cache).
//
//   CausalLm (gpt2, llama): extend(cache, ids) runs new tokens after the cached ones and returns their
//   logits and attention rows; forward(ids) = extend on an empty cache (the full causal T x T maps).

#include <attn/hf/hf_config.hpp>
#include <attn/long_context/long_context_pass.hpp>
#include <attn/matrix.hpp>
#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attn::hf {

/// config.json's "attnviz_example_prompts": prompts a teacher would start from, shipped with the model
/// (a list of 1-500-byte strings, at most 32; empty when the key is absent). ConfigError names the key.
std::vector<std::string> parseExamplePrompts(const HfConfig& config);

class HfModel {
public:
    HfModel(HfConfig config, std::filesystem::path dir)
        : config_(std::move(config)), dir_(std::move(dir)), examplePrompts_(parseExamplePrompts(config_)) {}
    virtual ~HfModel() = default;
    /// The Hugging Face model_type: "bert", "gpt2", "llama", "vit".
    virtual std::string modelType() const = 0;
    const HfConfig& config() const { return config_; }
    const std::filesystem::path& directory() const { return dir_; }
    /// Null when the directory has no tokenizer files (ids only).
    const tokenizers::Tokenizer* tokenizer() const { return tokenizer_.get(); }
    void setTokenizer(std::shared_ptr<const tokenizers::Tokenizer> t) { tokenizer_ = std::move(t); }
    /// Readable label per id: the tokenizer's, else the id as text.
    std::vector<std::string> tokenLabels(const std::vector<int>& ids) const;
    /// The model's own example prompts (parseExamplePrompts); empty when config.json names none.
    const std::vector<std::string>& examplePrompts() const { return examplePrompts_; }

private:
    HfConfig config_;
    std::filesystem::path dir_;
    std::vector<std::string> examplePrompts_;
    std::shared_ptr<const tokenizers::Tokenizer> tokenizer_;
};

/// Keys and values of the positions seen so far, per layer (rows = positions).
struct KvCache {
    std::vector<Matrix> keys;   // [layer] capacity x kv_dim (rows [0, length) valid)
    std::vector<Matrix> values; // [layer] capacity x kv_dim
    int length = 0;
    /// Makes room for `extra` more rows in every layer (doubling).
    void reserve(int extra);
};

struct DecoderPass {
    Matrix logits;            // n_new x vocab, before softmax
    AttentionStack attention; // [layer][head] n_new x (past + n_new); cells of future keys exactly 0
};

class CausalLm : public HfModel {
public:
    using HfModel::HfModel;
    virtual int vocabSize() const = 0;
    virtual int numLayers() const = 0;
    virtual int numHeads() const = 0;
    /// Largest number of positions (GPT-2's n_positions); 0 = no limit.
    virtual int maxPositions() const = 0;
    virtual KvCache newCache() const = 0;
    /// Runs `ids` after the cache's positions; appends their keys/values to it.
    virtual DecoderPass extend(KvCache& cache, const std::vector<int>& ids) const = 0;
    /// End-of-sequence id from config.json, if any.
    virtual std::optional<int> eosId() const = 0;

    DecoderPass forward(const std::vector<int>& ids) const;
    /// Throws naming config.json when an id is outside [0, vocab) or the sequence too long.
    void checkIds(const std::vector<int>& ids, int past) const;
    /// Throws attn::MemoryBudgetError (attn/memory_budget.hpp) when the attention maps of `newTokens`
    /// queries after `past` cached positions (layers x heads x newTokens x (past + newTokens) floats) or
    /// their logits (newTokens x vocab) exceed the memory budget. extend() calls it before allocating.
    void checkMemory(int newTokens, int past) const;

    /// Whether forwardLongContext is implemented for this family (issue 56: tiled attention, no T x T
    /// map kept). The Generate page and the CLI use it when it is, and whole maps otherwise.
    virtual bool hasLongContext() const { return false; }
    /// The forward from position 0 keeping long_context::LongContextPass instead of whole maps (see
    /// LlamaModel::forwardLongContext). The default throws std::logic_error naming the model type.
    virtual long_context::LongContextPass
    forwardLongContext(const std::vector<int>& ids, const long_context::LongContextOptions& options) const;
};

/// Softmax of one logits row.
std::vector<float> softmax(const Eigen::Ref<const RowVector>& logits);

struct TopEntry {
    int id = 0;
    float probability = 0;
};
/// The k most probable ids, best first (ties: lower id first).
std::vector<TopEntry> topK(const std::vector<float>& probabilities, int k);

struct GenerationStep {
    int id = 0;
    float probability = 0;
    /// [layer][head][T_context]: the attention row of the position that produced this token;
    /// T_context = prompt length + step index.
    std::vector<std::vector<std::vector<float>>> attention;
};

struct Generation {
    std::vector<int> promptIds;
    std::vector<int> generatedIds;
    std::vector<GenerationStep> steps;
    bool stoppedAtEos = false;
    std::vector<std::string> warnings;
};

/// Greedy decoding with a KV cache: stops after `maxNew` tokens, at EOS (included in the output) or at
/// the model's position limit. `onStep` (optional) sees each step as it is made; returning false stops.
Generation generateGreedy(const CausalLm& model, const std::vector<int>& prompt, int maxNew,
                          const std::function<bool(const GenerationStep&)>& onStep = {});

} // namespace attn::hf

namespace attn::hf {

struct EncoderOutput {
    AttentionStack attention;         // [layer][head] T x T, rows = queries
    std::vector<float> logits;        // n_labels (empty without a classification head)
    std::vector<float> probabilities; // softmax(logits)
    int predicted = -1;               // argmax
    std::string predictedLabel;       // id2label[predicted]
};

/// bert, vit: every position sees every other; an optional classification head.
class EncoderModel : public HfModel {
public:
    using HfModel::HfModel;
    virtual int numLayers() const = 0;
    virtual int numHeads() const = 0;
    /// index -> name from config.json id2label ("LABEL_i" when absent); empty without a head.
    virtual const std::vector<std::string>& labels() const = 0;
};

/// id2label with string keys "0".."n-1" (as transformers writes it) -> names by index; ConfigError
/// naming the file when a key is not an index or one is missing. `n` = 0: take the size from the map.
std::vector<std::string> parseId2Label(const HfConfig& c, int n);

/// Fills probabilities / predicted / predictedLabel from logits.
void finishPrediction(EncoderOutput& out, const std::vector<std::string>& labels);

} // namespace attn::hf
