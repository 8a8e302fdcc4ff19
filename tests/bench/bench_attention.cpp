// Scaled-dot attention kernel (attn::scaledDotAttention, the one MultiheadAttention uses) for
// n = 16 ... 2048 queries/keys and d = 64, weights kept. Peer: training/bench_torch.py.

#include <attn/attention.hpp>
#include <benchmark/benchmark.h>

namespace {

void BM_ScaledDotAttention(benchmark::State& state) {
    const auto n = static_cast<Eigen::Index>(state.range(0));
    const Eigen::Index d = 64;
    std::srand(1);
    const attn::Matrix q = attn::Matrix::Random(n, d), k = attn::Matrix::Random(n, d),
                       v = attn::Matrix::Random(n, d);
    for (auto _ : state) {
        auto r = attn::scaledDotAttention(q, k, v);
        benchmark::DoNotOptimize(r.output.data());
        benchmark::DoNotOptimize(r.weights.data());
    }
    state.SetItemsProcessed(state.iterations() * n * n);
}

BENCHMARK(BM_ScaledDotAttention)->RangeMultiplier(2)->Range(16, 2048)->Unit(benchmark::kMicrosecond);

} // namespace
