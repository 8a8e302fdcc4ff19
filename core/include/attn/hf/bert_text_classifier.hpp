#pragma once
// A Hugging Face BERT-family classifier (config.json model_type "bert", id2label, a tokenizer) as a
// TextClassifier: the tokenizer's encoding, truncation as transformers does it (the first tokens, then
// the closing [SEP]), padding with pad_token_id, the attention mask, and [CLS] pooling (the pooler reads
// row 0) — the Hugging Face semantics live here, not in a page.

#include <attn/capabilities/text_classifier.hpp>
#include <attn/capabilities/text_encoder.hpp>
#include <attn/hf/bert.hpp>
#include <memory>

namespace attn::hf {

class BertTextClassifier : public TextClassifier, public TextEncoder {
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

private:
    /// As attnviz's own classifier labels its positions: a word the vocabulary lacks shows as typed.
    void showTypedUnknownWords(std::string_view text, const std::vector<int>& ids, std::size_t real,
                               std::vector<std::string>& labels) const;

    std::shared_ptr<const BertModel> model_;
    TransformerClassifierConfig settings_;
    int padId_ = 0, unkId_ = -1;
};

} // namespace attn::hf
