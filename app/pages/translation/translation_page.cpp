#include "pages/translation/translation_page.hpp"

#include "pages/translation/alignment_chips.hpp"
#include "pages/translation/alignment_view.hpp"
#include "pages/translation/context_view.hpp"
#include "pages/translation/decode_step_panel.hpp"
#include "pages/translation/heldout_tab.hpp"
#include "pages/translation/outputs_panel.hpp"
#include "pages/translation/steps_column.hpp"
#include "pages/translation/unknown_marks.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

TranslationPage::TranslationPage(QWidget* parent)
    : Page(parent), session_(new TranslationSession(this)), slot_(session_->slot()),
      baseline_(session_->baselineSlot()), result_(session_->state().result),
      baselineResult_(session_->state().baselineResult), resultText_(session_->state().resultText),
      autoFollow_(session_->state().autoFollow), givenText_(session_->state().givenText),
      forcing_(session_->state().forcing), step_(session_->state().step), decoder_(session_->state().decoder),
      unit_(session_->state().unit) {
    trackBusy(slot_);
    trackBusy(baseline_);
    trackBusy(session_->jobs());

    auto* outer = new QVBoxLayout(this);
    QLabel* beamLabel = buildModelRow();
    error_ = new ErrorBanner(this);
    outer->addWidget(error_);

    QStringList examples;
    for (const Preset& p : presets())
        examples << QString::fromUtf8(p.english);
    input_ = new SentenceInput(tr("English:"), tr("Type an English sentence"), examples, this);
    outer->addWidget(input_);

    // Word chips: source words and output words (a SentencePiece model's pieces joined), shaded by the
    // hovered cell's weights.
    chips_ = new AlignmentChips(this);
    outer->addWidget(chips_);
    // Before / after: the two outputs (scored against Apertium's for a preset), the beam width beside them.
    outputs_ = new OutputsPanel(beamLabel, beam_, this);
    outer->addWidget(outputs_);

    // Maps (alignment | the baseline's context vector | held-out chrF) beside the step-through.
    auto* split = new QSplitter(Qt::Horizontal, this);
    buildMaps(split);
    column_ = new StepsColumn(split);
    follow_ = column_->followInput();
    steps_ = column_->stepPanel();
    split->addWidget(views_);
    split->addWidget(column_);
    // Half the width each: the step panel then puts its candidates and attention chart side by side
    // (stacked in two fifths of 1400 x 900 the chart was squeezed off the panel's bottom).
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    outer->addWidget(split, 1);

    connectSteps();
    connectMaps();
    connectSlots();
    input_->setText(QString::fromUtf8(presets()[0].english));
    refreshStep();
}

QLabel* TranslationPage::buildModelRow() {
    auto* models = new QHBoxLayout;
    models->addWidget(new ModelBar(slot_, tr("Attention model:"), this));
    models->addSpacing(16);
    models->addWidget(new ModelBar(baseline_, tr("Baseline without attention:"), this));
    auto* beamLabel = new QLabel(tr("Beam width:"), this);
    beam_ = new QSpinBox(this);
    beam_->setRange(1, 8);
    beam_->setValue(1);
    beam_->setToolTip(tr("How many partial translations each decoder keeps at every step (beam search; the "
                         "best by log-probability per word wins). 1 = greedy: the most probable next word "
                         "at every step."));
    beamLabel->setBuddy(beam_);
    models->addStretch();
    static_cast<QVBoxLayout*>(layout())->addLayout(models);
    return beamLabel; // placed beside the outputs with the box (OutputsPanel)
}

void TranslationPage::buildMaps(QWidget* split) {
    views_ = new QTabWidget(split);
    alignment_ = new AlignmentView(views_);
    context_ = new ContextView(views_);
    views_->addTab(alignment_, tr("Alignment (with attention)"));
    views_->addTab(context_, tr("Context vector (without attention)"));
    heldOutTab_ = new HeldOutTab(views_);
    views_->addTab(heldOutTab_, tr("Held-out results by length"));
    views_->setTabVisible(kHeldOutTab, false);
}

