#include "pages/walkthrough/walkthrough_stacking_panel.hpp"

#include "pages/walkthrough/walkthrough_view.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <algorithm>
#include <attn/attention_stack.hpp>
#include <vector>

namespace {

/// The present keys of a weight row, largest first: (weight, column).
std::vector<std::pair<double, int>> ranked(const attn::RowVector& w) {
    std::vector<std::pair<double, int>> out;
    for (Eigen::Index j = 0; j < w.size(); ++j)
        if (!attn::isAbsent(w(j)))
            out.emplace_back(w(j), static_cast<int>(j));
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    return out;
}

} // namespace

StackingPanel::StackingPanel(QWidget* parent) : QWidget(parent) {
    // The strips take the matrix column's width; the note goes to the page's side column (note()): beside or
    // under the strips it took the main heatmap's height at 1280 x 800 in teaching mode.
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    strips_ = new HeatmapView(this);
    strips_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    strips_->setShowValues(true);
    strips_->setValueDecimals(2);
    strips_->setColorScaleLabel(tr("weight"));
    strips_->setMinimumHeight(210); // two rows of cells under the title and rotated labels (150 hid one)
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    note_->setTextFormat(Qt::RichText);
    explanation::mark(note_);
    layout->addWidget(strips_, 1);
}

QString StackingPanel::noteText() const {
    return note_->text();
}

void StackingPanel::showRows(const attn::SentenceAttention& first, const attn::SentenceAttention& second,
                             int row, const QString& expected, const Contrast* contrast) {
    if (row < 0 || row >= static_cast<int>(second.queryTokens.size()) ||
        second.queryOov[static_cast<std::size_t>(row)]) {
        strips_->clear();
        note_->setText(tr("Choose a query word that has a vector to see its row in both layers."));
        return;
    }
    const auto r = static_cast<std::size_t>(row);
    const auto i = static_cast<Eigen::Index>(row);
    const QString word = QString::fromStdString(second.queryTokens[r]);
    const QStringList keys = tokenLabels(second.keyTokens);
    attn::Matrix m(2, second.steps.weights.cols()); // 2 x T: layer 2's row of the word, the other rows' mean
    m.row(0) = second.steps.weights.row(i);
    m.row(1) = attn::meanOfOtherRows(second, r);
    strips_->setTitle(tr("Layer 2: “%1”'s row and the mean of the other rows (“others”)").arg(word));
    strips_->setMatrix(m, {tr("2: %1").arg(word), tr("2: others")}, keys);
    strips_->setAxisTitles(QString(), tr("key word"));
    strips_->setRowNotes({});
    strips_->setColumnNotes(oovNotes(second.keyTokens, second.keyOov, true));

    const auto one = ranked(first.steps.weights.row(i));
    const auto two = ranked(second.steps.weights.row(i));
    const auto others = ranked(m.row(1));
    if (one.empty() || two.empty()) {
        note_->setText(QString());
        return;
    }
    auto key = [&](int column) { return keys[column]; };
    // What layer 1 mixed into a word's vector: its two largest weights other than the word itself.
    auto mixedInto = [](const attn::SentenceAttention& layer, int at) {
        QStringList mixed;
        for (const auto& [w, column] : ranked(layer.steps.weights.row(at)))
            if (column != at && mixed.size() < 2 && w >= 0.05) // what took a visible share
                mixed << tr("“%1” (%2)")
                             .arg(QString::fromStdString(layer.keyTokens[static_cast<std::size_t>(column)]),
                                  format::num(w, 2));
        return mixed.join(tr(" and "));
    };
    QString text =
        tr("Layer 2: “%1” puts %2 on “%3”.").arg(word, format::num(two[0].first, 2), key(two[0].second));
    if (!expected.isEmpty()) {
        const int at = static_cast<int>(keys.indexOf(expected));
        if (two[0].second == at)
            text += QLatin1Char(' ') + tr("It picks “%1”, the chapter's answer.").arg(expected);
        else
            text += QLatin1Char(' ') +
                    tr("It does not pick “%1” (%2 there): on this sentence the two layers get "
                       "the chapter's answer wrong.")
                        .arg(expected, at >= 0 ? format::num(m(0, at), 2) : QStringLiteral("—"));
    }
    if (!others.empty())
        text += QLatin1Char(' ') + (others[0].second == two[0].second
                                        ? tr("The other rows put %1 there too: layer 1 spread the same cue "
                                             "into every word, so layer 2 "
                                             "answers for the whole sentence.")
                                              .arg(format::num(others[0].first, 2))
                                        : tr("The other rows put most on “%1” (%2).")
                                              .arg(key(others[0].second), format::num(others[0].first, 2)));
    text +=
        QStringLiteral("<br><br>") +
        tr("One head cannot: its query is the word's own vector plus its position, so it ranks the keys the "
           "same whatever the verb and the words after it. Two can: layer 2 reads “%1” after layer 1 mixed "
           "in %2.")
            .arg(word, mixedInto(first, row));
    if (contrast && contrast->row >= 0) {
        const auto c = ranked(contrast->second.steps.weights.row(contrast->row));
        if (!c.empty())
            text +=
                QLatin1Char(' ') +
                tr("In “%1” layer 1 mixes in %2 instead, and layer 2 sends “%3” to “%4” (%5).")
                    .arg(contrast->sentence.toHtmlEscaped(), mixedInto(contrast->first, contrast->row), word,
                         QString::fromStdString(
                             contrast->second.keyTokens[static_cast<std::size_t>(c[0].second)]),
                         format::num(c[0].first, 2));
    }
    note_->setText(text);
}
