#pragma once
// The Universal Sentence Encoder lite (attn::UniversalSentenceEncoder) behind attn::TracedTextEncoder,
// so that the Transformer page steps through a real pretrained layer with the model's own numbers:
//
//   embedding   x0 = 2 E[ids] + timing (description().embedding: tokenMultiplier 2, the table
//               module/Embeddings_en; the tensor2tensor timing signal [sin(p inv) | cos(p inv)] with the
//               stored inv as the frequencies, sinCosHalves)
//   layer 0     pre-LN, 4 heads x 64, 256 -> 512 through its residual projection (AdjustResidualInput)
//   layer 1     pre-LN, 4 heads x 128, 512 wide
//   after       the mean of the tokens, tanh(dense), L2 normalisation (EncoderPooling::MeanTanhNormalized):
//               trace.poolerInput = the mean (1 x 512), trace.pooled = the sentence vector (1 x 512)
//
// No special tokens, no pad token: the what-ifs padTo, removed and an unmasked pad are refused (the
// model's trace() says why); positions off, the encoder switches and the shuffle apply. The numbers are
// UniversalSentenceEncoder::traceText's — this file only arranges them.
//
// openModel gives a folder with model.json and vocab.json (and no config.json) this capability and the
// sentence encoder (asLoadedModel below).

#include <attn/capabilities/traced_text_encoder.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <attn/open_model.hpp>
#include <memory>

namespace attn {

class UseTracedEncoder : public TracedTextEncoder {
public:
    explicit UseTracedEncoder(std::shared_ptr<const UniversalSentenceEncoder> model);

    const TracedEncoderDescription& description() const override { return description_; }
    const layers::TransformerEncoder& encoder() const override { return model_->encoder(); }
    const std::vector<std::string>& classLabels() const override;
    EncoderTrace traceText(std::string_view text, const WhatIf& whatIf = {}) const override;
    /// No pad token: the graph runs each sentence at its own length (padTo, maskPadding refused).
    bool canPad() const override { return false; }

    /// The whole trace (with the tanh output before normalisation) of the same text.
    SentenceTrace sentenceTrace(std::string_view text, const WhatIf& whatIf = {}) const;
    const std::shared_ptr<const UniversalSentenceEncoder>& model() const { return model_; }

private:
    std::shared_ptr<const UniversalSentenceEncoder> model_;
    TracedEncoderDescription description_;
};

/// "use_lite": what openModel calls a Universal Sentence Encoder folder (model.json + vocab.json).
inline constexpr const char* kUseFamily = "use_lite";
/// The folder kind of a USE lite folder: a sentence encoder and a traced text encoder.
FolderKind useFolderKind();
/// True when `dir` has no config.json but USE lite's files (UniversalSentenceEncoder::looksLikeModel).
bool isUseDirectory(const std::filesystem::path& dir);
/// The model behind both capabilities it has (sentenceEncoder, tracedTextEncoder).
LoadedModel asLoadedModel(std::shared_ptr<const UniversalSentenceEncoder> model);

} // namespace attn
