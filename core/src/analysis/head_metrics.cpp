// Head metrics (attn/analysis/head_metrics.hpp): the per-row figures, the induction input and score,
// and their sums over many inputs.
#include <algorithm>
#include <attn/analysis/head_metrics.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace attn::analysis {

namespace {

std::size_t index(Metric m) {
    return static_cast<std::size_t>(m);
}

bool better(const HeadExample& a, const HeadExample& b) {
    if (a.value != b.value)
        return a.value > b.value;
    if (a.input != b.input)
        return a.input < b.input;
    return a.position < b.position;
}

} // namespace

std::string_view metricName(Metric m) {
    switch (m) {
    case Metric::Sink:
        return "sink";
    case Metric::Previous:
        return "previous";
    case Metric::Self:
        return "self";
    case Metric::Cls:
        return "cls";
    case Metric::Sep:
        return "sep";
    case Metric::Entropy:
        return "entropy";
    case Metric::Distance:
        return "distance";
    case Metric::Induction:
        return "induction";
    }
    return "?";
}

bool hasExamples(Metric m) {
    return m != Metric::Entropy && m != Metric::Induction;
}

bool countsAsQuery(int query, const PositionLayout& layout) {
    return query >= 1 && layout.isReal(static_cast<std::size_t>(query));
}

RowFigures rowFigures(std::span<const float> row, int query, const PositionLayout& layout) {
    const std::size_t n = row.size();
    if (query < 0 || static_cast<std::size_t>(query) >= n)
        throw std::invalid_argument("rowFigures: query " + std::to_string(query) + " is outside a row of " +
                                    std::to_string(n) + " keys");
    if (!layout.real.empty() && layout.real.size() < n)
        throw std::invalid_argument("rowFigures: the layout covers " + std::to_string(layout.real.size()) +
                                    " positions, the row has " + std::to_string(n) + " keys");
    const auto q = static_cast<std::size_t>(query);
    RowFigures f;
    f.sink = row[0];
    f.previous = q >= 1 ? row[q - 1] : 0.0;
    f.self = row[q];
    if (layout.cls && *layout.cls >= 0 && static_cast<std::size_t>(*layout.cls) < n &&
        layout.isReal(static_cast<std::size_t>(*layout.cls)))
        f.cls = row[static_cast<std::size_t>(*layout.cls)];
    if (!layout.sep.empty()) {
        double s = 0;
        bool any = false;
        for (int p : layout.sep)
            if (p >= 0 && static_cast<std::size_t>(p) < n && layout.isReal(static_cast<std::size_t>(p))) {
                s += row[static_cast<std::size_t>(p)];
                any = true;
            }
        if (any)
            f.sep = s;
    }
    double entropy = 0;
    for (std::size_t j = 0; j < n; ++j)
        if (layout.isReal(j) && row[j] > 0.0f)
            entropy -= static_cast<double>(row[j]) * std::log(static_cast<double>(row[j]));
    f.entropy = entropy;
    if (layout.gridWidth <= 0) {
        double d = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (layout.isReal(j))
                d += static_cast<double>(row[j]) * std::abs(static_cast<double>(q) - static_cast<double>(j));
        f.distance = d;
    } else if (query >= layout.gridStart) {
        const int w = layout.gridWidth;
        const int pq = query - layout.gridStart;
        const double rq = pq / w, cq = pq % w;
        double weighted = 0, mass = 0;
        for (std::size_t j = static_cast<std::size_t>(std::max(layout.gridStart, 0)); j < n; ++j) {
            if (!layout.isReal(j))
                continue;
            const int pj = static_cast<int>(j) - layout.gridStart;
            const double dr = rq - pj / w, dc = cq - pj % w;
            weighted += static_cast<double>(row[j]) * std::sqrt(dr * dr + dc * dc);
            mass += row[j];
        }
        if (mass > 0)
            f.distance = weighted / mass;
    }
    return f;
}

double MetricSum::mean() const {
    return rows > 0 ? sum / static_cast<double>(rows) : std::numeric_limits<double>::quiet_NaN();
}

