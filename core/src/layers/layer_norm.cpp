#include <attn/layers/layer_norm.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn::layers {

LayerNorm LayerNorm::load(WeightLoader& w, const std::string& prefix, Eigen::Index d, float eps) {
    LayerNorm ln;
    ln.weight = w.vector(prefix + ".weight", d);
    ln.bias = w.vector(prefix + ".bias", d);
    ln.eps = eps;
    return ln;
}

namespace {
/// Normalises each row of x into y (same shape; y may alias x). mean/var: T each, when given.
void normalizeRows(const Eigen::Ref<const Matrix>& x, Eigen::Ref<Matrix> y, const Vector& weight,
                   const Vector& bias, float eps, Vector* meanOut, Vector* varOut) {
    if (x.cols() != weight.size())
        throw std::invalid_argument("LayerNorm: expected input width " + std::to_string(weight.size()) +
                                    ", got " + std::to_string(x.cols()));
    if (y.rows() != x.rows() || y.cols() != x.cols())
        throw std::invalid_argument("LayerNorm: expected output [" + std::to_string(x.rows()) + "x" +
                                    std::to_string(x.cols()) + "], got [" + std::to_string(y.rows()) + "x" +
                                    std::to_string(y.cols()) + "]");
    if (meanOut)
        meanOut->resize(x.rows());
    if (varOut)
        varOut->resize(x.rows());
    const float inv = 1.0f / static_cast<float>(x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const auto row = x.row(i).array();
        const float mean = row.sum() * inv;
        const float var = (row - mean).square().sum() * inv; // biased, as PyTorch
        if (meanOut)
            (*meanOut)(i) = mean;
        if (varOut)
            (*varOut)(i) = var;
        const float rstd = 1.0f / std::sqrt(var + eps);
        y.row(i) = ((row - mean) * rstd) * weight.transpose().array() + bias.transpose().array();
    }
}
} // namespace

Matrix LayerNorm::forward(const Eigen::Ref<const Matrix>& x, Vector* meanOut, Vector* varOut) const {
    Matrix y(x.rows(), x.cols()); // T x d
    normalizeRows(x, y, weight, bias, eps, meanOut, varOut);
    return y;
}

void LayerNorm::forwardInto(const Eigen::Ref<const Matrix>& x, Eigen::Ref<Matrix> y) const {
    normalizeRows(x, y, weight, bias, eps, nullptr, nullptr);
}

} // namespace attn::layers
