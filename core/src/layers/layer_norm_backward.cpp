// Backward of torch.nn.LayerNorm over the last dimension (layers/layer_norm.hpp).
#include <attn/layers/backward.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn::layers {

Matrix layerNormBackward(const LayerNorm& norm, const Eigen::Ref<const Matrix>& x,
                         const Eigen::Ref<const Matrix>& dy) {
    const Eigen::Index d = norm.weight.size();
    if (x.cols() != d || dy.cols() != d || dy.rows() != x.rows())
        throw std::invalid_argument("layerNormBackward: expected input and gradient " +
                                    std::to_string(x.rows()) + "x" + std::to_string(d) + ", got " +
                                    std::to_string(x.rows()) + "x" + std::to_string(x.cols()) + " and " +
                                    std::to_string(dy.rows()) + "x" + std::to_string(dy.cols()));
    Matrix dx(x.rows(), d); // T x d
    const Eigen::ArrayXd w = norm.weight.cast<double>().array();
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const Eigen::ArrayXd row = x.row(i).transpose().cast<double>().array();
        const double mean = row.mean();
        const double var = (row - mean).square().mean(); // biased, as the forward
        const double rstd = 1.0 / std::sqrt(var + static_cast<double>(norm.eps));
        const Eigen::ArrayXd xhat = (row - mean) * rstd;
        const Eigen::ArrayXd g = dy.row(i).transpose().cast<double>().array() * w;
        const Eigen::ArrayXd r = (g - g.mean() - xhat * (g * xhat).mean()) * rstd;
        dx.row(i) = r.matrix().transpose().cast<float>();
    }
    return dx;
}

} // namespace attn::layers
