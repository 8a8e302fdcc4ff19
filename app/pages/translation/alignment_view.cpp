#include "pages/translation/alignment_view.hpp"

#include "pages/translation/translation_page.hpp"
#include "pages/translation/translation_session.hpp"
#include "pages/translation/unknown_marks.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

using namespace translationmarks;
using format::toQStrings;

AlignmentView::AlignmentView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    buildUnitControl();
    heatmap_ = new HeatmapView(this);
    heatmap_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    title_ = TranslationPage::tr("Alignment");
    heatmap_->setTitle(title_);
    heatmap_->setAxisTitles(TranslationPage::tr("Output word (decoding step)"),
                            TranslationPage::tr("Source word"));
    heatmap_->setEmptyText(TranslationPage::tr("Load a translation model and type a sentence"));
    layout->addWidget(unitControl_);
    layout->addWidget(heatmap_, 1);
}

void AlignmentView::buildUnitControl() {
    // Words / Pieces, for a SentencePiece model only.
    unitControl_ = new QWidget(this);
    auto* unitLayout = new QHBoxLayout(unitControl_);
    unitLayout->setContentsMargins(6, 2, 6, 0);
    auto* unitLabel = new QLabel(TranslationPage::tr("Alignment by:"), unitControl_);
    byWords_ = new QRadioButton(TranslationPage::tr("Words"), unitControl_);
    byPieces_ = new QRadioButton(TranslationPage::tr("Pieces"), unitControl_);
    byWords_->setToolTip(TranslationPage::tr("Rows and columns are whole words, made of the model's pieces"));
    byPieces_->setToolTip(
        TranslationPage::tr("Rows and columns are the model's SentencePiece pieces (▁ starts a "
                            "word): one row per decoding step, as the decoder computes it"));
    auto* unitGroup = new QButtonGroup(unitControl_);
    unitGroup->addButton(byWords_);
    unitGroup->addButton(byPieces_);
    byWords_->setChecked(true);
    unitCaption_ =
        new QLabel(TranslationPage::tr("A source word's column sums its pieces; an output word's row "
                                       "averages its pieces' rows."),
                   unitControl_);
    unitCaption_->setWordWrap(true);
    explanation::mark(unitCaption_);
    QPalette dim = unitCaption_->palette();
    dim.setColor(QPalette::WindowText, QColor(0x44, 0x44, 0x44));
    unitCaption_->setPalette(dim);
    unitLayout->addWidget(unitLabel);
    unitLayout->addWidget(byWords_);
    unitLayout->addWidget(byPieces_);
    unitLayout->addSpacing(10);
    unitLayout->addWidget(unitCaption_, 1);
    unitControl_->hide();
    connect(byPieces_, &QRadioButton::toggled, this, &AlignmentView::piecesToggled);
}

QString AlignmentView::caption() const {
    return unitCaption_->text();
}

void AlignmentView::setPiecesChecked(bool pieces) {
    const QSignalBlocker block(byPieces_);
    const QSignalBlocker blockWords(byWords_);
    (pieces ? byPieces_ : byWords_)->setChecked(true);
}

void AlignmentView::showOutcome(const TranslationSession& session) {
    const auto& r = session.state().result;
    if (r && r->sourceTokens.empty()) {
        heatmap_->setEmptyText(
            TranslationPage::tr("Type a sentence to see which source words each output word attends to."));
        heatmap_->clear();
    } else if (r) {
        if (!(r->hasAttention && r->alignment.size() > 0)) {
            heatmap_->setEmptyText(TranslationPage::tr(
                "This model has no attention (attention: none): there is no alignment to show."));
            heatmap_->clear();
        }
    } else {
        heatmap_->clear();
    }
    showAlignment(session);
}

void AlignmentView::showAlignment(const TranslationSession& session) {
    const auto& result = session.state().result;
    const attn::TranslationResult* r = result ? &*result : nullptr;
    const bool have = r && r->hasAttention && r->alignment.size() > 0 && !r->sourceTokens.empty();
    unitControl_->setVisible(have && r->pieces);
    if (!have)
        return; // showOutcome has cleared the map and said why
    QString by;
    if (session.showsWordAlignment()) {
        // Whole words: a source word's column sums its pieces, an output word's row averages its pieces'.
        title_ = TranslationPage::tr("Alignment by words");
        heatmap_->setAxisTitles(TranslationPage::tr("Output word"), TranslationPage::tr("Source word"));
        heatmap_->setRowNotes(unknownNotes(
            unknownWords(r->outputWordOf, r->outputUnknown, r->outputWords.size()), unknownOutputNote()));
        heatmap_->setColumnNotes(unknownNotes(
            unknownWords(r->sourceWordOf, r->sourceUnknown, r->sourceWords.size()), unknownSourceNote()));
        heatmap_->setMatrix(session.state().wordMap, toQStrings(r->outputWords), toQStrings(r->sourceWords));
        by = QStringLiteral("words");
    } else {
        if (r->pieces) {
            title_ = TranslationPage::tr("Alignment by pieces (what the decoder computes at each step)");
            heatmap_->setAxisTitles(TranslationPage::tr("Output piece (decoding step)"),
                                    TranslationPage::tr("Source piece"));
            by = QStringLiteral("pieces");
        } else {
            title_ = TranslationPage::tr("Alignment");
            heatmap_->setAxisTitles(TranslationPage::tr("Output word (decoding step)"),
                                    TranslationPage::tr("Source word"));
            by = QStringLiteral("tokens");
        }
        heatmap_->setRowNotes(unknownNotes(r->outputUnknown, unknownOutputNote()));
        heatmap_->setColumnNotes(unknownNotes(r->sourceUnknown, unknownSourceNote()));
        heatmap_->setMatrix(r->alignment, toQStrings(r->outputTokens), toQStrings(r->sourceTokens));
    }
    heatmap_->setTitle(title_);
    heatmap_->setExportMetadata(QJsonObject{{QStringLiteral("alignment_by"), by}});
}
