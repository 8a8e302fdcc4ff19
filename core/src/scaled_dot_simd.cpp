#include "scaled_dot_simd.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>

#if defined(__AVX__)
#include <immintrin.h>
#endif
#if defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__))
#define ATTN_SIMD_SCALED_DOT 1
#endif

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

#ifdef ATTN_SIMD_SCALED_DOT

namespace {

using Index = Eigen::Index;

// One set of wrappers for both instruction sets: ATTN_VEC(name) is _mm512_name or _mm256_name.
#if defined(__AVX512F__)
using Vec = __m512;
constexpr int kWidth = 16;   // floats per vector
constexpr int kTileRows = 6; // a tile is 6 rows x 4 vectors: 24 accumulators of 32 registers
constexpr int kTileVectors = 4;
#define ATTN_VEC(name) _mm512_##name
#else
using Vec = __m256;
constexpr int kWidth = 8;
constexpr int kTileRows = 4; // 4 rows x 3 vectors: 12 accumulators of 16 registers
constexpr int kTileVectors = 3;
#define ATTN_VEC(name) _mm256_##name
#endif
inline Vec load(const float* p) {
    return ATTN_VEC(loadu_ps)(p);
}
inline void store(float* p, Vec x) {
    ATTN_VEC(storeu_ps)(p, x);
}
inline Vec broadcast(float x) {
    return ATTN_VEC(set1_ps)(x);
}
inline Vec fma(Vec a, Vec b, Vec c) {
    return ATTN_VEC(fmadd_ps)(a, b, c);
}
inline Vec zero() {
    return ATTN_VEC(setzero_ps)();
}
#undef ATTN_VEC

/// Keys read per pass of weightedValues: 256 rows of a 64-wide V are 64 KB, which stay in L2 while
/// every row tile of the block goes over them.
constexpr Index kValueChunk = 256;

/// One R x (V * kWidth) tile of c (+)= a b, the product both kernels are made of: a is R x depth
/// (row stride lda; its entries are broadcast), b depth x (V * kWidth) (row stride ldb; read as
/// vectors), c R x (V * kWidth) (row stride ldc). Q K^T is a = Q, b = the packed K^T; P V is a = P,
/// b = V.
template <int R, int V>
void productTile(const float* a, Index lda, Index depth, const float* b, Index ldb, float* c, Index ldc,
                 bool accumulate) {
    Vec acc[R][V];
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 32
        for (int v = 0; v < V; ++v)
            acc[r][v] = accumulate ? load(c + r * ldc + v * kWidth) : zero();
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
        for (int v = 0; v < V; ++v)
            store(c + r * ldc + v * kWidth, acc[r][v]);
}

/// One column group of `vectors` vectors: full row tiles, then the remaining rows.
template <int V, class TileFn> void overRows(Index rows, TileFn tile) {
    Index r = 0;
    for (; r + kTileRows <= rows; r += kTileRows)
        tile(std::integral_constant<int, kTileRows>{}, r);
    switch (rows - r) {
    case 0:
        break;
    case 1:
        tile(std::integral_constant<int, 1>{}, r);
        break;
    case 2:
        tile(std::integral_constant<int, 2>{}, r);
        break;
    case 3:
        tile(std::integral_constant<int, 3>{}, r);
        break;
#if defined(__AVX512F__)
    case 4:
        tile(std::integral_constant<int, 4>{}, r);
        break;
    case 5:
        tile(std::integral_constant<int, 5>{}, r);
        break;
#endif
    default:
        break;
    }
}

template <int V>
void scoreGroup(const float* q, Index ldq, Index rows, const PackedKeys& keys, Index j0, float* s, Index lds,
                bool accumulate) {
    const Index width = V * kWidth;
    if (j0 + width <= keys.keys) {
        overRows<V>(rows, [&](auto rTag, Index r) {
            productTile<decltype(rTag)::value, V>(q + r * ldq, ldq, keys.d, keys.data + j0, keys.ldkt,
                                                  s + r * lds + j0, lds, accumulate);
        });
        return;
    }
    // The last group reaches into the padding: through a small buffer, keeping the valid columns.
    const Index valid = keys.keys - j0;
    alignas(64) float tmp[kTileRows * kTileVectors * kWidth];
    overRows<V>(rows, [&](auto rTag, Index r) {
        constexpr int R = decltype(rTag)::value;
        if (accumulate)
            for (int i = 0; i < R; ++i)
                std::memcpy(tmp + i * width, s + (r + i) * lds + j0,
                            static_cast<std::size_t>(valid) * sizeof(float));
        productTile<R, V>(q + r * ldq, ldq, keys.d, keys.data + j0, keys.ldkt, tmp, width, accumulate);
        for (int i = 0; i < R; ++i)
            std::memcpy(s + (r + i) * lds + j0, tmp + i * width,
                        static_cast<std::size_t>(valid) * sizeof(float));
    });
}

template <int V>
void valueGroup(const float* p, Index ldp, Index rows, Index j0, Index keys, const float* v, Index ldv,
                Index c0, float* o, Index ldo) {
    overRows<V>(rows, [&](auto rTag, Index r) {
        productTile<decltype(rTag)::value, V>(p + r * ldp + j0, ldp, keys, v + j0 * ldv + c0, ldv,
                                              o + r * ldo + c0, ldo, j0 > 0);
    });
}

struct Panel {
    std::unique_ptr<float[]> data;
    std::size_t capacity = 0;
};

} // namespace

