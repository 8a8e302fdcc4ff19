#include <attn/layers/encoder_layer.hpp>
#include <cmath>

namespace attn::layers {

void applyActivation(Matrix& x, Activation a) {
    if (a == Activation::Relu) {
        x = x.cwiseMax(0.0f);
    } else { // exact gelu, as torch.nn.functional.gelu(approximate="none")
        const float invSqrt2 = 0.70710678118654752f;
        x = x.unaryExpr([invSqrt2](float v) { return 0.5f * v * (1.0f + std::erf(v * invSqrt2)); });
    }
}

TransformerEncoderLayer TransformerEncoderLayer::load(WeightLoader& w, const std::string& prefix,
                                                      const EncoderConfig& c) {
    TransformerEncoderLayer l;
    l.normFirst = c.normFirst;
    l.activation = c.activation;
    l.selfAttn = MultiheadAttention::load(w, prefix + ".self_attn", c.dModel, c.nHeads);
    l.linear1 = Linear::load(w, prefix + ".linear1", c.dModel, c.ffDim);
    l.linear2 = Linear::load(w, prefix + ".linear2", c.ffDim, c.dModel);
    l.norm1 = LayerNorm::load(w, prefix + ".norm1", c.dModel, c.layerNormEps);
    l.norm2 = LayerNorm::load(w, prefix + ".norm2", c.dModel, c.layerNormEps);
    return l;
}

TransformerEncoderLayer::Result
TransformerEncoderLayer::forward(const Eigen::Ref<const Matrix>& x,
                                 const std::vector<std::uint8_t>& keyAllowed) const {
    auto ff = [this](const Matrix& in) {
        Matrix h = linear1.forward(in); // T x ff
        applyActivation(h, activation);
        return linear2.forward(h); // T x d
    };
    Result r;
    if (normFirst) {
        auto sa = selfAttn.forward(norm1.forward(x), keyAllowed);
        Matrix y = x + sa.output; // T x d
        y += ff(norm2.forward(y));
        r.output = std::move(y);
        r.weights = std::move(sa.weights);
    } else {
        auto sa = selfAttn.forward(x, keyAllowed);
        Matrix y = norm1.forward(x + sa.output); // T x d
        r.output = norm2.forward(y + ff(y));
        r.weights = std::move(sa.weights);
    }
    return r;
}

TransformerEncoder TransformerEncoder::load(WeightLoader& w, const std::string& prefix,
                                            const EncoderConfig& c) {
    TransformerEncoder e;
    for (int i = 0; i < c.nLayers; ++i)
        e.layers.push_back(TransformerEncoderLayer::load(w, prefix + ".layers." + std::to_string(i), c));
    if (w.has(prefix + ".norm.weight")) {
        e.hasFinalNorm = true;
        e.finalNorm = LayerNorm::load(w, prefix + ".norm", c.dModel, c.layerNormEps);
    }
    return e;
}

Matrix TransformerEncoder::forward(Matrix x, const std::vector<std::uint8_t>& keyAllowed,
                                   AttentionStack& attention) const {
    attention.clear();
    attention.reserve(layers.size());
    for (const auto& layer : layers) {
        auto r = layer.forward(x, keyAllowed);
        x = std::move(r.output);
        attention.push_back(std::move(r.weights));
    }
    if (hasFinalNorm)
        x = finalNorm.forward(x);
    return x;
}

} // namespace attn::layers
