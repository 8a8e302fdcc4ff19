#pragma once
// torch.nn.TransformerEncoderLayer(d, n_heads, ff_dim, batch_first=True, norm_first, activation,
// layer_norm_eps) in eval mode (dropout = identity):
//   norm_first:  x = r(x) + SA(norm1(x));  x = x + FF(norm2(x))
//   otherwise:   x = norm1(r(x) + SA(x));  x = norm2(x + FF(x))
// r(x) = x, or for a layer whose output is wider than its input (the Universal Sentence Encoder's first
// layer, 256 -> 512) a dense projection of the un-normalised input: SA's out_proj then maps to the new
// width, and norm2 / the feed-forward block work at it.
//   FF(x) = linear2(act(linear1(x))), act = relu or exact gelu 0.5 x (1 + erf(x / sqrt 2)) (attnviz's
//   checkpoints; Hugging Face BERT and ViT on this layer may also use the tanh gelu or silu).
//
// forward() can fill a LayerTrace with every intermediate and apply what-if switches (a residual
// removed, a head ablated or made uniform). There is one forward: without a trace it only skips the
// copies, without switches it computes exactly the stock layer.

#include <attn/config.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/layers/linear.hpp>
#include <attn/layers/multihead_attention.hpp>
#include <optional>

namespace attn::layers {

/// What-if switches of one encoder layer.
struct LayerSwitches {
    bool residual1 = true; // false: the attention sublayer's output replaces x instead of adding to it
    bool residual2 = true; // false: the same for the feed-forward sublayer
    MultiheadAttention::Switches heads;
    bool any() const {
        return !residual1 || !residual2 || heads.ablateHead >= 0 || heads.uniformHead >= 0 ||
               heads.permuteHead >= 0;
    }
};

/// Every intermediate of one encoder layer, in the order the layer computes them. The names are the
/// same for both orders; what norm1/norm2 normalise depends on normFirst:
///
///   post-LN (normFirst false)                  pre-LN (normFirst true)
///   attnInput = input                          attnInput = norm1 = norm1(input)
///   residual1 = input + attnOut                residual1 = input + attnOut
///   norm1     = norm1(residual1)               (norm1 above)
///   ffInput   = norm1                          ffInput   = norm2 = norm2(residual1)
///   residual2 = norm1 + ffOut                  residual2 = residual1 + ffOut
///   norm2     = norm2(residual2) = output      output    = residual2
///
/// With a residual switched off, residualN is the sublayer's output alone (no "+ x").
struct LayerTrace {
    bool normFirst = false;
    Matrix input;                   // T x d   the layer's input (the previous layer's output)
    Matrix attnInput;               // T x d   what self-attention reads (see the table)
    MultiheadAttention::Trace attn; // q, k, v, scores, scaled, mask, heads_out, concat
    std::vector<Matrix> weights;    // [head] T x T softmax weights (after a uniform switch)
    Matrix attnOut;                 // T x d   concat Wo^T + bo
    Matrix projected;               // T x d_out the residual projection of the input (empty without one)
    Matrix residual1;               // T x d
    Matrix norm1;                   // T x d   output of norm1
    Vector norm1Mean, norm1Var;     // T       per-token mean and biased variance of norm1's input
    Matrix ffInput;                 // T x d   what linear1 reads
    Matrix ffPre;                   // T x ff  linear1 output, before the activation
    Matrix ffHidden;                // T x ff  after relu / gelu
    Matrix ffOut;                   // T x d   linear2 output
    Matrix residual2;               // T x d
    Matrix norm2;                   // T x d   output of norm2
    Vector norm2Mean, norm2Var;     // T       per-token mean and biased variance of norm2's input
    Matrix output;                  // T x d   the next layer's input
};

struct TransformerEncoderLayer {
    bool normFirst = false;
    Activation activation = Activation::Relu;
    MultiheadAttention selfAttn; // d_in wide; out_proj d_in -> d_out
    Linear linear1, linear2;     // d_out -> ff, ff -> d_out
    LayerNorm norm1, norm2;      // pre-LN: d_in, d_out; post-LN: d_out, d_out
    /// d_in -> d_out: the residual of a layer that widens its input (empty: the residual is the input,
    /// d_out = d_in). The backward (layers/backward.hpp) does not implement it.
    std::optional<Linear> residualProjection;

    /// Width of the layer's output (d_out): out_proj's.
    Eigen::Index outputWidth() const { return selfAttn.outProj.outFeatures(); }
    /// Checks the widths agree (out_proj, the residual projection, the norms, the feed-forward block);
    /// throws std::invalid_argument saying which.
    void checkWidths() const;

    /// Loads `<prefix>.{self_attn,linear1,linear2,norm1,norm2}.*`.
    static TransformerEncoderLayer load(WeightLoader& w, const std::string& prefix, const EncoderConfig& c);

    struct Result {
        Matrix output;               // T x d
        std::vector<Matrix> weights; // [head] T x T
    };
    Result forward(const Eigen::Ref<const Matrix>& x, const std::vector<std::uint8_t>& keyAllowed,
                   const LayerSwitches& switches = {}, LayerTrace* trace = nullptr) const;

    /// Scratch of the untraced forward that a caller keeps between calls; grows to the longest
    /// sequence seen and is reused.
    struct Buffers {
        MultiheadAttention::Buffers attn;
        MultiheadAttention::Result sa; // the attention sublayer's output (T x d) and maps
        Workspace residual;            // T x d
        Workspace hidden;              // T x ff
    };
    /// The untraced forward into `out` (its matrices reused when already T x d and T x T) with the
    /// caller's buffers: at a length already seen it allocates nothing. Computes exactly what
    /// forward() computes, in the same order.
    void forward(const Eigen::Ref<const Matrix>& x, const std::vector<std::uint8_t>& keyAllowed, Result& out,
                 Buffers& buffers, const LayerSwitches& switches = {}) const;
};

/// Applies the activation elementwise in place.
void applyActivation(Eigen::Ref<Matrix> x, Activation a);

/// Switches for a whole encoder: `switches` act on layer `layer` only (-1 = on every layer).
struct EncoderSwitches {
    int layer = -1;
    LayerSwitches switches;
};

/// A stack of encoder layers `<prefix>.layers.{i}` plus the optional final `<prefix>.norm`
/// (applied when the file has `<prefix>.norm.weight`).
struct TransformerEncoder {
    std::vector<TransformerEncoderLayer> layers;
    bool hasFinalNorm = false;
    LayerNorm finalNorm;

    static TransformerEncoder load(WeightLoader& w, const std::string& prefix, const EncoderConfig& c);
    /// Returns the encoded sequence (T x d) and fills attention[layer][head] (T x T). With `traces`,
    /// (*traces)[layer] receives every intermediate of each layer.
    Matrix forward(Matrix x, const std::vector<std::uint8_t>& keyAllowed, AttentionStack& attention,
                   const EncoderSwitches& switches = {}, std::vector<LayerTrace>* traces = nullptr) const;
};

} // namespace attn::layers
