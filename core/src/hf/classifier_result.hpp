#pragma once
// Internal: what the Hugging Face classifier capabilities (bert_text_classifier.cpp,
// vit_image_classifier.cpp) share — an encoder's output as a ClassifierResult, and the explain refusal.

#include <attn/capabilities/capability.hpp>
#include <attn/hf/model.hpp>
#include <attn/models/model.hpp>
#include <optional>
#include <string>

namespace attn::hf::detail {

/// The prediction and the maps of `out`; tokens, ids and the key mask are the caller's.
inline ClassifierResult classifierResultOf(EncoderOutput out) {
    ClassifierResult r;
    r.logits = std::move(out.logits);
    r.probabilities = std::move(out.probabilities);
    r.predicted = out.predicted;
    r.predictedLabel = std::move(out.predictedLabel);
    r.attention = std::move(out.attention);
    return r;
}

/// nullopt when `why` (explain::hfExplainRefusal's text) is empty, else the refusal with the model's
/// hidden_act.
inline std::optional<ExplainRefusal> explainRefusalOf(const EncoderModel& m, std::string why) {
    if (why.empty())
        return std::nullopt;
    return ExplainRefusal{m.modelType(), m.config().string("hidden_act", "gelu"), std::move(why)};
}

} // namespace attn::hf::detail
