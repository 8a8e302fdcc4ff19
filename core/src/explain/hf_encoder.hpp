#pragma once
// Internal: what the Hugging Face explanation subjects (hf_bert_subject.cpp, hf_vit_subject.cpp) share —
// which activations have a backward, the refusal, the gradient's class and the prediction. The subjects
// run the models' own encoders (BertModel::encoder(), ViTModel::encoder()).

#include <attn/hf/gpt2.hpp>
#include <attn/hf/model.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/models/model.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn::explain::detail {

/// The layers' activation for a Hugging Face one when the encoder backward implements it (exact gelu and
/// relu only); nullopt otherwise.
inline std::optional<Activation> layerActivation(hf::HfActivation a) {
    if (a == hf::HfActivation::Gelu)
        return Activation::Gelu;
    if (a == hf::HfActivation::Relu)
        return Activation::Relu;
    return std::nullopt;
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
