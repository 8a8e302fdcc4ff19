// Hugging Face-sized models with random weights (issue 15, point 7). Peer: training/bench_torch.py
// (the same shapes in plain PyTorch, every attention map kept, one thread each):
//
//   BM_HfBertBase/T   BERT-base (12 layers, 12 heads, hidden 768, intermediate 3072, vocab 30522) on T =
//                     128 and 512 tokens: one attn::hf::BertModel::forward, all 144 maps kept.
//   BM_HfLlamaDecode  a Llama-style decoder (8 layers, 8 query heads, 4 key/value heads, hidden 512,
//                     intermediate 1376, vocab 32000, untied head) continuing a 16-token prompt by 128
//                     greedy tokens with its KV cache (attn::hf::generateGreedy), every attention row kept.
//
// The weights are uniform in [-0.05, 0.05] (std::srand seeds), which changes nothing about the time of
// a dense forward. The models are built in memory through the same constructors the loaders use.
// Counter peak_rss_MiB: the process's peak resident memory (meaningful with one benchmark per process).

#include "hf_random_models.hpp"

#include <benchmark/benchmark.h>
#include <fstream>
#include <memory>

namespace {

using hfbench::bertBase;
using hfbench::llamaSmall;

/// The process's peak resident memory so far (VmHWM of /proc/self/status), in MiB; 0 if unreadable.
/// Run one benchmark per process (--benchmark_filter) to read it as that benchmark's peak.
double peakResidentMiB() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "VmHWM:") {
            double kib = 0;
            in >> kib;
            return kib / 1024.0;
        }
        in.ignore(1 << 12, '\n');
    }
    return 0.0;
}

std::vector<int> tokenIds(int n, int vocab) {
    std::vector<int> ids(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        ids[static_cast<std::size_t>(i)] = (i * 7919 + 17) % vocab; // the same ids as bench_torch.py
    return ids;
}

void BM_HfBertBase(benchmark::State& state) {
    static const auto model = bertBase();
    const auto ids = tokenIds(static_cast<int>(state.range(0)), 30522);
    for (auto _ : state) {
        const auto out = model->forward(ids);
        benchmark::DoNotOptimize(out.attention.back().back().data());
    }
    state.counters["peak_rss_MiB"] = peakResidentMiB();
}
BENCHMARK(BM_HfBertBase)->Arg(128)->Arg(512)->Unit(benchmark::kMillisecond);

void BM_HfLlamaDecode(benchmark::State& state) {
    static const auto model = llamaSmall();
    const auto prompt = tokenIds(16, 32000);
    for (auto _ : state) {
        const auto g = attn::hf::generateGreedy(*model, prompt, 128);
        benchmark::DoNotOptimize(g.generatedIds.data());
    }
    state.counters["peak_rss_MiB"] = peakResidentMiB();
}
BENCHMARK(BM_HfLlamaDecode)->Unit(benchmark::kMillisecond);

} // namespace
