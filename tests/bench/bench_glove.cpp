// GloVe loading benchmarks on a generated 50,000 x 100 text file (~45 MB):
//   text parse (all threads / one thread), binary cache reload (mmap), open() through the cache,
//   and a nearest-neighbour query. The side-by-side comparison with gensim on the real
//   341,479-word file is glove/tools/bench_gensim.py.

#include "attn/glove/loader.hpp"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <fstream>
#include <random>

namespace fs = std::filesystem;

namespace {

struct Fixture {
    fs::path dir, text, bin;
    std::size_t bytes = 0;
    Fixture() {
        dir = fs::temp_directory_path() / "attnviz_bench_glove";
        fs::create_directories(dir);
        text = dir / "bench_50k_100d.txt";
        bin = dir / "bench_50k_100d.bin";
        if (!fs::exists(text)) {
            std::mt19937 rng(42);
            std::normal_distribution<float> normal(0.0f, 0.4f);
            std::ofstream out(dir / "tmp.txt");
            char buf[32];
            for (int i = 0; i < 50000; ++i) {
                out << "word" << i;
                for (int j = 0; j < 100; ++j) {
                    std::snprintf(buf, sizeof buf, " %.6g", static_cast<double>(normal(rng)));
                    out << buf;
                }
                out << '\n';
            }
            out.close();
            fs::rename(dir / "tmp.txt", text);
        }
        bytes = fs::file_size(text);
        attn::glove::writeBinary(*attn::glove::readText(text), bin);
    }
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

void BM_TextLoad(benchmark::State& state) {
    const auto& f = fixture();
    attn::glove::ReadOptions o;
    o.threads = static_cast<unsigned>(state.range(0));
    for (auto _ : state)
        benchmark::DoNotOptimize(attn::glove::readText(f.text, o));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.bytes));
}
BENCHMARK(BM_TextLoad)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_BinaryLoad(benchmark::State& state) {
    const auto& f = fixture();
    for (auto _ : state)
        benchmark::DoNotOptimize(attn::glove::readBinary(f.bin));
}
BENCHMARK(BM_BinaryLoad)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_OpenCached(benchmark::State& state) {
    const auto& f = fixture();
    attn::glove::OpenOptions o;
    o.cacheDir = f.dir / "cache";
    attn::glove::open(f.text, o); // warm: writes the cache entry
    for (auto _ : state)
        benchmark::DoNotOptimize(attn::glove::open(f.text, o));
}
BENCHMARK(BM_OpenCached)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EmbeddedDefault(benchmark::State& state) {
    auto bytes = attn::glove::embeddedDefaultBytes();
    for (auto _ : state)
        benchmark::DoNotOptimize(attn::glove::readBinaryMemory(bytes, "embedded"));
}
BENCHMARK(BM_EmbeddedDefault)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Nearest10(benchmark::State& state) {
    auto e = attn::glove::embeddedDefault();
    e->nearest("she", 10); // norms computed once
    for (auto _ : state)
        benchmark::DoNotOptimize(e->nearest("she", 10));
}
BENCHMARK(BM_Nearest10)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
