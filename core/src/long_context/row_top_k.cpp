// Per-row top-k of a head's probabilities (attn/long_context/row_top_k.hpp).
#include <algorithm>
#include <attn/long_context/row_top_k.hpp>
#include <stdexcept>
#include <string>

namespace attn::long_context {

RowTopK::RowTopK(int rowCount, int slots) : k(slots), rows(rowCount) {
    if (rowCount < 0 || slots < 1)
        throw std::invalid_argument("RowTopK: expected rows >= 0 and k >= 1, got " +
                                    std::to_string(rowCount) + " and " + std::to_string(slots));
    const auto n = static_cast<std::size_t>(rowCount) * static_cast<std::size_t>(slots);
    keys.assign(n, -1);
    probabilities.assign(n, 0.0f);
}

std::span<const std::int32_t> RowTopK::rowKeys(int row) const {
    return {keys.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(k),
            static_cast<std::size_t>(k)};
}

std::span<const float> RowTopK::rowProbabilities(int row) const {
    return {probabilities.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(k),
            static_cast<std::size_t>(k)};
}

void selectTopK(const float* p, Eigen::Index n, int k, std::int32_t* keys, float* probabilities) {
    std::fill(keys, keys + k, -1);
    std::fill(probabilities, probabilities + k, 0.0f);
    int count = 0;
    // A candidate enters when the list is not full or it beats the k-th strictly: keys arrive in
    // increasing order, so an equal value never displaces an earlier (lower) key.
    auto offer = [&](Eigen::Index j) {
        const float v = p[j];
        int pos = count < k ? count : k - 1;
        while (pos > 0 && probabilities[pos - 1] < v) { // stays behind equal, earlier keys
            if (pos < k) {
                probabilities[pos] = probabilities[pos - 1];
                keys[pos] = keys[pos - 1];
            }
            --pos;
        }
        probabilities[pos] = v;
        keys[pos] = static_cast<std::int32_t>(j);
        if (count < k)
            ++count;
    };
    Eigen::Index j = 0;
    for (; j < n && count < k; ++j)
        offer(j);
    constexpr Eigen::Index kChunk = 64;
    for (; j < n; j += kChunk) {
        const Eigen::Index e = std::min(n, j + kChunk);
        const float m = Eigen::Map<const Eigen::ArrayXf>(p + j, e - j).maxCoeff(); // most chunks stop here
        if (!(m > probabilities[k - 1]))
            continue;
        for (Eigen::Index i = j; i < e; ++i)
            if (p[i] > probabilities[k - 1])
                offer(i);
    }
}

} // namespace attn::long_context
