#pragma once
// architecture "transformer_classifier": see training/attnviz/models.py TransformerClassifier.
//   x = embedding[ids] * (sqrt(d) if scale_embedding) + positions[0..T)   (sinusoidal or pos_embedding)
//   x = encoder(x) with padding keys masked;  pooled = mean over non-pad rows | row 0 (cls)
//   logits = classifier(pooled)

#include <attn/capabilities/text_classifier.hpp>
#include <attn/capabilities/traced_text_encoder.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/models/encoder_trace.hpp>
#include <attn/models/model.hpp>
#include <attn/models/vocabulary.hpp>
#include <string_view>

namespace attn {

class TransformerClassifier : public Model, public TextClassifier, public TracedTextEncoder {
public:
    TransformerClassifier(TransformerClassifierConfig config, Vocabulary vocab, WeightLoader& weights);

    Architecture architecture() const override { return Architecture::TransformerClassifier; }
    const std::vector<std::string>& labels() const override { return config_.labels; }
    const TransformerClassifierConfig& settings() const override { return config_; }
    const Vocabulary& vocabulary() const { return vocab_; }

    /// Tokenises with attn::tokenize (lower-case, GloVe-style splits), prepends cls_token for cls pooling.
    ClassifierResult classify(std::string_view text, int padTo = 0, bool maskPadding = true) const override;
    /// Words already split (no cls): unknown words -> unk id. Pads with pad_token up to `padTo`
    /// positions; with maskPadding the pads are masked as keys and left out of mean pooling.
    /// Sequences longer than max_len are truncated (with a warning).
    ClassifierResult classifyWords(const std::vector<std::string>& words, int padTo = 0,
                                   bool maskPadding = true) const;
    /// The same forward as classifyWords, with every intermediate kept and the what-if switches applied.
    EncoderTrace traceWords(const std::vector<std::string>& words, const WhatIf& whatIf = {}) const;
    EncoderTrace trace(std::string_view text, const WhatIf& whatIf = {}) const;

    const layers::TransformerEncoder& encoder() const override { return encoder_; }
    /// TracedTextEncoder: attn::tokenize's words (whatIf.shuffle reorders them), then traceWords.
    EncoderTrace traceText(std::string_view text, const WhatIf& whatIf = {}) const override;
    const TracedEncoderDescription& description() const override { return description_; }
    bool canPad() const override { return true; } ///< its pad token and the key mask
    const std::vector<std::string>& classLabels() const override { return config_.labels; }
    /// The positional table (max_len x d): learned rows or the sinusoidal table.
    const Matrix& positionTable() const { return positions_; }

    /// What the pooled representation looks at in one T x T attention map of `r`: with cls pooling row
    /// 0 (what cls_token attends to); with mean pooling the column means over the rows that are pooled
    /// (the real positions, r.keyAllowed, as forward pools them). T values.
    std::vector<float> pooledAttention(const Matrix& attention, const ClassifierResult& r) const override;
    /// ∂logits[classIndex]/∂(encoder output) (T x d) for the forward whose key mask is `keyAllowed`:
    /// classifier row c at the [CLS] row, or spread as c / n over the n pooled rows
    /// (core/src/models/transformer_classifier_backward.cpp). Throws std::invalid_argument for a class
    /// out of range.
    Matrix logitGradient(const std::vector<std::uint8_t>& keyAllowed, int classIndex) const;
    /// Number of pad_token positions appended to `r`'s sequence (the trailing run of pad tokens).
    int padCount(const ClassifierResult& r) const override;
    /// True for unk_token's id.
    bool isUnknown(int id) const override { return id == unkId_; }
    /// explain::textSubject(*this, text).
    std::unique_ptr<explain::Subject> explainSubject(const std::string& text) const override;

private:
    /// The one forward behind classifyWords and traceWords (`trace` may be null).
    ClassifierResult run(const std::vector<std::string>& words, const WhatIf& whatIf,
                         EncoderTrace* trace) const;

    TransformerClassifierConfig config_;
    TracedEncoderDescription description_;
    Vocabulary vocab_;
    int padId_ = -1, unkId_ = -1, clsId_ = -1;
    Matrix embedding_; // V x d
    Matrix positions_; // max_len x d (learned weights or the sinusoidal table)
    layers::TransformerEncoder encoder_;
    layers::Linear classifier_;
};

} // namespace attn
