#include "dense_simd.hpp"

#include "scaled_dot_simd.hpp"

#include <algorithm>
#include <vector>

namespace attn::detail {

namespace {
constexpr Eigen::Index kMinRows =
    32; // shorter inputs (the shipped models') stay on Eigen; not a measured crossover
// From 128 rows on, Eigen's own GEMM is faster than these tiles: measured on an AVX-512 Xeon (2 vCPU,
// one thread, best of 7) for BERT-base's shapes, tiles / Eigen = 0.57-0.83 at 32-64 rows but 0.98-1.14 at
// 128 and 1.26-1.42 at 512 (768 -> 3072: 22.1 vs 16.3 ms). Moving BERT onto the traced encoder, which uses
// these tiles, made a 512-token forward 15 % slower until longer inputs went back to Eigen.
constexpr Eigen::Index kMaxRows = 128;
constexpr Eigen::Index kDepth = 256; // depth block: 256 x 64 packed floats = 64 KB per column group
} // namespace

bool denseTransposedInto(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& w,
                         Eigen::Ref<Matrix> y) {
    const Eigen::Index T = x.rows(), in = x.cols(), out = w.rows();
    if (!simdKernelsAvailable() || T < kMinRows || T >= kMaxRows || in == 0 || out == 0)
        return false;
    const PackedKeys xt = packKeys(x.data(), x.outerStride(), T, in, 1); // in x ldT: x^T, zero-padded
    thread_local std::vector<float> yt;                                  // out x T: y^T
    if (yt.size() < static_cast<std::size_t>(out * T))
        yt.resize(static_cast<std::size_t>(out * T));
    for (Eigen::Index c0 = 0; c0 < in; c0 += kDepth) {
        const PackedKeys block{xt.data + c0 * xt.ldkt, std::min(kDepth, in - c0), xt.keys, xt.ldkt};
        rawScores(w.data() + c0, w.outerStride(), out, block, yt.data(), T, c0 > 0);
    }
    transposeInto(yt.data(), out, T, T, y.data(), y.outerStride());
    return true;
}

} // namespace attn::detail
