// One forward pass per architecture on the parity fixtures (tests/data/parity), every attention map
// captured. Peer: training/bench_torch.py (same inputs, torch.set_num_threads(1)).

#include <attn/checkpoint.hpp>
#include <benchmark/benchmark.h>
#include <filesystem>

namespace {

const std::filesystem::path kParity = std::filesystem::path(ATTNVIZ_SOURCE_DIR) / "tests" / "data" / "parity";

void BM_TransformerClassifier(benchmark::State& state) {
    const auto m = attn::loadModel(kParity / "tc_pre_gelu_cls_learned");
    const auto& tc = dynamic_cast<const attn::TransformerClassifier&>(*m);
    const std::vector<std::string> words{"the", "film", "was", "not", "good", "."};
    for (auto _ : state)
        benchmark::DoNotOptimize(tc.classifyWords(words).logits.data());
}
BENCHMARK(BM_TransformerClassifier)->Unit(benchmark::kMicrosecond);

void BM_Seq2SeqAdditive(benchmark::State& state) {
    const auto m = attn::loadModel(kParity / "s2s_additive");
    const auto& s2s = dynamic_cast<const attn::Seq2SeqModel&>(*m);
    const std::vector<std::string> words{"i", "am", "cold", "."};
    for (auto _ : state)
        benchmark::DoNotOptimize(s2s.translateWords(words).logits.data());
}
BENCHMARK(BM_Seq2SeqAdditive)->Unit(benchmark::kMicrosecond);

void BM_Vit(benchmark::State& state) {
    const auto m = attn::loadModel(kParity / "vit_pre_gelu_learned_gray");
    const auto& vit = dynamic_cast<const attn::VitModel&>(*m);
    attn::Image img(1, 8, 8);
    for (std::size_t i = 0; i < img.data.size(); ++i)
        img.data[i] = static_cast<float>(i % 7) / 7.0f;
    for (auto _ : state)
        benchmark::DoNotOptimize(vit.classify(img).logits.data());
}
BENCHMARK(BM_Vit)->Unit(benchmark::kMicrosecond);

} // namespace
