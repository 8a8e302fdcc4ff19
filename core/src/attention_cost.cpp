#include <algorithm>
#include <attn/attention_cost.hpp>
#include <chrono>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace attn {

std::vector<int> defaultCostLengths() {
    std::vector<int> n;
    for (int len = 8; len <= 512; len *= 2)
        n.push_back(len);
    return n;
}

AttentionCost measureAttentionCost(const layers::TransformerEncoderLayer& layer,
                                   const std::vector<int>& lengths,
                                   const std::function<bool(double)>& progress, double minSecondsPerLength,
                                   int minRepeats) {
    const Eigen::Index d = layer.selfAttn.dModel;
    const int heads = layer.selfAttn.nHeads;
    for (int n : lengths)
        if (n < 1)
            throw std::invalid_argument("measureAttentionCost: length " + std::to_string(n) + " < 1");
    using Clock = std::chrono::steady_clock;
    AttentionCost cost;
    std::mt19937 gen(7);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        const int n = lengths[i];
        Matrix x(n, d); // n x d
        for (Eigen::Index j = 0; j < x.size(); ++j)
            x.data()[j] = normal(gen);
        const std::vector<std::uint8_t> allAllowed;
        volatile float sink = layer.forward(x, allAllowed).output(0, 0); // warm-up
        AttentionCostPoint p;
        p.length = n;
        p.scores = static_cast<double>(heads) * n * n;
        double best = std::numeric_limits<double>::infinity(), total = 0;
        while (p.repeats < minRepeats || total < minSecondsPerLength) {
            const auto t0 = Clock::now();
            sink = layer.forward(x, allAllowed).output(0, 0);
            const double s = std::chrono::duration<double>(Clock::now() - t0).count();
            best = std::min(best, s);
            total += s;
            ++p.repeats;
        }
        (void)sink;
        p.seconds = best;
        cost.points.push_back(p);
        if (progress && !progress(static_cast<double>(i + 1) / static_cast<double>(lengths.size()))) {
            cost.cancelled = i + 1 < lengths.size();
            break;
        }
    }
    return cost;
}

} // namespace attn
