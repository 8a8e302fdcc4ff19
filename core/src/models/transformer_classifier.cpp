#include "common.hpp"

#include <algorithm>
#include <attn/explain/subject.hpp>
#include <attn/memory_budget.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <cmath>
#include <stdexcept>

namespace attn {

namespace {
int requireToken(const Vocabulary& v, const std::string& token, const char* key) {
    const auto id = v.find(token);
    if (!id)
        throw ConfigError("config.json: " + std::string(key) + " '" + token + "' is not in vocab.txt");
    return *id;
}
} // namespace

TransformerClassifier::TransformerClassifier(TransformerClassifierConfig config, Vocabulary vocab,
                                             WeightLoader& w)
    : config_(std::move(config)), vocab_(std::move(vocab)) {
    const auto& e = config_.encoder;
    if (vocab_.size() != config_.vocabSize)
        throw ConfigError("vocab.txt has " + std::to_string(vocab_.size()) +
                          " tokens but config.json vocab_size is " + std::to_string(config_.vocabSize));
    padId_ = requireToken(vocab_, config_.padToken, "pad_token");
    unkId_ = requireToken(vocab_, config_.unkToken, "unk_token");
    if (config_.pooling == Pooling::Cls)
        clsId_ = requireToken(vocab_, config_.clsToken, "cls_token");
    embedding_ = w.matrix("embedding.weight", config_.vocabSize, e.dModel);
    if (config_.positional == Positional::Learned)
        positions_ = w.matrix("pos_embedding.weight", config_.maxLen, e.dModel);
    else
        positions_ = detail::sinusoidalTable(config_.maxLen, e.dModel);
    encoder_ = layers::TransformerEncoder::load(w, "encoder", e);
    classifier_ =
        layers::Linear::load(w, "classifier", e.dModel, static_cast<Eigen::Index>(config_.labels.size()));
    description_.family = toString(Architecture::TransformerClassifier);
    description_.embedding.scaled = config_.scaleEmbedding;
    description_.embedding.positions = config_.positional;
    description_.embedding.tokenTable = "embedding";
    if (config_.positional == Positional::Learned)
        description_.embedding.positionTable = "pos_embedding";
    description_.pooling = config_.pooling == Pooling::Cls ? EncoderPooling::Cls : EncoderPooling::Mean;
    description_.maxLen = config_.maxLen;
}

ClassifierResult TransformerClassifier::classify(std::string_view text, int padTo, bool maskPadding) const {
    return classifyWords(detail::tokenizeText(text), padTo, maskPadding);
}

ClassifierResult TransformerClassifier::classifyWords(const std::vector<std::string>& words, int padTo,
                                                      bool maskPadding) const {
    WhatIf plain;
    plain.padTo = padTo;
    plain.maskPadding = maskPadding;
    return run(words, plain, nullptr);
}

EncoderTrace TransformerClassifier::traceWords(const std::vector<std::string>& words,
                                               const WhatIf& whatIf) const {
    EncoderTrace t;
    t.result = run(words, whatIf, &t);
    return t;
}

EncoderTrace TransformerClassifier::trace(std::string_view text, const WhatIf& whatIf) const {
    return traceWords(detail::tokenizeText(text), whatIf);
}

EncoderTrace TransformerClassifier::traceText(std::string_view text, const WhatIf& whatIf) const {
    const auto words = detail::tokenizeText(text);
    if (words.empty())
        throw std::invalid_argument("the sentence has no tokens");
    if (!whatIf.shuffle)
        return traceWords(words, whatIf);
    const auto order = shuffledOrder(words.size(), *whatIf.shuffle);
    std::vector<std::string> shuffled(words.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        shuffled[i] = words[order[i]];
    return traceWords(shuffled, whatIf);
}

ClassifierResult TransformerClassifier::run(const std::vector<std::string>& words, const WhatIf& whatIf,
                                            EncoderTrace* trace) const {
    const int padTo = whatIf.padTo;
    const bool maskPadding = whatIf.maskPadding;
    ClassifierResult r;
    if (clsId_ >= 0) {
        r.tokens.push_back(config_.clsToken);
        r.ids.push_back(clsId_);
    }
    for (const auto& wd : words) {
        r.tokens.push_back(wd);
        r.ids.push_back(vocab_.find(wd).value_or(unkId_));
    }
    if (static_cast<int>(r.ids.size()) > config_.maxLen) {
        r.warnings.push_back("input has " + std::to_string(r.ids.size()) + " tokens; truncated to max_len " +
                             std::to_string(config_.maxLen));
        r.ids.resize(static_cast<std::size_t>(config_.maxLen));
        r.tokens.resize(static_cast<std::size_t>(config_.maxLen));
    }
    const std::size_t real = r.ids.size();
    const std::size_t target = static_cast<std::size_t>(std::clamp(padTo, 0, config_.maxLen));
    while (r.ids.size() < target) {
        r.ids.push_back(padId_);
        r.tokens.push_back(config_.padToken);
    }
    if (r.ids.empty())
        throw std::invalid_argument("transformer_classifier: empty input");
    const auto T = static_cast<Eigen::Index>(r.ids.size());
    r.keyAllowed.assign(r.ids.size(), 1);
    if (maskPadding)
        for (std::size_t i = real; i < r.ids.size(); ++i)
            r.keyAllowed[i] = 0;
    for (const std::size_t i : whatIf.removed) {
        if (i >= r.ids.size())
            throw std::invalid_argument("transformer_classifier: removed position " + std::to_string(i) +
                                        " out of range (" + std::to_string(r.ids.size()) + " positions)");
        r.ids[i] = padId_;
        r.keyAllowed[i] = 0;
    }

    // Before anything grows with T^2: the maps (a trace keeps scores and scaled scores too).
    checkAttentionMaps(config_.encoder.nLayers, config_.encoder.nHeads, static_cast<int>(T),
                       static_cast<int>(T), trace ? 3 : 1);
    const int d = config_.encoder.dModel;
    const float scale = config_.scaleEmbedding ? std::sqrt(static_cast<float>(d)) : 1.0f;
    Matrix x(T, d); // T x d
    if (trace) {
        trace->embeddings.resize(T, d);
        trace->positions = Matrix::Zero(T, d);
    }
    for (Eigen::Index t = 0; t < T; ++t) {
        const auto e = embedding_.row(r.ids[static_cast<std::size_t>(t)]) * scale; // 1 x d
        if (whatIf.positions)
            x.row(t) = e + positions_.row(t);
        else
            x.row(t) = e;
        if (trace) {
            trace->embeddings.row(t) = e;
            if (whatIf.positions)
                trace->positions.row(t) = positions_.row(t);
        }
    }
    if (trace)
        trace->input = x;
    // The mask passed to attention is empty when nothing is masked (the lean kernel's fast path).
    const bool anyMasked = std::find(r.keyAllowed.begin(), r.keyAllowed.end(), 0) != r.keyAllowed.end();
    const std::vector<std::uint8_t> noMask;
    x = encoder_.forward(std::move(x), anyMasked ? r.keyAllowed : noMask, r.attention, whatIf.encoder,
                         trace ? &trace->layers : nullptr);

    RowVector pooled; // d
    if (config_.pooling == Pooling::Cls) {
        pooled = x.row(0);
    } else {
        pooled = RowVector::Zero(d);
        float n = 0;
        for (Eigen::Index t = 0; t < T; ++t)
            if (r.keyAllowed[static_cast<std::size_t>(t)]) {
                pooled += x.row(t);
                n += 1;
            }
        pooled /= std::max(n, 1.0f);
    }
    if (trace) {
        trace->encoded = x;
        trace->poolerInput = pooled;
        trace->pooled = pooled;
    }
    const Matrix logits = classifier_.forward(pooled); // 1 x n_labels
    r.logits.assign(logits.data(), logits.data() + logits.size());
    r.probabilities = detail::softmax(r.logits);
    r.predicted = static_cast<int>(std::max_element(r.logits.begin(), r.logits.end()) - r.logits.begin());
    r.predictedLabel = config_.labels[static_cast<std::size_t>(r.predicted)];
    return r;
}

std::vector<float> TransformerClassifier::pooledAttention(const Matrix& attention,
                                                          const ClassifierResult& r) const {
    if (attention.rows() != attention.cols())
        throw std::invalid_argument("pooledAttention: expected a square attention map, got " +
                                    std::to_string(attention.rows()) + "x" +
                                    std::to_string(attention.cols()));
    std::vector<float> out(static_cast<std::size_t>(attention.cols()), 0.0f);
    if (attention.rows() == 0)
        return out;
    if (config_.pooling == Pooling::Cls) {
        for (Eigen::Index j = 0; j < attention.cols(); ++j)
            out[static_cast<std::size_t>(j)] = attention(0, j);
        return out;
    }
    // The rows forward() averages: the real positions (all of them when nothing is masked).
    std::vector<double> sum(out.size(), 0.0);
    int rows = 0;
    for (Eigen::Index i = 0; i < attention.rows(); ++i) {
        if (static_cast<std::size_t>(i) < r.keyAllowed.size() && !r.keyAllowed[static_cast<std::size_t>(i)])
            continue;
        for (Eigen::Index j = 0; j < attention.cols(); ++j)
            sum[static_cast<std::size_t>(j)] += attention(i, j);
        ++rows;
    }
    for (std::size_t j = 0; j < out.size(); ++j)
        out[j] = static_cast<float>(sum[j] / std::max(1, rows));
    return out;
}

int TransformerClassifier::padCount(const ClassifierResult& r) const {
    int n = 0;
    for (auto it = r.tokens.rbegin(); it != r.tokens.rend() && *it == config_.padToken; ++it)
        ++n;
    return n;
}

std::unique_ptr<explain::Subject> TransformerClassifier::explainSubject(const std::string& text) const {
    return explain::textSubject(*this, text);
}

} // namespace attn
