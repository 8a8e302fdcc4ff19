#include "../dense_simd.hpp"

#include <attn/layers/linear.hpp>
#include <stdexcept>
#include <string>

namespace attn::layers {

Linear::Linear(Matrix w, Vector b) : weight(std::move(w)), bias(std::move(b)) {
    if (bias.size() != 0 && bias.size() != weight.rows())
        throw std::invalid_argument("Linear: bias size differs from the number of outputs");
}

Linear Linear::load(WeightLoader& w, const std::string& prefix, Eigen::Index in, Eigen::Index out) {
    Matrix weight = w.matrix(prefix + ".weight", out, in);
    Vector bias = w.vector(prefix + ".bias", out);
    return Linear(std::move(weight), std::move(bias));
}

Matrix Linear::forward(const Eigen::Ref<const Matrix>& x) const {
    Matrix y(x.rows(), weight.rows()); // T x out
    forwardInto(x, y);
    return y;
}

void Linear::forwardInto(const Eigen::Ref<const Matrix>& x, Eigen::Ref<Matrix> y) const {
    if (x.cols() != weight.cols())
        throw std::invalid_argument("Linear: expected input width " + std::to_string(weight.cols()) +
                                    ", got " + std::to_string(x.cols()));
    if (y.rows() != x.rows() || y.cols() != weight.rows())
        throw std::invalid_argument("Linear: expected output [" + std::to_string(x.rows()) + "x" +
                                    std::to_string(weight.rows()) + "], got [" + std::to_string(y.rows()) +
                                    "x" + std::to_string(y.cols()) + "]");
    if (!detail::denseTransposedInto(x, weight, y))
        y.noalias() = x * weight.transpose();
    if (bias.size())
        y.rowwise() += bias.transpose();
}

} // namespace attn::layers
