// The machine's peak single-precision FLOP/s on one core, as the closing notes of issue 19 quote it:
// 24 independent chains of fused multiply-adds on the widest vectors this build uses (AVX-512: 16
// floats, AVX2 + FMA: 8), so that neither latency nor memory limits the rate; each FMA counts as 2
// floating-point operations per lane. The attention benchmarks' FLOPS counters divided by this figure
// are the fraction of peak they reach.

#include <benchmark/benchmark.h>

#if defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__))
#include <immintrin.h>

namespace {

#if defined(__AVX512F__)
using Vec = __m512;
constexpr int kLanes = 16;
#define PEAK_VEC(name) _mm512_##name
#else
using Vec = __m256;
constexpr int kLanes = 8;
#define PEAK_VEC(name) _mm256_##name
#endif
inline Vec splat(float x) {
    return PEAK_VEC(set1_ps)(x);
}
inline Vec fma(Vec a, Vec b, Vec c) {
    return PEAK_VEC(fmadd_ps)(a, b, c);
}
inline float lane0(Vec x) {
    return PEAK_VEC(cvtss_f32)(x);
}
#undef PEAK_VEC

constexpr int kChains = 24; // > latency x throughput (4 cycles x 2 per cycle) on current cores
constexpr long kSteps = 1 << 16;

void BM_PeakFma(benchmark::State& state) {
    const Vec a = splat(0.999999f), b = splat(1e-7f);
    Vec acc[kChains];
    for (int i = 0; i < kChains; ++i)
        acc[i] = splat(static_cast<float>(i));
    for (auto _ : state) {
        for (long s = 0; s < kSteps; ++s)
#pragma GCC unroll 32
            for (int i = 0; i < kChains; ++i)
                acc[i] = fma(acc[i], a, b);
        benchmark::DoNotOptimize(acc);
    }
    float sum = 0;
    for (int i = 0; i < kChains; ++i)
        sum += lane0(acc[i]);
    benchmark::DoNotOptimize(sum);
    state.counters["FLOPS"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * kSteps * kChains * kLanes * 2.0,
                           benchmark::Counter::kIsRate);
    state.counters["lanes"] = kLanes;
}

} // namespace

BENCHMARK(BM_PeakFma)->Unit(benchmark::kMillisecond);

#endif