bool simdKernelsAvailable() {
    return true;
}

bool simdScaledDotFits(Index d, Index dv) {
    return d > 0 && dv > 0 && dv % kWidth == 0;
}

PackedKeys packKeys(const float* k, Index ldk, Index keys, Index d, int slot) {
    thread_local Panel panels[2];
    Panel& panel = panels[slot & 1];
    const Index ldkt = (keys + kWidth - 1) / kWidth * kWidth;
    const std::size_t need = static_cast<std::size_t>(d * ldkt);
    if (need > panel.capacity) {
        panel.data.reset(new float[need]);
        panel.capacity = need;
    }
    float* kt = panel.data.get();
    // d x ldkt: column j is key j; the columns past the last key are zero.
    transposeInto(k, keys, d, ldk, kt, ldkt);
    for (Index c = 0; c < d; ++c)
        std::fill(kt + c * ldkt + keys, kt + (c + 1) * ldkt, 0.0f);
    return {kt, d, keys, ldkt};
}

void rawScores(const float* q, Index ldq, Index rows, const PackedKeys& keys, float* s, Index lds,
               bool accumulate) {
    const Index groupWidth = kTileVectors * kWidth;
    Index j0 = 0;
    for (; j0 + groupWidth <= keys.ldkt; j0 += groupWidth)
        scoreGroup<kTileVectors>(q, ldq, rows, keys, j0, s, lds, accumulate);
    switch ((keys.ldkt - j0) / kWidth) {
    case 0:
        break;
    case 1:
        scoreGroup<1>(q, ldq, rows, keys, j0, s, lds, accumulate);
        break;
    case 2:
        scoreGroup<2>(q, ldq, rows, keys, j0, s, lds, accumulate);
        break;
#if defined(__AVX512F__)
    case 3:
        scoreGroup<3>(q, ldq, rows, keys, j0, s, lds, accumulate);
        break;
#endif
    default:
        break;
    }
}

void weightedValues(const float* p, Index ldp, Index rows, Index keys, const float* v, Index ldv, Index dv,
                    float* o, Index ldo) {
    if (keys == 0) {
        for (Index r = 0; r < rows; ++r)
            std::fill(o + r * ldo, o + r * ldo + dv, 0.0f);
        return;
    }
    const Index groupWidth = kTileVectors * kWidth;
    for (Index j0 = 0; j0 < keys; j0 += kValueChunk) {
        const Index chunk = std::min(kValueChunk, keys - j0);
        Index c0 = 0;
        for (; c0 + groupWidth <= dv; c0 += groupWidth)
            valueGroup<kTileVectors>(p, ldp, rows, j0, chunk, v, ldv, c0, o, ldo);
        switch ((dv - c0) / kWidth) {
        case 0:
            break;
        case 1:
            valueGroup<1>(p, ldp, rows, j0, chunk, v, ldv, c0, o, ldo);
            break;
        case 2:
            valueGroup<2>(p, ldp, rows, j0, chunk, v, ldv, c0, o, ldo);
            break;
#if defined(__AVX512F__)
        case 3:
            valueGroup<3>(p, ldp, rows, j0, chunk, v, ldv, c0, o, ldo);
            break;
#endif
        default:
            break;
        }
    }
}

#else // no AVX2 + FMA: attention.cpp keeps Eigen's products

bool simdKernelsAvailable() {
    return false;
}
bool simdScaledDotFits(Eigen::Index, Eigen::Index) {
    return false;
}
PackedKeys packKeys(const float*, Eigen::Index, Eigen::Index, Eigen::Index, int) {
    return {};
}
void rawScores(const float*, Eigen::Index, Eigen::Index, const PackedKeys&, float*, Eigen::Index, bool) {}
void weightedValues(const float*, Eigen::Index, Eigen::Index, Eigen::Index, const float*, Eigen::Index,
                    Eigen::Index, float*, Eigen::Index) {}

#endif

} // namespace attn::detail
