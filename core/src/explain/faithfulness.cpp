// Deletion curve and AOPC (Samek et al. 2017, IEEE TNNLS 28(11)), Spearman's rank correlation.
#include <algorithm>
#include <attn/explain/faithfulness.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace attn::explain {

double aopc(const std::vector<double>& curve) {
    if (curve.empty())
        return 0.0;
    double s = 0.0;
    for (double p : curve)
        s += curve.front() - p;
    return s / static_cast<double>(curve.size());
}

DeletionCurve deletionCurve(const Subject& subject, const std::vector<double>& relevance) {
    const std::size_t n = subject.inputCount();
    if (relevance.size() != n)
        throw std::invalid_argument("deletionCurve: " + std::to_string(relevance.size()) +
                                    " relevance values, expected " + std::to_string(n));
    DeletionCurve out;
    out.order.resize(n);
    std::iota(out.order.begin(), out.order.end(), std::size_t{0});
    std::stable_sort(out.order.begin(), out.order.end(),
                     [&](std::size_t a, std::size_t b) { return relevance[a] > relevance[b]; });
    const ClassifierResult base = subject.run({});
    const auto c = static_cast<std::size_t>(base.predicted);
    out.probability.push_back(base.probabilities[c]);
    std::vector<std::size_t> removed;
    for (std::size_t k = 0; k + 1 < n; ++k) {
        removed.push_back(out.order[k]);
        out.probability.push_back(subject.run(removed).probabilities[c]);
    }
    out.aopc = aopc(out.probability);
    return out;
}

namespace {
std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), std::size_t{0});
    std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < idx.size();) {
        std::size_t j = i;
        while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]])
            ++j;
        const double avg = 0.5 * static_cast<double>(i + j) + 1.0;
        for (std::size_t k = i; k <= j; ++k)
            r[idx[k]] = avg;
        i = j + 1;
    }
    return r;
}
} // namespace

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size())
        throw std::invalid_argument("spearman: " + std::to_string(a.size()) + " vs " +
                                    std::to_string(b.size()) + " values");
    if (a.size() < 2)
        return 0.0;
    const auto ra = ranks(a), rb = ranks(b);
    const double n = static_cast<double>(a.size());
    const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
    const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    if (saa <= 0 || sbb <= 0)
        return 0.0;
    return sab / std::sqrt(saa * sbb);
}

} // namespace attn::explain
