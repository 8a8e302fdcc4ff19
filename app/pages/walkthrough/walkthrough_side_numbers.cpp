// WalkthroughPage::explanationHtml: the side panel's numbers for one query word at the current step
// (split from walkthrough_page.cpp). Every number is the engine's (attn::SentenceAttention and its
// AttentionSteps, softmax intermediates included); this file only formats them.
#include "pages/walkthrough/walkthrough_page.hpp"
#include "pages/walkthrough/walkthrough_view.hpp"
#include "services/embedding_store.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QLabel>
#include <algorithm>
#include <attn/function_words.hpp>
#include <cmath>
#include <qcustomplot.h>

namespace {

QString num(double v, int decimals = 3) {
    return format::num(v, decimals);
}

using format::esc;

} // namespace

QString WalkthroughPage::explanationHtml() const {
    if (!result_ || selectedQuery_ < 0 || selectedQuery_ >= static_cast<int>(result_->queryTokens.size()))
        return {};
    const attn::SentenceAttention& r = *result_;
    const auto i = static_cast<Eigen::Index>(selectedQuery_);
    const std::string& word = r.queryTokens[static_cast<std::size_t>(i)];
    const std::size_t tk = r.keyTokens.size();
    QString h = QStringLiteral("<h3>“%1”</h3>").arg(esc(word));
    if (r.queryOov[static_cast<std::size_t>(i)])
        return h +
               tr("<p><b>“%1” is not in the word-vector vocabulary.</b> It has no vector, so it does not "
                  "take part: its row is left out (—).</p><p>%2</p>")
                   .arg(
                       esc(word),
                       word.size() == 1
                           ? tr("The shipped word vectors have no one-letter words (the embedded set and the "
                                "larger set of the same package both lack “a” and “i”). glove.6B.100d.txt "
                                "from the GloVe authors has them: View → Word vectors → Open….")
                           : tr("Try another word, or open another set of word vectors (View → Word vectors "
                                "→ Open…)."));
    const int dp = toy_ ? 2 : 3;
    auto keyCell = [&](std::size_t j) {
        QString k = esc(r.keyTokens[j]);
        return r.keyOov[j] ? QStringLiteral("<span style='color:%1'>⚠ %2</span>")
                                 .arg(QLatin1String(format::kErrorRed), k)
                           : k;
    };
    const auto& s = r.steps;
    QString table;
    switch (step_) {
    case WalkthroughStep::Embeddings: {
        const Eigen::Index shown = std::min<Eigen::Index>(r.queryVectors.cols(), 10);
        QStringList parts;
        for (Eigen::Index j = 0; j < shown; ++j)
            parts << num(r.queryVectors(i, j), dp);
        h += tr("<p>Its word vector has %1 numbers%2:</p><p><code>[%3%4]</code></p><p>length ‖q‖ = %5</p>")
                 .arg(r.dim)
                 .arg(shown < r.queryVectors.cols() ? tr(" (the first %1 shown)").arg(shown) : QString())
                 .arg(parts.join(QStringLiteral(", ")))
                 .arg(shown < r.queryVectors.cols() ? QStringLiteral(", …") : QString())
                 .arg(num(r.queryVectors.row(i).norm(), dp));
        // Its nearest neighbours by cosine in the active word-vector set (the CLI's `embeddings`).
        if (const auto vectors = store_ && !toy_ ? store_->current() : nullptr) {
            QStringList near;
            for (const auto& n : vectors->nearest(word, 5))
                near << QStringLiteral("%1 (%2)").arg(esc(n.word), num(n.cosine, 3));
            if (!near.isEmpty())
                h += tr("<p>Nearest neighbours (cosine): %1</p>").arg(near.join(QStringLiteral(", ")));
        }
        if (r.projections)
            h += tr("<p>Before scoring it is projected: q = x Wq, k = x Wk, v = x Wv (%1 × %2 matrices).</p>")
                     .arg(r.projections->wq.rows())
                     .arg(r.projections->wq.cols());
        return h;
    }
    case WalkthroughStep::Scores: {
        h += r.additive ? tr("<p>Score with each key: v · tanh(Wq q + Wk k).</p>")
                        : tr("<p>Dot product with each key: q · k = Σ q<sub>i</sub> k<sub>i</sub>.</p>");
        if (r.additive)
            h += QStringLiteral("<p>%1</p>").arg(additiveOriginText(r).toHtmlEscaped());
        table += tr("<tr><th align=left>key</th><th align=right>score</th></tr>");
        for (std::size_t j = 0; j < tk; ++j)
            table += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>")
                         .arg(keyCell(j), num(s.scores(i, static_cast<Eigen::Index>(j)), dp)); // NaN → —
        break;
    }
    case WalkthroughStep::Scaled: {
        const double d = static_cast<double>(s.queries.cols());
        if (s.scale == 1.0f) {
            // Plain dot product and additive scoring: nothing is divided, so no "÷ √d" column.
            h += tr("<p><b>No scaling</b> for %1 scoring: the softmax takes the scores as they are. "
                    "Choose “scaled dot” to see the division by √d.</p>")
                     .arg(r.additive ? tr("additive") : tr("plain dot-product"));
            table += tr("<tr><th align=left>key</th><th align=right>score</th></tr>");
            for (std::size_t j = 0; j < tk; ++j)
                table += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>")
                             .arg(keyCell(j), num(s.scores(i, static_cast<Eigen::Index>(j)), dp));
            break;
        }
        h += tr("<p>Divide by √d = √%1 = %2.</p>").arg(d).arg(num(std::sqrt(d), 4));
        table += tr("<tr><th align=left>key</th><th align=right>score</th><th align=right>÷ √d</th></tr>");
        for (std::size_t j = 0; j < tk; ++j) {
            const auto c = static_cast<Eigen::Index>(j);
            table += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                         .arg(keyCell(j), num(s.scores(i, c), dp), num(s.scaled(i, c), dp));
        }
        break;
    }
    case WalkthroughStep::Weights: {
        // The engine's softmax intermediates (attn::AttentionSteps): exp(s − max) and the row sum.
        const float maxAllowed = s.rowMax(i);
        const double sum = s.rowSums(i);
        const bool scaled = s.scale != 1.0f; // dot-product and additive scores are not scaled
        h += tr("<p>Softmax: subtract the row's largest %1 (%2) for numerical safety, "
                "exponentiate, divide "
                "by the sum.</p>")
                 .arg(scaled ? tr("scaled score") : tr("score"), num(maxAllowed, dp));
        table += tr("<tr><th align=left>key</th><th align=right>%1</th><th align=right>exp(s − "
                    "max)</th><th align=right>weight</th></tr>")
                     .arg(scaled ? tr("scaled") : tr("score"));
        for (std::size_t j = 0; j < tk; ++j) {
            const auto c = static_cast<Eigen::Index>(j);
            table += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td "
                                    "align=right><b>%4</b></td></tr>")
                         .arg(keyCell(j), num(s.scaled(i, c), dp),
                              r.keyOov[j] ? tr("excluded") : num(s.exponentials(i, c), 4),
                              num(s.weights(i, c), 4));
        }
        double weightSum = 0; // over the keys that take part (absent cells are NaN)
        for (std::size_t j = 0; j < tk; ++j)
            if (!r.keyOov[j])
                weightSum += s.weights(i, static_cast<Eigen::Index>(j));
        table += tr("<tr><td><i>sum</i></td><td></td><td align=right><i>%1</i></td><td "
                    "align=right><i>%2</i></td></tr>")
                     .arg(num(sum, 4), num(weightSum, 4));
        h += QStringLiteral("<table cellspacing=0 cellpadding=3>%1</table>").arg(table);
        // The side-by-side comes with additive scoring, where the question "how does it differ from the
        // dot product?" arises; with the dot product the panel keeps to its own numbers, which fit a
        // 1280 x 800 window in teaching mode without scrolling (issue 49 point 9).
        if (r.additive)
            h += scoringComparisonHtml();
        return h;
    }
    case WalkthroughStep::Outputs: {
        // The engine's contributions (attn::outputContributions): the keys that take part, largest
        // ‖weight × v‖ first — the column the rows are ordered by, marked ▼ (issue 49 point 12: ordered by
        // weight, the last column looked mis-sorted).
        const auto contributions = attn::outputContributions(r, static_cast<std::size_t>(i));
        h += tr("<p>New vector = Σ weight × value. The keys that contribute most, largest ‖weight × v‖ "
                "(the length of what the key adds) first:</p>");
        table += tr("<tr><th align=left>key</th><th align=right>weight</th><th align=right>‖weight × v‖ "
                    "▼</th></tr>");
        for (std::size_t n = 0; n < std::min<std::size_t>(contributions.size(), 5); ++n) {
            const attn::KeyContribution& c = contributions[n];
            table += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                         .arg(keyCell(c.key), num(c.weight, 4), num(c.size, dp));
        }
        const Eigen::Index shown = std::min<Eigen::Index>(s.outputs.cols(), 10);
        QStringList parts;
        for (Eigen::Index j = 0; j < shown; ++j)
            parts << num(s.outputs(i, j), dp);
        h += QStringLiteral("<table cellspacing=0 cellpadding=3>%1</table>").arg(table);
        h += tr("<p>Its new vector: <code>[%1%2]</code></p>")
                 .arg(parts.join(QStringLiteral(", ")),
                      shown < s.outputs.cols() ? QStringLiteral(", …") : QString());
        return h;
    }
    }
    return h + QStringLiteral("<table cellspacing=0 cellpadding=3>%1</table>").arg(table);
}