std::vector<int> inductionInput(int bos, int runLength, int vocabSize, std::uint64_t seed,
                                const std::vector<int>& excluded) {
    if (runLength < 1)
        throw std::invalid_argument("inductionInput: the run length must be at least 1, got " +
                                    std::to_string(runLength));
    std::vector<int> candidates;
    for (int id = 0; id < vocabSize; ++id)
        if (std::find(excluded.begin(), excluded.end(), id) == excluded.end())
            candidates.push_back(id);
    if (candidates.empty())
        throw std::invalid_argument("inductionInput: no token id left to draw from a vocabulary of " +
                                    std::to_string(vocabSize));
    std::mt19937_64 rng(seed);
    const bool distinct = candidates.size() >= static_cast<std::size_t>(runLength);
    std::vector<int> run;
    run.reserve(static_cast<std::size_t>(runLength));
    while (run.size() < static_cast<std::size_t>(runLength)) {
        const std::size_t k = static_cast<std::size_t>(rng() % candidates.size());
        run.push_back(candidates[k]);
        if (distinct) { // without repetition: the drawn id leaves the candidates
            candidates[k] = candidates.back();
            candidates.pop_back();
        }
    }
    std::vector<int> ids;
    ids.reserve(2 * run.size() + 1);
    ids.push_back(bos);
    ids.insert(ids.end(), run.begin(), run.end());
    ids.insert(ids.end(), run.begin(), run.end());
    return ids;
}

double inductionScore(const Matrix& map, int runLength) {
    const Eigen::Index need = 2 * static_cast<Eigen::Index>(runLength) + 1;
    if (runLength < 1 || map.rows() < need || map.cols() < need)
        throw std::invalid_argument("inductionScore: a run of " + std::to_string(runLength) + " needs a " +
                                    std::to_string(need) + " x " + std::to_string(need) + " map, got " +
                                    std::to_string(map.rows()) + " x " + std::to_string(map.cols()));
    double s = 0;
    for (Eigen::Index i = runLength + 1; i <= 2 * runLength; ++i)
        s += map(i, i - runLength + 1);
    return s / runLength;
}

HeadMetrics::HeadMetrics(int layers, int heads, int topK) : layers_(layers), heads_(heads), topK_(topK) {
    if (layers < 0 || heads < 0 || topK < 0)
        throw std::invalid_argument("HeadMetrics: negative size");
    cells_.resize(static_cast<std::size_t>(layers) * static_cast<std::size_t>(heads));
}

HeadMetrics::Head& HeadMetrics::at(int layer, int head) {
    if (layer < 0 || layer >= layers_ || head < 0 || head >= heads_)
        throw std::out_of_range("HeadMetrics: no layer " + std::to_string(layer) + " head " +
                                std::to_string(head));
    return cells_[static_cast<std::size_t>(layer) * static_cast<std::size_t>(heads_) +
                  static_cast<std::size_t>(head)];
}

const HeadMetrics::Head& HeadMetrics::at(int layer, int head) const {
    return const_cast<HeadMetrics*>(this)->at(layer, head);
}

const MetricSum& HeadMetrics::sum(int layer, int head, Metric m) const {
    return at(layer, head).sums[index(m)];
}

const std::vector<HeadExample>& HeadMetrics::top(int layer, int head, Metric m) const {
    return at(layer, head).top[index(m)];
}

void HeadMetrics::offer(std::vector<HeadExample>& top, const HeadExample& e) const {
    if (topK_ <= 0)
        return;
    if (top.size() == static_cast<std::size_t>(topK_) && !better(e, top.back()))
        return;
    top.insert(std::upper_bound(top.begin(), top.end(), e, better), e);
    if (top.size() > static_cast<std::size_t>(topK_))
        top.pop_back();
}

