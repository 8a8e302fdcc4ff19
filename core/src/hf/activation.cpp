#include <attn/hf/gpt2.hpp>
#include <attn/layers/activations.hpp>
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
    switch (a) {
    case HfActivation::GeluNew: // transformers' NewGELUActivation: the tanh approximation
        layers::geluTanhInPlace(x);
        break;
    case HfActivation::Gelu: // exact: x * Phi(x)
        layers::geluExactInPlace(x);
        break;
    case HfActivation::Relu:
        layers::reluInPlace(x);
        break;
    case HfActivation::Silu:
        layers::siluInPlace(x);
        break;
    }
}

} // namespace attn::hf
