#pragma once
// TextClassifier: what the Sentiment page asks of a text classifier, whichever files it came from —
// attnviz's own transformer_classifier (attn::TransformerClassifier) or a Hugging Face BERT-family
// directory with a classification head (HfTextClassifier, services/hf_classifiers.hpp). The page
// formats what these return; it never tokenises or pools itself.
//
//   if (auto model = textClassifierOf(slot->handle())) model->classify(text, padTo, mask);

#include "services/model_handle.hpp"

#include <QString>
#include <attn/config.hpp>
#include <attn/models/model.hpp>
#include <memory>
#include <string_view>
#include <vector>

class TextClassifier {
public:
    virtual ~TextClassifier() = default;
    /// Layers, heads, width (encoder), max_len, pooling, the pad / unk / cls tokens and the labels.
    virtual const attn::TransformerClassifierConfig& settings() const = 0;
    const std::vector<std::string>& labels() const { return settings().labels; }
    /// Tokenises `text` as the model does, pads with the pad token up to `padTo` positions (0 = none)
    /// and masks the pads as keys when `maskPadding`. tokens are the labels the page shows.
    virtual attn::ClassifierResult classify(std::string_view text, int padTo, bool maskPadding) const = 0;
    /// Per position, the attention the pooled position pays (CLS: row 0; mean: the pooled rows' mean).
    virtual std::vector<float> pooledAttention(const attn::Matrix& attention,
                                               const attn::ClassifierResult& r) const = 0;
    /// Pad positions appended to `r` (the trailing run of pad tokens).
    virtual int padCount(const attn::ClassifierResult& r) const = 0;
    /// True when `id` is the unknown token (the word was not in the vocabulary).
    virtual bool isUnknown(int id) const = 0;
    /// Empty when the Explain methods can run on this model, else the reason in plain words.
    virtual QString explainUnavailable() const { return {}; }
};

/// The text classifier behind `handle` (null for an empty handle or another kind of model). The
/// returned object keeps the model alive.
std::shared_ptr<const TextClassifier> textClassifierOf(const ModelHandle& handle);
