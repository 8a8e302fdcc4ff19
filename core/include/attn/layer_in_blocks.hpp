#pragma once
// One encoder layer's forward computed in three phases over blocks of rows, so that the cost step can
// time its two kinds of work apart and run it on several threads:
//
//   A  projections   (pre-LN: norm1, then) [Q | K | V] = x W_in^T + b_in          T x 3d   ∝ n
//   B  attention     per head: scores Q_h K_h^T / sqrt(dh), softmax, weights V_h   T x T    ∝ n²
//   C  output + FFN  out_proj, residual, norm, linear1, activation, linear2, residual, norm  ∝ n
//
// Every row of A and C depends on its own token only, and B's query rows read all keys but nothing
// another query row computes: each phase splits the T rows into `threads` blocks that run at once
// (std::thread; the phases follow one another). The numbers are those of
// TransformerEncoderLayer::forward (the same layers, the same order) up to rounding.

#include <attn/layers/encoder_layer.hpp>
#include <cstdint>

namespace attn {

/// The storage of forwardLayerInBlocks, allocated once per length (reused at a length already seen).
struct LayerBlockBuffers {
    Matrix attnIn;            // T x d_in   norm1(x) (pre-LN only; allocated either way)
    Matrix qkv;               // T x 3d_in  [Q | K | V]
    std::vector<Matrix> maps; // [head] T x T softmax weights
    Matrix heads;             // T x d_in   the heads' outputs side by side
    Matrix residual;          // T x d_out  the attention sublayer's sum (then its norm)
    Matrix hidden;            // T x ff     linear1's output
    Matrix output;            // T x d_out  the layer's output
    /// Floats held, times 4: what layerBlockBytes() estimates before allocating.
    std::uint64_t bytes() const;
};

/// Seconds of one forwardLayerInBlocks, per kind of work (wall time of the phases).
struct LayerPhaseSeconds {
    double projectionsAndFfn = 0; // phases A and C
    double scoresAndSoftmax = 0;  // phase B (the scores, their softmax and the weighted sum of V)
};

/// The bytes forwardLayerInBlocks holds for T = n: the attention maps heads × n² × 4 B plus the rest,
/// n × (d_in [x] + d_in [norm1] + 3 d_in [Q, K, V] + d_in [heads] + 2 d_out + ff) × 4 B. The input x is
/// counted (the caller makes it). Saturates instead of wrapping around.
std::uint64_t layerBlockBytes(const layers::TransformerEncoderLayer& layer, std::uint64_t n);
/// The attention maps' part alone: heads × n² × 4 B.
std::uint64_t layerMapBytes(const layers::TransformerEncoderLayer& layer, std::uint64_t n);

/// x: T x d_in, every key allowed. The output is left in buffers.output (T x d_out), the maps in
/// buffers.maps. threads < 1 counts as 1. With `seconds`, the phases' wall times are written there.
/// Throws std::invalid_argument on an input of the wrong width.
void forwardLayerInBlocks(const layers::TransformerEncoderLayer& layer, const Eigen::Ref<const Matrix>& x,
                          int threads, LayerBlockBuffers& buffers, LayerPhaseSeconds* seconds = nullptr);

} // namespace attn
