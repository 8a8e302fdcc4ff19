#include "pages/transformer_steps.hpp"

#include <QCoreApplication>
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
    return QStringLiteral("<tr><td><b>%1</b></td><td><code>%2</code></td></tr>")
        .arg(name, rowPreview(m, row, preview));
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

StepContent buildStep(const attn::TransformerClassifier& model, const attn::EncoderTrace& trace,
                      const StepRequest& q) {
    StepContent c;
    auto vecLine = [&q](const QString& label, const attn::Matrix& m, int row) {
        return line(label, m, row, std::max(1, q.preview));
    };
    const auto& cfg = model.settings();
    const int d = cfg.encoder.dModel, h = cfg.encoder.nHeads, dh = d / h;
    const auto& L = trace.layers.at(std::size_t(q.layer));
    const QStringList tok = tokenLabels(trace);
    const int t = std::clamp(q.token, 0, int(tok.size()) - 1);
    const int head = std::clamp(q.head, 0, h - 1);
    const QString word = tok.value(t);
    const QStringList dims = numbered(d, QStringLiteral("d"));
    c.heading = tr("Step %1 of %2 · %3 · layer %4")
                    .arg(int(q.step) + 1)
                    .arg(kStepCount)
                    .arg(stepName(q.step))
                    .arg(q.layer + 1); // from 1 on screen
    switch (q.step) {
    case Step::Embeddings: {
        const bool learned = cfg.positional == attn::Positional::Learned;
        c.items.push_back({tr("embeddings"), tr("Token embeddings (T × d)"), trace.embeddings, tok, dims});
        c.items.push_back(
            {tr("positions"),
             learned ? tr("Learned position table (T × d)") : tr("Sinusoidal positional encoding (T × d)"),
             trace.positions, tok, dims});
        c.items.push_back(
            {tr("sum"), tr("Embedding + position = the encoder's input"), trace.input, tok, dims});
        c.items.push_back({tr("position similarity"), tr("Cosine similarity of the position vectors"),
                           attn::cosineSimilarity(trace.positions), tok, tok});
        c.selectedItem = 1;
        QString formula;
        if (learned) {
            formula = tr("The model <b>learned</b> one vector per position (pos_embedding, %1 × %2).")
                          .arg(cfg.maxLen)
                          .arg(d);
        } else {
            const auto w = attn::sinusoidalFrequencies(d);
            QStringList f;
            for (std::size_t i = 0; i < std::min<std::size_t>(4, w.size()); ++i)
                f << QStringLiteral("ω<sub>%1</sub> = %2").arg(i).arg(w[i], 0, 'g', 3);
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
        c.tokenHtml = table({vecLine(tr("embedding"), trace.embeddings, t),
                             vecLine(tr("+ position %1").arg(t + 1), trace.positions, t),
                             vecLine(tr("= input"), trace.input, t)});
        break;
    }
    case Step::Heads: {
        c.items.push_back({tr("Q = x·Wq"),
                           tr("Queries x·Wqᵀ + b (T × d), cut into %1 heads of %2").arg(h).arg(dh),
                           sideBySide(L.attn.q), tok, dims});
        c.items.push_back({tr("K = x·Wk"), tr("Keys (T × d)"), sideBySide(L.attn.k), tok, dims});
        c.items.push_back({tr("V = x·Wv"), tr("Values (T × d)"), sideBySide(L.attn.v), tok, dims});
        for (int i = 0; i < h; ++i)
            c.items.push_back({tr("q head %1").arg(i + 1),
                               tr("Head %1's queries (T × d/h = %2)").arg(i + 1).arg(dh),
                               L.attn.q[std::size_t(i)], tok, numbered(dh)});
        const long long one = static_cast<long long>(d) * d, split = static_cast<long long>(h) * d * dh;
        c.explanation =
            tr("Each projection is one d × d matrix: %1 × %1 = %2 weights. Cutting its output into "
               "%3 heads of %4 columns is the same as %3 projections of d × d/h = %1 × %4 = %5 "
               "weights each, %6 in all: <b>heads add views, not parameters</b>.")
                .arg(d)
                .arg(one)
                .arg(h)
                .arg(dh)
                .arg(static_cast<long long>(d) * dh)
                .arg(split);
        QStringList r{vecLine(tr("attention input"), L.attnInput, t)};
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
        c.items.push_back({tr("concat"), tr("Head outputs side by side (T × d)"), L.attn.concat, tok, dims});
        c.items.push_back(
            {tr("attn out"), tr("After the output projection Wo (T × d)"), L.attnOut, tok, dims});
        c.selectedItem = 1;
        c.explanation =
            tr("The %1 head outputs (%2 columns each) are laid side by side, then Wo (d × d) mixes "
               "what the heads found into one d-wide vector per token.")
                .arg(h)
                .arg(dh);
        c.tokenHtml =
            table({vecLine(tr("concat"), L.attn.concat, t), vecLine(tr("Wo → attn out"), L.attnOut, t)});
        break;
    case Step::Norm1: {
        const auto& layer = model.encoder().layers.at(std::size_t(q.layer));
        c.items.push_back({tr("x"), tr("The layer's input x"), L.input, tok, dims});
        c.items.push_back({tr("attn out"), tr("Attention output"), L.attnOut, tok, dims});
        c.items.push_back({tr("residual"), tr("Residual: x + attention output"), L.residual1, tok, dims});
        c.items.push_back({tr("norm1"), tr("LayerNorm 1 output"), L.norm1, tok, dims});
        c.selectedItem = L.normFirst ? 2 : 3;
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
        QStringList r{vecLine(tr("x"), L.input, t), vecLine(tr("+ attn out"), L.attnOut, t),
                      vecLine(tr("= residual"), L.residual1, t)};
        c.tokenHtml = table(r + normRows(layer.norm1, tr("norm1"), L.normFirst ? L.input : L.residual1,
                                         L.norm1Mean, L.norm1Var, L.norm1, t, q.preview));
        break;
    }
    case Step::FeedForward: {
        const bool gelu = cfg.encoder.activation == attn::Activation::Gelu;
        const QStringList units = numbered(L.ffHidden.cols(), QStringLiteral("u"));
        c.items.push_back({tr("FFN input"), tr("What linear1 reads"), L.ffInput, tok, dims});
        c.items.push_back(
            {tr("hidden"),
             tr("Hidden units after %1 (T × %2)").arg(gelu ? "GELU" : "ReLU").arg(L.ffHidden.cols()),
             L.ffHidden, tok, units});
        c.items.push_back({tr("FFN out"), tr("linear2 output (T × d)"), L.ffOut, tok, dims});
        c.selectedItem = 1;
        const auto zeros = (L.ffHidden.array() == 0.0f).count();
        const auto zerosT = (L.ffHidden.row(t).array() == 0.0f).count();
        c.explanation =
            tr("FFN(x) = linear2(%1(linear1(x))), the same two-layer network applied to every token "
               "on its own. %2 of the %3 hidden activations are exactly zero.")
                .arg(gelu ? tr("GELU") : tr("ReLU"))
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
        const auto& layer = model.encoder().layers.at(std::size_t(q.layer));
        c.items.push_back({tr("residual 2"), tr("Second residual"), L.residual2, tok, dims});
        c.items.push_back({tr("norm2"), tr("LayerNorm 2 output"), L.norm2, tok, dims});
        c.items.push_back(
            {tr("output"), tr("The layer's output = the next layer's input"), L.output, tok, dims});
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
    return c;
}

} // namespace transformer
