// Scaled-dot attention kernel (attn::scaledDotAttention, the one MultiheadAttention uses) for
// n = 16 ... 2048 queries/keys and d = 64, every weight kept. The benchmark owns the workspace, as a
// model does, so the timed loop allocates nothing. Peer: training/bench_torch.py.

#include <attn/attention.hpp>
#include <benchmark/benchmark.h>

namespace {

void BM_ScaledDotAttention(benchmark::State& state) {
    const auto n = static_cast<Eigen::Index>(state.range(0));
    const Eigen::Index d = 64;
    std::srand(1);
    const attn::Matrix q = attn::Matrix::Random(n, d), k = attn::Matrix::Random(n, d),
                       v = attn::Matrix::Random(n, d);
    attn::ScaledDotWorkspace ws;
    for (auto _ : state) {
        auto r = attn::scaledDotAttention(q, k, v, ws);
        benchmark::DoNotOptimize(r.output.data());
        benchmark::DoNotOptimize(r.weights.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * n * n);
    // Q K^T and W V: 2 n^2 d multiply-adds each = 4 n^2 d floating-point operations.
    state.counters["FLOPS"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * 4.0 * double(n) * double(n) * double(d),
                           benchmark::Counter::kIsRate);
}

BENCHMARK(BM_ScaledDotAttention)->RangeMultiplier(2)->Range(16, 2048)->Unit(benchmark::kMicrosecond);

} // namespace
