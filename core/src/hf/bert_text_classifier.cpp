#include "classifier_result.hpp"

#include <algorithm>
#include <attn/config.hpp>
#include <attn/explain/hf_subject.hpp>
#include <attn/hf/bert_text_classifier.hpp>
#include <attn/tokenizers/wordpiece.hpp>
#include <stdexcept>

namespace attn::hf {

BertTextClassifier::BertTextClassifier(std::shared_ptr<const BertModel> model) : model_(std::move(model)) {
    const auto& cfg = model_->config();
    const BertConfig b = parseBertConfig(cfg);
    settings_.encoder.nLayers = model_->numLayers();
    settings_.encoder.nHeads = model_->numHeads();
    settings_.encoder.dModel = b.hidden;
    settings_.encoder.ffDim = b.intermediate;
    settings_.encoder.layerNormEps = b.layerNormEps;
    settings_.vocabSize = b.vocabSize;
    settings_.maxLen = b.maxPositions;
    settings_.pooling = Pooling::Cls; // the pooler reads [CLS]
    settings_.positional = Positional::Learned;
    settings_.labels = model_->labels();
    description_.family = "bert";
    auto& e = description_.embedding; // the fields one by one: the recipe may grow
    e.positions = Positional::Learned;
    e.tokenTypes = true;
    e.layerNorm = true;
    e.tokenTable = "word_embeddings";
    e.positionTable = "position_embeddings";
    e.tokenTypeTable = "token_type_embeddings";
    e.normName = "embeddings.LayerNorm";
    description_.pooling =
        model_->weights().pooler.size() ? EncoderPooling::ClsTanhPooler : EncoderPooling::None;
    description_.maxLen = b.maxPositions;
    // The pad id is config.json's pad_token_id (BERT's default 0, as transformers' BertConfig).
    padId_ = cfg.integer("pad_token_id", 0);
    if (padId_ < 0 || padId_ >= b.vocabSize)
        throw ConfigError(cfg.file() + ": pad_token_id " + std::to_string(padId_) +
                          " is outside the vocabulary [0, " + std::to_string(b.vocabSize) + ")");
    const auto* tok = model_->tokenizer();
    if (!tok)
        return;
    // [CLS] and [SEP] are what encode() puts around a text.
    if (const std::vector<int> empty = tok->encode(""); !empty.empty()) {
        settings_.clsToken = tok->piece(empty.front());
        specialsFront_ = 1;
        specialsBack_ = empty.size() - 1;
    }
    settings_.padToken = tok->piece(padId_);
    for (const char* unk : {"[UNK]", "<unk>"})
        if (unkId_ < 0)
            unkId_ = tok->idOf(unk);
    settings_.unkToken = unkId_ >= 0 ? tok->piece(unkId_) : std::string("[UNK]");
}

std::string BertTextClassifier::incompleteReason() const {
    const auto& cfg = model_->config();
    const std::string dir = model_->directory().string();
    if (model_->labels().empty())
        return cfg.file() + ": this bert model has no classification head (the Sentiment page needs a "
                            "BertForSequenceClassification with id2label)";
    if (!model_->tokenizer())
        return dir + ": no tokenizer files (vocab.txt or tokenizer.json); the Sentiment page tokenises typed "
                     "text with them";
    if (settings_.clsToken.empty())
        return dir + ": the tokenizer adds no [CLS] token; the classifier reads it";
    return {};
}

std::vector<int> BertTextClassifier::tokenIds(const std::string& text) const {
    const auto* tok = model_->tokenizer();
    if (!tok)
        throw ConfigError(model_->directory().string() +
                          ": no tokenizer file (tokenizer.json, vocab.json + merges.txt, tokenizer.model or "
                          "vocab.txt); give --token-ids instead of --text");
    return tok->encode(text);
}

std::vector<std::string> BertTextClassifier::idLabels(const std::vector<int>& ids) const {
    return model_->tokenLabels(ids);
}

ClassifierResult BertTextClassifier::encodeIds(const std::vector<int>& ids) const {
    ClassifierResult r = detail::classifierResultOf(model_->forward(ids));
    r.tokens = model_->tokenLabels(ids);
    r.ids = ids;
    r.keyAllowed.assign(ids.size(), 1);
    return r;
}

/// Only for BERT's WordPiece, whose words align with the ids: [CLS], then each basic-tokenised word's
/// pieces (one [UNK] for a word that has none). A label is replaced only where the id is the unknown id
/// and the position is before the closing [SEP] (`real`: the tokens before padding).
void BertTextClassifier::showTypedUnknownWords(std::string_view text, const std::vector<int>& ids,
                                               std::size_t real, std::vector<std::string>& labels) const {
    const auto* wp = dynamic_cast<const tokenizers::WordPiece*>(model_->tokenizer());
    if (!wp || unkId_ < 0)
        return;
    std::size_t at = 1; // after [CLS]
    for (const auto& word : wp->basicTokenize(std::string(text))) {
        const auto pieces = wp->wordPieces(word);
        if (at + 1 >= real) // truncated here
            break;
        if (pieces.size() == 1 && ids[at] == unkId_)
            labels[at] = word;
        at += pieces.size();
    }
}

std::vector<int> BertTextClassifier::encodeTruncated(std::string_view text,
                                                     std::vector<std::string>& warnings) const {
    std::vector<int> ids = model_->tokenizer()->encode(std::string(text));
    const auto maxLen = static_cast<std::size_t>(settings_.maxLen);
    if (ids.size() > maxLen && maxLen >= 2) {
        // As transformers truncates: the first tokens, then the closing [SEP].
        const int last = ids.back();
        warnings.push_back("input truncated from " + std::to_string(ids.size()) + " to " +
                           std::to_string(maxLen) + " tokens (max_position_embeddings in " +
                           model_->config().file() + ")");
        ids.resize(maxLen - 1);
        ids.push_back(last);
    }
    return ids;
}

ClassifierResult BertTextClassifier::classify(std::string_view text, int padTo, bool maskPadding) const {
    if (const std::string why = incompleteReason(); !why.empty())
        throw ConfigError(why);
    std::vector<std::string> warnings;
    std::vector<int> ids = encodeTruncated(text, warnings);
    const auto maxLen = static_cast<std::size_t>(settings_.maxLen);
    const std::size_t real = ids.size();
    const std::size_t target = std::min(static_cast<std::size_t>(std::max(padTo, 0)), maxLen);
    while (ids.size() < target)
        ids.push_back(padId_);
    std::vector<std::uint8_t> allowed(ids.size(), 1); // transformers' attention_mask
    if (maskPadding)
        for (std::size_t i = real; i < ids.size(); ++i)
            allowed[i] = 0;
    ClassifierResult r = detail::classifierResultOf(model_->forward(ids, allowed));
    r.tokens = model_->tokenLabels(ids);
    showTypedUnknownWords(text, ids, real, r.tokens);
    r.ids = std::move(ids);
    r.keyAllowed = std::move(allowed);
    r.warnings = std::move(warnings);
    return r;
}

std::vector<float> BertTextClassifier::pooledAttention(const Matrix& attention,
                                                       const ClassifierResult&) const {
    if (attention.rows() != attention.cols())
        throw std::invalid_argument("pooledAttention: expected a square attention map, got " +
                                    std::to_string(attention.rows()) + "x" +
                                    std::to_string(attention.cols()));
    std::vector<float> out(static_cast<std::size_t>(attention.cols()), 0.0f);
    for (Eigen::Index j = 0; attention.rows() > 0 && j < attention.cols(); ++j)
        out[static_cast<std::size_t>(j)] = attention(0, j); // the pooler reads the [CLS] row
    return out;
}

int BertTextClassifier::padCount(const ClassifierResult& r) const {
    int n = 0;
    // The trailing pads, never [CLS] (a pad id 0 that is also [CLS] cannot happen in BERT's vocab.txt).
    for (auto it = r.ids.rbegin(); it != r.ids.rend() && it + 1 != r.ids.rend() && *it == padId_; ++it)
        ++n;
    return n;
}

std::optional<ExplainRefusal> BertTextClassifier::explainRefusal() const {
    return detail::explainRefusalOf(*model_, explain::hfExplainRefusal(*model_));
}

std::unique_ptr<explain::Subject> BertTextClassifier::explainSubject(const std::string& text) const {
    return explain::hfTextSubject(*model_, text);
}

std::string BertTextClassifier::traceRefusal() const {
    if (!model_->tokenizer())
        return model_->directory().string() +
               ": no tokenizer files (vocab.txt or tokenizer.json); the Transformer page tokenises typed "
               "text with them";
    if (!model_->labels().empty() && settings_.clsToken.empty())
        return model_->directory().string() + ": the tokenizer adds no [CLS] token; the classifier reads it";
    return {};
}

EncoderTrace BertTextClassifier::traceText(std::string_view text, const WhatIf& whatIf) const {
    if (const std::string why = traceRefusal(); !why.empty())
        throw ConfigError(why);
    std::vector<std::string> warnings;
    std::vector<int> ids = encodeTruncated(text, warnings);
    if (ids.size() <= specialsFront_ + specialsBack_)
        throw std::invalid_argument("the sentence has no tokens");
    const std::size_t real = ids.size();
    if (whatIf.shuffle) { // the text's pieces, [CLS] and [SEP] stay where they are
        const std::size_t n = real - specialsFront_ - specialsBack_;
        const auto order = shuffledOrder(n, *whatIf.shuffle);
        const std::vector<int> before(ids.begin() + static_cast<std::ptrdiff_t>(specialsFront_),
                                      ids.begin() + static_cast<std::ptrdiff_t>(specialsFront_ + n));
        for (std::size_t i = 0; i < n; ++i)
            ids[specialsFront_ + i] = before[order[i]];
    }
    const std::size_t maxLen = static_cast<std::size_t>(settings_.maxLen);
    const std::size_t target = std::min(static_cast<std::size_t>(std::max(whatIf.padTo, 0)), maxLen);
    while (ids.size() < target)
        ids.push_back(padId_);
    std::vector<std::uint8_t> allowed(ids.size(), 1); // transformers' attention_mask
    if (whatIf.maskPadding)
        for (std::size_t i = real; i < ids.size(); ++i)
            allowed[i] = 0;
    for (const std::size_t i : whatIf.removed) {
        if (i >= ids.size() || i == 0)
            throw std::invalid_argument("bert: removed position " + std::to_string(i) + " out of range (1.." +
                                        std::to_string(ids.size() - 1) + "; [CLS] stays)");
        ids[i] = padId_;
        allowed[i] = 0;
    }
    EncoderTrace t = model_->trace(ids, allowed, whatIf);
    t.result.tokens = model_->tokenLabels(ids);
    if (!whatIf.shuffle)
        showTypedUnknownWords(text, ids, real, t.result.tokens);
    t.result.ids = std::move(ids);
    t.result.keyAllowed = std::move(allowed);
    t.result.warnings = std::move(warnings);
    return t;
}

} // namespace attn::hf
