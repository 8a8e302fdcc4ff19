#pragma once
// torch.nn.Linear: y = x W^T + b, with W stored as in PyTorch (out x in).

#include <attn/matrix.hpp>
#include <attn/safetensors.hpp>
#include <string>

namespace attn::layers {

struct Linear {
    Matrix weight; // out x in
    Vector bias;   // out (may be empty: no bias)

    Linear() = default;
    Linear(Matrix w, Vector b);
    /// Loads `<prefix>.weight` [out, in] and `<prefix>.bias` [out].
    static Linear load(WeightLoader& w, const std::string& prefix, Eigen::Index in, Eigen::Index out);

    Eigen::Index inFeatures() const { return weight.cols(); }
    Eigen::Index outFeatures() const { return weight.rows(); }
    /// x: T x in -> T x out.
    Matrix forward(const Eigen::Ref<const Matrix>& x) const;
    /// The same into caller storage: y must be T x out (no allocation).
    void forwardInto(const Eigen::Ref<const Matrix>& x, Eigen::Ref<Matrix> y) const;
};

} // namespace attn::layers
