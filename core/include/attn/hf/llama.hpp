#pragma once
// Hugging Face Llama (LlamaForCausalLM, transformers' modeling_llama.py), pre-norm decoder:
//
//   x_0 = embed_tokens[id]
//   per layer:  h = RMSNorm(x) = x / sqrt(mean(x^2) + eps) * w        (no mean subtraction, weight w)
//               q = h W_q^T (H*hd), k = h W_k^T, v = h W_v^T (KV*hd)   nn.Linear [out, in], no bias
//               rotary (rotate-half): for i < hd/2, angle = pos * theta^(-2i/hd);
//                 (x_i, x_{i+hd/2}) -> (x_i cos - x_{i+hd/2} sin, x_{i+hd/2} cos + x_i sin)
//               A_h = softmax(q_h k_g^T / sqrt(hd), causal), g = h / (H / KV)   (grouped-query)
//               x += concat_h(A_h v_g) W_o^T
//               h = RMSNorm(x);  x += (silu(h W_gate^T) * (h W_up^T)) W_down^T   (SwiGLU)
//   logits = RMSNorm(x) W_lm^T, W_lm = lm_head.weight or embed_tokens when tie_word_embeddings
//
// head_dim from the config when given, else hidden / heads; eps and rope_theta always from the config.
// rope_scaling, attention/mlp biases and activations other than silu are refused (ConfigError).

#include <attn/hf/model.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/long_context/long_context_pass.hpp>
#include <functional>
#include <memory>

namespace attn::hf {

struct LlamaConfig {
    int vocabSize = 0, hidden = 0, intermediate = 0, layers = 0, heads = 0, kvHeads = 0, headDim = 0;
    int maxPositions = 0;
    float rmsNormEps = 1e-6f;
    double ropeTheta = 10000.0;
    bool tieWordEmbeddings = false;
    std::optional<int> eosTokenId;
};
LlamaConfig parseLlamaConfig(const HfConfig& c);

class LlamaModel : public CausalLm {
public:
    struct Layer {
        Vector inputNorm, postNorm; // hidden
        Matrix wq;                  // H*hd x hidden
        Matrix wk, wv;              // KV*hd x hidden
        Matrix wo;                  // hidden x H*hd
        Matrix gate, up;            // intermediate x hidden
        Matrix down;                // hidden x intermediate
    };
    LlamaModel(HfConfig config, std::filesystem::path dir, LlamaConfig cfg, Matrix embed,
               std::vector<Layer> layers, Vector norm, Matrix lmHead);
    static std::shared_ptr<LlamaModel> load(const HfConfig& config, const std::filesystem::path& dir,
                                            TensorStore& s);

    std::string modelType() const override { return "llama"; }
    int vocabSize() const override { return cfg_.vocabSize; }
    int numLayers() const override { return cfg_.layers; }
    int numHeads() const override { return cfg_.heads; }
    /// max_position_embeddings. Rotary positions have no table, and transformers' LlamaRotaryEmbedding
    /// computes cos/sin for any position without complaint; attnviz refuses a longer input (a clear
    /// error naming config.json) and stops generation there with a warning, as for GPT-2: positions the
    /// model was never trained on give attention maps that look valid and mean nothing.
    int maxPositions() const override { return cfg_.maxPositions; }
    std::optional<int> eosId() const override { return cfg_.eosTokenId; }
    KvCache newCache() const override;
    DecoderPass extend(KvCache& cache, const std::vector<int>& ids) const override;
    /// The same forward from position 0 for long inputs (issue 56; core/src/hf/llama_long_context.cpp):
    /// each layer's heads through long_context::attendLayer (tiled, no T x T map), keeping what
    /// LongContextPass lists and only the logits of options.logitRows (the last position by default).
    /// Checks ids and the position limit as extend does, and the kept bytes (longContextBytes) against
    /// the memory budget (attn::MemoryBudgetError) before allocating.
    bool hasLongContext() const override { return true; }
    long_context::LongContextPass
    forwardLongContext(const std::vector<int>& ids,
                       const long_context::LongContextOptions& options) const override;
    long_context::LongContextPass forwardLongContext(const std::vector<int>& ids) const {
        return forwardLongContext(ids, {});
    }

private:
    /// The decoder's layers on the embedded `ids` at positions past ..: for each layer, `attend(layer, q,
    /// k, v, y)` gets the rotated queries (n x H*hd), keys and values (n x KV*hd) of the new rows and
    /// writes the heads' outputs y (n x H*hd). Returns the residual stream after the last layer (n x d).
    using AttendFn = std::function<void(std::size_t, const Matrix&, const Matrix&, const Matrix&, Matrix&)>;
    Matrix runLayers(const std::vector<int>& ids, int past, const AttendFn& attend) const;
    /// logits = RMSNorm(x) W_lm^T for the rows of x (rows x vocab).
    Matrix logitsOf(const Matrix& x) const;

    /// Rotates each head of `x` (n x heads*hd) for positions past .. past+n-1, in place.
    void rotate(Matrix& x, int heads, int past) const;

    LlamaConfig cfg_;
    Matrix embed_; // vocab x hidden
    std::vector<Layer> layers_;
    Vector norm_;                 // hidden
    Matrix lmHead_;               // vocab x hidden
    std::vector<double> invFreq_; // hd/2: theta^(-2i/hd)
};

} // namespace attn::hf