void HeadMetrics::checkShape(const AttentionStack& maps) const {
    if (maps.size() != static_cast<std::size_t>(layers_))
        throw std::invalid_argument("HeadMetrics: expected " + std::to_string(layers_) + " layers, got " +
                                    std::to_string(maps.size()));
    for (std::size_t l = 0; l < maps.size(); ++l)
        if (maps[l].size() != static_cast<std::size_t>(heads_))
            throw std::invalid_argument("HeadMetrics: layer " + std::to_string(l) + " has " +
                                        std::to_string(maps[l].size()) + " heads, expected " +
                                        std::to_string(heads_));
}

void HeadMetrics::addInput(const AttentionStack& maps, const PositionLayout& layout, std::size_t input) {
    checkShape(maps);
    constexpr std::array<Metric, 6> kWithExamples = {Metric::Sink, Metric::Previous, Metric::Self,
                                                     Metric::Cls,  Metric::Sep,      Metric::Distance};
    for (int l = 0; l < layers_; ++l)
        for (int h = 0; h < heads_; ++h) {
            const Matrix& a = maps[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
            if (a.rows() != a.cols() || (!layout.real.empty() && layout.real.size() != std::size_t(a.rows())))
                throw std::invalid_argument(
                    "HeadMetrics: layer " + std::to_string(l) + " head " + std::to_string(h) + " is " +
                    std::to_string(a.rows()) + " x " + std::to_string(a.cols()) +
                    ", expected T x T with T = " +
                    (layout.real.empty() ? std::string("its rows") : std::to_string(layout.real.size())));
            Head& cell = at(l, h);
            std::array<std::optional<HeadExample>, kMetricCount> best;
            auto note = [&](Metric m, double v, int q) {
                MetricSum& s = cell.sums[index(m)];
                s.sum += v;
                ++s.rows;
                auto& b = best[index(m)];
                const HeadExample e{input, q, v};
                if (!b || better(e, *b))
                    b = e;
            };
            for (Eigen::Index q = 0; q < a.rows(); ++q) {
                if (!countsAsQuery(static_cast<int>(q), layout))
                    continue;
                const std::span<const float> row(a.data() + q * a.cols(), static_cast<std::size_t>(a.cols()));
                const RowFigures f = rowFigures(row, static_cast<int>(q), layout);
                const int qi = static_cast<int>(q);
                note(Metric::Sink, f.sink, qi);
                note(Metric::Previous, f.previous, qi);
                note(Metric::Self, f.self, qi);
                note(Metric::Entropy, f.entropy, qi);
                if (f.cls)
                    note(Metric::Cls, *f.cls, qi);
                if (f.sep)
                    note(Metric::Sep, *f.sep, qi);
                if (f.distance)
                    note(Metric::Distance, *f.distance, qi);
            }
            for (Metric m : kWithExamples)
                if (best[index(m)])
                    offer(cell.top[index(m)], *best[index(m)]);
        }
    ++inputs_;
}

void HeadMetrics::addInduction(const AttentionStack& maps, int runLength) {
    checkShape(maps);
    for (int l = 0; l < layers_; ++l)
        for (int h = 0; h < heads_; ++h) {
            const Matrix& a = maps[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
            inductionScore(a, runLength); // checks the size
            MetricSum& s = at(l, h).sums[index(Metric::Induction)];
            for (Eigen::Index i = runLength + 1; i <= 2 * runLength; ++i)
                s.sum += a(i, i - runLength + 1);
            s.rows += runLength;
        }
    ++inductionInputs_;
}

void HeadMetrics::merge(const HeadMetrics& later) {
    if (later.layers_ != layers_ || later.heads_ != heads_ || later.topK_ != topK_)
        throw std::invalid_argument("HeadMetrics::merge: different shapes");
    for (std::size_t c = 0; c < cells_.size(); ++c)
        for (std::size_t m = 0; m < kMetricCount; ++m) {
            cells_[c].sums[m].sum += later.cells_[c].sums[m].sum;
            cells_[c].sums[m].rows += later.cells_[c].sums[m].rows;
            for (const auto& e : later.cells_[c].top[m])
                offer(cells_[c].top[m], e);
        }
    inputs_ += later.inputs_;
    inductionInputs_ += later.inductionInputs_;
}

} // namespace attn::analysis
