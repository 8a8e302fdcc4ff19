#include "common.hpp"

#include <algorithm>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <cmath>

namespace attn::detail {

Matrix sinusoidalTable(int positions, int d) {
    Matrix pe = Matrix::Zero(positions, d); // positions x d
    for (int p = 0; p < positions; ++p)
        for (int i = 0; i < d; i += 2) {
            const double angle = static_cast<double>(p) / std::pow(10000.0, static_cast<double>(i) / d);
            pe(p, i) = static_cast<float>(std::sin(angle));
            if (i + 1 < d)
                pe(p, i + 1) = static_cast<float>(std::cos(angle));
        }
    return pe;
}

std::vector<float> softmax(const std::vector<float>& logits) {
    std::vector<float> p(logits.size());
    if (logits.empty())
        return p;
    const float m = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (std::size_t i = 0; i < logits.size(); ++i)
        sum += (p[i] = std::exp(logits[i] - m));
    for (auto& v : p)
        v = static_cast<float>(v / sum);
    return p;
}

std::vector<std::string> tokenizeText(std::string_view text) {
    return attn::tokenize(text);
}

} // namespace attn::detail
