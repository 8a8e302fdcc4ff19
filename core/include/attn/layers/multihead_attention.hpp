#pragma once
// torch.nn.MultiheadAttention (batch_first, self-attention, packed in_proj) that keeps every head's
// softmax weights. Per head h (head dim dh = d / n_heads):
//   Q = x Wq^T + bq, K = x Wk^T + bk, V = x Wv^T + bv      (rows [0,d), [d,2d), [2d,3d) of in_proj)
//   W_h = softmax(Q_h K_h^T / sqrt(dh)) with padding keys masked (weight exactly 0)
//   O = concat_h(W_h V_h) Wo^T + bo
// The per-head kernel is attn::scaledDotAttention (core/src/attention.cpp), shared with the benchmark.

#include <attn/layers/linear.hpp>
#include <attn/matrix.hpp>
#include <cstdint>
#include <vector>

namespace attn::layers {

struct MultiheadAttention {
    int dModel = 0, nHeads = 0;
    Matrix inProjWeight; // 3d x d
    Vector inProjBias;   // 3d
    Linear outProj;      // d -> d

    /// `<prefix>.in_proj_weight`, `<prefix>.in_proj_bias`, `<prefix>.out_proj.{weight,bias}`.
    static MultiheadAttention load(WeightLoader& w, const std::string& prefix, int dModel, int nHeads);

    struct Result {
        Matrix output;               // T x d
        std::vector<Matrix> weights; // [head] T x T
    };
    /// x: T x d; keyAllowed: T entries, 1 = real token (empty = all allowed).
    Result forward(const Eigen::Ref<const Matrix>& x, const std::vector<std::uint8_t>& keyAllowed) const;
};

} // namespace attn::layers