// Issue 49 point 4: the two scorings side by side for the selected query, core's weights on the same
// inputs (SentenceAttention::dotWeights, additiveWeights), each as a number and a bar of ▇ (one per 0.05).
QString WalkthroughPage::scoringComparisonHtml() const {
    if (!result_ || selectedQuery_ < 0 || selectedQuery_ >= static_cast<int>(result_->queryTokens.size()))
        return {};
    const attn::SentenceAttention& r = *result_;
    const auto i = static_cast<Eigen::Index>(selectedQuery_);
    if (r.dotWeights.rows() <= i || r.additiveWeights.rows() <= i)
        return {};
    auto bar = [](double w) {
        if (std::isnan(w))
            return QString();
        return QString(static_cast<int>(std::lround(std::clamp(w, 0.0, 1.0) * 20.0)), QChar(0x2587));
    };
    const QString dotName =
        r.comparedDot == attn::Scoring::Dot ? tr("dot product") : tr("scaled dot product");
    QString h = tr("<p><b>Dot product or additive?</b> The same query “%1” scored both ways (the one "
                   "chosen above is marked ●):</p>")
                    .arg(esc(r.queryTokens[static_cast<std::size_t>(i)]));
    QString t =
        QStringLiteral("<tr><th align=left>%1</th><th align=left>%2%3</th><th align=left>%4%5</th></tr>")
            .arg(tr("key"), dotName, r.additive ? QString() : QStringLiteral(" ●"), tr("additive"),
                 r.additive ? QStringLiteral(" ●") : QString());
    for (std::size_t j = 0; j < r.keyTokens.size(); ++j) {
        const auto c = static_cast<Eigen::Index>(j);
        const double d = r.dotWeights(i, c), a = r.additiveWeights(i, c);
        t += QStringLiteral("<tr><td>%1</td><td><span style='color:#1f5fbf'>%2</span> %3</td>"
                            "<td><span style='color:#c05000'>%4</span> %5</td></tr>")
                 .arg(esc(r.keyTokens[j]), bar(d), num(d, 3), bar(a), num(a, 3));
    }
    h += QStringLiteral("<table cellspacing=0 cellpadding=2>%1</table>").arg(t);
    if (r.additiveOrigin && r.additiveOrigin->random)
        h += tr("<p>The additive parameters are random (seed %1), not trained as in a real model, so "
                "additive weights often come out flat or favour the same key in every row; the dot "
                "product compares the word vectors directly.</p>")
                 .arg(r.additiveOrigin->seed);
    return h;
}

