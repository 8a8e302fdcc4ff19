#include <attn/long_context/head_summary_figures.hpp>

namespace attn::long_context {

attn::hf::HeadShares headShares(const HeadSummary& head) {
    attn::hf::HeadShares s;
    const Eigen::Index T = head.first.size();
    if (T < 2 || head.previous.size() != T || head.self.size() != T)
        return s;
    double first = 0, previous = 0, self = 0;
    for (Eigen::Index q = 1; q < T; ++q) {
        first += head.first[q];
        previous += head.previous[q];
        self += head.self[q];
    }
    const double n = static_cast<double>(T - 1);
    s.firstToken = first / n;
    s.previousToken = previous / n;
    s.self = self / n;
    s.rows = static_cast<int>(T - 1);
    return s;
}

double meanEntropy(const HeadSummary& head) {
    const Eigen::Index T = head.entropy.size();
    if (T < 2)
        return 0;
    double sum = 0;
    for (Eigen::Index q = 1; q < T; ++q)
        sum += head.entropy[q];
    return sum / static_cast<double>(T - 1);
}

} // namespace attn::long_context
