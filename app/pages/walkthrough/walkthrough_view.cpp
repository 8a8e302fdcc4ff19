#include "pages/walkthrough/walkthrough_view.hpp"

#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <algorithm>
#include <attn/function_words.hpp>
#include <cmath>

namespace {

// The translation context of the step titles, captions and axis titles (render's JSON keeps English:
// the command line installs no translator).
struct WalkthroughView {
    Q_DECLARE_TR_FUNCTIONS(WalkthroughView)
};

QStringList dimensionLabels(Eigen::Index count) {
    QStringList labels;
    labels.reserve(static_cast<int>(count));
    for (Eigen::Index j = 0; j < count; ++j)
        labels << QStringLiteral("d%1").arg(j);
    return labels;
}

QString sqrtDText(const attn::SentenceAttention& r) {
    const double d = static_cast<double>(r.steps.queries.cols());
    return QStringLiteral("√%1 = %2").arg(d).arg(std::sqrt(d), 0, 'g', 4);
}

} // namespace

QString oovHint(const QStringList& oovWords) {
    QString text =
        WalkthroughView::tr("Not in the vocabulary (marked ⚠ on the axes, excluded from the softmax): %1.")
            .arg(oovWords.join(QStringLiteral(", ")));
    const bool oneLetter =
        std::any_of(oovWords.begin(), oovWords.end(), [](const QString& w) { return w.size() == 1; });
    if (oneLetter)
        text += WalkthroughView::tr(
            " The shipped word vectors have no one-letter words (“a”, “i”) and no digits — neither the "
            "embedded set nor the larger set of the same package. glove.6B.100d.txt from the GloVe authors "
            "(Stanford NLP, glove.6B.zip) has them: View → Word vectors → Open….");
    return text;
}

QString functionWordNote(const attn::SentenceAttention& r, const attn::Matrix& shown) {
    if (r.projections || r.additive)
        return {}; // the artefact belongs to raw vectors and dot products
    const auto pairs = attn::functionWordPairs(r.queryTokens, r.keyTokens, r.steps.scores);
    if (pairs.empty())
        return {};
    QStringList parts;
    for (const auto& p : pairs)
        parts << QStringLiteral("%1 ↔ %2 (%3)")
                     .arg(QString::fromStdString(r.queryTokens[p.query]),
                          QString::fromStdString(r.keyTokens[p.key]))
                     .arg(format::num(
                         shown(static_cast<Eigen::Index>(p.query), static_cast<Eigen::Index>(p.key)), 2));
    return WalkthroughView::tr(
               "Dashed cells: function words scoring high with each other — %1. An artefact of raw "
               "word vectors, not of meaning: frequent words share a direction. The same artefact "
               "makes “a” ↔ “the” a top pair in vectors that have “a”.")
        .arg(parts.join(QStringLiteral(", ")));
}

namespace {

/// The folder name of a checkpoint path ("…/pronoun-head" → "pronoun-head").
QString checkpointFolderName(const std::string& source) {
    return QFileInfo(QString::fromStdString(source)).fileName();
}

} // namespace

QString learnedCheckpointName(const attn::LearnedProjections& learned) {
    return checkpointFolderName(learned.source);
}

QString learnedProjectionName(const attn::LearnedProjections& learned) {
    const QString name = learnedCheckpointName(learned);
    return learned.positionalEncoding ? WalkthroughView::tr("%1 (+ positions)").arg(name) : name;
}

QString projectionNote(const attn::SentenceAttention& r) {
    if (r.projectionSource.empty())
        return {};
    const QString name = checkpointFolderName(r.projectionSource);
    if (!r.positionalEncoding)
        return WalkthroughView::tr("Learned Wq, Wk, Wv: checkpoint “%1” (applied to the word vectors without "
                                   "positions).")
            .arg(name);
    QString note =
        WalkthroughView::tr("Learned Wq, Wk, Wv: checkpoint “%1”. The sinusoidal positional encoding "
                            "is added to every word vector first, as a Transformer does (the head "
                            "was trained so).")
            .arg(name);
    // Across two sentences a key's position is its place in the other sentence, which a head trained
    // on self-attention never saw: the pronoun head then ranks "teacher" over "student" by position.
    if (!r.selfAttention)
        note +=
            WalkthroughView::tr(" These projections were trained on self-attention, each sentence attending "
                                "to itself, and rank keys partly by their position; here the keys are "
                                "another sentence, whose positions the training never showed. Tick "
                                "Self-attention to see what the head learned.");
    return note;
}

QJsonObject walkthroughExportMetadata(const attn::SentenceAttention& r, WalkthroughStep step,
                                      const QString& embeddings) {
    auto strings = [](const std::vector<std::string>& v) {
        QJsonArray a;
        for (const auto& s : v)
            a.append(QString::fromStdString(s));
        return a;
    };
    auto flags = [](const std::vector<bool>& v) {
        QJsonArray a;
        for (bool b : v)
            a.append(b);
        return a;
    };
    const char* const steps[] = {"embeddings", "scores", "scaled", "weights", "outputs"};
    QJsonObject m;
    m[QStringLiteral("view")] = QStringLiteral("walkthrough");
    m[QStringLiteral("step")] = QString::fromLatin1(steps[static_cast<int>(step)]);
    m[QStringLiteral("query_tokens")] = strings(r.queryTokens);
    m[QStringLiteral("key_tokens")] = strings(r.keyTokens);
    m[QStringLiteral("query_oov")] = flags(r.queryOov);
    m[QStringLiteral("key_oov")] = flags(r.keyOov);
    m[QStringLiteral("mode")] =
        r.selfAttention ? QStringLiteral("self-attention") : QStringLiteral("cross-attention");
    m[QStringLiteral("scoring")] =
        QString::fromStdString(attn::toString(r.additive              ? attn::Scoring::Additive
                                              : r.steps.scale != 1.0f ? attn::Scoring::ScaledDot
                                                                      : attn::Scoring::Dot));
    m[QStringLiteral("scale")] = double(r.steps.scale);
    m[QStringLiteral("projection")] = !r.projections                ? QStringLiteral("none")
                                      : !r.projectionSource.empty() ? QStringLiteral("learned")
                                                                    : QStringLiteral("random");
    m[QStringLiteral("projection_source")] =
        r.projectionSource.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(r.projectionSource));
    m[QStringLiteral("positional_encoding")] = r.positionalEncoding;
    m[QStringLiteral("embeddings")] = embeddings;
    m[QStringLiteral("model")] =
        r.projectionSource.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(r.projectionSource));
    m[QStringLiteral("app_version")] = QStringLiteral(ATTNVIZ_VERSION);
    m[QStringLiteral("absent_cells")] = QStringLiteral("null = an out-of-vocabulary row or column");
    return m;
}

QString additiveOriginText(const attn::SentenceAttention& r) {
    if (!r.additiveOrigin)
        return {};
    const attn::AdditiveOrigin& o = *r.additiveOrigin;
    if (!o.random)
        return WalkthroughView::tr("Wq (%1 × %3), Wk (%2 × %3) and v (%3) were given.")
            .arg(o.dQ)
            .arg(o.dK)
            .arg(o.hidden);
    return WalkthroughView::tr("Wq (%1 × %3), Wk (%2 × %3) and v (%3) are random, not trained: normal "
                               "numbers from seed %4 with standard deviations %5, %6 and %7 "
                               "(1/√%1, 1/√%2, 1/√%3). Change the seed to draw others.")
        .arg(o.dQ)
        .arg(o.dK)
        .arg(o.hidden)
        .arg(o.seed)
        .arg(format::num(o.wqStd, 3), format::num(o.wkStd, 3), format::num(o.vStd, 3));
}

QString walkthroughStepTitle(WalkthroughStep step, const attn::SentenceAttention& r) {
    const bool scaled = r.steps.scale != 1.0f;
    switch (step) {
    case WalkthroughStep::Embeddings:
        return WalkthroughView::tr("Step 1 of 5 · Word vectors (one row per word, %1 dimensions)").arg(r.dim);
    case WalkthroughStep::Scores:
        return r.additive ? WalkthroughView::tr("Step 2 of 5 · Scores  v·tanh(Wq q + Wk k)")
                          : WalkthroughView::tr("Step 2 of 5 · Scores  q · k");
    case WalkthroughStep::Scaled:
        return scaled ? WalkthroughView::tr("Step 3 of 5 · Scaled scores  q · k / %1").arg(sqrtDText(r))
                      : WalkthroughView::tr("Step 3 of 5 · No scaling (%1)")
                            .arg(r.additive ? WalkthroughView::tr("additive")
                                            : WalkthroughView::tr("plain dot product"));
    case WalkthroughStep::Weights:
        return WalkthroughView::tr("Step 4 of 5 · Softmax weights (each row sums to 1)");
    case WalkthroughStep::Outputs:
        return WalkthroughView::tr("Step 5 of 5 · Mix: new vectors = weights × values");
    }
    return {};
}

namespace {

QString stepCaptionText(WalkthroughStep step, const attn::SentenceAttention& r) {
    switch (step) {
    case WalkthroughStep::Embeddings:
        return WalkthroughView::tr(
                   "Every word becomes its word vector; a sentence becomes a matrix with one row per word. "
                   "Queries come from the first sentence, keys and values from the %1.")
            .arg(r.selfAttention ? WalkthroughView::tr("same sentence (self-attention)")
                                 : WalkthroughView::tr("second (cross-attention)"));
    case WalkthroughStep::Scores:
        return r.additive
                   ? WalkthroughView::tr("Additive scoring passes query and key through a small network: "
                                         "more expressive, slower than a dot product.") +
                         QLatin1Char(' ') + additiveOriginText(r)
                   : WalkthroughView::tr(
                         "The dot product of each query word with each key word: aligned directions "
                         "score high, perpendicular ones exactly 0.");
    case WalkthroughStep::Scaled:
        return r.steps.scale != 1.0f
                   ? WalkthroughView::tr(
                         "Dividing by √d keeps scores of long vectors from saturating the softmax.")
                   : WalkthroughView::tr(
                         "Plain dot-product and additive scoring are not scaled; choose “scaled dot” to see "
                         "the division by √d.");
    case WalkthroughStep::Weights:
        return WalkthroughView::tr(
            "Softmax turns each row into weights that sum to 1: a soft hash-table lookup of the "
            "query among the keys. Words not in the vocabulary are left out (—).");
    case WalkthroughStep::Outputs:
        return WalkthroughView::tr(
            "Each query word's new vector is the weighted mix of the value vectors (here the key "
            "vectors themselves unless Wv is applied).");
    }
    return {};
}

} // namespace

QString walkthroughStepCaption(WalkthroughStep step, const attn::SentenceAttention& r) {
    const QString note = projectionNote(r);
    const QString caption = stepCaptionText(step, r);
    return note.isEmpty() ? caption : caption + QLatin1Char(' ') + note;
}

QStringList tokenLabels(const std::vector<std::string>& tokens) {
    QStringList labels;
    for (const auto& t : tokens)
        labels << QString::fromStdString(t);
    return labels;
}

QStringList oovNotes(const std::vector<std::string>& tokens, const std::vector<bool>& oov, bool asKeys) {
    QStringList notes;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!oov[i]) {
            notes << QString();
            continue;
        }
        notes << WalkthroughView::tr(
                     "“%1” is not in the word-vector vocabulary: it has no vector, so it is %2.")
                     .arg(QString::fromStdString(tokens[i]),
                          asKeys
                              ? WalkthroughView::tr("excluded from every softmax (its column is left out: —)")
                              : WalkthroughView::tr("not a query (its row is left out: —)"));
    }
    return notes;
}

void showWalkthroughStep(HeatmapView& view, const attn::SentenceAttention& r, WalkthroughStep step) {
    const QStringList queries = tokenLabels(r.queryTokens), keys = tokenLabels(r.keyTokens);
    const QStringList queryNotes = oovNotes(r.queryTokens, r.queryOov, false);
    const QStringList keyNotes = oovNotes(r.keyTokens, r.keyOov, true);
    view.setTitle(walkthroughStepTitle(step, r));
    switch (step) {
    case WalkthroughStep::Embeddings:
        view.setRangeMode(HeatmapView::RangeMode::Auto);
        view.setColorScaleLabel(WalkthroughView::tr("vector component"));
        view.setMatrix(r.queryVectors, queries, dimensionLabels(r.queryVectors.cols()));
        view.setAxisTitles(WalkthroughView::tr("query word"), WalkthroughView::tr("vector dimension"));
        view.setRowNotes(queryNotes);
        view.setColumnNotes({});
        return;
    case WalkthroughStep::Outputs:
        view.setRangeMode(HeatmapView::RangeMode::Auto);
        view.setColorScaleLabel(WalkthroughView::tr("vector component"));
        view.setMatrix(r.steps.outputs, queries, dimensionLabels(r.steps.outputs.cols()));
        view.setAxisTitles(WalkthroughView::tr("query word (its new vector)"),
                           WalkthroughView::tr("vector dimension"));
        view.setRowNotes(queryNotes);
        view.setColumnNotes({});
        return;
    case WalkthroughStep::Scores:
    case WalkthroughStep::Scaled:
    case WalkthroughStep::Weights: {
        const bool weights = step == WalkthroughStep::Weights;
        view.setRangeMode(weights ? HeatmapView::RangeMode::Fixed01 : HeatmapView::RangeMode::Auto);
        const attn::Matrix& m = step == WalkthroughStep::Scores   ? r.steps.scores
                                : step == WalkthroughStep::Scaled ? r.steps.scaled
                                                                  : r.steps.weights;
        view.setColorScaleLabel(weights ? WalkthroughView::tr("weight")
                                : step == WalkthroughStep::Scaled && r.steps.scale != 1.0f
                                    ? WalkthroughView::tr("scaled score")
                                    : WalkthroughView::tr("score"));
        view.setMatrix(m, queries, keys);
        view.setAxisTitles(WalkthroughView::tr("query word (row)"), WalkthroughView::tr("key word (column)"));
        view.setRowNotes(queryNotes);
        view.setColumnNotes(keyNotes);
        return;
    }
    }
}

void showKeyEmbeddings(HeatmapView& view, const attn::SentenceAttention& r) {
    view.setTitle(WalkthroughView::tr("Key word vectors (%1 dimensions)").arg(r.dim));
    view.setRangeMode(HeatmapView::RangeMode::Auto);
    view.setColorScaleLabel(WalkthroughView::tr("vector component"));
    view.setMatrix(r.keyVectors, tokenLabels(r.keyTokens), dimensionLabels(r.keyVectors.cols()));
    view.setAxisTitles(WalkthroughView::tr("key word"), WalkthroughView::tr("vector dimension"));
    view.setRowNotes(oovNotes(r.keyTokens, r.keyOov, true));
    view.setColumnNotes({});
}