WalkthroughPage::Preset WalkthroughPage::shownPreset() const {
    return static_cast<Preset>(preset_->currentIndex());
}

QString WalkthroughPage::functionWordText() const {
    return artefact_->isVisibleTo(this) ? artefact_->text() : QString();
}

void WalkthroughPage::markFunctionWords() {
    markedCells_.clear();
    const bool matrixStep = step_ == WalkthroughStep::Scores || step_ == WalkthroughStep::Scaled ||
                            step_ == WalkthroughStep::Weights;
    const attn::Matrix& shown = heatmap_->matrix();
    const QString note = result_ && matrixStep && !toy_ ? functionWordNote(*result_, shown) : QString();
    artefact_->setText(note);
    artefact_->setVisible(!note.isEmpty());
    std::vector<attn::FunctionWordPair> pairs;
    if (!note.isEmpty())
        pairs = attn::functionWordPairs(result_->queryTokens, result_->keyTokens, result_->steps.scores);
    QCustomPlot* plot = heatmap_->plot();
    while (marks_.size() < pairs.size()) {
        auto* rect = new QCPItemRect(plot);
        QPen pen(QColor(0xe0, 0x7b, 0x00), 2.5, Qt::DashLine);
        rect->setPen(pen);
        rect->setBrush(Qt::NoBrush);
        rect->setSelectable(false);
        marks_.push_back(rect);
    }
    for (std::size_t n = 0; n < marks_.size(); ++n) {
        const bool used = n < pairs.size();
        marks_[n]->setVisible(used);
        if (!used)
            continue;
        // Cell (r, c) is centred on x = c, y = r (HeatmapView's layout).
        const double r = static_cast<double>(pairs[n].query), c = static_cast<double>(pairs[n].key);
        marks_[n]->topLeft->setCoords(c - 0.44, r - 0.44);
        marks_[n]->bottomRight->setCoords(c + 0.44, r + 0.44);
        markedCells_.emplace_back(static_cast<int>(pairs[n].query), static_cast<int>(pairs[n].key));
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}
