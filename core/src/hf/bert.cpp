#include "encoder_layers.hpp"
#include "shape_checks.hpp"

#include <attn/config.hpp>
#include <attn/hf/bert.hpp>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <stdexcept>

namespace attn::hf {

using detail::expectShape;

namespace {

/// x W^T + b for nn.Linear weights [out, in].
Matrix linear(const Matrix& x, const Matrix& w, const RowVector& b) {
    Matrix y = x * w.transpose();
    y.rowwise() += b;
    return y;
}

} // namespace

BertConfig parseBertConfig(const HfConfig& c) {
    BertConfig b;
    b.vocabSize = c.integer("vocab_size");
    b.hidden = c.integer("hidden_size", 768);
    b.layers = c.integer("num_hidden_layers", 12);
    b.heads = c.integer("num_attention_heads", 12);
    b.intermediate = c.integer("intermediate_size", 3072);
    b.maxPositions = c.integer("max_position_embeddings", 512);
    b.typeVocab = c.integer("type_vocab_size", 2);
    for (const char* k : {"hidden_size", "num_hidden_layers", "num_attention_heads", "intermediate_size",
                          "max_position_embeddings", "type_vocab_size"})
        if (c.has(k) && c.integer(k) <= 0)
            c.fail(k, "must be positive");
    if (b.hidden % b.heads != 0)
        c.fail("num_attention_heads",
               std::to_string(b.heads) + " does not divide hidden_size " + std::to_string(b.hidden));
    b.layerNormEps = c.number("layer_norm_eps", 1e-12f);
    b.activation = parseActivation(c, "hidden_act", "gelu");
    c.requireDefault("position_embedding_type", "absolute",
                     "relative position embeddings are not implemented");
    c.requireDefault("is_decoder", false, "BERT as a decoder is not implemented");
    c.requireDefault("add_cross_attention", false, "cross-attention is not implemented");
    return b;
}

BertModel::BertModel(HfConfig config, std::filesystem::path dir, BertConfig cfg, Weights w,
                     std::vector<std::string> labels)
    : EncoderModel(std::move(config), std::move(dir)), cfg_(cfg), w_(std::move(w)),
      labels_(std::move(labels)) {
    const std::string& f = this->config().file();
    const Eigen::Index d = cfg_.hidden, I = cfg_.intermediate;
    expectShape(f, "word_embeddings", w_.word, cfg_.vocabSize, d);
    expectShape(f, "position_embeddings", w_.position, cfg_.maxPositions, d);
    expectShape(f, "token_type_embeddings", w_.tokenType, cfg_.typeVocab, d);
    if (static_cast<int>(w_.layers.size()) != cfg_.layers)
        throw ConfigError(f + ": " + std::to_string(w_.layers.size()) + " layers, expected " +
                          std::to_string(cfg_.layers));
    for (std::size_t l = 0; l < w_.layers.size(); ++l) {
        const auto& L = w_.layers[l];
        const std::string p = "encoder.layer." + std::to_string(l) + ".";
        for (const auto* m : {&L.wq, &L.wk, &L.wv, &L.wo})
            expectShape(f, p + "attention", *m, d, d);
        expectShape(f, p + "intermediate.dense", L.wi, I, d);
        expectShape(f, p + "output.dense", L.wout, d, I);
    }
    if (w_.classifier.size() && static_cast<std::size_t>(w_.classifier.rows()) != labels_.size())
        throw ConfigError(f + ": classifier has " + std::to_string(w_.classifier.rows()) +
                          " outputs, expected " + std::to_string(labels_.size()) + " (id2label)");
    const Activation act = detail::layerActivation(cfg_.activation);
    for (auto& L : w_.layers)
        encoder_.layers.push_back(detail::encoderLayerOf(std::move(L), std::move(L.ln1), std::move(L.ln2),
                                                         /*normFirst=*/false, act, cfg_.heads));
    w_.layers.clear(); // moved into encoder_: one copy of the weights
}

std::shared_ptr<BertModel> BertModel::load(const HfConfig& config, const std::filesystem::path& dir,
                                           TensorStore& s) {
    const auto cfg = parseBertConfig(config);
    const Eigen::Index d = cfg.hidden, I = cfg.intermediate;
    const std::string p = s.has("bert.embeddings.word_embeddings.weight") ? "bert." : "";
    Weights w;
    w.word = s.matrix(p + "embeddings.word_embeddings.weight", cfg.vocabSize, d);
    w.position = s.matrix(p + "embeddings.position_embeddings.weight", cfg.maxPositions, d);
    w.tokenType = s.matrix(p + "embeddings.token_type_embeddings.weight", cfg.typeVocab, d);
    w.embLn = s.layerNorm(p + "embeddings.LayerNorm", d, cfg.layerNormEps);
    s.skip(p + "embeddings.position_ids"); // a buffer (arange) in files of older transformers versions
    for (int l = 0; l < cfg.layers; ++l) {
        const std::string q = p + "encoder.layer." + std::to_string(l) + ".";
        Layer L;
        L.wq = s.matrix(q + "attention.self.query.weight", d, d);
        L.bq = s.rowVector(q + "attention.self.query.bias", d);
        L.wk = s.matrix(q + "attention.self.key.weight", d, d);
        L.bk = s.rowVector(q + "attention.self.key.bias", d);
        L.wv = s.matrix(q + "attention.self.value.weight", d, d);
        L.bv = s.rowVector(q + "attention.self.value.bias", d);
        L.wo = s.matrix(q + "attention.output.dense.weight", d, d);
        L.bo = s.rowVector(q + "attention.output.dense.bias", d);
        L.ln1 = s.layerNorm(q + "attention.output.LayerNorm", d, cfg.layerNormEps);
        L.wi = s.matrix(q + "intermediate.dense.weight", I, d);
        L.bi = s.rowVector(q + "intermediate.dense.bias", I);
        L.wout = s.matrix(q + "output.dense.weight", d, I);
        L.bout = s.rowVector(q + "output.dense.bias", d);
        L.ln2 = s.layerNorm(q + "output.LayerNorm", d, cfg.layerNormEps);
        w.layers.push_back(std::move(L));
    }
    if (s.has(p + "pooler.dense.weight")) {
        w.pooler = s.matrix(p + "pooler.dense.weight", d, d);
        w.poolerB = s.rowVector(p + "pooler.dense.bias", d);
    }
    std::vector<std::string> labels;
    if (s.has("classifier.weight")) {
        if (!w.pooler.size())
            throw ConfigError(s.source() + ": 'classifier.weight' present but the pooler ('" + p +
                              "pooler.dense.weight') is missing");
        const auto shape = s.shapeOf("classifier.weight");
        const int n = config.has("id2label")
                          ? static_cast<int>(config.json()["id2label"].size())
                          : config.integer("num_labels", shape.empty() ? 0 : static_cast<int>(shape[0]));
        labels = parseId2Label(config, n);
        w.classifier = s.matrix("classifier.weight", n, d);
        w.classifierB = s.rowVector("classifier.bias", n);
    }
    s.finish();
    return std::make_shared<BertModel>(config, dir, cfg, std::move(w), std::move(labels));
}

Matrix BertModel::embed(const std::vector<int>& ids) const {
    return embedInto(ids, true, nullptr);
}

Matrix BertModel::embedInto(const std::vector<int>& ids, bool positions, EncoderTrace* trace) const {
    const std::string& f = config().file();
    if (ids.empty())
        throw ConfigError(f + ": the input has no tokens");
    if (static_cast<int>(ids.size()) > cfg_.maxPositions)
        throw ConfigError(f + ": " + std::to_string(ids.size()) + " tokens exceed max_position_embeddings " +
                          std::to_string(cfg_.maxPositions));
    const auto T = static_cast<Eigen::Index>(ids.size());
    Matrix x(T, cfg_.hidden); // T x d
    if (trace) {
        trace->embeddings.resize(T, cfg_.hidden);
        trace->positions = Matrix::Zero(T, cfg_.hidden);
        trace->tokenTypes.resize(T, cfg_.hidden);
    }
    for (Eigen::Index t = 0; t < T; ++t) {
        const int id = ids[static_cast<std::size_t>(t)];
        if (id < 0 || id >= cfg_.vocabSize)
            throw ConfigError(f + ": token id " + std::to_string(id) + " is outside the vocabulary [0, " +
                              std::to_string(cfg_.vocabSize) + ")");
        if (positions)
            x.row(t) = w_.word.row(id) + w_.position.row(t) + w_.tokenType.row(0);
        else
            x.row(t) = w_.word.row(id) + w_.tokenType.row(0);
        if (trace) {
            trace->embeddings.row(t) = w_.word.row(id);
            if (positions)
                trace->positions.row(t) = w_.position.row(t);
            trace->tokenTypes.row(t) = w_.tokenType.row(0);
        }
    }
    if (!trace)
        return w_.embLn.forward(x);
    trace->embeddingSum = x;
    trace->input = w_.embLn.forward(x, &trace->embeddingMean, &trace->embeddingVar);
    return trace->input;
}

EncoderOutput BertModel::forward(const std::vector<int>& ids,
                                 const std::vector<std::uint8_t>& keyAllowed) const {
    if (ids.empty())
        throw ConfigError(config().file() + ": the input has no tokens");
    if (!keyAllowed.empty() && (keyAllowed.size() != ids.size() || !keyAllowed.front()))
        throw std::invalid_argument("bert: attention mask of " + std::to_string(keyAllowed.size()) +
                                    " flags with the first " +
                                    (keyAllowed.empty() || keyAllowed.front() ? "set" : "clear") +
                                    ", expected " + std::to_string(ids.size()) + " with [CLS] set");
    const int T = static_cast<int>(ids.size());
    checkAttentionMaps(cfg_.layers, cfg_.heads, T, T); // before anything grows with T^2
    EncoderOutput out;
    const Matrix x = encoder_.forward(embed(ids), keyAllowed, out.attention); // T x d
    if (w_.classifier.size()) {
        Matrix pooled = linear(x.topRows(1), w_.pooler, w_.poolerB); // 1 x d, [CLS]
        pooled = pooled.array().tanh().matrix();
        const Matrix logits = linear(pooled, w_.classifier, w_.classifierB); // 1 x n_labels
        out.logits.assign(logits.data(), logits.data() + logits.size());
        finishPrediction(out, labels_);
    }
    return out;
}

EncoderTrace BertModel::trace(const std::vector<int>& ids, const std::vector<std::uint8_t>& keyAllowed,
                              const WhatIf& whatIf) const {
    if (ids.empty())
        throw ConfigError(config().file() + ": the input has no tokens");
    if (!keyAllowed.empty() && (keyAllowed.size() != ids.size() || !keyAllowed.front()))
        throw std::invalid_argument("bert: attention mask of " + std::to_string(keyAllowed.size()) +
                                    " flags, expected " + std::to_string(ids.size()) + " with [CLS] set");
    const int T = static_cast<int>(ids.size());
    checkAttentionMaps(cfg_.layers, cfg_.heads, T, T, 3); // a trace keeps scores and scaled scores too
    EncoderTrace t;
    Matrix x = embedInto(ids, whatIf.positions, &t); // T x d
    x = encoder_.forward(std::move(x), keyAllowed, t.result.attention, whatIf.encoder, &t.layers);
    t.encoded = x;
    if (w_.pooler.size()) {
        t.poolerInput = x.topRows(1); // 1 x d, [CLS]
        Matrix pooled = linear(t.poolerInput, w_.pooler, w_.poolerB);
        t.pooled = pooled.array().tanh().matrix();
    }
    if (w_.classifier.size()) {
        const Matrix logits = linear(t.pooled, w_.classifier, w_.classifierB); // 1 x n_labels
        EncoderOutput out;
        out.logits.assign(logits.data(), logits.data() + logits.size());
        finishPrediction(out, labels_);
        t.result.logits = std::move(out.logits);
        t.result.probabilities = std::move(out.probabilities);
        t.result.predicted = out.predicted;
        t.result.predictedLabel = std::move(out.predictedLabel);
    }
    return t;
}

} // namespace attn::hf
