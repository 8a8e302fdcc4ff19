#include <algorithm>
#include <attn/attention_cost.hpp>
#include <attn/layer_in_blocks.hpp>
#include <attn/memory_budget.hpp>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace attn {

std::vector<int> defaultCostLengths() {
    return costLengths(512);
}

std::vector<int> costLengths(int longest) {
    std::vector<int> n;
    for (int len = 8; len <= longest; len *= 2)
        n.push_back(len);
    return n;
}

void fitAttentionCost(AttentionCost& cost) {
    std::vector<double> n, score, linear;
    for (const auto& p : cost.points) {
        n.push_back(p.length);
        score.push_back(p.scoreSeconds);
        linear.push_back(p.linearSeconds);
    }
    cost.scoreFit = fitTopPowerLaw(n, score, kCostFitPoints);
    cost.linearFit = fitTopPowerLaw(n, linear, kCostFitPoints);
}

namespace {
/// Multiply-adds of one forward at length n, for the progress fraction only.
double work(const layers::TransformerEncoderLayer& layer, int n) {
    const double d = layer.selfAttn.dModel, ff = layer.linear1.outFeatures();
    return 2.0 * n * n * d + n * (4.0 * d * d + 2.0 * d * ff);
}
} // namespace

AttentionCost measureAttentionCost(const layers::TransformerEncoderLayer& layer,
                                   const std::vector<int>& lengths,
                                   const std::function<bool(double)>& progress,
                                   const AttentionCostOptions& options) {
    const Eigen::Index d = layer.selfAttn.dModel;
    for (int n : lengths)
        if (n < 1)
            throw std::invalid_argument("measureAttentionCost: length " + std::to_string(n) + " < 1");
    AttentionCost cost;
    cost.heads = layer.selfAttn.nHeads;
    cost.modelWidth = static_cast<int>(d);
    cost.ffWidth = static_cast<int>(layer.linear1.outFeatures());
    cost.budgetBytes = memoryBudgetBytes();
    cost.budgetOrigin = memoryBudgetOrigin();
    double totalWork = 0, doneWork = 0;
    for (int n : lengths)
        totalWork += work(layer, n);
    std::mt19937 gen(7);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (std::size_t i = 0; i < lengths.size() && !cost.cancelled; ++i) {
        const int n = lengths[i];
        const auto un = static_cast<std::uint64_t>(n);
        const std::uint64_t need = layerBlockBytes(layer, un);
        if (need > cost.budgetBytes) {
            cost.skipped.push_back({n, need, layerMapBytes(layer, un)});
        } else {
            Matrix x(n, d); // n x d
            for (Eigen::Index j = 0; j < x.size(); ++j)
                x.data()[j] = normal(gen);
            LayerBlockBuffers buffers;
            forwardLayerInBlocks(layer, x, 1, buffers); // warm-up (allocates)
            AttentionCostPoint p;
            p.length = n;
            p.scores = static_cast<double>(layer.selfAttn.nHeads) * n * n;
            p.memoryBytes = need;
            p.mapBytes = layerMapBytes(layer, un);
            p.inputBytes = un * static_cast<std::uint64_t>(d) * sizeof(float);
            constexpr double kInf = std::numeric_limits<double>::infinity();
            double best = kInf, bestScore = kInf, bestLinear = kInf, total = 0;
            while (p.repeats < options.minRepeats || total < options.minSecondsPerLength) {
                if (options.stop && options.stop()) {
                    cost.cancelled = true;
                    break;
                }
                LayerPhaseSeconds s;
                forwardLayerInBlocks(layer, x, 1, buffers, &s);
                const double whole = s.scoresAndSoftmax + s.projectionsAndFfn;
                best = std::min(best, whole);
                bestScore = std::min(bestScore, s.scoresAndSoftmax);
                bestLinear = std::min(bestLinear, s.projectionsAndFfn);
                total += whole;
                ++p.repeats;
            }
            if (cost.cancelled)
                break;
            p.seconds = best;
            p.scoreSeconds = bestScore;
            p.linearSeconds = bestLinear;
            cost.points.push_back(p);
        }
        doneWork += work(layer, n);
        if (progress && !progress(totalWork > 0 ? doneWork / totalWork : 1.0))
            cost.cancelled = i + 1 < lengths.size();
    }
    fitAttentionCost(cost);
    return cost;
}

AttentionCost measureAttentionCost(const layers::TransformerEncoderLayer& layer,
                                   const std::vector<int>& lengths,
                                   const std::function<bool(double)>& progress, double minSecondsPerLength,
                                   int minRepeats) {
    AttentionCostOptions o;
    o.minSecondsPerLength = minSecondsPerLength;
    o.minRepeats = minRepeats;
    return measureAttentionCost(layer, lengths, progress, o);
}

} // namespace attn
