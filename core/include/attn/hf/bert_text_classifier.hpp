#pragma once
// A Hugging Face BERT-family classifier (config.json model_type "bert", id2label, a tokenizer) as a
// TextClassifier: the tokenizer's encoding, truncation as transformers does it (the first tokens, then
// the closing [SEP]), padding with pad_token_id, the attention mask, and [CLS] pooling (the pooler reads
// row 0) — the Hugging Face semantics live here, not in a page. As a TracedTextEncoder it is the same
// forward with every intermediate kept (BertModel::trace), for the Transformer page.

#include <attn/capabilities/text_classifier.hpp>
#include <attn/capabilities/text_encoder.hpp>
#include <attn/capabilities/traced_text_encoder.hpp>
#include <attn/hf/bert.hpp>
#include <memory>

namespace attn::hf {

class BertTextClassifier : public TextClassifier, public TextEncoder, public TracedTextEncoder {
public:
    /// Throws attn::ConfigError naming config.json when pad_token_id is outside the vocabulary. A model
    /// without a head or tokenizer is accepted (inspect runs its encoder on ids); incompleteReason() says
    /// why it cannot classify typed text.
    explicit BertTextClassifier(std::shared_ptr<const BertModel> model);

    const BertModel& core() const { return *model_; }
    const TransformerClassifierConfig& settings() const override { return settings_; }
    ClassifierResult classify(std::string_view text, int padTo = 0, bool maskPadding = true) const override;
    std::vector<float> pooledAttention(const Matrix& attention, const ClassifierResult& r) const override;
    int padCount(const ClassifierResult& r) const override;
    bool isUnknown(int id) const override { return id == unkId_; }
    std::string incompleteReason() const override;
    std::optional<ExplainRefusal> explainRefusal() const override;

    std::vector<int> tokenIds(const std::string& text) const override;
    std::vector<std::string> idLabels(const std::vector<int>& ids) const override;
    ClassifierResult encodeIds(const std::vector<int>& ids) const override;
    std::unique_ptr<explain::Subject> explainSubject(const std::string& text) const override;

    // TracedTextEncoder: the tokenizer's encoding truncated, padded and masked as classify() does it;
    // whatIf.shuffle reorders the pieces between [CLS] and [SEP]; removed positions become the pad id,
    // masked. Works with or without a head (pooling and prediction then absent).
    const TracedEncoderDescription& description() const override { return description_; }
    const layers::TransformerEncoder& encoder() const override { return model_->encoder(); }
    const layers::LayerNorm* embeddingNorm() const override { return &model_->weights().embLn; }
    const std::vector<std::string>& classLabels() const override { return model_->labels(); }
    EncoderTrace traceText(std::string_view text, const WhatIf& whatIf = {}) const override;
    bool canPad() const override { return true; } ///< [PAD] and the attention mask
    std::string traceRefusal() const override;

private:
    /// The tokenizer's ids of `text`, truncated as transformers does (the first tokens, then the
    /// closing [SEP]); a warning when it cuts.
    std::vector<int> encodeTruncated(std::string_view text, std::vector<std::string>& warnings) const;

    /// As attnviz's own classifier labels its positions: a word the vocabulary lacks shows as typed.
    void showTypedUnknownWords(std::string_view text, const std::vector<int>& ids, std::size_t real,
                               std::vector<std::string>& labels) const;

    std::shared_ptr<const BertModel> model_;
    TransformerClassifierConfig settings_;
    TracedEncoderDescription description_;
    int padId_ = 0, unkId_ = -1;
    std::size_t specialsFront_ = 0, specialsBack_ = 0; ///< tokens encode() puts before / after a text
};

} // namespace attn::hf
