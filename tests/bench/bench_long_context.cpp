// Long-context forward (issue 56): LlamaModel::forwardLongContext on the model of
// training/make_long_context_llama.py (8 layers x 8 heads, hidden 512, head width 64, vocabulary 512,
// intermediate 1376, 32,768 positions), built here in memory with random weights (normal, std 0.05) so
// that no 100 MB file is needed. Arguments: tokens, bookkeeping (1 = every head's pyramid 1,024 .. 64,
// top-8 rows and per-row figures; 0 = the same tiled forward keeping only Q, K and the LSEs), threads.
//
// Counters: peak_MB = the process's peak resident memory (VmHWM) during the benchmark — the peak is reset
// at its start through /proc/self/clear_refs ("5"), so each benchmark reports its own; kept_MB = what
// the LongContextPass holds. BM_LongContextHead times one head's tiled attention (T x 64, causal) with
// and without the bookkeeping; its FLOPS counter (4 d per allowed cell: Q K^T and A V) divided by
// BM_PeakFma's is the attention kernel's fraction of peak.
//
//   ./attnviz_bench --benchmark_filter='LongContext' --benchmark_min_time=1x

#include <attn/hf/llama.hpp>
#include <benchmark/benchmark.h>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>

namespace {

using attn::Matrix;
using attn::Vector;

double peakResidentMb() {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind("VmHWM:", 0) == 0) {
            std::istringstream s(line.substr(6));
            double kb = 0;
            s >> kb;
            return kb / 1024.0;
        }
    return 0;
}

void resetPeakResident() {
    std::ofstream f("/proc/self/clear_refs");
    f << "5";
}

Matrix normal(Eigen::Index rows, Eigen::Index cols, std::mt19937& rng, float sigma) {
    std::normal_distribution<float> n(0.0f, sigma);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = n(rng);
    return m;
}

std::shared_ptr<const attn::hf::LlamaModel> longContextLlama() {
    static const auto model = [] {
        const nlohmann::json j = {{"model_type", "llama"},       {"vocab_size", 512},
                                  {"hidden_size", 512},          {"intermediate_size", 1376},
                                  {"num_hidden_layers", 8},      {"num_attention_heads", 8},
                                  {"num_key_value_heads", 8},    {"max_position_embeddings", 32768},
                                  {"rms_norm_eps", 1e-6},        {"rope_theta", 10000.0},
                                  {"tie_word_embeddings", false}};
        attn::hf::HfConfig config(j, "bench:long-context-llama/config.json");
        const auto cfg = attn::hf::parseLlamaConfig(config);
        std::mt19937 rng(56);
        const Eigen::Index d = cfg.hidden;
        std::vector<attn::hf::LlamaModel::Layer> layers;
        for (int l = 0; l < cfg.layers; ++l) {
            attn::hf::LlamaModel::Layer L;
            L.inputNorm = Vector::Ones(d);
            L.postNorm = Vector::Ones(d);
            L.wq = normal(d, d, rng, 0.05f);
            L.wk = normal(d, d, rng, 0.05f);
            L.wv = normal(d, d, rng, 0.05f);
            L.wo = normal(d, d, rng, 0.05f);
            L.gate = normal(cfg.intermediate, d, rng, 0.05f);
            L.up = normal(cfg.intermediate, d, rng, 0.05f);
            L.down = normal(d, cfg.intermediate, rng, 0.05f);
            layers.push_back(std::move(L));
        }
        Matrix embed = normal(cfg.vocabSize, d, rng, 1.0f), head = normal(cfg.vocabSize, d, rng, 0.05f);
        return std::make_shared<const attn::hf::LlamaModel>(config, "bench:long-context-llama", cfg,
                                                            std::move(embed), std::move(layers),
                                                            Vector::Ones(d), std::move(head));
    }();
    return model;
}

attn::long_context::TiledAttentionOptions attentionOptions(bool bookkeeping) {
    attn::long_context::TiledAttentionOptions o;
    o.keepPyramid = o.keepTopK = o.keepRowFigures = bookkeeping;
    return o;
}

void BM_LongContextForward(benchmark::State& state) {
    const auto model = longContextLlama();
    const int T = static_cast<int>(state.range(0));
    std::mt19937 rng(1);
    std::vector<int> ids(static_cast<std::size_t>(T));
    for (auto& id : ids)
        id = static_cast<int>(rng() % 512);
    attn::long_context::LongContextOptions o;
    o.attention = attentionOptions(state.range(1) != 0);
    o.threads = static_cast<int>(state.range(2));
    resetPeakResident();
    double kept = 0;
    for (auto _ : state) {
        const auto pass = model->forwardLongContext(ids, o);
        kept = static_cast<double>(pass.bytes()) / 1e6;
        benchmark::DoNotOptimize(pass.logits.data());
    }
    state.counters["peak_MB"] = peakResidentMb() * 1.048576; // MiB -> MB
    state.counters["kept_MB"] = kept;
    state.counters["tokens"] = T;
    state.counters["threads"] = static_cast<double>(o.threads);
}

BENCHMARK(BM_LongContextForward)
    ->ArgNames({"T", "bookkeeping", "threads"})
    ->Args({2048, 0, 2})
    ->Args({2048, 1, 2})
    ->Args({4096, 0, 2})
    ->Args({4096, 1, 2})
    ->Args({16384, 0, 2})
    ->Args({16384, 1, 2})
    ->Args({32768, 1, 2})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kSecond);

void BM_LongContextHead(benchmark::State& state) {
    const Eigen::Index T = state.range(0), d = 64;
    std::mt19937 rng(2);
    const Matrix q = normal(T, d, rng, 1.0f), k = normal(T, d, rng, 1.0f), v = normal(T, d, rng, 1.0f);
    Matrix out(T, d);
    const auto o = attentionOptions(state.range(1) != 0);
    for (auto _ : state) {
        const auto h = attn::long_context::tiledAttention(q, k, v, o, out);
        benchmark::DoNotOptimize(h.logSumExp.data());
        benchmark::DoNotOptimize(out.data());
    }
    const double cells = static_cast<double>(T) * static_cast<double>(T + 1) / 2.0;
    state.counters["FLOPS"] = benchmark::Counter(static_cast<double>(state.iterations()) * cells * 4.0 * d,
                                                 benchmark::Counter::kIsRate);
}

BENCHMARK(BM_LongContextHead)
    ->ArgNames({"T", "bookkeeping"})
    ->Args({4096, 0})
    ->Args({4096, 1})
    ->Args({16384, 0})
    ->Args({16384, 1})
    ->Unit(benchmark::kMillisecond);

} // namespace
