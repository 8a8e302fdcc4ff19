#include "dense_simd.hpp"

#include "scaled_dot_simd.hpp"

#include <algorithm>
#include <vector>

namespace attn::detail {

namespace {
constexpr Eigen::Index kMinRows =
    32; // shorter inputs (the shipped models') stay on Eigen; not a measured crossover
constexpr Eigen::Index kDepth = 256; // depth block: 256 x 64 packed floats = 64 KB per column group
} // namespace

bool denseTransposedInto(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& w,
                         Eigen::Ref<Matrix> y) {
    const Eigen::Index T = x.rows(), in = x.cols(), out = w.rows();
    if (!simdKernelsAvailable() || T < kMinRows || in == 0 || out == 0)
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
