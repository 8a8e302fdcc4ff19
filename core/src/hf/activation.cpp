#include <attn/hf/gpt2.hpp>
#include <cmath>

namespace attn::hf {

HfActivation parseActivation(const HfConfig& c, const std::string& key, const std::string& fallback) {
    const auto name = c.string(key, fallback);
    if (name == "gelu_new" || name == "gelu_pytorch_tanh")
        return HfActivation::GeluNew;
    if (name == "gelu")
        return HfActivation::Gelu;
    if (name == "relu")
        return HfActivation::Relu;
    if (name == "silu" || name == "swish")
        return HfActivation::Silu;
    c.fail(key, "unsupported activation '" + name +
                    "' (attnviz implements gelu_new, gelu_pytorch_tanh, gelu, "
                    "relu, silu)");
}

void activate(Matrix& x, HfActivation a) {
    float* p = x.data();
    const Eigen::Index n = x.size();
    switch (a) {
    case HfActivation::GeluNew: { // transformers' NewGELUActivation: the tanh approximation
        const float c = std::sqrt(2.0f / 3.14159265358979323846f);
        for (Eigen::Index i = 0; i < n; ++i) {
            const float v = p[i];
            p[i] = 0.5f * v * (1.0f + std::tanh(c * (v + 0.044715f * v * v * v)));
        }
        break;
    }
    case HfActivation::Gelu: // exact: x * Phi(x)
        for (Eigen::Index i = 0; i < n; ++i)
            p[i] = 0.5f * p[i] * (1.0f + std::erf(p[i] * 0.70710678118654752440f));
        break;
    case HfActivation::Relu:
        for (Eigen::Index i = 0; i < n; ++i)
            p[i] = p[i] > 0 ? p[i] : 0.0f;
        break;
    case HfActivation::Silu:
        for (Eigen::Index i = 0; i < n; ++i)
            p[i] = p[i] / (1.0f + std::exp(-p[i]));
        break;
    }
}

} // namespace attn::hf
