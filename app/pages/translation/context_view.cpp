#include "pages/translation/context_view.hpp"

#include "pages/translation/translation_page.hpp"
#include "pages/translation/unknown_marks.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"

#include <QLabel>
#include <QVBoxLayout>

ContextView::ContextView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* note =
        new QLabel(TranslationPage::tr(
                       "Without attention the decoder sees the sentence only through one fixed context "
                       "vector, the encoder's state after the last source word (top row): a long sentence "
                       "does not fit in it, and the translation loses words. The rows below are the "
                       "decoder's own state after each step. With attention every output word looks back "
                       "at all source words instead."),
                   this);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: #444;"));
    explanation::mark(note);
    map_ = new HeatmapView(this);
    map_->setRangeMode(HeatmapView::RangeMode::Auto);
    map_->setTitle(TranslationPage::tr("Without attention: the context vector"));
    map_->setAxisTitles(TranslationPage::tr("Context, then the state after each step"),
                        TranslationPage::tr("Hidden unit"));
    map_->setColorScaleLabel(TranslationPage::tr("value"));
    map_->setEmptyText(
        TranslationPage::tr("Load the baseline model (no attention) to see its context vector"));
    layout->addWidget(note);
    layout->addWidget(map_, 1);
}

void ContextView::showResult(const attn::TranslationResult* r) {
    // Without attention the decoder's only view of the source is its initial state: the encoder's
    // state after the last source token. Below it, the decoder's state after each step.
    if (!r || r->encoderStates.rows() == 0) {
        map_->clear();
        return;
    }
    const Eigen::Index H = r->encoderStates.cols();
    attn::Matrix m(1 + r->decoderStates.rows(), H); // (1 + steps) x H
    m.row(0) = r->encoderStates.row(r->encoderStates.rows() - 1);
    if (r->decoderStates.rows() > 0)
        m.bottomRows(r->decoderStates.rows()) = r->decoderStates;
    QStringList rows{TranslationPage::tr("context")}, notes{QString()};
    for (std::size_t t = 0; t < r->outputTokens.size(); ++t) {
        rows << TranslationPage::tr("after “%1”").arg(QString::fromStdString(r->outputTokens[t]));
        notes << (t < r->outputUnknown.size() && r->outputUnknown[t] ? translationmarks::unknownOutputNote()
                                                                     : QString());
    }
    QStringList columns;
    for (Eigen::Index j = 0; j < H; ++j)
        columns << QString::number(j);
    map_->setRowNotes(notes);
    map_->setMatrix(m, rows, columns);
}
