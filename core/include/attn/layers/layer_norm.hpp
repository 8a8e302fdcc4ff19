#pragma once
// torch.nn.LayerNorm over the last dimension: (x - mean) / sqrt(var + eps) * weight + bias, with the
// biased variance (divide by d), as PyTorch.

#include <attn/matrix.hpp>
#include <attn/safetensors.hpp>
#include <string>

namespace attn::layers {

struct LayerNorm {
    Vector weight; // d
    Vector bias;   // d
    float eps = 1e-5f;

    Eigen::Index width() const { return weight.size(); }

    static LayerNorm load(WeightLoader& w, const std::string& prefix, Eigen::Index d, float eps);
    /// x: T x d -> T x d. When given, `mean` and `var` receive each row's mean and biased variance (T).
    Matrix forward(const Eigen::Ref<const Matrix>& x, Vector* mean = nullptr, Vector* var = nullptr) const;
    /// The same into caller storage (y: T x d; may be x itself); allocates nothing.
    void forwardInto(const Eigen::Ref<const Matrix>& x, Eigen::Ref<Matrix> y) const;
};

} // namespace attn::layers
