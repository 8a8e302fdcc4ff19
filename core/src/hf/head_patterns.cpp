// Head-pattern shares (attn/hf/head_patterns.hpp): first token, previous token, self.
#include <attn/hf/head_patterns.hpp>
#include <stdexcept>
#include <string>

namespace attn::hf {

namespace {

struct Accumulator {
    double first = 0, previous = 0, self = 0;
    int rows = 0;
    HeadShares finish() const {
        HeadShares s;
        s.rows = rows;
        if (rows > 0) {
            s.firstToken = first / rows;
            s.previousToken = previous / rows;
            s.self = self / rows;
        }
        return s;
    }
};

} // namespace

HeadShares headShares(const std::vector<std::vector<float>>& rows) {
    Accumulator acc;
    for (const auto& a : rows) {
        if (a.size() < 2)
            continue; // q == 0
        const std::size_t q = a.size() - 1;
        acc.first += a[0];
        acc.previous += a[q - 1];
        acc.self += a[q];
        ++acc.rows;
    }
    return acc.finish();
}

HeadShares headShares(const Matrix& causal) {
    if (causal.rows() != causal.cols())
        throw std::invalid_argument("headShares: expected a square causal map, got " +
                                    std::to_string(causal.rows()) + " x " + std::to_string(causal.cols()));
    Accumulator acc;
    for (Eigen::Index q = 1; q < causal.rows(); ++q) {
        acc.first += causal(q, 0);
        acc.previous += causal(q, q - 1);
        acc.self += causal(q, q);
        ++acc.rows;
    }
    return acc.finish();
}

std::vector<HeadPattern> headPatterns(const AttentionStack& maps) {
    std::vector<HeadPattern> out;
    for (std::size_t l = 0; l < maps.size(); ++l)
        for (std::size_t h = 0; h < maps[l].size(); ++h)
            out.push_back({static_cast<int>(l), static_cast<int>(h), headShares(maps[l][h])});
    return out;
}

} // namespace attn::hf
