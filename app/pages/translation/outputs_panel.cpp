#include "pages/translation/outputs_panel.hpp"

#include "pages/translation/translation_page.hpp"
#include "pages/translation/translation_session.hpp"
#include "services/model_slot.hpp"
#include "widgets/format.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {

using Forcing = TranslationSession::Forcing;
using Result = std::optional<attn::TranslationResult>;

/// " · chrF 72.4" after an output line (dimmed).
QString chrFSuffix(const QString& chrF) {
    return chrF.isEmpty() ? QString() : QStringLiteral(" <span style='color:#555'>· %1</span>").arg(chrF);
}

QLabel* outputLine(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

/// A token chosen on the step panel: said after the output it changed.
QString choiceNote(const Result& r, Forcing forcing) {
    if (!r || forcing != Forcing::Choice || r->forcedSteps == 0)
        return QString();
    const auto t = std::size_t(r->forcedSteps - 1);
    return QStringLiteral(" <span style='color:#555'>· %1</span>")
        .arg(TranslationPage::tr("your choice “%1” at step %2, then its own")
                 .arg(QString::fromStdString(r->outputTokens[t]).toHtmlEscaped())
                 .arg(r->forcedSteps));
}

} // namespace

OutputsPanel::OutputsPanel(QLabel* beamLabel, QSpinBox* beam, QWidget* parent)
    : QGroupBox(TranslationPage::tr("With and without attention"), parent) {
    // The models' held-out chrF by source length has a tab of its own beside the maps: in this box it
    // left the alignment a strip of a few pixels at 1280 x 800 in teaching mode.
    auto* layout = new QHBoxLayout(this);
    auto* lines = new QVBoxLayout;
    lines->setSpacing(2);
    reference_ = outputLine(this);
    reference_->setToolTip(TranslationPage::tr(
        "The preset's reference: Apertium's (eng-spa) translation, the translator that made the models' "
        "training pairs. chrF compares each output with it: 0–100, higher is closer."));
    reference_->hide();
    withAttention_ = outputLine(this);
    withoutAttention_ = outputLine(this);
    lines->addWidget(reference_);
    lines->addWidget(withAttention_);
    lines->addWidget(withoutAttention_);
    warnings_ = new QLabel(this);
    warnings_->setWordWrap(true);
    // The colour through the palette, not a style sheet: a label with one does not grow in teaching mode.
    QPalette brown = warnings_->palette();
    brown.setColor(QPalette::WindowText, QColor(QLatin1String(format::kWarningBrown)));
    warnings_->setPalette(brown);
    warnings_->hide();
    lines->addWidget(warnings_);
    lines->addStretch(1);
    layout->addLayout(lines, 1);
    // The beam width beside the outputs it changes (in the models' row it widened the window's minimum).
    // "Their own" under it, beside the outputs it restores (beside the Spanish field it was cut off at
    // 1400 x 900 in teaching mode); the width's label and box share a line, so the box grows no taller.
    ownButton_ = new QPushButton(TranslationPage::tr("Their own"), this);
    ownButton_->setToolTip(TranslationPage::tr("Back to the translations the models choose themselves"));
    ownButton_->setEnabled(false);
    auto* beamBox = new QVBoxLayout;
    auto* beamRow = new QHBoxLayout;
    beamRow->addWidget(beamLabel);
    beamRow->addWidget(beam);
    beamBox->addLayout(beamRow);
    beamBox->addWidget(ownButton_);
    beamBox->addStretch(1);
    layout->addLayout(beamBox);
}

QString OutputsPanel::referenceText() const {
    return reference_->isHidden() ? QString() : reference_->text();
}

QString OutputsPanel::attentionText() const {
    return withAttention_->text();
}

QString OutputsPanel::baselineText() const {
    return withoutAttention_->text();
}

QString OutputsPanel::warningsText() const {
    return warnings_->isHidden() ? QString() : warnings_->text();
}

void OutputsPanel::showOutcome(const TranslationSession& session) {
    const auto& st = session.state();
    ownButton_->setEnabled(st.forcing != Forcing::Own);
    // A preset sentence: Apertium's translation, and each output's chrF against it (the engine's).
    const QString reference = TranslationSession::referenceFor(st.resultText);
    reference_->setText(TranslationPage::tr("<b>Apertium:</b> %1").arg(reference.toHtmlEscaped()));
    reference_->setVisible(!reference.isEmpty());
    showScores(session, reference);
    showLines(session);
    showWarnings(session);
}

