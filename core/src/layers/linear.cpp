#include <attn/layers/linear.hpp>
#include <stdexcept>

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
    if (x.cols() != weight.cols())
        throw std::invalid_argument("Linear: input width differs from in_features");
    Matrix y(x.rows(), weight.rows()); // T x out
    y.noalias() = x * weight.transpose();
    if (bias.size())
        y.rowwise() += bias.transpose();
    return y;
}

} // namespace attn::layers
