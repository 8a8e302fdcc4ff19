// Attention flow (attn::explain::FlowGraph, Dinic) on a 197-token, 12-layer graph (a ViT-B/16's size):
// the max flow from inputs 1, 98 and 196 to output 0 ([CLS]). Peer with the same graph and the same
// pairs: training/bench_flow_networkx.py (networkx.maximum_flow_value); both print the flow values.
//
// The graph: per layer l, A(i, j) = softmax_j(3 sin(0.37 (l + 1) i + 0.91 j + 0.13 l) cos(0.11 i j + l))
// in double, then (A + I) / row sum, as explain::residualMixedLayers.

#include <attn/explain/flow.hpp>
#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>

namespace {

constexpr int kT = 197, kL = 12;
constexpr int kSources[] = {1, 98, 196};

std::vector<Eigen::MatrixXd> benchGraph() {
    std::vector<Eigen::MatrixXd> layers;
    for (int l = 0; l < kL; ++l) {
        Eigen::MatrixXd a(kT, kT); // T x T
        for (int i = 0; i < kT; ++i) {
            for (int j = 0; j < kT; ++j)
                a(i, j) =
                    3.0 * std::sin(0.37 * (l + 1) * i + 0.91 * j + 0.13 * l) * std::cos(0.11 * i * j + l);
            const double m = a.row(i).maxCoeff();
            a.row(i) = (a.row(i).array() - m).exp();
            a.row(i) /= a.row(i).sum();
        }
        a += Eigen::MatrixXd::Identity(kT, kT);
        for (int i = 0; i < kT; ++i)
            a.row(i) /= a.row(i).sum();
        layers.push_back(std::move(a));
    }
    return layers;
}

void BM_FlowThreePairs197x12(benchmark::State& state) {
    const auto layers = benchGraph();
    double flows[3] = {0, 0, 0};
    for (auto _ : state) {
        attn::explain::FlowGraph g(layers); // built once per iteration, reused for the three pairs
        for (int k = 0; k < 3; ++k)
            flows[k] = g.maxFlow(g.node(0, kSources[k]), g.node(kL, 0));
        benchmark::DoNotOptimize(flows);
    }
    std::printf("flow to [CLS] from 1, 98, 196: %.12f %.12f %.12f\n", flows[0], flows[1], flows[2]);
}
BENCHMARK(BM_FlowThreePairs197x12)->Unit(benchmark::kMillisecond);

void BM_FlowClsRow197x12(benchmark::State& state) {
    const auto layers = benchGraph();
    for (auto _ : state) {
        attn::explain::FlowGraph g(layers);
        double s = 0;
        for (int j = 0; j < kT; ++j)
            s += g.maxFlow(g.node(0, j), g.node(kL, 0));
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_FlowClsRow197x12)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace
