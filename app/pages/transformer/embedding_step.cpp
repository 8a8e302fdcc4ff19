#include "pages/transformer/step_parts.hpp"

#include <attn/position_similarity.hpp>

namespace transformer {

namespace {

/// The position part's formula: a learned table, tensor2tensor's timing signal or the sinusoids.
QString positionFormula(const attn::TracedTextEncoder& model, Eigen::Index d, const QString& positionName) {
    const auto& desc = model.description();
    const auto& e = desc.embedding;
    QString formula;
    if (e.positions == attn::Positional::Learned) {
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
    return formula;
}

/// The selected token's sum, row by row (and the embedding LayerNorm's statistics when there is one).
QString tokenReadout(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace, int t,
                     int preview, const QString& tokenName, const QString& multiplier, bool types,
                     bool norm) {
    const auto& e = model.description().embedding;
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
    return table(r);
}

} // namespace

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
    c.explanation = tr("Attention itself ignores word order (it is a weighted sum over a set). The "
                       "position vector added to each word's embedding is what tells the layer where the "
                       "word stands. ") +
                    positionFormula(model, d, positionName);
    if (types || norm)
        c.explanation +=
            QLatin1Char(' ') +
            tr("This model adds %1 and normalises the sum with %2 (mean 0, variance 1 per token, then "
               "γ and β) before layer 1.")
                .arg(types ? tr("the token-type row of segment 0 (%1)")
                                 .arg(QString::fromStdString(e.tokenTypeTable))
                           : tr("nothing else"),
                     QString::fromStdString(e.normName));
    c.tokenHtml = tokenReadout(model, trace, t, preview, tokenName, multiplier, types, norm);
}

} // namespace transformer
