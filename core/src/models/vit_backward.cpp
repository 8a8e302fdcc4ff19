// The classification head of vit, backwards (issue 17, gradient relevance): logits = head(norm(x[0])).
#include <attn/layers/backward.hpp>
#include <attn/models/vit.hpp>
#include <stdexcept>
#include <string>

namespace attn {

Matrix VitModel::logitGradient(const std::vector<layers::LayerTrace>& traces, int c) const {
    const auto n = static_cast<int>(head_.outFeatures());
    if (c < 0 || c >= n)
        throw std::invalid_argument("logitGradient: class " + std::to_string(c) + " out of range [0, " +
                                    std::to_string(n) + ")");
    if (traces.empty() || traces.back().output.rows() == 0)
        throw std::invalid_argument("logitGradient: needs the traced forward");
    const Matrix& last = traces.back().output; // (N + 1) x d, before the encoder's final norm
    const Matrix encoded0 =
        encoder_.hasFinalNorm ? encoder_.finalNorm.forward(last.topRows(1)) : Matrix(last.topRows(1));
    const Matrix dNormed = head_.weight.row(c); // 1 x d: ∂logit_c/∂norm(x[0])
    Matrix g = Matrix::Zero(last.rows(), last.cols());
    g.row(0) = layers::layerNormBackward(norm_, encoded0, dNormed);
    return g;
}

} // namespace attn
