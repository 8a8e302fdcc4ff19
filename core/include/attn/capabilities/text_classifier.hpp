#pragma once
// TextClassifier: what the Sentiment page, the Explain tab and the command line ask of a text classifier,
// whichever files it came from — attnviz's own transformer_classifier (attn::TransformerClassifier) or a
// Hugging Face BERT-family directory with a classification head (attn::hf::BertTextClassifier).
// Tokenisation, truncation, padding, the attention mask and pooling are the model's own; a caller
// formats what these return and never re-derives them.

#include <attn/capabilities/capability.hpp>
#include <attn/config.hpp>
#include <attn/models/model.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

namespace explain {
class Subject;
}

class TextClassifier {
public:
    virtual ~TextClassifier() = default;
    /// Layers, heads, width (encoder), max_len, pooling, the pad / unk / cls tokens and the labels.
    virtual const TransformerClassifierConfig& settings() const = 0;
    const std::vector<std::string>& labels() const { return settings().labels; }
    /// Tokenises `text` as the model does, pads with the pad token up to `padTo` positions (0 = none)
    /// and masks the pads as keys when `maskPadding`; truncates to max_len with a warning. tokens are
    /// the labels to show (a word the vocabulary lacks as typed; isUnknown() marks it).
    virtual ClassifierResult classify(std::string_view text, int padTo = 0,
                                      bool maskPadding = true) const = 0;
    /// Per position, the attention the pooled position pays in one T x T map of `r` (CLS: row 0; mean:
    /// the pooled rows' column means).
    virtual std::vector<float> pooledAttention(const Matrix& attention, const ClassifierResult& r) const = 0;
    /// Pad positions appended to `r` (the trailing run of pad tokens).
    virtual int padCount(const ClassifierResult& r) const = 0;
    /// True when `id` is the unknown token (the word was not in the vocabulary).
    virtual bool isUnknown(int id) const = 0;
    /// Why this model cannot classify typed text although it holds an encoder (a Hugging Face directory
    /// without a classification head or tokenizer files); empty when it can. openModel refuses such a
    /// model for a page that needs a text classifier, with this message.
    virtual std::string incompleteReason() const { return {}; }
    /// Why explanations cannot run on this model; nullopt when they can.
    virtual std::optional<ExplainRefusal> explainRefusal() const { return std::nullopt; }
    /// The explanation subject for `text` (attn/explain/subject.hpp); it refers to this model, which must
    /// outlive it. Throws std::invalid_argument (explainRefusal(), a text without tokens).
    virtual std::unique_ptr<explain::Subject> explainSubject(const std::string& text) const = 0;
};

} // namespace attn
