#include "pages/transformer/transformer_steps.hpp"

#include "pages/transformer/step_parts.hpp"

#include <algorithm>

namespace transformer {

QString stepName(Step s) {
    switch (s) {
    case Step::Embeddings:
        return tr("Embeddings + positions");
    case Step::Heads:
        return tr("Split into heads");
    case Step::Attention:
        return tr("Attention per head");
    case Step::Concat:
        return tr("Concat + Wo");
    case Step::Norm1:
        return tr("Residual + LayerNorm 1");
    case Step::FeedForward:
        return tr("Feed-forward");
    case Step::Output:
        return tr("Residual + LayerNorm 2 → output");
    case Step::WhatIf:
        return tr("What if…");
    case Step::Cost:
        return tr("Cost of attention");
    }
    return {};
}

QString attentionPartName(AttentionPart p) {
    switch (p) {
    case AttentionPart::Scores:
        return tr("scores Q·Kᵀ");
    case AttentionPart::Scaled:
        return tr("scaled ÷ √dₕ");
    case AttentionPart::Masked:
        return tr("padding mask");
    case AttentionPart::Weights:
        return tr("softmax weights");
    case AttentionPart::Values:
        return tr("weighted values W·V");
    }
    return {};
}

QStringList tokenLabels(const attn::EncoderTrace& trace) {
    QStringList l;
    for (const auto& s : trace.result.tokens)
        l << QString::fromStdString(s);
    return l;
}

int defaultToken(const attn::EncoderTrace& trace, const QString& word) {
    const auto& t = trace.result.tokens;
    for (std::size_t i = 0; i < t.size(); ++i)
        if (QString::fromStdString(t[i]) == word)
            return int(i);
    int last = 0;
    for (std::size_t i = 0; i < trace.result.keyAllowed.size(); ++i)
        if (trace.result.keyAllowed[i])
            last = int(i);
    return last;
}

QString rowPreview(const attn::Matrix& m, int row, int n) {
    if (row < 0 || row >= m.rows())
        return {};
    QStringList parts;
    for (Eigen::Index c = 0; c < std::min<Eigen::Index>(n, m.cols()); ++c)
        parts << num(m(row, c));
    QString s = parts.join(QLatin1Char(' '));
    if (m.cols() > n)
        s += tr(" … (%1 values)").arg(m.cols());
    return s;
}

QString activationName(attn::Activation a) {
    switch (a) {
    case attn::Activation::Relu:
        return tr("ReLU");
    case attn::Activation::Gelu:
        return tr("GELU");
    case attn::Activation::GeluTanh:
        return tr("GELU (tanh)");
    case attn::Activation::Silu:
        return tr("SiLU");
    }
    return {};
}

QString poolingName(attn::EncoderPooling p) {
    switch (p) {
    case attn::EncoderPooling::None:
        return tr("none (no head)");
    case attn::EncoderPooling::Mean:
        return tr("mean of the tokens");
    case attn::EncoderPooling::Cls:
        return tr("the [CLS] row");
    case attn::EncoderPooling::ClsTanhPooler:
        return tr("[CLS] + tanh pooler");
    case attn::EncoderPooling::MeanTanhNormalized:
        return tr("mean of the tokens + tanh dense + L2 normalisation");
    }
    return {};
}

QString stepName(Step s, const attn::TracedTextEncoder& model) {
    const auto& e = model.description().embedding;
    if (s == Step::Embeddings && e.tokenTypes && e.layerNorm)
        return tr("Embeddings: word + position + token type → LayerNorm");
    if (s == Step::Embeddings && e.layerNorm)
        return tr("Embeddings + positions → LayerNorm");
    return stepName(s);
}

StepContent buildStep(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace,
                      const StepRequest& q) {
    StepContent c;
    const auto& L = trace.layers.at(std::size_t(q.layer));
    LayerView v{q, L, model.encoder().layers.at(std::size_t(q.layer))};
    v.nLayers = int(trace.layers.size());
    // Widths from the layer's own matrices: a layer that widens (d_in -> d_out) reads d_in and writes d_out.
    v.dIn = L.attnInput.cols();
    v.dOut = L.output.cols();
    v.h = int(L.weights.size());
    v.dh = L.attn.q.empty() ? 0 : L.attn.q.front().cols();
    v.tok = tokenLabels(trace);
    v.t = std::clamp(q.token, 0, int(v.tok.size()) - 1);
    v.head = std::clamp(q.head, 0, std::max(v.h - 1, 0));
    v.word = v.tok.value(v.t);
    v.dimsIn = numbered(v.dIn, QStringLiteral("d"));
    v.dimsOut = numbered(v.dOut, QStringLiteral("d"));
    v.dimsX = numbered(L.input.cols(), QStringLiteral("d"));
    c.heading = tr("Step %1 of %2 · %3 · layer %4")
                    .arg(int(q.step) + 1)
                    .arg(kStepCount)
                    .arg(stepName(q.step, model))
                    .arg(q.layer + 1); // from 1 on screen
    switch (q.step) {
    case Step::Embeddings:
        c.heading =
            tr("Step %1 of %2 · %3").arg(int(q.step) + 1).arg(kStepCount).arg(stepName(q.step, model));
        embeddingStep(model, trace, v.t, v.tok, std::max(1, q.preview), c);
        break;
    case Step::Heads:
        headsStep(v, c);
        break;
    case Step::Attention:
        attentionStep(v, c);
        break;
    case Step::Concat:
        concatStep(v, c);
        break;
    case Step::Norm1:
        norm1Step(v, c);
        break;
    case Step::FeedForward:
        feedForwardStep(v, c);
        break;
    case Step::Output:
        outputStep(v, c);
        break;
    case Step::WhatIf:
    case Step::Cost:
        break;
    }
    c.tokenHtml = tr("<h3>“%1” (position %2)</h3>").arg(v.word.toHtmlEscaped()).arg(v.t + 1) + c.tokenHtml;
    if (q.step == Step::Output) {
        if (q.layer + 1 == v.nLayers)
            headPart(model, trace, std::max(1, q.preview), c);
        else
            c.explanation +=
                QStringLiteral("<br>") +
                tr("Pooling (%1) and the head read the last layer's output: choose layer %2 to see "
                   "them.")
                    .arg(poolingName(model.description().pooling))
                    .arg(v.nLayers);
    }
    return c;
}

} // namespace transformer