void OutputsPanel::showScores(const TranslationSession& session, const QString& reference) {
    const auto& st = session.state();
    const std::string referenceUtf8 = reference.toStdString();
    // A given translation is not scored against the reference (it may be the reference): the
    // perplexity says how well each model expected it instead.
    const auto chrF = [&](const Result& r) {
        if (reference.isEmpty() || !r || r->sourceTokens.empty() || st.forcing == Forcing::Given)
            return QString();
        return TranslationPage::tr("chrF %1").arg(
            QString::number(attn::translationChrF(*r, referenceUtf8), 'f', 1));
    };
    const auto perplexity = [&](const Result& r) {
        if (!r || r->outputIds.empty() || st.forcing != Forcing::Given)
            return QString();
        return TranslationPage::tr("perplexity %1").arg(QString::number(attn::outputPerplexity(*r), 'f', 2));
    };
    attentionChrF_ = chrF(st.result);
    baselineChrF_ = chrF(st.baselineResult);
    attentionPerplexity_ = perplexity(st.result);
    baselinePerplexity_ = perplexity(st.baselineResult);
    // What the perplexity on the two lines is, where the reader looks.
    const QString perplexityTip =
        st.forcing == Forcing::Given
            ? TranslationPage::tr(
                  "Perplexity: exp of minus the mean log-probability the decoder gave each given "
                  "piece, the end of sentence included. 1 = it was certain of every piece; lower "
                  "is better.")
            : QString();
    withAttention_->setToolTip(perplexityTip);
    withoutAttention_->setToolTip(perplexityTip);
}

void OutputsPanel::showLines(const TranslationSession& session) {
    const auto& st = session.state();
    const QString givenNote =
        st.forcing == Forcing::Given
            ? QStringLiteral(" <i>%1</i>").arg(TranslationPage::tr("(given, not chosen)"))
            : QString();
    const auto& r = st.result;
    if (r && r->sourceTokens.empty()) {
        // Empty input: the engine returns no output; say what to do instead of translating nothing.
        withAttention_->setText(
            TranslationPage::tr("<b>With attention:</b> type an English sentence above to translate it."));
    } else if (r) {
        withAttention_->setText(TranslationPage::tr("<b>With attention</b> (%1): %2")
                                    .arg(session.slot()->displayName().toHtmlEscaped(),
                                         QString::fromStdString(attn::outputText(*r)).toHtmlEscaped()) +
                                givenNote + chrFSuffix(attentionChrF_) + chrFSuffix(attentionPerplexity_) +
                                choiceNote(r, st.forcing));
    } else {
        withAttention_->setText(TranslationPage::tr("<b>With attention:</b> no model loaded"));
    }
    const auto& b = st.baselineResult;
    if (b && b->sourceTokens.empty()) {
        withoutAttention_->setText(TranslationPage::tr("<b>Without attention:</b> (no input)"));
    } else if (b) {
        withoutAttention_->setText(TranslationPage::tr("<b>Without attention</b> (%1): %2")
                                       .arg(session.baselineSlot()->displayName().toHtmlEscaped(),
                                            QString::fromStdString(attn::outputText(*b)).toHtmlEscaped()) +
                                   givenNote + chrFSuffix(baselineChrF_) + chrFSuffix(baselinePerplexity_) +
                                   choiceNote(b, st.forcing));
    } else {
        withoutAttention_->setText(
            TranslationPage::tr("<b>Without attention:</b> no baseline model loaded (use "
                                "Open model… on the baseline bar)"));
    }
}

void OutputsPanel::showWarnings(const TranslationSession& session) {
    const auto& r = session.state().result;
    QStringList warnings;
    if (r && !r->sourceTokens.empty())
        for (const auto& w : r->warnings)
            warnings << QString::fromStdString(w);
    int unknown = 0;
    if (r)
        for (std::uint8_t u : r->sourceUnknown)
            unknown += u;
    if (unknown > 0)
        warnings << TranslationPage::tr(
            "⚠ %n source word(s) are not in the model's vocabulary: the encoder saw "
            "<unk> instead.",
            nullptr, unknown);
    int unseen = 0;
    if (r)
        for (std::uint8_t u : r->sourceWordUnseen)
            unseen += u;
    if (unseen > 0)
        warnings << TranslationPage::tr(
            "⚠ %n source word(s) never occurred in the model's training data: what "
            "it outputs for them is a guess.",
            nullptr, unseen);
    warnings_->setText(warnings.join(QStringLiteral("\n")));
    warnings_->setVisible(!warnings.isEmpty());
}
