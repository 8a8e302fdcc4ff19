#include <algorithm>
#include <attn/top_k.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace attn {

std::vector<std::pair<int, float>> softmaxTopK(const Vector& logits, int k) {
    if (k < 1)
        throw std::invalid_argument("softmaxTopK: k must be >= 1, got " + std::to_string(k));
    const Eigen::Index n = logits.size();
    if (n == 0)
        throw std::invalid_argument("softmaxTopK: no logits");
    if (!logits.allFinite())
        throw std::invalid_argument("softmaxTopK: the logits hold a non-finite value");
    const float top = logits.maxCoeff();
    const Eigen::ArrayXf e = (logits.array() - top).exp(); // n
    const float sum = e.sum();
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    const auto kk = static_cast<std::ptrdiff_t>(std::min<Eigen::Index>(k, n));
    std::partial_sort(order.begin(), order.begin() + kk, order.end(), [&](int a, int b) {
        return logits(a) > logits(b) || (logits(a) == logits(b) && a < b);
    });
    std::vector<std::pair<int, float>> out;
    out.reserve(static_cast<std::size_t>(kk));
    for (std::ptrdiff_t i = 0; i < kk; ++i) {
        const int id = order[static_cast<std::size_t>(i)];
        out.emplace_back(id, e(id) / sum);
    }
    return out;
}

double logSoftmaxNormaliser(const Vector& logits) {
    if (logits.size() == 0)
        throw std::invalid_argument("logSoftmaxNormaliser: no logits");
    if (!logits.allFinite())
        throw std::invalid_argument("logSoftmaxNormaliser: the logits hold a non-finite value");
    const float top = logits.maxCoeff();
    return static_cast<double>(top) + std::log(static_cast<double>((logits.array() - top).exp().sum()));
}

} // namespace attn
