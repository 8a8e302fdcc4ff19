#include "scaled_dot_simd.hpp"

#include "simd_vec.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>

namespace attn::detail {

void transposeInto(const float* src, Eigen::Index rows, Eigen::Index cols, Eigen::Index lds, float* dst,
                   Eigen::Index ldd) {
    // 8 x 8 blocks, walked down the source so that each destination row is written in whole lines;
    // with AVX a block is transposed in registers (8 loads, 24 shuffles, 8 stores).
    constexpr Eigen::Index kBlock = 8;
    for (Eigen::Index j0 = 0; j0 < cols; j0 += kBlock) {
        const Eigen::Index je = std::min<Eigen::Index>(j0 + kBlock, cols);
        for (Eigen::Index i0 = 0; i0 < rows; i0 += kBlock) {
            const Eigen::Index ie = std::min<Eigen::Index>(i0 + kBlock, rows);
#ifdef __AVX__
            if (ie - i0 == kBlock && je - j0 == kBlock) {
                const float* s = src + i0 * lds + j0;
                __m256 r0 = _mm256_loadu_ps(s), r1 = _mm256_loadu_ps(s + lds),
                       r2 = _mm256_loadu_ps(s + 2 * lds), r3 = _mm256_loadu_ps(s + 3 * lds),
                       r4 = _mm256_loadu_ps(s + 4 * lds), r5 = _mm256_loadu_ps(s + 5 * lds),
                       r6 = _mm256_loadu_ps(s + 6 * lds), r7 = _mm256_loadu_ps(s + 7 * lds);
                const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1),
                             t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3),
                             t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5),
                             t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
                const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE),
                             u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE),
                             u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE),
                             u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
                r0 = _mm256_permute2f128_ps(u0, u4, 0x20);
                r1 = _mm256_permute2f128_ps(u1, u5, 0x20);
                r2 = _mm256_permute2f128_ps(u2, u6, 0x20);
                r3 = _mm256_permute2f128_ps(u3, u7, 0x20);
                r4 = _mm256_permute2f128_ps(u0, u4, 0x31);
                r5 = _mm256_permute2f128_ps(u1, u5, 0x31);
                r6 = _mm256_permute2f128_ps(u2, u6, 0x31);
                r7 = _mm256_permute2f128_ps(u3, u7, 0x31);
                float* d = dst + j0 * ldd + i0;
                _mm256_storeu_ps(d, r0);
                _mm256_storeu_ps(d + ldd, r1);
                _mm256_storeu_ps(d + 2 * ldd, r2);
                _mm256_storeu_ps(d + 3 * ldd, r3);
                _mm256_storeu_ps(d + 4 * ldd, r4);
                _mm256_storeu_ps(d + 5 * ldd, r5);
                _mm256_storeu_ps(d + 6 * ldd, r6);
                _mm256_storeu_ps(d + 7 * ldd, r7);
                continue;
            }
#endif
            for (Eigen::Index i = i0; i < ie; ++i)
                for (Eigen::Index j = j0; j < je; ++j)
                    dst[j * ldd + i] = src[i * lds + j];
        }
    }
}

#ifdef ATTN_SIMD_KERNELS

