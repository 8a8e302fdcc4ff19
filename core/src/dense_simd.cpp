#include "dense_simd.hpp"

#include "scaled_dot_simd.hpp"
#include "simd_vec.hpp"

#include <algorithm>
#include <attn/threads.hpp>
#include <cstring>
#include <vector>

namespace attn::detail {

#ifdef ATTN_SIMD_KERNELS

namespace {

using Index = Eigen::Index;
using namespace simd;

// Register tile: kRows rows of w (broadcast, read in place) x kVectors vectors of x^T (packed). AVX2:
// 6 x 2 = 12 accumulators + 2 loads + 1 broadcast = 15 of 16 registers; AVX-512: 6 x 4 = 24 of 32.
constexpr int kRows = 6;
constexpr int kVectors = kRegisters == 32 ? 4 : 2;
constexpr Index kPanel = kVectors * kWidth; // columns of y^T (rows of x) per tile: 16 or 64

// Cache blocks (AMD Zen 3: 32 KB L1d, 512 KB L2 per core; Intel server cores have 48 KB / 1-2 MB):
// a tile's slice of the packed x^T (kDepth x kPanel, 16 KB with AVX2, 32 KB with AVX-512) stays in L1 while
// the tile walks down kBlockRows rows of w (kBlockRows x kDepth = 96 KB, in L2), and kDepth x kColumns of
// packed x^T (256 KB) stays in L2 while the tiles go over it.
constexpr Index kDepth = kRegisters == 32 ? 128 : 256; // AVX-512: 128 x 64 floats = 32 KB
constexpr Index kBlockRows = 96;                       // also the unit of work a thread takes
constexpr Index kColumns = 256;

/// Shorter inputs (the shipped models': a handful of tokens) stay on Eigen, whose overhead is smaller.
constexpr Index kMinRows = 32;

/// c (+)= a b for an R x (kVectors * kWidth) tile: a is R x depth (row stride lda, broadcast), b the
/// packed depth x kPanel slice (contiguous), c R x kPanel (row stride ldc).
template <int R>
void tile(const float* a, Index lda, Index depth, const float* b, float* c, Index ldc, bool accumulate) {
    Vec acc[R][kVectors];
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 32
        for (int v = 0; v < kVectors; ++v)
            acc[r][v] = zero();
#pragma GCC unroll 2
    for (Index k = 0; k < depth; ++k) {
        Vec row[kVectors];
#pragma GCC unroll 32
        for (int v = 0; v < kVectors; ++v)
            row[v] = load(b + k * kPanel + v * kWidth);
#pragma GCC unroll 32
        for (int r = 0; r < R; ++r) {
            const Vec x = broadcast(a[r * lda + k]);
#pragma GCC unroll 32
            for (int v = 0; v < kVectors; ++v)
                acc[r][v] = fma(x, row[v], acc[r][v]);
        }
    }
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 32
        for (int v = 0; v < kVectors; ++v) {
            float* p = c + r * ldc + v * kWidth;
            store(p, accumulate ? add(load(p), acc[r][v]) : acc[r][v]);
        }
}

using TileFn = void (*)(const float*, Index, Index, const float*, float*, Index, bool);
constexpr TileFn kTiles[kRows + 1] = {nullptr, tile<1>, tile<2>, tile<3>, tile<4>, tile<5>, tile<6>};

/// Rows [r0, r1) of y^T = w x^T over every column; xt is the packed x^T (see denseTransposedInto).
void blockRows(const float* w, Index ldw, Index in, const float* xt, Index cols, float* yt, Index r0,
               Index r1) {
    for (Index c0 = 0; c0 < in; c0 += kDepth) {
        const Index depth = std::min(kDepth, in - c0);
        for (Index j0 = 0; j0 < cols; j0 += kColumns) {
            const Index j1 = std::min(cols, j0 + kColumns);
            for (Index j = j0; j < j1; j += kPanel) {
                const float* b = xt + j * in + c0 * kPanel; // panel j / kPanel, rows c0 ...
                Index r = r0;
                for (; r + kRows <= r1; r += kRows)
                    tile<kRows>(w + r * ldw + c0, ldw, depth, b, yt + r * cols + j, cols, c0 > 0);
                if (r < r1)
                    kTiles[r1 - r](w + r * ldw + c0, ldw, depth, b, yt + r * cols + j, cols, c0 > 0);
            }
        }
    }
}

/// Rows of x per pass: the packed x^T and y^T of a pass are in x kStrip and out x kStrip floats, so a
/// long input (a 16k-token context) does not make them grow with it.
constexpr Index kStrip = 1024;

} // namespace

bool denseTransposedInto(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& w,
                         Eigen::Ref<Matrix> y) {
    const Index T = x.rows(), in = x.cols(), out = w.rows();
    if (T < kMinRows || in == 0 || out == 0)
        return false;
    // Work is split only where it pays (~1 ms of a thread's time); each piece of y is computed by one
    // thread in the same order of operations, so the result does not depend on the thread count.
    const bool parallel = double(std::min(T, kStrip)) * double(in) * double(out) >= 4e6;
    for (Index t0 = 0; t0 < T; t0 += kStrip) {
        const Index rows = std::min(kStrip, T - t0);
        const Index cols = (rows + kPanel - 1) / kPanel * kPanel; // rows rounded up to whole panels
        // x^T packed panel by panel: panel p holds rows [p kPanel, (p + 1) kPanel) of the strip as an
        // in x kPanel block (row k: those rows' column k, zero past the last row); y^T is out x cols.
        thread_local std::vector<float> packed, yt;
        const auto need = [](Index n) { return static_cast<std::size_t>(n); };
        if (packed.size() < need(in * cols) || yt.size() < need(out * cols)) {
            checkThreadWorkspaces(1, static_cast<std::uint64_t>((in + out) * cols) * sizeof(float),
                                  "the dense layers' packed input and transposed output");
            packed.resize(std::max(packed.size(), need(in * cols)));
            yt.resize(std::max(yt.size(), need(out * cols)));
        }
        float* xt = packed.data();
        float* ytData = yt.data();
        const float* xs = x.data() + t0 * x.outerStride();
        const Index panels = cols / kPanel;
        parallelFor(panels, parallel ? 1 : panels, [&](std::ptrdiff_t p0, std::ptrdiff_t p1) {
            for (Index p = p0; p < p1; ++p) {
                const Index n = std::min(kPanel, rows - p * kPanel);
                float* dst = xt + p * in * kPanel;
                transposeInto(xs + p * kPanel * x.outerStride(), n, in, x.outerStride(), dst, kPanel);
                if (n < kPanel)
                    for (Index k = 0; k < in; ++k)
                        std::fill(dst + k * kPanel + n, dst + (k + 1) * kPanel, 0.0f);
            }
        });
        parallelFor(out, parallel ? kBlockRows : out, [&](std::ptrdiff_t r0, std::ptrdiff_t r1) {
            blockRows(w.data(), w.outerStride(), in, xt, cols, ytData, r0, r1);
            // This block's rows of y^T are these columns of the strip's rows of y.
            transposeInto(ytData + r0 * cols, r1 - r0, rows, cols, y.data() + t0 * y.outerStride() + r0,
                          y.outerStride());
        });
    }
    return true;
}

#else

bool denseTransposedInto(const Eigen::Ref<const Matrix>&, const Eigen::Ref<const Matrix>&,
                         Eigen::Ref<Matrix>) {
    return false;
}

#endif

} // namespace attn::detail
