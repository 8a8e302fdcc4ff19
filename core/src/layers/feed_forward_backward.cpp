// Backward of the encoder layer's feed-forward block linear2(act(linear1(x))) with relu or exact gelu
// (layers/encoder_layer.hpp).
#include <attn/layers/backward.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn::layers {

Matrix feedForwardBackward(const TransformerEncoderLayer& layer, const Eigen::Ref<const Matrix>& ffPre,
                           const Eigen::Ref<const Matrix>& dy) {
    if (ffPre.cols() != layer.linear1.outFeatures() || ffPre.rows() != dy.rows())
        throw std::invalid_argument("feedForwardBackward: expected the pre-activation " +
                                    std::to_string(dy.rows()) + "x" +
                                    std::to_string(layer.linear1.outFeatures()) + ", got " +
                                    std::to_string(ffPre.rows()) + "x" + std::to_string(ffPre.cols()));
    if (layer.activation != Activation::Relu && layer.activation != Activation::Gelu)
        throw std::invalid_argument("feedForwardBackward: the backward implements relu and exact gelu only");
    Matrix dHidden = linearBackward(layer.linear2, dy); // T x ff
    if (layer.activation == Activation::Relu) {
        dHidden = (ffPre.array() > 0.0f).select(dHidden, 0.0f);
    } else {
        // d/du [u Φ(u)] = Φ(u) + u φ(u), Φ(u) = (1 + erf(u / √2)) / 2, φ(u) = exp(-u² / 2) / √(2π)
        for (Eigen::Index i = 0; i < dHidden.rows(); ++i)
            for (Eigen::Index j = 0; j < dHidden.cols(); ++j) {
                const double u = ffPre(i, j);
                const double cdf = 0.5 * (1.0 + std::erf(u * 0.70710678118654752));
                const double pdf = std::exp(-0.5 * u * u) * 0.39894228040143268;
                dHidden(i, j) = static_cast<float>(dHidden(i, j) * (cdf + u * pdf));
            }
    }
    return linearBackward(layer.linear1, dHidden); // T x d
}

} // namespace attn::layers