namespace {

using Index = Eigen::Index;
using namespace simd;

// Register tiles (rows of the broadcast operand x vectors of the loaded one). With AVX-512's 32
// registers both products use 6 x 4 (24 accumulators). With AVX2's 16, 6 x 2: 12 accumulators + 2
// loads + 1 broadcast. Measured on an AMD EPYC (Zen 3, one thread; GFLOP/s of Q K^T and P V at
// n = 256 / 2048, d = 64): 6 x 2 reaches 92 / 69 and 93 / 78; 4 x 3 (the earlier tile) 44 / 64 and
// 59 / 67; 3 x 4 for P V 59 / 67.
constexpr int kScoreRows = 6, kValueRows = 6;
constexpr int kScoreVectors = kRegisters == 32 ? 4 : 2, kValueVectors = kScoreVectors;
/// Keys per packed panel: the width of a Q K^T tile.
constexpr Index kPanel = kScoreVectors * kWidth;

/// Keys read per pass of weightedValues: a tile's slice of V (128 keys x 2 vectors: 8 KB with AVX2)
/// stays in L1 while the tile walks down the rows of P.
constexpr Index kValueChunk = 128;

/// One R x (V * kWidth) tile of c (+)= a b, the product both kernels are made of: a is R x depth
/// (row stride lda; its entries are broadcast), b depth x (V * kWidth) (row stride ldb; read as
/// vectors), c R x (V * kWidth) (row stride ldc). Q K^T is a = Q, b = a panel of K^T; P V is a = P,
/// b = V.
template <int R, int V>
void productTile(const float* a, Index lda, Index depth, const float* b, Index ldb, float* c, Index ldc,
                 bool accumulate) {
    Vec acc[R][V];
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 32
        for (int v = 0; v < V; ++v)
            acc[r][v] = zero();
    for (Index k = 0; k < depth; ++k) {
        Vec row[V];
#pragma GCC unroll 32
        for (int v = 0; v < V; ++v)
            row[v] = load(b + k * ldb + v * kWidth);
#pragma GCC unroll 32
        for (int r = 0; r < R; ++r) {
            const Vec x = broadcast(a[r * lda + k]);
#pragma GCC unroll 32
            for (int v = 0; v < V; ++v)
                acc[r][v] = fma(x, row[v], acc[r][v]);
        }
    }
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 32
        for (int v = 0; v < V; ++v) {
            float* p = c + r * ldc + v * kWidth;
            store(p, accumulate ? add(load(p), acc[r][v]) : acc[r][v]);
        }
}

/// fn(std::integral_constant<int, n>{}, r) for the n < R rows left at r.
template <int R, class Fn> void tailRows(Index n, Index r, Fn& fn) {
    if constexpr (R > 0) {
        if (n == R)
            fn(std::integral_constant<int, R>{}, r);
        else
            tailRows<R - 1>(n, r, fn);
    }
}

/// Tiles of R rows down `rows`, then one tile of the rows left.
template <int R, class Fn> void overRows(Index rows, Fn fn) {
    Index r = 0;
    for (; r + R <= rows; r += R)
        fn(std::integral_constant<int, R>{}, r);
    tailRows<R - 1>(rows - r, r, fn);
}

void scorePanel(const float* q, Index ldq, Index rows, const PackedKeys& keys, Index p, float* s, Index lds,
                bool accumulate) {
    const Index j0 = p * kPanel;
    const float* b = keys.data + p * keys.panelStride;
    if (j0 + kPanel <= keys.keys) {
        overRows<kScoreRows>(rows, [&](auto rTag, Index r) {
            productTile<decltype(rTag)::value, kScoreVectors>(q + r * ldq, ldq, keys.d, b, kPanel,
                                                              s + r * lds + j0, lds, accumulate);
        });
        return;
    }
    // The last panel reaches into the padding: through a small buffer, keeping the valid columns.
    const Index valid = keys.keys - j0;
    alignas(64) float tmp[kScoreRows * kPanel];
    overRows<kScoreRows>(rows, [&](auto rTag, Index r) {
        constexpr int R = decltype(rTag)::value;
        if (accumulate)
            for (int i = 0; i < R; ++i)
                std::memcpy(tmp + i * kPanel, s + (r + i) * lds + j0,
                            static_cast<std::size_t>(valid) * sizeof(float));
        productTile<R, kScoreVectors>(q + r * ldq, ldq, keys.d, b, kPanel, tmp, kPanel, accumulate);
        for (int i = 0; i < R; ++i)
            std::memcpy(s + (r + i) * lds + j0, tmp + i * kPanel,
                        static_cast<std::size_t>(valid) * sizeof(float));
    });
}

template <int V>
void valueGroup(const float* p, Index ldp, Index rows, Index j0, Index keys, const float* v, Index ldv,
                Index c0, float* o, Index ldo) {
    overRows<kValueRows>(rows, [&](auto rTag, Index r) {
        productTile<decltype(rTag)::value, V>(p + r * ldp + j0, ldp, keys, v + j0 * ldv + c0, ldv,
                                              o + r * ldo + c0, ldo, j0 > 0);
    });
}

/// valueGroup for the n < V vectors left at column c0.
template <int V>
void valueTail(Index n, const float* p, Index ldp, Index rows, Index j0, Index keys, const float* v,
               Index ldv, Index c0, float* o, Index ldo) {
    if constexpr (V > 0) {
        if (n == V)
            valueGroup<V>(p, ldp, rows, j0, keys, v, ldv, c0, o, ldo);
        else
            valueTail<V - 1>(n, p, ldp, rows, j0, keys, v, ldv, c0, o, ldo);
    }
}

struct Panel {
    std::unique_ptr<float[]> data;
    std::size_t capacity = 0;
};

} // namespace

