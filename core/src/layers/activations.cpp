#include <attn/layers/activations.hpp>
#include <unsupported/Eigen/SpecialFunctions>

namespace attn::layers {

void geluExactInPlace(Eigen::Ref<Matrix> x) {
    auto a = x.array();
    a = 0.5f * a * (1.0f + (a * 0.70710678118654752440f).erf());
}

void geluTanhInPlace(Eigen::Ref<Matrix> x) {
    const float c = 0.79788456080286535588f; // sqrt(2 / pi)
    auto a = x.array();
    a = 0.5f * a * (1.0f + (c * (a + 0.044715f * a.cube())).tanh());
}

void siluInPlace(Eigen::Ref<Matrix> x) {
    auto a = x.array();
    a = a / (1.0f + (-a).exp());
}

void reluInPlace(Eigen::Ref<Matrix> x) {
    x = x.cwiseMax(0.0f);
}

} // namespace attn::layers
