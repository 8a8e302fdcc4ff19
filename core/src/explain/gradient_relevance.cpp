// Chefer et al. 2021 gradient-weighted relevance (explain/gradient_relevance.hpp).
#include <attn/explain/gradient_relevance.hpp>
#include <stdexcept>
#include <string>

namespace attn::explain {

Eigen::MatrixXd gradientRelevance(const AttentionStack& attention,
                                  const std::vector<std::vector<Matrix>>& gradients) {
    if (attention.empty() || attention.size() != gradients.size())
        throw std::invalid_argument("gradientRelevance: " + std::to_string(attention.size()) +
                                    " attention layers and " + std::to_string(gradients.size()) +
                                    " gradient layers, expected the same (> 0)");
    const Eigen::Index T = attention.front().empty() ? 0 : attention.front().front().rows();
    Eigen::MatrixXd r = Eigen::MatrixXd::Identity(T, T); // T x T
    for (std::size_t l = 0; l < attention.size(); ++l) {
        const auto& a = attention[l];
        const auto& g = gradients[l];
        if (a.empty() || a.size() != g.size())
            throw std::invalid_argument("gradientRelevance: layer " + std::to_string(l) + " has " +
                                        std::to_string(a.size()) + " maps and " + std::to_string(g.size()) +
                                        " gradients, expected the same (> 0)");
        Eigen::MatrixXd cam = Eigen::MatrixXd::Zero(T, T); // T x T
        for (std::size_t h = 0; h < a.size(); ++h) {
            if (a[h].rows() != T || a[h].cols() != T || g[h].rows() != T || g[h].cols() != T)
                throw std::invalid_argument("gradientRelevance: layer " + std::to_string(l) + " head " +
                                            std::to_string(h) + " is " + std::to_string(a[h].rows()) + "x" +
                                            std::to_string(a[h].cols()) + " with a gradient " +
                                            std::to_string(g[h].rows()) + "x" + std::to_string(g[h].cols()) +
                                            ", expected " + std::to_string(T) + "x" + std::to_string(T));
            cam += (a[h].cast<double>().array() * g[h].cast<double>().array()).max(0.0).matrix();
        }
        cam /= static_cast<double>(a.size());
        r += cam * r;
    }
    return r;
}

} // namespace attn::explain
