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
