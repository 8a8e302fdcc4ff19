// Head-pattern shares (attn/hf/head_patterns.hpp): first token, previous token, self — the rows and
// figures of attn/analysis/head_metrics.hpp (rowFigures, countsAsQuery), so that the Generate page and
// the head survey use one definition.
#include <attn/analysis/head_metrics.hpp>
#include <attn/hf/head_patterns.hpp>
#include <span>
#include <stdexcept>
#include <string>

namespace attn::hf {

namespace {

struct Accumulator {
    double first = 0, previous = 0, self = 0;
    int rows = 0;
    void add(std::span<const float> row, int query) {
        const analysis::PositionLayout causal; // every position real
        if (!analysis::countsAsQuery(query, causal))
            return;
        const analysis::RowFigures f = analysis::rowFigures(row, query, causal);
        first += f.sink;
        previous += f.previous;
        self += f.self;
        ++rows;
    }
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
    for (const auto& a : rows)
        if (!a.empty())
            acc.add(a, static_cast<int>(a.size()) - 1); // a causal row ends at its query
    return acc.finish();
}

HeadShares headShares(const Matrix& causal) {
    if (causal.rows() != causal.cols())
        throw std::invalid_argument("headShares: expected a square causal map, got " +
                                    std::to_string(causal.rows()) + " x " + std::to_string(causal.cols()));
    Accumulator acc;
    for (Eigen::Index q = 0; q < causal.rows(); ++q) // the cells above the diagonal are not read
        acc.add(std::span<const float>(causal.data() + q * causal.cols(), static_cast<std::size_t>(q + 1)),
                static_cast<int>(q));
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
