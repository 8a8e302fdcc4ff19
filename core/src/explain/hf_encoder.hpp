#pragma once
// Internal: a layers::TransformerEncoderLayer from one Hugging Face encoder layer (BERT or ViT; both
// keep W_q, W_k, W_v, W_o, W_i, W_out as nn.Linear [out, in] with RowVector biases), for the Hugging
// Face explanation subjects (hf_bert_subject.cpp, hf_vit_subject.cpp).

#include <attn/hf/gpt2.hpp>
#include <attn/hf/model.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/models/model.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn::explain::detail {

/// The layers' activation for a Hugging Face one; nullopt when the encoder backward does not
/// implement it (only exact gelu and relu have one).
inline std::optional<Activation> layerActivation(hf::HfActivation a) {
    if (a == hf::HfActivation::Gelu)
        return Activation::Gelu;
    if (a == hf::HfActivation::Relu)
        return Activation::Relu;
    return std::nullopt;
}

/// `norm1` / `norm2`: BERT's attention.output.LayerNorm / output.LayerNorm (post-LN), ViT's
/// layernorm_before / layernorm_after (pre-LN).
template <class HfLayer>
layers::TransformerEncoderLayer encoderLayerOf(const HfLayer& l, const layers::LayerNorm& norm1,
                                               const layers::LayerNorm& norm2, bool normFirst,
                                               Activation activation, int heads) {
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
    e.selfAttn.outProj = layers::Linear(l.wo, l.bo.transpose()); // d -> d
    e.linear1 = layers::Linear(l.wi, l.bi.transpose());          // d -> intermediate
    e.linear2 = layers::Linear(l.wout, l.bout.transpose());      // intermediate -> d
    e.norm1 = norm1;
    e.norm2 = norm2;
    return e;
}

/// Why a Hugging Face encoder classifier of `modelType` cannot be explained (no head, or an activation
/// without a backward here); empty when it can.
inline std::string refusal(const hf::EncoderModel& m, const std::string& modelType, hf::HfActivation a) {
    if (m.labels().empty())
        return m.config().file() + ": this " + modelType + " model has no classification head to explain";
    if (!layerActivation(a))
        return m.config().file() + ": hidden_act '" + m.config().string("hidden_act", "gelu") +
               "': the explanation's backward pass implements only the exact gelu and relu";
    return {};
}

/// The class whose logit the gradient is taken of (classIndex < 0: the predicted one), checked against
/// the head's `labels` rows; the traced forward must be there. Throws std::invalid_argument.
inline int gradientClass(const ClassifierResult& base, const std::vector<layers::LayerTrace>& traces,
                         int classIndex, Eigen::Index labels) {
    const int c = classIndex < 0 ? base.predicted : classIndex;
    if (c < 0 || c >= labels)
        throw std::invalid_argument("explain: class " + std::to_string(c) + " out of range");
    if (traces.empty() || traces.back().output.rows() == 0)
        throw std::invalid_argument("explain: the gradient needs the traced forward");
    return c;
}

/// Moves a Hugging Face prediction (logits, probabilities, the predicted index and label) into `r`.
inline void takePrediction(ClassifierResult& r, hf::EncoderOutput&& out) {
    r.logits = std::move(out.logits);
    r.probabilities = std::move(out.probabilities);
    r.predicted = out.predicted;
    r.predictedLabel = std::move(out.predictedLabel);
}

} // namespace attn::explain::detail
