#include "pages/walkthrough/walkthrough_scaling_panel.hpp"

#include "pages/walkthrough/walkthrough_view.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <cmath>

namespace {

/// The largest present weight of row `row` and its column (-1 when the row has none).
std::pair<double, int> largest(const attn::Matrix& m, Eigen::Index row) {
    double best = -1;
    int column = -1;
    for (Eigen::Index j = 0; j < m.cols(); ++j)
        if (!attn::isAbsent(m(row, j)) && m(row, j) > best) {
            best = m(row, j);
            column = static_cast<int>(j);
        }
    return {best, column};
}

} // namespace

ScalingComparisonPanel::ScalingComparisonPanel(QWidget* parent) : QWidget(parent) {
    // The note beside the strips, not under them: under them it took three lines of teaching-size text
    // from the main heatmap above, which then had no room for its row labels at 1280 x 800.
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    strips_ = new HeatmapView(this);
    strips_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    strips_->setShowValues(true); // the point of the panel is the numbers
    strips_->setValueDecimals(3);
    strips_->setColorScaleLabel(tr("weight"));
    strips_->setMinimumHeight(200); // two rows of cells under rotated labels and the title
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    note_->setMinimumWidth(220);
    explanation::mark(note_);
    layout->addWidget(strips_, 3);
    layout->addWidget(note_, 1);
}

QString ScalingComparisonPanel::noteText() const {
    return note_->text();
}

void ScalingComparisonPanel::showRow(const attn::SentenceAttention& r, int row) {
    const auto& s = r.steps;
    if (row < 0 || row >= static_cast<int>(r.queryTokens.size()) ||
        r.queryOov[static_cast<std::size_t>(row)]) {
        strips_->clear();
        note_->setText(tr("Choose a query word that has a vector to compare its softmax with and without "
                          "scaling."));
        return;
    }
    const auto i = static_cast<Eigen::Index>(row);
    const QString word = QString::fromStdString(r.queryTokens[static_cast<std::size_t>(row)]);
    const QStringList keys = tokenLabels(r.keyTokens);
    const bool scaled = s.scale != 1.0f;
    const auto d = s.queries.cols();
    const auto [unscaledMax, unscaledAt] = largest(s.unscaledWeights, i);
    if (!scaled) {
        // Plain dot product and additive scoring: the softmax takes the scores as they are.
        attn::Matrix m = s.weights.row(i); // 1 x T_k
        strips_->setTitle(tr("Scaling is off: softmax of “%1”'s scores as they are").arg(word));
        strips_->setMatrix(m, {tr("softmax(score)")}, keys);
        strips_->setAxisTitles(QString(), tr("key word"));
        strips_->setRowNotes({});
        strips_->setColumnNotes(oovNotes(r.keyTokens, r.keyOov, true));
        note_->setText(
            tr("Scaling is off for %1 scoring: nothing is divided by √d. The largest weight is %2 (on “%3”). "
               "Choose “scaled dot” to compare with the softmax of q·k/√d.")
                .arg(r.additive ? tr("additive") : tr("plain dot-product"), format::num(unscaledMax, 4),
                     unscaledAt >= 0 ? keys[unscaledAt] : QStringLiteral("—")));
        return;
    }
    attn::Matrix m(2, s.weights.cols()); // 2 x T_k: row 0 unscaled, row 1 scaled
    m.row(0) = s.unscaledWeights.row(i);
    m.row(1) = s.weights.row(i);
    const QString sqrtD = format::num(std::sqrt(static_cast<double>(d)), 3);
    // Short row labels (the title says "softmax"): longer ones were elided at 1280 x 800.
    strips_->setTitle(tr("Softmax of “%1”: q·k and q·k ÷ √%2").arg(word).arg(d));
    strips_->setMatrix(m, {tr("q·k"), tr("q·k ÷ %1").arg(sqrtD)}, keys);
    strips_->setAxisTitles(QString(), tr("key word"));
    strips_->setRowNotes({});
    strips_->setColumnNotes(oovNotes(r.keyTokens, r.keyOov, true));
    const auto [scaledMax, scaledAt] = largest(s.weights, i);
    const QString unscaledText =
        unscaledMax >= 0.9
            ? tr("Without scaling the largest weight is %1 (on “%2”): the softmax saturates, the other keys "
                 "get almost nothing and their gradients vanish.")
            : tr("Without scaling the largest weight is %1 (on “%2”): a sharper softmax than with scaling.");
    note_->setText(
        unscaledText.arg(format::num(unscaledMax, 4), unscaledAt >= 0 ? keys[unscaledAt] : QString()) +
        QLatin1Char(' ') +
        tr("Divided by √%1 = %2 the largest is %3 (on “%4”).")
            .arg(d)
            .arg(sqrtD, format::num(scaledMax, 4), scaledAt >= 0 ? keys[scaledAt] : QString()));
}
