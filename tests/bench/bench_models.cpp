// One forward pass of each shipped model (resources/models), every attention map captured.
// Peer: training/bench_torch.py (same inputs, same thread count).

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <benchmark/benchmark.h>
#include <filesystem>

namespace {

const std::filesystem::path kModels = std::filesystem::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models";

void BM_ShippedSentiment(benchmark::State& state) {
    const auto m = attn::loadModel(kModels / "sentiment");
    const auto& tc = dynamic_cast<const attn::TransformerClassifier&>(*m);
    const std::vector<std::string> words{"the", "film", "was", "not", "good", "."};
    for (auto _ : state)
        benchmark::DoNotOptimize(tc.classifyWords(words).logits.data());
}
BENCHMARK(BM_ShippedSentiment)->Unit(benchmark::kMicrosecond);

void BM_ShippedTranslation(benchmark::State& state) {
    const auto m = attn::loadModel(kModels / "translation-en-es");
    const auto& s2s = dynamic_cast<const attn::Seq2SeqModel&>(*m);
    const std::vector<std::string> words{"i", "am", "cold", "."};
    for (auto _ : state)
        benchmark::DoNotOptimize(s2s.translateWords(words).logits.data());
}
BENCHMARK(BM_ShippedTranslation)->Unit(benchmark::kMicrosecond);

void BM_ShippedVit(benchmark::State& state) {
    const auto m = attn::loadModel(kModels / "vit-fashion-mnist");
    const auto& vit = dynamic_cast<const attn::VitModel&>(*m);
    attn::Image img(1, 28, 28); // the same pixels as bench_torch.py: (i mod 7) / 7
    for (std::size_t i = 0; i < img.data.size(); ++i)
        img.data[i] = static_cast<float>(i % 7) / 7.0f;
    for (auto _ : state)
        benchmark::DoNotOptimize(vit.classify(img).logits.data());
}
BENCHMARK(BM_ShippedVit)->Unit(benchmark::kMicrosecond);

} // namespace
