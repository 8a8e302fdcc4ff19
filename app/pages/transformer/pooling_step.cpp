#include "pages/transformer/step_parts.hpp"

namespace transformer {

namespace {

/// The classifier's probabilities: a row of the readout, and a sentence after `text`.
void prediction(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace, QStringList& rows,
                QString& text) {
    const auto& r = trace.result;
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

} // namespace

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
    if (!r.probabilities.empty())
        prediction(model, trace, rows, text);
    c.explanation += QStringLiteral("<br>") + text;
    if (!rows.isEmpty())
        c.tokenHtml += tr("<h3>Pooling and head</h3>") + table(rows);
}

} // namespace transformer
