#include "pages/transformer_steps.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <attn/position_similarity.hpp>
#include <limits>

namespace transformer {

namespace {

// lupdate names the context of these tr() calls after the namespace.
QString tr(const char* s) {
    return QCoreApplication::translate("transformer", s);
}

QString num(double v, int decimals = 3) {
    return QString::number(v, 'f', decimals);
}

QStringList numbered(Eigen::Index n, const QString& prefix = QString()) {
    QStringList l;
    for (Eigen::Index i = 0; i < n; ++i)
        l << prefix + QString::number(i);
    return l;
}

/// Heads side by side (T x d): arranging the engine's per-head blocks, no arithmetic.
attn::Matrix sideBySide(const std::vector<attn::Matrix>& blocks) {
    if (blocks.empty())
        return {};
    Eigen::Index cols = 0;
    for (const auto& b : blocks)
        cols += b.cols();
    attn::Matrix m(blocks[0].rows(), cols); // T x (sum of widths)
    Eigen::Index c = 0;
    for (const auto& b : blocks) {
        m.middleCols(c, b.cols()) = b;
        c += b.cols();
    }
    return m;
}

QString line(const QString& name, const attn::Matrix& m, int row, int preview) {
    // A weight name breaks after "_" and "." (a zero-width space) instead of inside a word when the
    // panel is narrow ("word_embeddin / gs" at 260 px).
    QString label = name;
    label.replace(QLatin1Char('_'), QStringLiteral("_\u200b"))
        .replace(QLatin1Char('.'), QStringLiteral(".\u200b"));
    return QStringLiteral("<tr><td><b>%1</b></td><td><code>%2</code></td></tr>")
        .arg(label, rowPreview(m, row, preview));
}

QString table(const QStringList& rows) {
    return QStringLiteral("<table cellspacing=4>") + rows.join(QString()) + QStringLiteral("</table>");
}

/// A LayerNorm's rows for the token readout (one table with the rows around them, so that every value
/// column starts at the same x).
QStringList normRows(const attn::layers::LayerNorm& n, const QString& name, const attn::Matrix& in,
                     const attn::Vector& mean, const attn::Vector& var, const attn::Matrix& out, int t,
                     int preview) {
    auto vecLine = [preview](const QString& label, const attn::Matrix& m, int row) {
        return line(label, m, row, preview);
    };
    QStringList r;
    r << vecLine(tr("input of ") + name, in, t);
    r << QStringLiteral("<tr><td><b>%1</b></td><td>%2 = %3, %4 = %5</td></tr>")
             .arg(tr("statistics"), tr("mean"), num(mean(t), 4), tr("variance"), num(var(t), 4));
    attn::Matrix gain = n.weight.transpose(), bias = n.bias.transpose(); // 1 x d
    r << vecLine(tr("gain γ"), gain, 0) << vecLine(tr("bias β"), bias, 0);
    r << vecLine(name + tr(" output"), out, t);
    return r;
}

} // namespace

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

namespace {

/// The embedding step: the model's own parts, named as its checkpoint names them.
void embeddingStep(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace, int t,
                   const QStringList& tok, int preview, StepContent& c) {
    const auto& desc = model.description();
    const auto& e = desc.embedding;
    const auto d = trace.input.cols();
    const QStringList dims = numbered(d, QStringLiteral("d"));
    const bool learned = e.positions == attn::Positional::Learned;
    auto named = [](const std::string& table, const QString& fallback) {
        return table.empty() ? fallback : QString::fromStdString(table);
    };
    // A model that does not name its tables gets the symbols of the formulas (E, P), not words: the
    // names are the checkpoint's own, identifiers in any language.
    const QString tokenName = named(e.tokenTable, QStringLiteral("E"));
    const QString positionName = named(e.positionTable, QStringLiteral("P"));
    // A constant factor is named as the model applies it (USE lite: 2·E[id], its graph adds the rows twice).
    const QString multiplier =
        e.tokenMultiplier != 1.0f ? QString::number(e.tokenMultiplier) + QStringLiteral("·") : QString();
    c.items.push_back({tokenName,
                       e.scaled ? tr("Token embeddings %1[id] × √d (T × d)").arg(tokenName)
                                : tr("Token embeddings %1%2[id] (T × d)").arg(multiplier, tokenName),
                       trace.embeddings, tok, dims});
    c.items.push_back({positionName,
                       learned ? tr("Learned position table %1 (T × d)").arg(positionName)
                               : tr("Sinusoidal positional encoding (T × d)"),
                       trace.positions, tok, dims});
    const bool types = e.tokenTypes && trace.tokenTypes.size();
    const bool norm = e.layerNorm && trace.embeddingSum.size();
    if (types)
        c.items.push_back({QString::fromStdString(e.tokenTypeTable),
                           tr("Token-type rows %1[0]: one segment, the same row at every position (T × d)")
                               .arg(QString::fromStdString(e.tokenTypeTable)),
                           trace.tokenTypes, tok, dims});
    if (norm) {
        c.items.push_back({tr("sum"), tr("The sum before %1").arg(QString::fromStdString(e.normName)),
                           trace.embeddingSum, tok, dims});
        c.items.push_back({QString::fromStdString(e.normName),
                           tr("%1 output = layer 1's input").arg(QString::fromStdString(e.normName)),
                           trace.input, tok, dims});
    } else {
        c.items.push_back(
            {tr("sum"), tr("Embedding + position = the encoder's input"), trace.input, tok, dims});
    }
    c.items.push_back({tr("position similarity"), tr("Cosine similarity of the position vectors"),
                       attn::cosineSimilarity(trace.positions), tok, tok});
    c.selectedItem = 1;
    QString formula;
    if (learned) {
        formula = tr("The model <b>learned</b> one vector per position (%1, %2 × %3).")
                      .arg(positionName)
                      .arg(desc.maxLen)
                      .arg(d);
    } else if (e.sinCosHalves) {
        // tensor2tensor's timing signal (USE lite): sines in the first half, cosines in the second.
        const auto& w = e.frequencies;
        QStringList f;
        for (std::size_t i = 0; i < std::min<std::size_t>(4, w.size()); ++i)
            f << QStringLiteral("ω<sub>%1</sub> = %2").arg(i).arg(w[i], 0, 'g', 3);
        if (!w.empty())
            f << QStringLiteral("… ω<sub>%1</sub> = %2").arg(w.size() - 1).arg(w.back(), 0, 'g', 3);
        formula = tr("Timing signal [sin(p·ω<sub>i</sub>) | cos(p·ω<sub>i</sub>)]: dimensions 0–%1 are the "
                     "sines, %2–%3 the cosines, with the model's stored frequencies: %4. The token rows are "
                     "%5·E[id]: the model's graph adds the looked-up rows twice.")
                      .arg(d / 2 - 1)
                      .arg(d / 2)
                      .arg(d - 1)
                      .arg(f.join(QStringLiteral(", ")))
                      .arg(e.tokenMultiplier);
    } else {
        const auto w = attn::sinusoidalFrequencies(int(d));
        QStringList f;
        for (std::size_t i = 0; i < std::min<std::size_t>(4, w.size()); ++i)
            f << QStringLiteral("ω<sub>%1</sub> = %2").arg(i).arg(w[i], 0, 'g', 3);
        if (!w.empty())
            f << QStringLiteral("… ω<sub>%1</sub> = %2").arg(w.size() - 1).arg(w.back(), 0, 'g', 3);
        formula = tr("PE(p, 2i) = sin(p·ω<sub>i</sub>), PE(p, 2i+1) = cos(p·ω<sub>i</sub>), "
                     "ω<sub>i</sub> = 1 / 10000<sup>2i/d</sup>: %1. Fast dimensions on the left, slow "
                     "ones on the right; nearby positions share the slow ones, so they look alike.")
                      .arg(f.join(QStringLiteral(", ")));
    }
    c.explanation = tr("Attention itself ignores word order (it is a weighted sum over a set). The "
                       "position vector added to each word's embedding is what tells the layer where the "
                       "word stands. ") +
                    formula;
    if (types || norm)
        c.explanation +=
            QLatin1Char(' ') +
            tr("This model adds %1 and normalises the sum with %2 (mean 0, variance 1 per token, then "
               "γ and β) before layer 1.")
                .arg(types ? tr("the token-type row of segment 0 (%1)")
                                 .arg(QString::fromStdString(e.tokenTypeTable))
                           : tr("nothing else"),
                     QString::fromStdString(e.normName));
    auto vecLine = [preview](const QString& label, const attn::Matrix& m, int row) {
        return line(label, m, row, preview);
    };
    QStringList r{vecLine(multiplier + tokenName, trace.embeddings, t),
                  vecLine(tr("+ position %1").arg(t + 1), trace.positions, t)};
    if (types)
        r << vecLine(tr("+ token type 0"), trace.tokenTypes, t);
    if (norm && model.embeddingNorm()) {
        r << vecLine(tr("= sum"), trace.embeddingSum, t);
        r << normRows(*model.embeddingNorm(), QString::fromStdString(e.normName), trace.embeddingSum,
                      trace.embeddingMean, trace.embeddingVar, trace.input, t, preview);
    } else {
        r << vecLine(tr("= input"), trace.input, t);
    }
    c.tokenHtml = table(r);
}

/// 1 x n as a heatmap row labelled `row`.
Item rowItem(const QString& name, const QString& title, const attn::Matrix& m, const QString& row) {
    return {name, title, m, QStringList{row}, numbered(m.cols(), QStringLiteral("d"))};
}

/// After the last layer: what pools the encoded tokens and what the head makes of it.
void headPart(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace, int preview,
              StepContent& c) {
    const auto& desc = model.description();
    const auto& r = trace.result;
    const QString pooling = poolingName(desc.pooling);
    auto vecLine = [preview](const QString& label, const attn::Matrix& m, int row) {
        return line(label, m, row, preview);
    };
    if (model.encoder().hasFinalNorm)
        c.items.push_back({tr("final norm"), tr("The stack's final LayerNorm (T × d)"), trace.encoded,
                           tokenLabels(trace), numbered(trace.encoded.cols(), QStringLiteral("d"))});
    QStringList rows;
    QString text;
    switch (desc.pooling) {
    case attn::EncoderPooling::None:
        text = tr("<b>After the last layer:</b> pooling: %1. This encoder has no classification head: its "
                  "output is the encoded tokens, one vector per token.")
                   .arg(pooling);
        break;
    case attn::EncoderPooling::Mean:
        c.items.push_back(
            rowItem(tr("pooled"), tr("Mean of the real tokens' outputs (1 × d)"), trace.pooled, tr("mean")));
        text = tr("<b>After the last layer:</b> pooling: %1 (padding left out), then the classifier "
                  "logits = pooled·Wᵀ + b and a softmax.")
                   .arg(pooling);
        rows << vecLine(tr("pooled (mean)"), trace.pooled, 0);
        break;
    case attn::EncoderPooling::Cls:
        c.items.push_back(
            rowItem(tr("pooled"), tr("The [CLS] row of the last layer (1 × d)"), trace.pooled,
                    QString::fromStdString(r.tokens.empty() ? std::string() : r.tokens.front())));
        text =
            tr("<b>After the last layer:</b> pooling: %1, then the classifier logits = x<sub>[CLS]</sub>·Wᵀ "
               "+ b and a softmax.")
                .arg(pooling);
        rows << vecLine(tr("pooled ([CLS])"), trace.pooled, 0);
        break;
    case attn::EncoderPooling::ClsTanhPooler:
        if (trace.poolerInput.size())
            c.items.push_back(rowItem(tr("[CLS]"), tr("The [CLS] row of the last layer (1 × d)"),
                                      trace.poolerInput, QStringLiteral("[CLS]")));
        if (trace.pooled.size())
            c.items.push_back(rowItem(tr("pooler"), tr("Pooler output tanh(x[CLS]·W_poolᵀ + b) (1 × d)"),
                                      trace.pooled, QStringLiteral("[CLS]")));
        text = model.classLabels().empty()
                   ? tr("<b>After the last layer:</b> pooling: %1 — pooled = "
                        "tanh(x<sub>[CLS]</sub>·W<sub>pool</sub>ᵀ "
                        "+ b). This encoder has no classification head.")
                         .arg(pooling)
                   : tr("<b>After the last layer:</b> pooling: %1 — pooled = "
                        "tanh(x<sub>[CLS]</sub>·W<sub>pool</sub>ᵀ "
                        "+ b), then the classifier logits = pooled·Wᵀ + b and a softmax.")
                         .arg(pooling);
        rows << vecLine(tr("[CLS] row"), trace.poolerInput, 0) << vecLine(tr("tanh pooler"), trace.pooled, 0);
        break;
    case attn::EncoderPooling::MeanTanhNormalized:
        if (trace.poolerInput.size())
            c.items.push_back(rowItem(tr("mean"), tr("Mean of the tokens' outputs (1 × d)"),
                                      trace.poolerInput, tr("mean")));
        if (trace.pooled.size())
            c.items.push_back(
                rowItem(tr("vector"),
                        tr("Sentence vector l2normalize(tanh(mean·W + b)) (1 × %1)").arg(trace.pooled.cols()),
                        trace.pooled, tr("vector")));
        text = tr("<b>After the last layer:</b> pooling: %1 — the sentence vector = "
                  "tanh(mean·W + b) divided by its length. Two sentences are compared by the cosine of "
                  "their vectors (the Similarity page); there is no classification head.")
                   .arg(pooling);
        rows << vecLine(tr("mean"), trace.poolerInput, 0) << vecLine(tr("sentence vector"), trace.pooled, 0);
        break;
    }
    if (!r.probabilities.empty()) {
        QStringList probs;
        const auto& labels = model.classLabels();
        for (std::size_t i = 0; i < r.probabilities.size(); ++i)
            probs << QStringLiteral("%1 %2 (logit %3)")
                         .arg(QString::fromStdString(i < labels.size() ? labels[i] : std::to_string(i))
                                  .toHtmlEscaped(),
                              num(r.probabilities[i], 4), num(r.logits.at(i), 3));
        rows << QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(tr("prediction"), probs.join(QStringLiteral(", ")));
        text += QLatin1Char(' ') + tr("Prediction: <b>%1</b> (p = %2).")
                                       .arg(QString::fromStdString(r.predictedLabel).toHtmlEscaped(),
                                            num(r.probabilities[std::size_t(r.predicted)], 4));
    }
    c.explanation += QStringLiteral("<br>") + text;
    if (!rows.isEmpty())
        c.tokenHtml += tr("<h3>Pooling and head</h3>") + table(rows);
}

} // namespace

StepContent buildStep(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace,
                      const StepRequest& q) {
    StepContent c;
    auto vecLine = [&q](const QString& label, const attn::Matrix& m, int row) {
        return line(label, m, row, std::max(1, q.preview));
    };
    const auto& L = trace.layers.at(std::size_t(q.layer));
    const auto& layer = model.encoder().layers.at(std::size_t(q.layer));
    const int nLayers = int(trace.layers.size());
    // Widths from the layer's own matrices: a layer that widens (d_in -> d_out) reads d_in and writes d_out.
    const auto dIn = L.attnInput.cols(), dOut = L.output.cols();
    const int h = int(L.weights.size());
    const auto dh = L.attn.q.empty() ? 0 : L.attn.q.front().cols();
    const QStringList tok = tokenLabels(trace);
    const int t = std::clamp(q.token, 0, int(tok.size()) - 1);
    const int head = std::clamp(q.head, 0, std::max(h - 1, 0));
    const QString word = tok.value(t);
    const QStringList dimsIn = numbered(dIn, QStringLiteral("d")),
                      dimsOut = numbered(dOut, QStringLiteral("d"));
    const QStringList dimsX = numbered(L.input.cols(), QStringLiteral("d"));
    c.heading = tr("Step %1 of %2 · %3 · layer %4")
                    .arg(int(q.step) + 1)
                    .arg(kStepCount)
                    .arg(stepName(q.step, model))
                    .arg(q.layer + 1); // from 1 on screen
    switch (q.step) {
    case Step::Embeddings:
        c.heading =
            tr("Step %1 of %2 · %3").arg(int(q.step) + 1).arg(kStepCount).arg(stepName(q.step, model));
        embeddingStep(model, trace, t, tok, std::max(1, q.preview), c);
        break;
    case Step::Heads: {
        c.items.push_back({tr("Q = x·Wq"),
                           tr("Queries x·Wqᵀ + b (T × %1), cut into %2 heads of %3").arg(dIn).arg(h).arg(dh),
                           sideBySide(L.attn.q), tok, dimsIn});
        c.items.push_back({tr("K = x·Wk"), tr("Keys (T × %1)").arg(dIn), sideBySide(L.attn.k), tok, dimsIn});
        c.items.push_back(
            {tr("V = x·Wv"), tr("Values (T × %1)").arg(dIn), sideBySide(L.attn.v), tok, dimsIn});
        for (int i = 0; i < h; ++i)
            c.items.push_back({tr("q head %1").arg(i + 1),
                               tr("Head %1's queries (T × d/h = %2)").arg(i + 1).arg(dh),
                               L.attn.q[std::size_t(i)], tok, numbered(dh)});
        const long long d = dIn;
        const long long one = d * d, split = static_cast<long long>(h) * d * dh;
        c.explanation =
            tr("Each projection is one d × d matrix: %1 × %1 = %2 weights. Cutting its output into "
               "%3 heads of %4 columns is the same as %3 projections of d × d/h = %1 × %4 = %5 "
               "weights each, %6 in all: <b>heads add views, not parameters</b>.")
                .arg(d)
                .arg(one)
                .arg(h)
                .arg(dh)
                .arg(d * dh)
                .arg(split);
        if (L.normFirst)
            c.explanation += QLatin1Char(' ') + tr("Pre-LN: the projections read norm1(x), not x itself.");
        QStringList r{vecLine(L.normFirst ? tr("norm1(x)") : tr("attention input"), L.attnInput, t)};
        for (int i = 0; i < h; ++i)
            r << vecLine(tr("q, head %1").arg(i + 1), L.attn.q[std::size_t(i)], t);
        c.tokenHtml = table(r);
        break;
    }
    case Step::Attention: {
        for (int i = 0; i < h; ++i) {
            Item it;
            it.rows = tok;
            it.columns = tok;
            it.name = tr("head %1").arg(i + 1);
            const auto hi = std::size_t(i);
            switch (q.part) {
            case AttentionPart::Scores:
                it.values = L.attn.scores[hi];
                break;
            case AttentionPart::Scaled:
                it.values = L.attn.scaled[hi];
                break;
            case AttentionPart::Masked:
                it.values = L.attn.scaled[hi];
                for (Eigen::Index r = 0; r < it.values.rows(); ++r)
                    for (Eigen::Index k = 0; k < it.values.cols(); ++k)
                        if (!L.attn.mask(r, k))
                            it.values(r, k) = -std::numeric_limits<float>::infinity();
                break;
            case AttentionPart::Weights:
                it.values = L.weights[hi];
                it.weights = true;
                break;
            case AttentionPart::Values:
                it.values = L.attn.headsOut[hi];
                it.columns = numbered(dh);
                break;
            }
            it.title = tr("Head %1 · %2").arg(i + 1).arg(attentionPartName(q.part));
            c.items.push_back(std::move(it));
        }
        c.selectedItem = head;
        c.explanation =
            tr("Per head: scores S = Q<sub>h</sub>K<sub>h</sub>ᵀ, scaled by 1/√%1 = %2, padding keys "
               "masked (−∞, drawn as masked), softmax per row, then the weighted sum of the values. "
               "Rows: the query (attends from); columns: the key.")
                .arg(dh)
                .arg(num(L.attn.scale, 4));
        const auto hs = std::size_t(head);
        c.tokenHtml =
            table({vecLine(tr("scores (head %1)").arg(head + 1), L.attn.scores[hs], t),
                   vecLine(tr("scaled"), L.attn.scaled[hs], t), vecLine(tr("weights"), L.weights[hs], t),
                   vecLine(tr("weighted values"), L.attn.headsOut[hs], t)});
        break;
    }
    case Step::Concat:
        c.items.push_back({tr("concat"), tr("Head outputs side by side (T × %1)").arg(L.attn.concat.cols()),
                           L.attn.concat, tok, numbered(L.attn.concat.cols(), QStringLiteral("d"))});
        c.items.push_back({tr("attn out"), tr("After the output projection Wo (T × %1)").arg(dOut), L.attnOut,
                           tok, dimsOut});
        c.selectedItem = 1;
        c.explanation =
            tr("The %1 head outputs (%2 columns each) are laid side by side, then Wo (%3 × %4) mixes "
               "what the heads found into one %4-wide vector per token.")
                .arg(h)
                .arg(dh)
                .arg(L.attn.concat.cols())
                .arg(dOut);
        if (dOut != dIn)
            c.explanation +=
                QLatin1Char(' ') +
                tr("This layer widens the stream from %1 to %2 dimensions here.").arg(dIn).arg(dOut);
        c.tokenHtml =
            table({vecLine(tr("concat"), L.attn.concat, t), vecLine(tr("Wo → attn out"), L.attnOut, t)});
        break;
    case Step::Norm1: {
        const bool projected = L.projected.size() > 0;
        c.items.push_back({tr("x"), tr("The layer's input x"), L.input, tok, dimsX});
        if (projected)
            c.items.push_back({tr("projected x"),
                               tr("The residual widened: x·Wpᵀ + b (T × %1)").arg(L.projected.cols()),
                               L.projected, tok, dimsOut});
        c.items.push_back({tr("attn out"), tr("Attention output"), L.attnOut, tok, dimsOut});
        c.items.push_back({tr("residual"),
                           projected ? tr("Residual: projected x + attention output")
                                     : tr("Residual: x + attention output"),
                           L.residual1, tok, dimsOut});
        c.items.push_back(
            {tr("norm1"),
             L.normFirst ? tr("LayerNorm 1 output = norm1(x), attention's input") : tr("LayerNorm 1 output"),
             L.norm1, tok, L.normFirst ? dimsX : dimsOut});
        c.selectedItem = int(c.items.size()) - (L.normFirst ? 2 : 1);
        c.explanation =
            (L.normFirst
                 ? tr("This model is <b>pre-LN</b> (norm_first): norm1 normalises x <i>before</i> attention "
                      "and the residual adds the raw attention output to x. ")
                 : tr("This model is <b>post-LN</b>: norm1 normalises x + attention output <i>after</i> the "
                      "residual add. ")) +
            tr("LayerNorm: (v − mean) / √(var + ε) · γ + β per token. Order matters: post-LN keeps every "
               "layer's "
               "output at unit scale but the gradient passes through each norm; pre-LN leaves a clean "
               "residual "
               "path x + f(norm(x)) that trains deeper stacks stably, while the stream itself grows.");
        if (projected)
            c.explanation +=
                QLatin1Char(' ') + tr("This layer widens %1 → %2: x cannot be added to a %2-wide "
                                      "output, so a dense projection Wp widens it first.")
                                       .arg(L.input.cols())
                                       .arg(dOut);
        QStringList r{vecLine(tr("x"), L.input, t)};
        if (projected)
            r << vecLine(tr("projected x"), L.projected, t);
        r << vecLine(tr("+ attn out"), L.attnOut, t) << vecLine(tr("= residual"), L.residual1, t);
        c.tokenHtml = table(r + normRows(layer.norm1, tr("norm1"), L.normFirst ? L.input : L.residual1,
                                         L.norm1Mean, L.norm1Var, L.norm1, t, q.preview));
        break;
    }
    case Step::FeedForward: {
        const QString act = activationName(layer.activation);
        const QStringList units = numbered(L.ffHidden.cols(), QStringLiteral("u"));
        c.items.push_back({tr("FFN input"),
                           L.normFirst ? tr("What linear1 reads: norm2(residual)") : tr("What linear1 reads"),
                           L.ffInput, tok, dimsOut});
        c.items.push_back({tr("hidden"), tr("Hidden units after %1 (T × %2)").arg(act).arg(L.ffHidden.cols()),
                           L.ffHidden, tok, units});
        c.items.push_back({tr("FFN out"), tr("linear2 output (T × %1)").arg(dOut), L.ffOut, tok, dimsOut});
        c.selectedItem = 1;
        const auto zeros = (L.ffHidden.array() == 0.0f).count();
        const auto zerosT = (L.ffHidden.row(t).array() == 0.0f).count();
        c.explanation =
            tr("FFN(x) = linear2(%1(linear1(x))), the same two-layer network applied to every token "
               "on its own. %2 of the %3 hidden activations are exactly zero.")
                .arg(act)
                .arg(zeros)
                .arg(L.ffHidden.size());
        c.tokenHtml = table({vecLine(tr("input"), L.ffInput, t), vecLine(tr("before act."), L.ffPre, t),
                             vecLine(tr("hidden"), L.ffHidden, t), vecLine(tr("output"), L.ffOut, t)}) +
                      tr("<p>%1 of %2 hidden units of “%3” are zero.</p>")
                          .arg(zerosT)
                          .arg(L.ffHidden.cols())
                          .arg(word.toHtmlEscaped());
        break;
    }
    case Step::Output: {
        c.items.push_back({tr("residual 2"), tr("Second residual"), L.residual2, tok, dimsOut});
        c.items.push_back(
            {tr("norm2"), L.normFirst ? tr("LayerNorm 2 output (the FFN's input)") : tr("LayerNorm 2 output"),
             L.norm2, tok, dimsOut});
        c.items.push_back({tr("output"),
                           q.layer + 1 < nLayers ? tr("The layer's output = the next layer's input")
                                                 : tr("The last layer's output"),
                           L.output, tok, dimsOut});
        c.selectedItem = 2;
        c.explanation = L.normFirst
                            ? tr("Pre-LN: norm2 normalised the FFN's input; the output is residual + FFN "
                                 "output, unnormalised.")
                            : tr("Post-LN: output = norm2(norm1 + FFN output).");
        c.tokenHtml = table(QStringList{vecLine(tr("residual 2"), L.residual2, t)} +
                            normRows(layer.norm2, tr("norm2"), L.normFirst ? L.residual1 : L.residual2,
                                     L.norm2Mean, L.norm2Var, L.norm2, t, q.preview) +
                            QStringList{vecLine(tr("output"), L.output, t)});
        break;
    }
    case Step::WhatIf:
    case Step::Cost:
        break;
    }
    c.tokenHtml = tr("<h3>“%1” (position %2)</h3>").arg(word.toHtmlEscaped()).arg(t + 1) + c.tokenHtml;
    if (q.step == Step::Output) {
        if (q.layer + 1 == nLayers)
            headPart(model, trace, std::max(1, q.preview), c);
        else
            c.explanation +=
                QStringLiteral("<br>") +
                tr("Pooling (%1) and the head read the last layer's output: choose layer %2 to see "
                   "them.")
                    .arg(poolingName(model.description().pooling))
                    .arg(nLayers);
    }
    return c;
}

} // namespace transformer
