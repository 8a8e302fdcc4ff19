// Backward of torch.nn.TransformerEncoderLayer (both orders) and of the encoder stack
// (layers/encoder_layer.hpp), from a traced forward.
#include <attn/layers/backward.hpp>
#include <stdexcept>
#include <string>

namespace attn::layers {

LayerGradients encoderLayerBackward(const TransformerEncoderLayer& layer, const LayerTrace& t,
                                    const Eigen::Ref<const Matrix>& dy) {
    const Eigen::Index T = t.input.rows(), d = layer.selfAttn.dModel;
    if (T == 0 || t.ffPre.rows() != T || t.residual1.rows() != T || t.attnInput.rows() != T)
        throw std::invalid_argument("encoderLayerBackward: the layer trace is empty or incomplete");
    if (dy.rows() != T || dy.cols() != d)
        throw std::invalid_argument("encoderLayerBackward: expected gradient " + std::to_string(T) + "x" +
                                    std::to_string(d) + ", got " + std::to_string(dy.rows()) + "x" +
                                    std::to_string(dy.cols()));
    if (layer.residualProjection)
        throw std::invalid_argument("encoderLayerBackward: a layer with a residual projection (a widening "
                                    "layer) has no backward here");
    if (t.normFirst != layer.normFirst)
        throw std::invalid_argument("encoderLayerBackward: the trace's layer order differs from the layer's");
    LayerGradients g;
    if (layer.normFirst) {
        // y = s1 + FF(LN2(s1)),  s1 = x + SA(LN1(x))
        const Matrix dN2 = feedForwardBackward(layer, t.ffPre, dy);
        const Matrix dS1 = dy + layerNormBackward(layer.norm2, t.residual1, dN2);
        AttentionGradients a = multiheadAttentionBackward(layer.selfAttn, t.attn, t.weights, dS1);
        g.input = dS1 + layerNormBackward(layer.norm1, t.input, a.input);
        g.weights = std::move(a.weights);
    } else {
        // y = LN2(s2), s2 = n1 + FF(n1), n1 = LN1(s1), s1 = x + SA(x)
        const Matrix dS2 = layerNormBackward(layer.norm2, t.residual2, dy);
        const Matrix dN1 = dS2 + feedForwardBackward(layer, t.ffPre, dS2);
        const Matrix dS1 = layerNormBackward(layer.norm1, t.residual1, dN1);
        AttentionGradients a = multiheadAttentionBackward(layer.selfAttn, t.attn, t.weights, dS1);
        g.input = dS1 + a.input;
        g.weights = std::move(a.weights);
    }
    return g;
}

EncoderGradients encoderBackward(const TransformerEncoder& encoder, const std::vector<LayerTrace>& traces,
                                 const Eigen::Ref<const Matrix>& dy) {
    if (traces.size() != encoder.layers.size() || traces.empty())
        throw std::invalid_argument("encoderBackward: " + std::to_string(traces.size()) +
                                    " layer traces, expected " + std::to_string(encoder.layers.size()));
    Matrix g = encoder.hasFinalNorm ? layerNormBackward(encoder.finalNorm, traces.back().output, dy)
                                    : Matrix(dy); // T x d
    EncoderGradients out;
    out.attention.resize(traces.size());
    for (std::size_t l = traces.size(); l-- > 0;) {
        LayerGradients lg = encoderLayerBackward(encoder.layers[l], traces[l], g);
        out.attention[l] = std::move(lg.weights);
        g = std::move(lg.input);
    }
    out.input = std::move(g);
    return out;
}

} // namespace attn::layers
