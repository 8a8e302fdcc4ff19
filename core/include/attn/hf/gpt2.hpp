#pragma once
// Hugging Face GPT-2 (GPT2Model / GPT2LMHeadModel, transformers' modeling_gpt2.py), pre-LN decoder:
//
//   x_0 = wte[id] + wpe[position]
//   per block:  a = ln_1(x);  [q | k | v] = a C_attn + b   (Conv1D: C_attn stored [in, out] = d x 3d;
//               head h uses columns [h*hs, (h+1)*hs) of q, k and v; hs = d / n_head)
//               A_h = softmax(q_h k_h^T / sqrt(hs), causal)      (cells of future keys exactly 0)
//               x += concat_h(A_h v_h) C_proj + b   (d x d, [in, out])
//               x += act(ln_2(x) C_fc + b) C_proj_mlp + b      (gelu_new = tanh form by default)
//   logits = ln_f(x) W_lm^T,  W_lm = lm_head.weight [vocab, d], or wte when absent (tied)
//
// Tensor names as transformers writes them, with the "transformer." prefix (GPT2LMHeadModel) or without
// it (GPT2Model, hub files). The non-weight buffers h.N.attn.bias / h.N.attn.masked_bias are skipped.

#include <attn/hf/model.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/long_context/long_context_pass.hpp>
#include <functional>
#include <memory>

namespace attn::hf {

enum class HfActivation { GeluNew, Gelu, Relu, Silu };
/// Parses transformers' ACT2FN names we implement ("gelu_new", "gelu_pytorch_tanh", "gelu", "relu",
/// "silu"); anything else is a ConfigError naming the file and key.
HfActivation parseActivation(const HfConfig& c, const std::string& key, const std::string& fallback);
/// Applies the activation in place.
void activate(Matrix& x, HfActivation a);

struct Gpt2Config {
    int vocabSize = 0, nPositions = 0, nEmbd = 0, nHead = 0, nLayer = 0, nInner = 0;
    float layerNormEps = 1e-5f;
    HfActivation activation = HfActivation::GeluNew;
    bool scaleAttnWeights = true;
    bool tieWordEmbeddings = true;
    std::optional<int> eosTokenId;
    int headSize() const { return nEmbd / nHead; }
};
Gpt2Config parseGpt2Config(const HfConfig& c);

class Gpt2Model : public CausalLm {
public:
    struct Block {
        layers::LayerNorm ln1, ln2;
        Matrix cAttnW;      // d x 3d  ([in, out])
        RowVector cAttnB;   // 3d
        Matrix cProjW;      // d x d
        RowVector cProjB;   // d
        Matrix fcW;         // d x inner
        RowVector fcB;      // inner
        Matrix mlpProjW;    // inner x d
        RowVector mlpProjB; // d
    };

    /// Checks every shape against `cfg` ("expected X, got Y").
    Gpt2Model(HfConfig config, std::filesystem::path dir, Gpt2Config cfg, Matrix wte, Matrix wpe,
              std::vector<Block> blocks, layers::LayerNorm lnF, Matrix lmHead);
    /// Takes every tensor from `store` (and calls store.finish()).
    static std::shared_ptr<Gpt2Model> load(const HfConfig& config, const std::filesystem::path& dir,
                                           TensorStore& store);

    std::string modelType() const override { return "gpt2"; }
    int vocabSize() const override { return cfg_.vocabSize; }
    int numLayers() const override { return cfg_.nLayer; }
    int numHeads() const override { return cfg_.nHead; }
    int maxPositions() const override { return cfg_.nPositions; }
    std::optional<int> eosId() const override { return cfg_.eosTokenId; }
    KvCache newCache() const override;
    DecoderPass extend(KvCache& cache, const std::vector<int>& ids) const override;
    /// The same forward from position 0 for long inputs (issue 56; core/src/hf/gpt2_long_context.cpp):
    /// each block's heads through long_context::attendLayer (tiled, no T x T map), keeping what
    /// LongContextPass lists (queries and keys as scored: columns of c_attn's output) and only the logits
    /// of options.logitRows (the last position by default). Checks ids and n_positions as extend does,
    /// and the kept bytes (longContextBytes) against the memory budget (attn::MemoryBudgetError) before
    /// allocating.
    bool hasLongContext() const override { return true; }
    long_context::LongContextPass
    forwardLongContext(const std::vector<int>& ids,
                       const long_context::LongContextOptions& options) const override;
    long_context::LongContextPass forwardLongContext(const std::vector<int>& ids) const {
        return forwardLongContext(ids, {});
    }
    const Gpt2Config& gpt2Config() const { return cfg_; }

private:
    /// The blocks on `ids` at positions past ..: for each block, `attend(block, q, k, v, y)` gets the
    /// queries, keys and values of the new rows (n x d each, heads side by side) and writes the heads'
    /// outputs y (n x d). Returns the residual stream after the last block (n x d).
    using AttendFn = std::function<void(std::size_t, const Matrix&, const Matrix&, const Matrix&, Matrix&)>;
    Matrix runLayers(const std::vector<int>& ids, int past, const AttendFn& attend) const;
    /// Attention scale: 1 / sqrt(head size), or 1 when scale_attn_weights is false.
    float attentionScale() const;

    Gpt2Config cfg_;
    Matrix wte_; // vocab x d
    Matrix wpe_; // n_positions x d
    std::vector<Block> blocks_;
    layers::LayerNorm lnF_;
    Matrix lmHead_; // vocab x d
};

} // namespace attn::hf
