// One encoder layer the size of BERT-base's (d = 768, 12 heads, ff = 3072, post-LN, exact GELU, random
// weights) on n = 128 and 512 tokens, every head's T x T map kept. The caller owns the result and the
// workspace, as a model does. Peer: training/bench_torch.py (torch.nn.TransformerEncoderLayer with
// need_weights=True, average_attn_weights=False).

#include <attn/layers/encoder_layer.hpp>
#include <benchmark/benchmark.h>

namespace {

attn::layers::TransformerEncoderLayer randomBertLayer(Eigen::Index d, int heads, Eigen::Index ff) {
    std::srand(3);
    attn::layers::TransformerEncoderLayer l;
    l.normFirst = false;
    l.activation = attn::Activation::Gelu;
    l.selfAttn.dModel = static_cast<int>(d);
    l.selfAttn.nHeads = heads;
    l.selfAttn.inProjWeight = attn::Matrix::Random(3 * d, d) * 0.05f; // 3d x d
    l.selfAttn.inProjBias = attn::Vector::Random(3 * d) * 0.05f;      // 3d
    l.selfAttn.outProj =
        attn::layers::Linear(attn::Matrix::Random(d, d) * 0.05f, attn::Vector::Random(d) * 0.05f);
    l.linear1 = attn::layers::Linear(attn::Matrix::Random(ff, d) * 0.05f, attn::Vector::Random(ff) * 0.05f);
    l.linear2 = attn::layers::Linear(attn::Matrix::Random(d, ff) * 0.05f, attn::Vector::Random(d) * 0.05f);
    for (auto* n : {&l.norm1, &l.norm2}) {
        n->weight = attn::Vector::Ones(d);
        n->bias = attn::Vector::Zero(d);
        n->eps = 1e-5f;
    }
    return l;
}

void BM_EncoderLayer(benchmark::State& state) {
    const auto n = static_cast<Eigen::Index>(state.range(0));
    const auto layer = randomBertLayer(768, 12, 3072);
    std::srand(4);
    const attn::Matrix x = attn::Matrix::Random(n, 768); // T x d
    const std::vector<std::uint8_t> allowed;             // no padding
    attn::layers::TransformerEncoderLayer::Result r;     // reused: output T x d, weights [head] T x T
    attn::layers::TransformerEncoderLayer::Buffers buffers;
    for (auto _ : state) {
        layer.forward(x, allowed, r, buffers);
        benchmark::DoNotOptimize(r.output.data());
        benchmark::DoNotOptimize(r.weights.back().data());
        benchmark::ClobberMemory();
    }
}
BENCHMARK(BM_EncoderLayer)->Arg(128)->Arg(512)->Unit(benchmark::kMillisecond);

} // namespace

namespace {

// One dense product y = x W^T of BERT-base's shapes (attn::layers::Linear without the bias add's share
// of the time being large): T x in times in x out. FLOPS / BM_PeakFma's is its fraction of peak.
void BM_DenseProduct(benchmark::State& state) {
    const auto T = static_cast<Eigen::Index>(state.range(0)), in = static_cast<Eigen::Index>(state.range(1)),
               out = static_cast<Eigen::Index>(state.range(2));
    std::srand(5);
    const attn::layers::Linear layer(attn::Matrix::Random(out, in) * 0.05f, attn::Vector::Zero(out));
    const attn::Matrix x = attn::Matrix::Random(T, in); // T x in
    attn::Matrix y(T, out);                             // T x out
    for (auto _ : state) {
        layer.forwardInto(x, y);
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    state.counters["FLOPS"] = benchmark::Counter(static_cast<double>(state.iterations()) * 2.0 * double(T) *
                                                     double(in) * double(out),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DenseProduct)
    ->Args({128, 768, 3072})
    ->Args({128, 3072, 768})
    ->Args({512, 768, 2304})
    ->Args({512, 768, 3072})
    ->Args({512, 3072, 768})
    ->Unit(benchmark::kMillisecond);

} // namespace
