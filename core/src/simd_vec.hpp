#pragma once
// The vector type and the five operations the hand-written kernels (scaled_dot_simd.cpp,
// dense_simd.cpp) are made of, on the widest vectors the build has: AVX-512 (16 floats, 32 registers)
// or AVX2 + FMA (8 floats, 16 registers). ATTN_SIMD_KERNELS is defined when there is one.

#if defined(__AVX__)
#include <immintrin.h>
#endif
#if defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__))
#define ATTN_SIMD_KERNELS 1
#endif

#ifdef ATTN_SIMD_KERNELS
namespace attn::detail::simd {

#if defined(__AVX512F__)
using Vec = __m512;
constexpr int kWidth = 16;     // floats per vector
constexpr int kRegisters = 32; // vector registers
#define ATTN_VEC(name) _mm512_##name
#else
using Vec = __m256;
constexpr int kWidth = 8;
constexpr int kRegisters = 16;
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
inline Vec add(Vec a, Vec b) {
    return ATTN_VEC(add_ps)(a, b);
}
inline Vec zero() {
    return ATTN_VEC(setzero_ps)();
}
#undef ATTN_VEC

} // namespace attn::detail::simd
#endif
