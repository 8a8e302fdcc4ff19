// The pooling and classifier of transformer_classifier, backwards (issue 17, gradient relevance):
// logits = classifier(pooled), pooled = x[0] (cls) or mean of the real rows (mean).
#include <attn/models/transformer_classifier.hpp>
#include <stdexcept>
#include <string>

namespace attn {

Matrix TransformerClassifier::logitGradient(const std::vector<std::uint8_t>& keyAllowed, int c) const {
    const auto n = static_cast<int>(classifier_.outFeatures());
    if (c < 0 || c >= n)
        throw std::invalid_argument("logitGradient: class " + std::to_string(c) + " out of range [0, " +
                                    std::to_string(n) + ")");
    const auto T = static_cast<Eigen::Index>(keyAllowed.size());
    if (T == 0)
        throw std::invalid_argument("logitGradient: empty key mask");
    const Eigen::Index d = classifier_.inFeatures();
    Matrix g = Matrix::Zero(T, d);            // T x d
    const auto w = classifier_.weight.row(c); // 1 x d: ∂logit_c/∂pooled
    if (config_.pooling == Pooling::Cls) {
        g.row(0) = w;
        return g;
    }
    float rows = 0;
    for (const auto k : keyAllowed)
        rows += k ? 1.0f : 0.0f;
    for (Eigen::Index t = 0; t < T; ++t)
        if (keyAllowed[static_cast<std::size_t>(t)])
            g.row(t) = w / std::max(rows, 1.0f);
    return g;
}

} // namespace attn
