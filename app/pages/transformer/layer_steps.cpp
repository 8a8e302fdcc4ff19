#include "pages/transformer/step_parts.hpp"

#include <limits>

namespace transformer {

/// Step 2: Q, K and V, and the queries cut into heads.
void headsStep(const LayerView& v, StepContent& c) {
    const auto& L = v.L;
    const auto dIn = v.dIn;
    const int h = v.h;
    const auto dh = v.dh;
    const QStringList& tok = v.tok;
    const int t = v.t;
    const QStringList& dimsIn = v.dimsIn;
    c.items.push_back({tr("Q = x·Wq"),
                       tr("Queries x·Wqᵀ + b (T × %1), cut into %2 heads of %3").arg(dIn).arg(h).arg(dh),
                       sideBySide(L.attn.q), tok, dimsIn});
    c.items.push_back({tr("K = x·Wk"), tr("Keys (T × %1)").arg(dIn), sideBySide(L.attn.k), tok, dimsIn});
    c.items.push_back({tr("V = x·Wv"), tr("Values (T × %1)").arg(dIn), sideBySide(L.attn.v), tok, dimsIn});
    for (int i = 0; i < h; ++i)
        c.items.push_back({tr("q head %1").arg(i + 1),
                           tr("Head %1's queries (T × d/h = %2)").arg(i + 1).arg(dh),
                           L.attn.q[std::size_t(i)], tok, numbered(dh)});
    const long long d = dIn;
    const long long one = d * d, split = static_cast<long long>(h) * d * dh;
    c.explanation = tr("Each projection is one d × d matrix: %1 × %1 = %2 weights. Cutting its output into "
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
    QStringList r{v.vecLine(L.normFirst ? tr("norm1(x)") : tr("attention input"), L.attnInput, t)};
    for (int i = 0; i < h; ++i)
        r << v.vecLine(tr("q, head %1").arg(i + 1), L.attn.q[std::size_t(i)], t);
    c.tokenHtml = table(r);
}

/// Step 3: one map per head of the chosen part (scores … weighted values).
void attentionStep(const LayerView& v, StepContent& c) {
    const auto& q = v.q;
    const auto& L = v.L;
    const int h = v.h;
    const auto dh = v.dh;
    const QStringList& tok = v.tok;
    const int t = v.t;
    const int head = v.head;
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
    c.explanation = tr("Per head: scores S = Q<sub>h</sub>K<sub>h</sub>ᵀ, scaled by 1/√%1 = %2, padding keys "
                       "masked (−∞, drawn as masked), softmax per row, then the weighted sum of the values. "
                       "Rows: the query (attends from); columns: the key.")
                        .arg(dh)
                        .arg(num(L.attn.scale, 4));
    const auto hs = std::size_t(head);
    c.tokenHtml =
        table({v.vecLine(tr("scores (head %1)").arg(head + 1), L.attn.scores[hs], t),
               v.vecLine(tr("scaled"), L.attn.scaled[hs], t), v.vecLine(tr("weights"), L.weights[hs], t),
               v.vecLine(tr("weighted values"), L.attn.headsOut[hs], t)});
}

/// Step 4: the heads side by side, then Wo.
void concatStep(const LayerView& v, StepContent& c) {
    const auto& L = v.L;
    const auto dIn = v.dIn;
    const auto dOut = v.dOut;
    const int h = v.h;
    const auto dh = v.dh;
    const QStringList& tok = v.tok;
    const int t = v.t;
    const QStringList& dimsOut = v.dimsOut;
    c.items.push_back({tr("concat"), tr("Head outputs side by side (T × %1)").arg(L.attn.concat.cols()),
                       L.attn.concat, tok, numbered(L.attn.concat.cols(), QStringLiteral("d"))});
    c.items.push_back(
        {tr("attn out"), tr("After the output projection Wo (T × %1)").arg(dOut), L.attnOut, tok, dimsOut});
    c.selectedItem = 1;
    c.explanation = tr("The %1 head outputs (%2 columns each) are laid side by side, then Wo (%3 × %4) mixes "
                       "what the heads found into one %4-wide vector per token.")
                        .arg(h)
                        .arg(dh)
                        .arg(L.attn.concat.cols())
                        .arg(dOut);
    if (dOut != dIn)
        c.explanation += QLatin1Char(' ') +
                         tr("This layer widens the stream from %1 to %2 dimensions here.").arg(dIn).arg(dOut);
    c.tokenHtml =
        table({v.vecLine(tr("concat"), L.attn.concat, t), v.vecLine(tr("Wo → attn out"), L.attnOut, t)});
}

/// Step 5: the residual around attention and LayerNorm 1 (pre- or post-LN).
void norm1Step(const LayerView& v, StepContent& c) {
    const auto& q = v.q;
    const auto& L = v.L;
    const auto& layer = v.layer;
    const auto dOut = v.dOut;
    const QStringList& tok = v.tok;
    const int t = v.t;
    const QStringList& dimsOut = v.dimsOut;
    const QStringList& dimsX = v.dimsX;
    const bool projected = L.projected.size() > 0;
    c.items.push_back({tr("x"), tr("The layer's input x"), L.input, tok, dimsX});
    if (projected)
        c.items.push_back({tr("projected x"),
                           tr("The residual widened: x·Wpᵀ + b (T × %1)").arg(L.projected.cols()),
                           L.projected, tok, dimsOut});
    c.items.push_back({tr("attn out"), tr("Attention output"), L.attnOut, tok, dimsOut});
    c.items.push_back(
        {tr("residual"),
         projected ? tr("Residual: projected x + attention output") : tr("Residual: x + attention output"),
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
        c.explanation += QLatin1Char(' ') + tr("This layer widens %1 → %2: x cannot be added to a %2-wide "
                                               "output, so a dense projection Wp widens it first.")
                                                .arg(L.input.cols())
                                                .arg(dOut);
    QStringList r{v.vecLine(tr("x"), L.input, t)};
    if (projected)
        r << v.vecLine(tr("projected x"), L.projected, t);
    r << v.vecLine(tr("+ attn out"), L.attnOut, t) << v.vecLine(tr("= residual"), L.residual1, t);
    c.tokenHtml = table(r + normRows(layer.norm1, tr("norm1"), L.normFirst ? L.input : L.residual1,
                                     L.norm1Mean, L.norm1Var, L.norm1, t, q.preview));
}

/// Step 6: the feed-forward network, token by token.
void feedForwardStep(const LayerView& v, StepContent& c) {
    const auto& L = v.L;
    const auto& layer = v.layer;
    const auto dOut = v.dOut;
    const QStringList& tok = v.tok;
    const int t = v.t;
    const QString& word = v.word;
    const QStringList& dimsOut = v.dimsOut;
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
    c.explanation = tr("FFN(x) = linear2(%1(linear1(x))), the same two-layer network applied to every token "
                       "on its own. %2 of the %3 hidden activations are exactly zero.")
                        .arg(act)
                        .arg(zeros)
                        .arg(L.ffHidden.size());
    c.tokenHtml = table({v.vecLine(tr("input"), L.ffInput, t), v.vecLine(tr("before act."), L.ffPre, t),
                         v.vecLine(tr("hidden"), L.ffHidden, t), v.vecLine(tr("output"), L.ffOut, t)}) +
                  tr("<p>%1 of %2 hidden units of “%3” are zero.</p>")
                      .arg(zerosT)
                      .arg(L.ffHidden.cols())
                      .arg(word.toHtmlEscaped());
}

/// Step 7: the second residual, LayerNorm 2 and the layer's output.
void outputStep(const LayerView& v, StepContent& c) {
    const auto& q = v.q;
    const auto& L = v.L;
    const auto& layer = v.layer;
    const int nLayers = v.nLayers;
    const QStringList& tok = v.tok;
    const int t = v.t;
    const QStringList& dimsOut = v.dimsOut;
    c.items.push_back({tr("residual 2"), tr("Second residual"), L.residual2, tok, dimsOut});
    c.items.push_back({tr("norm2"),
                       L.normFirst ? tr("LayerNorm 2 output (the FFN's input)") : tr("LayerNorm 2 output"),
                       L.norm2, tok, dimsOut});
    c.items.push_back({tr("output"),
                       q.layer + 1 < nLayers ? tr("The layer's output = the next layer's input")
                                             : tr("The last layer's output"),
                       L.output, tok, dimsOut});
    c.selectedItem = 2;
    c.explanation = L.normFirst ? tr("Pre-LN: norm2 normalised the FFN's input; the output is residual + FFN "
                                     "output, unnormalised.")
                                : tr("Post-LN: output = norm2(norm1 + FFN output).");
    c.tokenHtml = table(QStringList{v.vecLine(tr("residual 2"), L.residual2, t)} +
                        normRows(layer.norm2, tr("norm2"), L.normFirst ? L.residual1 : L.residual2,
                                 L.norm2Mean, L.norm2Var, L.norm2, t, q.preview) +
                        QStringList{v.vecLine(tr("output"), L.output, t)});
}

} // namespace transformer
