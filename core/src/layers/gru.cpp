#include <attn/layers/gru.hpp>
#include <cmath>
#include <stdexcept>

namespace attn::layers {

Gru Gru::load(WeightLoader& w, const std::string& prefix, Eigen::Index input, Eigen::Index hidden,
              int layer) {
    const std::string l = "_l" + std::to_string(layer);
    Gru g;
    g.weightIh = w.matrix(prefix + ".weight_ih" + l, 3 * hidden, input);
    g.weightHh = w.matrix(prefix + ".weight_hh" + l, 3 * hidden, hidden);
    g.biasIh = w.vector(prefix + ".bias_ih" + l, 3 * hidden);
    g.biasHh = w.vector(prefix + ".bias_hh" + l, 3 * hidden);
    return g;
}

Vector Gru::step(const Eigen::Ref<const Vector>& x, const Eigen::Ref<const Vector>& h) const {
    const Eigen::Index H = hiddenSize();
    if (x.size() != weightIh.cols() || h.size() != H)
        throw std::invalid_argument("Gru::step: input sizes");
    const Vector gi = weightIh * x + biasIh; // 3H: [r | z | n] input parts
    const Vector gh = weightHh * h + biasHh; // 3H: [r | z | n] hidden parts
    auto sigmoid = [](float v) { return 1.0f / (1.0f + std::exp(-v)); };
    const Vector r = (gi.segment(0, H) + gh.segment(0, H)).unaryExpr(sigmoid);
    const Vector z = (gi.segment(H, H) + gh.segment(H, H)).unaryExpr(sigmoid);
    const Vector n =
        (gi.segment(2 * H, H).array() + r.array() * gh.segment(2 * H, H).array()).tanh().matrix();
    return ((1.0f - z.array()) * n.array() + z.array() * h.array()).matrix();
}

Matrix Gru::sequence(const Eigen::Ref<const Matrix>& xs, const Eigen::Ref<const Vector>& h0) const {
    Matrix out(xs.rows(), hiddenSize()); // T x H
    Vector h = h0;
    for (Eigen::Index t = 0; t < xs.rows(); ++t) {
        h = step(xs.row(t).transpose(), h);
        out.row(t) = h.transpose();
    }
    return out;
}

} // namespace attn::layers