void TranslationPage::connectSteps() {
    connect(column_, &StepsColumn::followRequested, this, &TranslationPage::followTranslation);
    connect(outputs_->ownButton(), &QPushButton::clicked, this, &TranslationPage::showOwnTranslations);
    play_ = new QTimer(this);
    play_->setInterval(900);
    connect(play_, &QTimer::timeout, this, [this] {
        if (step_ + 1 >= session_->followedSteps())
            setPlaying(false);
        else
            setStep(step_ + 1);
    });
    connect(input_, &SentenceInput::settled, this, &TranslationPage::runNow);
    connect(beam_, &QSpinBox::valueChanged, this, &TranslationPage::runNow);
    connect(steps_, &DecodeStepPanel::previousRequested, this, &TranslationPage::previousStep);
    connect(steps_, &DecodeStepPanel::nextRequested, this, &TranslationPage::nextStep);
    connect(steps_, &DecodeStepPanel::playRequested, this, &TranslationPage::setPlaying);
    connect(steps_, &DecodeStepPanel::candidateChosen, this, &TranslationPage::chooseToken);
    connect(views_, &QTabWidget::currentChanged, this, [this](int i) {
        if (i != kHeldOutTab) // the table follows no decoder: the step stays where it was
            setDecoder(i == 1 ? Decoder::WithoutAttention : Decoder::WithAttention);
    });
    // ←/→ step through; inside a text field the arrows still move the cursor (the field wins).
    auto* left = new QShortcut(QKeySequence(Qt::Key_Left), this, this, &TranslationPage::previousStep);
    auto* right = new QShortcut(QKeySequence(Qt::Key_Right), this, this, &TranslationPage::nextStep);
    left->setContext(Qt::WidgetWithChildrenShortcut);
    right->setContext(Qt::WidgetWithChildrenShortcut);
}

void TranslationPage::connectMaps() {
    connect(chips_, &AlignmentChips::wordHovered, this, &TranslationPage::highlightWord);
    connect(chips_, &AlignmentChips::unhovered, this, [this] { highlight(-1, -1); });
    connect(chips_, &AlignmentChips::outputWordClicked, this, [this](int i) {
        setDecoder(Decoder::WithAttention);
        if (const int t = session_->firstStepOf(i); t >= 0)
            setStep(t);
    });
    connect(alignment_, &AlignmentView::piecesToggled, this,
            [this](bool on) { setAlignmentUnit(on ? AlignmentUnit::Pieces : AlignmentUnit::Words); });
    HeatmapView* heatmap = alignment_->heatmap();
    connect(heatmap, &HeatmapView::cellHovered, this, &TranslationPage::highlight);
    // A hovered source-word label shades the output words by their attention to it, and vice versa.
    connect(heatmap, &HeatmapView::labelHovered, this, &TranslationPage::highlight);
    connect(heatmap, &HeatmapView::cellClicked, this, [this](int row, int) {
        // By words a row is an output word: its first decoding step.
        const int step = showsWordAlignment() ? session_->firstStepOf(row) : row;
        if (step >= 0)
            setStep(step);
    });
    connect(context_->heatmap(), &HeatmapView::cellClicked, this, [this](int row, int) {
        if (row > 0)
            setStep(row - 1);
    });
}

void TranslationPage::connectSlots() {
    connect(session_, &TranslationSession::outcomeReady, this, &TranslationPage::showOutcome);
    connect(session_, &TranslationSession::failed, this, &TranslationPage::showError);
    for (ModelSlot* s : {slot_, baseline_}) {
        connect(s, &ModelSlot::changed, this, &TranslationPage::onModelChanged);
        connect(s, &ModelSlot::failed, this, [this](const QString& message) {
            refreshErrors();
            Q_EMIT statusMessage(message);
        });
        connect(s, &ModelSlot::loadingStarted, this,
                [this](const QString& dir) { Q_EMIT statusMessage(tr("Loading model %1…").arg(dir)); });
    }
}

void TranslationPage::start() {
    // Both defaults are looked for; a missing one is reported (the first message stays visible).
    if (!slot_->hasModel() && !slot_->isLoading())
        slot_->loadDefault(QStringLiteral("translation-en-es"));
    if (!baseline_->hasModel() && !baseline_->isLoading())
        baseline_->loadDefault(QStringLiteral("translation-en-es-noattn"));
}

// --- What the panels show ---------------------------------------------------------------------------

QString TranslationPage::errorText() const {
    return error_->text();
}

JobRunner* TranslationPage::jobs() const {
    return session_->jobs();
}

QWidget* TranslationPage::alignmentUnitControl() const {
    return alignment_->unitControl();
}

HeatmapView* TranslationPage::mainHeatmap() const {
    return alignment_->heatmap();
}

HeatmapView* TranslationPage::contextHeatmap() const {
    return context_->heatmap();
}

HeldOutTable* TranslationPage::heldOutTable() const {
    return heldOutTab_->table();
}

LadderChart* TranslationPage::ladderChart() const {
    return heldOutTab_->ladder();
}

