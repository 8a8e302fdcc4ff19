#include <attn/capabilities/sentence_encoder.hpp>
#include <cmath>
#include <stdexcept>

namespace attn {

double cosineSimilarity(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size())
        throw std::invalid_argument("cosineSimilarity: vectors of " + std::to_string(a.size()) + " and " +
                                    std::to_string(b.size()) + " values");
    double dot = 0, na = 0, nb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        dot += static_cast<double>(a[i]) * b[i];
        na += static_cast<double>(a[i]) * a[i];
        nb += static_cast<double>(b[i]) * b[i];
    }
    if (na == 0 || nb == 0)
        return 0;
    return dot / (std::sqrt(na) * std::sqrt(nb));
}

std::vector<std::vector<double>> similarityMatrix(const std::vector<std::vector<float>>& vectors) {
    const std::size_t n = vectors.size();
    std::vector<std::vector<double>> m(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j)
            m[i][j] = m[j][i] = cosineSimilarity(vectors[i], vectors[j]);
    return m;
}

} // namespace attn
