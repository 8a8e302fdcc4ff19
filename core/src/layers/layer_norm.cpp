#include <attn/layers/layer_norm.hpp>
#include <cmath>
#include <stdexcept>

namespace attn::layers {

LayerNorm LayerNorm::load(WeightLoader& w, const std::string& prefix, Eigen::Index d, float eps) {
    LayerNorm ln;
    ln.weight = w.vector(prefix + ".weight", d);
    ln.bias = w.vector(prefix + ".bias", d);
    ln.eps = eps;
    return ln;
}

Matrix LayerNorm::forward(const Eigen::Ref<const Matrix>& x) const {
    if (x.cols() != weight.size())
        throw std::invalid_argument("LayerNorm: input width differs from d");
    Matrix y(x.rows(), x.cols()); // T x d
    const float inv = 1.0f / static_cast<float>(x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const auto row = x.row(i).array();
        const float mean = row.sum() * inv;
        const float var = (row - mean).square().sum() * inv; // biased, as PyTorch
        const float rstd = 1.0f / std::sqrt(var + eps);
        y.row(i) = ((row - mean) * rstd) * weight.transpose().array() + bias.transpose().array();
    }
    return y;
}

} // namespace attn::layers