bool simdKernelsAvailable() {
    return true;
}

Index simdTileRows() {
    return kScoreRows;
}

bool simdScaledDotFits(Index d, Index dv) {
    return d > 0 && dv > 0 && dv % kWidth == 0;
}

PackedKeys packKeys(const float* k, Index ldk, Index keys, Index d, int slot) {
    thread_local Panel panels[2];
    Panel& panel = panels[slot & 1];
    const Index count = (keys + kPanel - 1) / kPanel, stride = d * kPanel;
    const std::size_t need = static_cast<std::size_t>(count * stride);
    if (need > panel.capacity) {
        panel.data.reset(new float[need]);
        panel.capacity = need;
    }
    float* kt = panel.data.get();
    // Panel p: keys [p kPanel, (p + 1) kPanel) as a d x kPanel block; the columns past the last key are zero.
    for (Index p = 0; p < count; ++p) {
        const Index n = std::min(kPanel, keys - p * kPanel);
        float* dst = kt + p * stride;
        transposeInto(k + p * kPanel * ldk, n, d, ldk, dst, kPanel);
        if (n < kPanel)
            for (Index c = 0; c < d; ++c)
                std::fill(dst + c * kPanel + n, dst + (c + 1) * kPanel, 0.0f);
    }
    return {kt, d, keys, stride};
}

void rawScores(const float* q, Index ldq, Index rows, const PackedKeys& keys, float* s, Index lds,
               bool accumulate) {
    const Index count = (keys.keys + kPanel - 1) / kPanel;
    for (Index p = 0; p < count; ++p)
        scorePanel(q, ldq, rows, keys, p, s, lds, accumulate);
}

void weightedValues(const float* p, Index ldp, Index rows, Index keys, const float* v, Index ldv, Index dv,
                    float* o, Index ldo) {
    if (keys == 0) {
        for (Index r = 0; r < rows; ++r)
            std::fill(o + r * ldo, o + r * ldo + dv, 0.0f);
        return;
    }
    const Index groupWidth = kValueVectors * kWidth;
    for (Index j0 = 0; j0 < keys; j0 += kValueChunk) {
        const Index chunk = std::min(kValueChunk, keys - j0);
        Index c0 = 0;
        for (; c0 + groupWidth <= dv; c0 += groupWidth)
            valueGroup<kValueVectors>(p, ldp, rows, j0, chunk, v, ldv, c0, o, ldo);
        valueTail<kValueVectors - 1>((dv - c0) / kWidth, p, ldp, rows, j0, chunk, v, ldv, c0, o, ldo);
    }
}

#else // no AVX2 + FMA: attention.cpp keeps Eigen's products

bool simdKernelsAvailable() {
    return false;
}
bool simdScaledDotFits(Eigen::Index, Eigen::Index) {
    return false;
}
Eigen::Index simdTileRows() {
    return 1;
}
PackedKeys packKeys(const float*, Eigen::Index, Eigen::Index, Eigen::Index, int) {
    return {};
}
void rawScores(const float*, Eigen::Index, Eigen::Index, const PackedKeys&, float*, Eigen::Index, bool) {}
void weightedValues(const float*, Eigen::Index, Eigen::Index, Eigen::Index, const float*, Eigen::Index,
                    Eigen::Index, float*, Eigen::Index) {}

#endif

} // namespace attn::detail
