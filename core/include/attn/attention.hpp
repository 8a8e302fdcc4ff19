#pragma once
// Attention with every intermediate kept: the three steps of the chapter made inspectable.
//
//   1. score   S = Q K^T                 (dot)       or  v . tanh(Wq q + Wk k)  (additive)
//   2. scale   S' = S / sqrt(d)          (scaled dot only), then masked softmax per row -> weights W
//   3. mix     O = W V
//
// Optional learned projections map the inputs first: Q = X_q Wq, K = X_k Wk, V = X_k Wv.

#include <attn/matrix.hpp>
#include <optional>
#include <string>

namespace attn {

enum class Scoring { Dot, ScaledDot, Additive };

std::string toString(Scoring s);
/// Parses "dot", "scaled" (or "scaled_dot"), "additive"; nullopt otherwise.
std::optional<Scoring> parseScoring(const std::string& text);

/// Learned projections applied to the inputs before scoring (row vectors times matrices).
struct Projections {
    Matrix wq; // d_in x d_k
    Matrix wk; // d_in x d_k
    Matrix wv; // d_in x d_v
    // Optional biases (empty = none), added after the product as in torch.nn.Linear.
    RowVector bq; // d_k
    RowVector bk; // d_k
    RowVector bv; // d_v
};

/// Parameters of additive (Bahdanau) scoring: score(q, k) = v . tanh(Wq q + Wk k).
struct AdditiveParams {
    Matrix wq; // d_q x h
    Matrix wk; // d_k x h
    Vector v;  // h
};

struct AttentionOptions {
    Scoring scoring = Scoring::ScaledDot;
    /// T_q x T_k, 1 = may attend. Empty = everything allowed.
    Mask mask;
    std::optional<Projections> projections;
    /// Required when scoring is Additive.
    std::optional<AdditiveParams> additive;
};

/// Every intermediate of one attention call. Rows index queries, columns keys.
struct AttentionSteps {
    Matrix queries;  // T_q x d_k  (after projection, if any)
    Matrix keys;     // T_k x d_k
    Matrix values;   // T_k x d_v
    Matrix scores;   // T_q x T_k  raw scores
    float scale = 1; // 1/sqrt(d_k) for scaled dot, 1 otherwise
    Matrix scaled;   // T_q x T_k  scores * scale
    Mask mask;       // T_q x T_k  1 = allowed (all ones when no mask was given)
    // The softmax of each row, step by step: weights = exponentials / rowSums (row-wise).
    Vector rowMax;       // T_q  largest allowed scaled score of the row (-inf when all are masked)
    Matrix exponentials; // T_q x T_k  exp(scaled - rowMax) on allowed cells, exactly 0 elsewhere
    Vector rowSums;      // T_q  sum of the row's exponentials (0 for a fully masked row)
    Matrix weights;      // T_q x T_k  masked softmax of `scaled`; masked cells exactly 0
    /// T_q x T_k  masked softmax of the raw `scores`, i.e. the weights as they would be without the
    /// 1/sqrt(d) scaling (equal to `weights` when scale == 1). Kept so that a page can show why
    /// scaling exists: for long vectors this one saturates (one weight near 1).
    Matrix unscaledWeights;
    Matrix outputs; // T_q x d_v  weights * values
};

/// Full attention with all intermediates (for teaching and inspection). Throws
/// std::invalid_argument on mismatched shapes.
AttentionSteps attention(const Matrix& queries, const Matrix& keys, const Matrix& values,
                         const AttentionOptions& options = {});

/// Numerically stable softmax of each row in place, restricted to cells where mask is 1.
/// Masked cells become exactly 0; a fully masked row becomes all zeros (never NaN).
/// An empty mask means everything is allowed.
void maskedSoftmaxRows(Matrix& values, const Mask& mask);

/// Lean scaled-dot attention for model forward passes: weights (T_q x T_k) and the output
/// (T_q x d_v) only. `keyAllowed` (size T_k, 1 = real token) masks padding keys; empty = none.
/// When `logits` is given it receives the softmax's input (Q K^T) / sqrt(d), T_q x T_k, before masking.
struct ScaledDotResult {
    Matrix weights; // T_q x T_k
    Matrix output;  // T_q x d_v
};
ScaledDotResult scaledDotAttention(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                                   const Eigen::Ref<const Matrix>& v,
                                   const std::vector<std::uint8_t>& keyAllowed = {},
                                   Matrix* logits = nullptr);

/// The same kernel writing into storage the caller owns: `weights` must be T_q x T_k and `output`
/// T_q x d_v (either may be a block of a larger matrix, e.g. one head's columns of the concatenated
/// heads). Nothing is allocated here except `*logits` when asked for. Rows are processed in blocks: a
/// block's scores are computed, max-subtracted, exponentiated and normalised while they are in cache,
/// then mixed with V.
void scaledDotAttentionInto(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                            const Eigen::Ref<const Matrix>& v, const std::vector<std::uint8_t>& keyAllowed,
                            Eigen::Ref<Matrix> weights, Eigen::Ref<Matrix> output, Matrix* logits = nullptr);

/// Reusable float storage handing out row-major views; it grows to the largest request so far and is
/// never shrunk, so a caller that keeps it (a model, a page, the benchmark) stops allocating after the
/// longest sequence it has seen. A view stays valid until the next `view()` that has to grow.
class Workspace {
public:
    Eigen::Map<Matrix> view(Eigen::Index rows, Eigen::Index cols) {
        const auto need = static_cast<std::size_t>(rows * cols);
        if (need > buffer_.size())
            buffer_.resize(need);
        return Eigen::Map<Matrix>(buffer_.data(), rows, cols);
    }
    std::size_t capacity() const { return buffer_.size(); } // floats
    const float* data() const { return buffer_.data(); }

private:
    // Aligned as Eigen aligns a Matrix, so that vectorised loops over a view split their rows exactly as
    // over a Matrix of the same shape (bit-identical results either way).
    std::vector<float, Eigen::aligned_allocator<float>> buffer_;
};

/// Caller-owned buffers of scaledDotAttention(q, k, v, workspace): its weights and output.
struct ScaledDotWorkspace {
    Workspace weights; // T_q x T_k
    Workspace output;  // T_q x d_v
};
/// Views of one call's results inside a ScaledDotWorkspace (valid until its next call).
struct ScaledDotView {
    Eigen::Map<Matrix> weights; // T_q x T_k
    Eigen::Map<Matrix> output;  // T_q x d_v
};
/// scaledDotAttention into `ws`: after the first call at the largest size, calls allocate nothing.
ScaledDotView scaledDotAttention(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                                 const Eigen::Ref<const Matrix>& v, ScaledDotWorkspace& ws,
                                 const std::vector<std::uint8_t>& keyAllowed = {});

} // namespace attn
