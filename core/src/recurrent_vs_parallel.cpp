#include <algorithm>
#include <attn/config.hpp>
#include <attn/layer_in_blocks.hpp>
#include <attn/memory_budget.hpp>
#include <attn/recurrent_vs_parallel.hpp>
#include <attn/safetensors.hpp>
#include <chrono>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

namespace attn {

DependencyChain dependencyChain(int n, int gruLayers) {
    DependencyChain c;
    c.length = n;
    c.gruLayers = gruLayers;
    c.gruSteps = static_cast<std::int64_t>(n) * gruLayers;
    c.layerProducts = 6; // Q/K/V projection, Q K^T, weights V, out_proj, linear1, linear2
    c.layerRowsAtOnce = n;
    return c;
}

namespace {
/// The fastest of at least `minRepeats` runs of fn() that also last `minSeconds` together (after one
/// warm-up run); NaN when stop() said so first.
template <class Fn, class Stop>
double fastest(const Fn& fn, const Stop& stop, double minSeconds, int minRepeats) {
    using Clock = std::chrono::steady_clock;
    if (stop())
        return std::numeric_limits<double>::quiet_NaN();
    fn();
    double best = std::numeric_limits<double>::infinity(), total = 0;
    for (int r = 0; r < minRepeats || total < minSeconds; ++r) {
        if (stop())
            return std::numeric_limits<double>::quiet_NaN();
        const auto t0 = Clock::now();
        fn();
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        best = std::min(best, s);
        total += s;
    }
    return best;
}
} // namespace

RecurrentVsParallel measureRecurrentVsParallel(const std::vector<layers::Gru>& gru,
                                               const layers::TransformerEncoderLayer& layer, int n,
                                               const std::function<bool(double)>& progress, int threads,
                                               double minSeconds, int minRepeats) {
    if (n < 1)
        throw std::invalid_argument("measureRecurrentVsParallel: length " + std::to_string(n) + " < 1");
    if (gru.empty())
        throw std::invalid_argument("measureRecurrentVsParallel: no GRU layers");
    const Eigen::Index H = gru.front().hiddenSize(), I = gru.front().weightIh.cols();
    for (std::size_t k = 1; k < gru.size(); ++k)
        if (gru[k].weightIh.cols() != gru[k - 1].hiddenSize())
            throw std::invalid_argument("measureRecurrentVsParallel: GRU layer " + std::to_string(k + 1) +
                                        " reads " + std::to_string(gru[k].weightIh.cols()) +
                                        " values, the layer below gives " +
                                        std::to_string(gru[k - 1].hiddenSize()));
    // The layer's maps and buffers at n, checked against the memory budget before anything is allocated.
    checkAllocation(layerBlockBytes(layer, static_cast<std::uint64_t>(n)),
                    "one layer at " + withThousands(static_cast<std::uint64_t>(n)) +
                        " tokens: " + std::to_string(layer.selfAttn.nHeads) + " heads x " +
                        withThousands(static_cast<std::uint64_t>(n)) + "^2 x 4 B and its buffers");
    RecurrentVsParallel r;
    r.chain = dependencyChain(n, static_cast<int>(gru.size()));
    r.gruWidth = static_cast<int>(H);
    r.layerWidth = layer.selfAttn.dModel;
    r.allThreads =
        threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (const auto& g : gru)
        r.gruMultiplyAdds += static_cast<double>(n) * 3.0 * static_cast<double>(g.hiddenSize()) *
                             static_cast<double>(g.weightIh.cols() + g.hiddenSize());
    const double d = layer.selfAttn.dModel, ff = layer.linear1.outFeatures();
    r.layerMultiplyAdds = n * (4.0 * d * d + 2.0 * d * ff) + 2.0 * static_cast<double>(n) * n * d;

    std::mt19937 gen(11);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    Matrix xs(n, I); // n x I: the GRU's input (embeddings)
    for (Eigen::Index j = 0; j < xs.size(); ++j)
        xs.data()[j] = normal(gen);
    Matrix x(n, layer.selfAttn.dModel); // n x d: the layer's input
    for (Eigen::Index j = 0; j < x.size(); ++j)
        x.data()[j] = normal(gen);
    bool stopped = false;
    auto stop = [&] { return stopped; };
    auto report = [&](double f) {
        if (progress && !progress(f))
            stopped = true;
    };
    volatile float sink = 0;
    // The encoder as Seq2SeqModel::encodeSource runs it: layer k over layer k-1's outputs, from h0 = 0.
    r.gruSeconds = fastest(
        [&] {
            Matrix enc = xs; // n x H after each layer
            for (const auto& g : gru)
                enc = g.sequence(enc, Vector::Zero(g.hiddenSize()));
            sink = enc(n - 1, 0);
        },
        stop, minSeconds, minRepeats);
    report(1.0 / 3.0);
    LayerBlockBuffers buffers;
    r.layerSecondsOneThread = fastest(
        [&] {
            forwardLayerInBlocks(layer, x, 1, buffers);
            sink = buffers.output(0, 0);
        },
        stop, minSeconds, minRepeats);
    report(2.0 / 3.0);
    r.layerSecondsAllThreads = fastest(
        [&] {
            forwardLayerInBlocks(layer, x, r.allThreads, buffers);
            sink = buffers.output(0, 0);
        },
        stop, minSeconds, minRepeats);
    (void)sink;
    report(1.0);
    r.cancelled = stopped;
    return r;
}

std::vector<layers::Gru> loadSeq2SeqEncoderGru(const std::filesystem::path& dir) {
    const std::filesystem::path configPath = dir / "config.json";
    const Seq2SeqConfig c = parseSeq2SeqConfig(readConfigJson(configPath), configPath.string());
    const SafetensorsFile file = SafetensorsFile::read(dir / "model.safetensors");
    WeightLoader w(file);
    std::vector<layers::Gru> gru;
    for (int k = 0; k < c.numLayers; ++k)
        gru.push_back(layers::Gru::load(w, "encoder.gru", c.hiddenSize, c.hiddenSize, k));
    return gru;
}

} // namespace attn