QStringList TranslationPage::sourceChipWords() const {
    return chips_->sourceWords();
}

QStringList TranslationPage::outputChipWords() const {
    return chips_->outputWords();
}

QVector<double> TranslationPage::sourceChipWeights() const {
    return chips_->sourceWeights();
}

QVector<double> TranslationPage::outputChipWeights() const {
    return chips_->outputWeights();
}

QString TranslationPage::sourceChipRowToolTip() const {
    return chips_->sourceToolTip();
}

QString TranslationPage::warningsText() const {
    return outputs_->warningsText();
}

QString TranslationPage::attentionOutputText() const {
    return outputs_->attentionText();
}

QString TranslationPage::baselineOutputText() const {
    return outputs_->baselineText();
}

QString TranslationPage::referenceText() const {
    return outputs_->referenceText();
}

QString TranslationPage::attentionChrFText() const {
    return outputs_->attentionChrF();
}

QString TranslationPage::baselineChrFText() const {
    return outputs_->baselineChrF();
}

QString TranslationPage::attentionPerplexityText() const {
    return outputs_->attentionPerplexity();
}

QString TranslationPage::baselinePerplexityText() const {
    return outputs_->baselinePerplexity();
}

QString TranslationPage::alignmentTitle() const {
    return alignment_->title();
}

QString TranslationPage::alignmentCaption() const {
    return alignment_->caption();
}

QString TranslationPage::stepText() const {
    return steps_->stepText();
}

QString TranslationPage::soFarText() const {
    return steps_->soFarText();
}

QVector<double> TranslationPage::stepBarValues() const {
    return steps_->attentionValues();
}

QCustomPlot* TranslationPage::stepPlot() const {
    return steps_->attentionPlot();
}

void TranslationPage::showHeldOutTable() {
    views_->setCurrentIndex(kHeldOutTab);
}

void TranslationPage::showContextVector() {
    views_->setCurrentIndex(1);
}

HeatmapView* TranslationPage::currentHeatmap() const {
    return views_->currentIndex() == 1 ? contextHeatmap() : mainHeatmap();
}

// --- Models, errors and decoding ---------------------------------------------------------------------

void TranslationPage::setText(const QString& text) {
    input_->setText(text);
}

void TranslationPage::showError(const QString& message) {
    session_->state().inferenceError = message;
    refreshErrors();
    if (!message.isEmpty())
        Q_EMIT statusMessage(message);
}

void TranslationPage::refreshErrors() {
    // A failed load stays reported until that slot loads a model; an inference error until the next result.
    error_->setMessages(
        {slot_->lastErrorExplained(), baseline_->lastErrorExplained(), session_->state().inferenceError});
}

void TranslationPage::onModelChanged() {
    refreshErrors();
    refreshHeldOut();
    runNow();
}

void TranslationPage::refreshHeldOut() {
    // The tab is there when there is something to show: the table or the message about a bad file.
    views_->setTabVisible(kHeldOutTab, heldOutTab_->refresh(slot_, baseline_));
}

void TranslationPage::setBeamWidth(int width) {
    beam_->setValue(width); // valueChanged translates again
}

int TranslationPage::beamWidth() const {
    return beam_->value();
}

void TranslationPage::runNow() {
    input_->cancelPending();
    session_->run(input_->text(), beam_->value());
}

void TranslationPage::chooseToken(int step, int tokenId) {
    const attn::TranslationResult* r = session_->followed();
    if (!r || step < 0 || std::size_t(step) > r->outputIds.size())
        return;
    // The outputs before the step as they are, then the token chosen; the decoder goes on from there.
    std::vector<int> prefix(r->outputIds.begin(), r->outputIds.begin() + step);
    prefix.push_back(tokenId);
    runChoice(decoder_, std::move(prefix));
}

void TranslationPage::runChoice(Decoder decoder, std::vector<int> prefix) {
    const bool main = decoder == Decoder::WithAttention;
    if (!(main ? slot_ : baseline_)->translator() || prefix.empty())
        return;
    input_->cancelPending();
    session_->runChoice(decoder, std::move(prefix), beam_->value());
}

void TranslationPage::followTranslation(const QString& spanish) {
    if (!session_->hasModel())
        return;
    if (spanish.trimmed().isEmpty()) {
        showError(tr("Type a Spanish translation to give the decoders."));
        return;
    }
    input_->cancelPending();
    session_->follow(input_->text(), spanish);
}

