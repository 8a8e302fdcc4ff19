#pragma once
// torch.nn.MultiheadAttention (batch_first, self-attention, packed in_proj) that keeps every head's
// softmax weights. Per head h (head dim dh = d / n_heads):
//   Q = x Wq^T + bq, K = x Wk^T + bk, V = x Wv^T + bv      (rows [0,d), [d,2d), [2d,3d) of in_proj)
//   W_h = softmax(Q_h K_h^T / sqrt(dh)) with padding keys masked (weight exactly 0)
//   O = concat_h(W_h V_h) Wo^T + bo
// The per-head kernel is attn::scaledDotAttention (core/src/attention.cpp), shared with the benchmark.
//
// forward() optionally fills a Trace with every intermediate (the same code path: the ordinary forward
// passes no trace and only skips the copies) and applies what-if switches:
//   ablateHead:  that head's output W_h V_h is replaced by zeros before Wo (its weights are still shown)
//   uniformHead: that head's weights become 1 / (number of allowed keys) on every allowed key
//   permuteHead: each row of that head's weights is permuted over the allowed keys (Jain & Wallace
//                2019, sec. 4.2): rows in order, each a Fisher-Yates shuffle (draw gen() % i, as
//                attn::shuffledOrder) from one std::mt19937 seeded with permuteSeed

#include <attn/attention.hpp>
#include <attn/layers/linear.hpp>
#include <attn/matrix.hpp>
#include <cstdint>
#include <vector>

namespace attn::layers {

/// What-if switches of multi-head attention (-1 = off).
struct HeadSwitches {
    int ablateHead = -1;
    int uniformHead = -1;
    int permuteHead = -1;
    std::uint32_t permuteSeed = 0;
};

struct MultiheadAttention {
    using Switches = HeadSwitches;
    int dModel = 0, nHeads = 0;
    Matrix inProjWeight; // 3d x d
    Vector inProjBias;   // 3d
    Linear outProj;      // d -> d (d -> d_out in a layer that widens its input, encoder_layer.hpp)

    /// `<prefix>.in_proj_weight`, `<prefix>.in_proj_bias`, `<prefix>.out_proj.{weight,bias}`.
    static MultiheadAttention load(WeightLoader& w, const std::string& prefix, int dModel, int nHeads);

    /// Every intermediate of one forward (filled only when asked for).
    struct Trace {
        std::vector<Matrix> q, k, v;  // [head] T x dh
        std::vector<Matrix> scores;   // [head] T x T   Q_h K_h^T, unscaled
        float scale = 1;              // 1 / sqrt(dh)
        std::vector<Matrix> scaled;   // [head] T x T   the softmax's input (Q_h / sqrt(dh)) K_h^T
        Mask mask;                    // T x T          1 = the query may attend to the key
        std::vector<Matrix> headsOut; // [head] T x dh  W_h V_h (zeros for an ablated head)
        Matrix concat;                // T x d          heads side by side, the input of Wo
    };

    struct Result {
        Matrix output;               // T x d_out (out_proj's width)
        std::vector<Matrix> weights; // [head] T x T
    };
    /// x: T x d; keyAllowed: T entries, 1 = real token (empty = all allowed).
    Result forward(const Eigen::Ref<const Matrix>& x, const std::vector<std::uint8_t>& keyAllowed,
                   const Switches& switches = {}, Trace* trace = nullptr) const;

    /// Scratch of forward() that a caller keeps between calls (a model, the benchmark): it grows to the
    /// longest sequence seen and is reused.
    struct Buffers {
        Workspace qkv;   // T x 3d  [Q | K | V]
        Workspace heads; // T x d   head outputs side by side, the input of Wo
    };
    /// The same forward into `out`: its matrices are reused when they already have the right shape
    /// (out.output T x d, out.weights[h] T x T), so that a repeated call at a length already seen
    /// allocates nothing. The other forward() is this one with fresh buffers.
    void forward(const Eigen::Ref<const Matrix>& x, const std::vector<std::uint8_t>& keyAllowed, Result& out,
                 Buffers& buffers, const Switches& switches = {}, Trace* trace = nullptr) const;
};

} // namespace attn::layers
