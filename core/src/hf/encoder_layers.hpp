#pragma once
// Internal: the Hugging Face encoders (BERT, ViT) run on attnviz's one traced encoder
// (layers::TransformerEncoder), so that their forward, the explanations' traces and what-if switches and
// the tested backward are one code path. Both keep W_q, W_k, W_v, W_o, W_i, W_out as nn.Linear
// [out, in] with RowVector biases; a BERT layer is torch's post-LN TransformerEncoderLayer, a ViT layer
// the pre-LN one: in_proj = the rows [W_q; W_k; W_v], out_proj = attention.output.dense, linear1 =
// intermediate.dense, linear2 = output.dense.

#include <attn/hf/gpt2.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <utility>

namespace attn::hf::detail {

/// The layers' activation for a Hugging Face one (gelu_new is the tanh gelu).
inline Activation layerActivation(HfActivation a) {
    switch (a) {
    case HfActivation::GeluNew:
        return Activation::GeluTanh;
    case HfActivation::Gelu:
        return Activation::Gelu;
    case HfActivation::Relu:
        return Activation::Relu;
    case HfActivation::Silu:
        return Activation::Silu;
    }
    return Activation::Gelu;
}

/// One encoder layer from a Hugging Face layer `l` (its matrices are moved, the q/k/v rows copied into
/// in_proj). `norm1` / `norm2`: BERT's attention.output.LayerNorm / output.LayerNorm (post-LN), ViT's
/// layernorm_before / layernorm_after (pre-LN).
template <class HfLayer>
layers::TransformerEncoderLayer encoderLayerOf(HfLayer&& l, layers::LayerNorm norm1, layers::LayerNorm norm2,
                                               bool normFirst, Activation activation, int heads) {
    layers::TransformerEncoderLayer e;
    e.normFirst = normFirst;
    e.activation = activation;
    const Eigen::Index d = l.wq.rows();
    e.selfAttn.dModel = static_cast<int>(d);
    e.selfAttn.nHeads = heads;
    e.selfAttn.inProjWeight.resize(3 * d, l.wq.cols()); // 3d x d: [W_q; W_k; W_v]
    e.selfAttn.inProjWeight << l.wq, l.wk, l.wv;
    e.selfAttn.inProjBias.resize(3 * d); // 3d
    e.selfAttn.inProjBias << l.bq.transpose(), l.bk.transpose(), l.bv.transpose();
    e.selfAttn.outProj = layers::Linear(std::move(l.wo), l.bo.transpose()); // d -> d
    e.linear1 = layers::Linear(std::move(l.wi), l.bi.transpose());          // d -> intermediate
    e.linear2 = layers::Linear(std::move(l.wout), l.bout.transpose());      // intermediate -> d
    e.norm1 = std::move(norm1);
    e.norm2 = std::move(norm2);
    return e;
}

} // namespace attn::hf::detail