void TranslationPage::showOutcome(int step) {
    showError(QString());
    // The field to give the decoders holds the preset's reference until the user edits it.
    const QString reference = referenceFor(resultText_);
    if (forcing_ == Forcing::Own && (follow_->text().isEmpty() || follow_->text() == autoFollow_)) {
        follow_->setText(reference);
        follow_->setCursorPosition(0); // the start of the sentence in view, not its end
        autoFollow_ = reference;
    }
    outputs_->showOutcome(*session_);
    alignment_->showOutcome(*session_);
    chips_->rebuild(result_ ? &*result_ : nullptr);
    context_->showResult(baselineResult_ ? &*baselineResult_ : nullptr);
    session_->state().hovering = false;
    setStep(step);
}

// --- Step, decoder, unit and hover -------------------------------------------------------------------

bool TranslationPage::showsWordAlignment() const {
    return session_->showsWordAlignment();
}

void TranslationPage::setAlignmentUnit(AlignmentUnit unit) {
    alignment_->setPiecesChecked(unit == AlignmentUnit::Pieces);
    if (unit == unit_)
        return;
    unit_ = unit;
    session_->state().hovering = false;
    alignment_->showAlignment(*session_);
    refreshStep(); // the row marker, and the chips back to the step
}

void TranslationPage::highlight(int row, int column) {
    if (row >= 0 || column >= 0) {
        if (showsWordAlignment()) {
            highlightWord(row, column); // the map's rows and columns are words
            return;
        }
        session_->state().hovering = true;
    } else {
        session_->state().hovering = false;
        // Back to the current step of the decoder with attention (none while following the other).
        row = decoder_ == Decoder::WithAttention ? step_ : -1;
    }
    chips_->highlightTokens(result_ ? &*result_ : nullptr, row, column);
}

void TranslationPage::highlightWord(int outputWord, int sourceWord) {
    if (outputWord < 0 && sourceWord < 0) {
        highlight(-1, -1);
        return;
    }
    session_->state().hovering = true;
    chips_->highlightWords(session_->state().wordMap, outputWord, sourceWord);
}

void TranslationPage::setDecoder(Decoder decoder) {
    if (views_->currentIndex() != int(decoder)) {
        views_->setCurrentIndex(int(decoder)); // currentChanged() comes back here
        return;
    }
    if (decoder == decoder_)
        return;
    decoder_ = decoder;
    setStep(step_);
}

void TranslationPage::setPlaying(bool on) {
    const int steps = session_->followedSteps();
    if (on && steps > 1) {
        if (step_ + 1 >= steps)
            setStep(0); // from the first word again
        play_->start();
    } else {
        play_->stop();
    }
    steps_->setPlaying(play_->isActive());
}

bool TranslationPage::isPlaying() const {
    return play_->isActive();
}

void TranslationPage::setTeachingMode(bool on) {
    teaching_ = on;
    Page::setTeachingMode(on); // every font and heatmap of the page
    steps_->setTeachingMode(on, zoomFactor());
}

void TranslationPage::setStep(int step) {
    const int steps = session_->followedSteps();
    step_ = steps == 0 ? 0 : std::clamp(step, 0, steps - 1);
    refreshStep();
}

bool TranslationPage::stepForward() {
    const int before = step_;
    nextStep();
    return step_ != before;
}

bool TranslationPage::stepBack() {
    const int before = step_;
    previousStep();
    return step_ != before;
}

void TranslationPage::refreshStep() {
    const attn::TranslationResult* r = session_->followed();
    const bool main = decoder_ == Decoder::WithAttention;
    ModelSlot* followedSlot = main ? slot_ : baseline_;
    auto model = followedSlot->translator();
    const std::string eos = model ? model->settings().eosToken : std::string();
    const std::string unk = model ? model->settings().unkToken : std::string();
    // The step of a token chosen on the panel (its bar stays marked there); the caption names words when
    // the map shows words.
    steps_->setChoiceStep(r && forcing_ == Forcing::Choice && r->forcedSteps > 0 ? r->forcedSteps - 1 : -1);
    steps_->setAlignmentByWords(main && showsWordAlignment());
    steps_->showStep(r, step_, eos, unk, followedSlot->displayName());
    const bool any = r && !r->outputTokens.empty();
    // By words the marked row is the step's word (none for the eos step).
    mainHeatmap()->setRowMarker(
        main && any ? (showsWordAlignment() ? translationmarks::wordOf(r->outputWordOf, step_) : step_) : -1);
    contextHeatmap()->setRowMarker(!main && any ? step_ + 1 : -1);
    if (!any)
        setPlaying(false);
    if (!session_->state().hovering)
        highlight(-1, -1);
}
