#include "pages/translation_page.hpp"

#include "pages/translation/decode_step_panel.hpp"
#include "pages/translation/heldout_table.hpp"
#include "pages/translation/ladder_chart.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "widgets/column_scroll_area.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"
#include "widgets/word_chip_row.hpp"

#include <QApplication>
#include <QButtonGroup>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/checkpoint.hpp>
#include <attn/models/word_alignment.hpp>
#include <cmath>

namespace {

using format::toQStrings;

QString unknownSourceNote() {
    return TranslationPage::tr("not in the model's source vocabulary: the encoder saw <unk> instead");
}

QString unknownOutputNote() {
    return TranslationPage::tr("<unk>: the decoder chose its word for “a word I do not know”");
}

/// One note per token: `note` where the engine flagged the token unknown, "" elsewhere.
QStringList unknownNotes(const std::vector<std::uint8_t>& unknown, const QString& note) {
    QStringList out;
    for (std::uint8_t u : unknown)
        out << (u ? note : QString());
    return out;
}

/// Per word, whether any of its tokens is unknown (`wordOf`: per token its word, -1 for eos).
std::vector<std::uint8_t> unknownWords(const std::vector<int>& wordOf,
                                       const std::vector<std::uint8_t>& unknown, std::size_t words) {
    std::vector<std::uint8_t> out(words, 0);
    for (std::size_t t = 0; t < wordOf.size() && t < unknown.size(); ++t)
        if (unknown[t] && wordOf[t] >= 0 && std::size_t(wordOf[t]) < words)
            out[std::size_t(wordOf[t])] = 1;
    return out;
}

/// The words with "⚠ " in front of those with an unknown token.
QStringList markedWords(const std::vector<std::string>& words, const std::vector<std::uint8_t>& unknown) {
    QStringList out = toQStrings(words);
    for (int i = 0; i < out.size() && i < int(unknown.size()); ++i)
        if (unknown[size_t(i)])
            out[i] = QStringLiteral("⚠ ") + out[i];
    return out;
}

/// The word of token `t` (-1 for eos or out of range).
int wordOf(const std::vector<int>& of, int t) {
    return t >= 0 && std::size_t(t) < of.size() ? of[std::size_t(t)] : -1;
}

/// Decoding step `t`'s attention per source word (attn::alignmentBySourceWord), for `words` chips.
QVector<double> sourceWordWeights(const attn::TranslationResult& r, int t, int words) {
    const attn::Matrix bySource = attn::alignmentBySourceWord(r); // steps x source words
    QVector<double> out(words, 0.0);
    for (int j = 0; j < words && j < bySource.cols() && t < bySource.rows(); ++j)
        out[j] = bySource(t, j);
    return out;
}

/// Source token `p`'s weight in each output word (attn::alignmentByOutputWord); -1 for a word without a
/// row.
QVector<double> outputWordWeights(const attn::TranslationResult& r, Eigen::Index p, int words) {
    const attn::Matrix byOutput = attn::alignmentByOutputWord(r); // output words x source tokens
    QVector<double> out(words, -1.0);
    for (int w = 0; w < words && w < byOutput.rows() && p < byOutput.cols(); ++w)
        out[w] = byOutput(w, p);
    return out;
}

// The presets and their references: Apertium eng-spa's translations of the sentence with the full stop
// the models add to it (Seq2SeqModel::sourceWords: every training source ends with one), made with
//   printf '%s\n' "<sentence>." | apertium eng-spa
// (the translator that made the shipped models' training pairs). A preset's outputs are scored against
// its reference with attn::translationChrF, as the model cards score the held-out pairs.
const std::vector<TranslationPage::Preset> kPresets = {
    {"The book that I bought is very interesting", "El libro que compré es muy interesante."},
    {"The cat is sleeping on the bed", "El gato está durmiendo en la cama."},
    {"She is reading a book in the garden", "Está leyendo un libro en el jardín."},
    {"The weather is very cold today", "El tiempo es muy frío hoy."},
    {"My sister and her friend went to the market to buy bread and fresh fruit",
     "Mi hermana y su amigo fueron a la lonja para comprar pan y fruta fresca."},
    {"The small dog ran quickly across the green field to find its owner",
     "El perro pequeño corrió deprisa a través del campo verde para encontrar su dueño."},
};

/// " · chrF 72.4" after an output line (dimmed).
QString chrFSuffix(const QString& chrF) {
    return chrF.isEmpty() ? QString() : QStringLiteral(" <span style='color:#555'>· %1</span>").arg(chrF);
}

} // namespace

const std::vector<TranslationPage::Preset>& TranslationPage::presets() {
    return kPresets;
}

QString TranslationPage::referenceFor(const QString& text) {
    const QString trimmed = text.trimmed();
    for (const Preset& p : kPresets)
        if (trimmed == QString::fromUtf8(p.english))
            return QString::fromUtf8(p.reference);
    return {};
}

TranslationPage::TranslationPage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Capability::Translator, QStringLiteral("translation"), this);
    baseline_ = new ModelSlot(attn::Capability::Translator, QStringLiteral("translation-noattn"), this);
    jobs_ = new JobRunner(this);
    trackBusy(slot_);
    trackBusy(baseline_);
    trackBusy(jobs_);

    auto* outer = new QVBoxLayout(this);
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
    outer->addLayout(models);
    error_ = new ErrorBanner(this);
    outer->addWidget(error_);

    QStringList examples;
    for (const Preset& p : kPresets)
        examples << QString::fromUtf8(p.english);
    input_ = new SentenceInput(tr("English:"), tr("Type an English sentence"), examples, this);
    outer->addWidget(input_);

    // Word chips: source words and output words (a SentencePiece model's pieces joined), shaded by the
    // hovered cell's weights.
    auto* chips = new QGroupBox(tr("Alignment (hover a cell or a word)"), this);
    auto* chipsLayout = new QVBoxLayout(chips);
    sourceRow_ = new WordChipRow(tr("English:"), chips);
    outputRow_ = new WordChipRow(tr("Output:"), chips);
    connect(sourceRow_, &WordChipRow::chipEntered, this, [this](int i) { highlightWord(-1, i); });
    connect(outputRow_, &WordChipRow::chipEntered, this, [this](int i) { highlightWord(i, -1); });
    for (WordChipRow* row : {sourceRow_, outputRow_})
        connect(row, &WordChipRow::chipLeft, this, [this] { highlight(-1, -1); });
    connect(outputRow_, &WordChipRow::chipClicked, this, [this](int i) {
        setDecoder(Decoder::WithAttention);
        if (const int t = firstStepOf(i); t >= 0)
            setStep(t);
    });
    chipsLayout->addWidget(sourceRow_);
    chipsLayout->addWidget(outputRow_);
    outer->addWidget(chips);

    // Before / after: the two outputs (scored against Apertium's for a preset). The models' held-out chrF
    // by source length has a tab of its own beside the maps: in the box it left the alignment a strip of
    // a few pixels at 1280 x 800 in teaching mode.
    auto* compare = new QGroupBox(tr("With and without attention"), this);
    auto* compareLayout = new QHBoxLayout(compare);
    auto* lines = new QVBoxLayout;
    lines->setSpacing(2);
    reference_ = new QLabel(compare);
    reference_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    reference_->setWordWrap(true);
    reference_->setToolTip(
        tr("The preset's reference: Apertium's (eng-spa) translation, the translator that made the models' "
           "training pairs. chrF compares each output with it: 0–100, higher is closer."));
    reference_->hide();
    withAttention_ = new QLabel(compare);
    withAttention_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    withAttention_->setWordWrap(true);
    withoutAttention_ = new QLabel(compare);
    withoutAttention_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    withoutAttention_->setWordWrap(true);
    lines->addWidget(reference_);
    lines->addWidget(withAttention_);
    lines->addWidget(withoutAttention_);
    warnings_ = new QLabel(compare);
    warnings_->setWordWrap(true);
    // The colour through the palette, not a style sheet: a label with one does not grow in teaching mode.
    QPalette brown = warnings_->palette();
    brown.setColor(QPalette::WindowText, QColor(QLatin1String(format::kWarningBrown)));
    warnings_->setPalette(brown);
    warnings_->hide();
    lines->addWidget(warnings_);
    lines->addStretch(1);
    compareLayout->addLayout(lines, 1);
    // The beam width beside the outputs it changes (in the models' row it widened the window's minimum).
    // "Their own" under it, beside the outputs it restores (beside the Spanish field it was cut off at
    // 1400 x 900 in teaching mode); the width's label and box share a line, so the box grows no taller.
    ownButton_ = new QPushButton(tr("Their own"), compare);
    ownButton_->setToolTip(tr("Back to the translations the models choose themselves"));
    ownButton_->setEnabled(false);
    auto* beamBox = new QVBoxLayout;
    auto* beamRow = new QHBoxLayout;
    beamRow->addWidget(beamLabel);
    beamRow->addWidget(beam_);
    beamBox->addLayout(beamRow);
    beamBox->addWidget(ownButton_);
    beamBox->addStretch(1);
    compareLayout->addLayout(beamBox);
    outer->addWidget(compare);

    // Maps (alignment | the baseline's context vector) beside the step-through.
    auto* split = new QSplitter(Qt::Horizontal, this);
    views_ = new QTabWidget(split);
    auto* alignTab = new QWidget(views_);
    auto* alignLayout = new QVBoxLayout(alignTab);
    alignLayout->setContentsMargins(0, 0, 0, 0);
    alignLayout->setSpacing(0);
    // Words / Pieces, for a SentencePiece model only.
    unitControl_ = new QWidget(alignTab);
    auto* unitLayout = new QHBoxLayout(unitControl_);
    unitLayout->setContentsMargins(6, 2, 6, 0);
    auto* unitLabel = new QLabel(tr("Alignment by:"), unitControl_);
    byWords_ = new QRadioButton(tr("Words"), unitControl_);
    byPieces_ = new QRadioButton(tr("Pieces"), unitControl_);
    byWords_->setToolTip(tr("Rows and columns are whole words, made of the model's pieces"));
    byPieces_->setToolTip(tr("Rows and columns are the model's SentencePiece pieces (▁ starts a word): one "
                             "row per decoding step, as the decoder computes it"));
    auto* unitGroup = new QButtonGroup(unitControl_);
    unitGroup->addButton(byWords_);
    unitGroup->addButton(byPieces_);
    byWords_->setChecked(true);
    unitCaption_ = new QLabel(
        tr("A source word's column sums its pieces; an output word's row averages its pieces' rows."),
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
    connect(byPieces_, &QRadioButton::toggled, this,
            [this](bool on) { setAlignmentUnit(on ? AlignmentUnit::Pieces : AlignmentUnit::Words); });
    heatmap_ = new HeatmapView(alignTab);
    heatmap_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    alignmentTitle_ = tr("Alignment");
    heatmap_->setTitle(alignmentTitle_);
    heatmap_->setAxisTitles(tr("Output word (decoding step)"), tr("Source word"));
    heatmap_->setEmptyText(tr("Load a translation model and type a sentence"));
    alignLayout->addWidget(unitControl_);
    alignLayout->addWidget(heatmap_, 1);
    auto* contextTab = new QWidget(views_);
    auto* contextLayout = new QVBoxLayout(contextTab);
    contextLayout->setContentsMargins(4, 4, 4, 4);
    auto* contextNote = new QLabel(
        tr("Without attention the decoder sees the sentence only through one fixed context vector, the "
           "encoder's state after the last source word (top row): a long sentence does not fit in it, and "
           "the translation loses words. The rows below are the decoder's own state after each step. With "
           "attention every output word looks back at all source words instead."),
        contextTab);
    contextNote->setWordWrap(true);
    contextNote->setStyleSheet(QStringLiteral("color: #444;"));
    explanation::mark(contextNote);
    contextMap_ = new HeatmapView(contextTab);
    contextMap_->setRangeMode(HeatmapView::RangeMode::Auto);
    contextMap_->setTitle(tr("Without attention: the context vector"));
    contextMap_->setAxisTitles(tr("Context, then the state after each step"), tr("Hidden unit"));
    contextMap_->setColorScaleLabel(tr("value"));
    contextMap_->setEmptyText(tr("Load the baseline model (no attention) to see its context vector"));
    contextLayout->addWidget(contextNote);
    contextLayout->addWidget(contextMap_, 1);
    views_->addTab(alignTab, tr("Alignment (with attention)"));
    views_->addTab(contextTab, tr("Context vector (without attention)"));
    // The table and its chart scroll when the tab is short (1280 x 800 in teaching mode) rather than
    // squeezing the chart below a readable height.
    auto* heldOutScroll = new QScrollArea(views_);
    heldOutScroll->setWidgetResizable(true);
    heldOutScroll->setFrameShape(QFrame::NoFrame);
    heldOutTab_ = new QWidget(heldOutScroll);
    auto* heldOutLayout = new QVBoxLayout(heldOutTab_);
    heldOut_ = new HeldOutTable(heldOutTab_);
    heldOutLayout->addWidget(heldOut_); // the table keeps to the left; its chart takes the width
    // Below them the ladder: the chapter's sentence grown clause by clause (issue 51 point 3). Beside
    // them it took the width the held-out chart needs to stand beside its table at 1280 x 800 in
    // teaching mode; the tab scrolls instead.
    ladder_ = new LadderChart(heldOutTab_);
    ladder_->load((resourceDir() + QStringLiteral("/models/translation-ladder.json")).toStdString());
    heldOutLayout->addWidget(ladder_);
    heldOutScroll->setWidget(heldOutTab_);
    views_->addTab(heldOutScroll, tr("Held-out results by length"));
    views_->setTabVisible(kHeldOutTab, false);

    // The step panel scrolls rather than cutting its last plot off when the window is short (1280 x 800
    // in teaching mode).
    auto* stepsScroll = new ColumnScrollArea(split);
    auto* stepsColumn = new QWidget(stepsScroll);
    auto* stepsLayout = new QVBoxLayout(stepsColumn);
    stepsLayout->setContentsMargins(0, 0, 0, 0);
    // Teacher forcing: a Spanish translation given to both decoders, above the step-through it changes
    // (in the before/after box it took the map's last rows at 1280 x 800 in teaching mode).
    auto* followRow = new QHBoxLayout;
    auto* followLabel = new QLabel(tr("Give the decoders:"), stepsColumn);
    follow_ = new QLineEdit(stepsColumn);
    follow_->setPlaceholderText(tr("a Spanish translation, word by word"));
    follow_->setToolTip(tr("Teacher forcing: each decoder is given these words one by one instead of "
                           "choosing its own. The map then shows where it looks while reading them, and the "
                           "perplexity how well it expected them (1 = certain; lower is better)."));
    followLabel->setBuddy(follow_);
    followButton_ = new QPushButton(tr("Follow"), stepsColumn);
    // The label on a line of its own: beside the field and buttons it made the column wider than its
    // share of 1280 x 800 in teaching mode, and the step-through's text was cut at the right.
    followLabel->setWordWrap(true);
    follow_->setMinimumWidth(60);
    followRow->addWidget(follow_, 1);
    followRow->addWidget(followButton_);
    stepsLayout->addWidget(followLabel);
    stepsLayout->addLayout(followRow);
    connect(followButton_, &QPushButton::clicked, this, [this] { followTranslation(follow_->text()); });
    connect(follow_, &QLineEdit::returnPressed, this, [this] { followTranslation(follow_->text()); });
    connect(ownButton_, &QPushButton::clicked, this, &TranslationPage::showOwnTranslations);
    steps_ = new DecodeStepPanel(stepsColumn);
    stepsLayout->addWidget(steps_, 1);
    stepsScroll->setWidget(stepsColumn);
    split->addWidget(views_);
    split->addWidget(stepsScroll);
    // Half the width each: the step panel then puts its candidates and attention chart side by side
    // (stacked in two fifths of 1400 x 900 the chart was squeezed off the panel's bottom).
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    outer->addWidget(split, 1);

    play_ = new QTimer(this);
    play_->setInterval(900);
    connect(play_, &QTimer::timeout, this, [this] {
        const int steps = followed() ? int(followed()->outputTokens.size()) : 0;
        if (step_ + 1 >= steps)
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
    connect(heatmap_, &HeatmapView::cellHovered, this, &TranslationPage::highlight);
    // A hovered source-word label shades the output words by their attention to it, and vice versa.
    connect(heatmap_, &HeatmapView::labelHovered, this, &TranslationPage::highlight);
    connect(heatmap_, &HeatmapView::cellClicked, this, [this](int row, int) {
        // By words a row is an output word: its first decoding step.
        const int step = showsWordAlignment() ? firstStepOf(row) : row;
        if (step >= 0)
            setStep(step);
    });
    connect(contextMap_, &HeatmapView::cellClicked, this, [this](int row, int) {
        if (row > 0)
            setStep(row - 1);
    });
    for (ModelSlot* s : {slot_, baseline_}) {
        connect(s, &ModelSlot::changed, this, &TranslationPage::onModelChanged);
        connect(s, &ModelSlot::failed, this, [this](const QString& message) {
            refreshErrors();
            Q_EMIT statusMessage(message);
        });
        connect(s, &ModelSlot::loadingStarted, this,
                [this](const QString& dir) { Q_EMIT statusMessage(tr("Loading model %1…").arg(dir)); });
    }

    input_->setText(QString::fromUtf8(kPresets[0].english));
    refreshStep();
}

void TranslationPage::start() {
    // Both defaults are looked for; a missing one is reported (the first message stays visible).
    if (!slot_->hasModel() && !slot_->isLoading())
        slot_->loadDefault(QStringLiteral("translation-en-es"));
    if (!baseline_->hasModel() && !baseline_->isLoading())
        baseline_->loadDefault(QStringLiteral("translation-en-es-noattn"));
}

QString TranslationPage::errorText() const {
    return error_->text();
}

QString TranslationPage::sourceChipRowToolTip() const {
    return sourceRow_->toolTip();
}

QString TranslationPage::warningsText() const {
    return warnings_->isHidden() ? QString() : warnings_->text();
}

QString TranslationPage::attentionOutputText() const {
    return withAttention_->text();
}

QString TranslationPage::baselineOutputText() const {
    return withoutAttention_->text();
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
    return views_->currentIndex() == 1 ? contextMap_ : heatmap_;
}

void TranslationPage::setText(const QString& text) {
    input_->setText(text);
}

void TranslationPage::showError(const QString& message) {
    inferenceError_ = message;
    refreshErrors();
    if (!message.isEmpty())
        Q_EMIT statusMessage(message);
}

void TranslationPage::refreshErrors() {
    // A failed load stays reported until that slot loads a model; an inference error until the next result.
    error_->setMessages({slot_->lastErrorExplained(), baseline_->lastErrorExplained(), inferenceError_});
}

void TranslationPage::onModelChanged() {
    refreshErrors();
    refreshHeldOut();
    runNow();
}

void TranslationPage::refreshHeldOut() {
    // Read when a model arrives (a tiny file), not on every sentence.
    const auto directoryOf = [](const ModelSlot* s) {
        const auto m = s->translator();
        return m ? m->directory() : std::filesystem::path();
    };
    heldOut_->setSources(HeldOutTable::read(directoryOf(slot_), slot_->displayName()),
                         HeldOutTable::read(directoryOf(baseline_), baseline_->displayName()));
    // The tab is there when there is something to show: the table or the message about a bad file.
    views_->setTabVisible(kHeldOutTab,
                          heldOut_->tableShown() || !heldOut_->message().isEmpty() || ladder_->ladderShown());
}

void TranslationPage::setBeamWidth(int width) {
    beam_->setValue(width); // valueChanged translates again
}

int TranslationPage::beamWidth() const {
    return beam_->value();
}

QString TranslationPage::referenceText() const {
    return reference_->isHidden() ? QString() : reference_->text();
}

QString TranslationPage::alignmentCaption() const {
    return unitCaption_->text();
}

void TranslationPage::runNow() {
    input_->cancelPending();
    auto model = slot_->translator();
    auto baseline = baseline_->translator();
    if (!model && !baseline)
        return;
    const QString text = input_->text();
    const std::string utf8 = text.toStdString();
    const int beam = beam_->value();
    jobs_->run<Outcome>(
        [model, baseline, utf8, text, beam](const JobContext& job) {
            Outcome out;
            out.text = text;
            if (model)
                out.main = model->translate(utf8, 0, attn::Seq2SeqModel::kDefaultTopK, beam);
            if (baseline && !job.cancelled())
                out.baseline = baseline->translate(utf8, 0, attn::Seq2SeqModel::kDefaultTopK, beam);
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); },
        [this](const QString& message) { showError(message); });
}

void TranslationPage::chooseToken(int step, int tokenId) {
    const attn::TranslationResult* r = followed();
    if (!r || step < 0 || std::size_t(step) > r->outputIds.size())
        return;
    // The outputs before the step as they are, then the token chosen; the decoder goes on from there.
    std::vector<int> prefix(r->outputIds.begin(), r->outputIds.begin() + step);
    prefix.push_back(tokenId);
    runChoice(decoder_, std::move(prefix));
}

void TranslationPage::runChoice(Decoder decoder, std::vector<int> prefix) {
    const bool main = decoder == Decoder::WithAttention;
    auto model = (main ? slot_ : baseline_)->translator();
    if (!model || prefix.empty())
        return;
    input_->cancelPending();
    const int step = int(prefix.size()) - 1;
    const std::string utf8 = resultText_.toStdString();
    // After a given translation the other decoder goes back to its own output (a choice is one decoder's).
    auto other = forcing_ == Forcing::Given ? (main ? baseline_ : slot_)->translator()
                                            : std::shared_ptr<const attn::Seq2SeqModel>();
    // The job's outcome starts from what stays: the other decoder's result when it is not run again
    // (the chosen decoder's own result is replaced, so it is not copied).
    Outcome keep;
    keep.text = resultText_;
    if (!other)
        (main ? keep.baseline : keep.main) = main ? baselineResult_ : result_;
    keep.forcing = Forcing::Choice;
    keep.step = step;
    const int beam = beam_->value();
    jobs_->run<Outcome>(
        [model, other, main, prefix, utf8, keep = std::move(keep), beam](const JobContext& job) mutable {
            Outcome out = std::move(keep);
            (main ? out.main : out.baseline) =
                model->translateForced(utf8, prefix, true, 0, attn::Seq2SeqModel::kDefaultTopK);
            if (other && !job.cancelled())
                (main ? out.baseline : out.main) =
                    other->translate(utf8, 0, attn::Seq2SeqModel::kDefaultTopK, beam);
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); },
        [this](const QString& message) { showError(message); });
}

void TranslationPage::followTranslation(const QString& spanish) {
    auto model = slot_->translator();
    auto baseline = baseline_->translator();
    if (!model && !baseline)
        return;
    if (spanish.trimmed().isEmpty()) {
        showError(tr("Type a Spanish translation to give the decoders."));
        return;
    }
    input_->cancelPending();
    const QString text = input_->text();
    const std::string utf8 = text.toStdString();
    const std::string target = spanish.toStdString();
    givenText_ = spanish;
    jobs_->run<Outcome>(
        [model, baseline, utf8, text, target](const JobContext& job) {
            Outcome out;
            out.text = text;
            out.forcing = Forcing::Given;
            const auto given = [&](const attn::Seq2SeqModel& m) {
                return m.translateForced(utf8, m.targetIds(target), false, 0,
                                         attn::Seq2SeqModel::kDefaultTopK);
            };
            if (model)
                out.main = given(*model);
            if (baseline && !job.cancelled())
                out.baseline = given(*baseline);
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); },
        [this](const QString& message) { showError(message); });
}

void TranslationPage::showOutcome(Outcome outcome) {
    showError(QString());
    forcing_ = outcome.forcing;
    ownButton_->setEnabled(forcing_ != Forcing::Own);
    resultText_ = outcome.text;
    result_ = std::move(outcome.main);
    baselineResult_ = std::move(outcome.baseline);
    wordMap_ = result_ && result_->hasAttention && result_->alignment.size() > 0
                   ? attn::wordAlignment(*result_)
                   : attn::Matrix();

    // A preset sentence: Apertium's translation, and each output's chrF against it (the engine's).
    const QString reference = referenceFor(outcome.text);
    const std::string referenceUtf8 = reference.toStdString();
    reference_->setText(tr("<b>Apertium:</b> %1").arg(reference.toHtmlEscaped()));
    reference_->setVisible(!reference.isEmpty());
    // The field to give the decoders holds the preset's reference until the user edits it.
    if (forcing_ == Forcing::Own && (follow_->text().isEmpty() || follow_->text() == autoFollow_)) {
        follow_->setText(reference);
        follow_->setCursorPosition(0); // the start of the sentence in view, not its end
        autoFollow_ = reference;
    }
    // A given translation is not scored against the reference (it may be the reference): the
    // perplexity says how well each model expected it instead.
    const auto chrF = [&](const std::optional<attn::TranslationResult>& r) {
        if (reference.isEmpty() || !r || r->sourceTokens.empty() || forcing_ == Forcing::Given)
            return QString();
        return tr("chrF %1").arg(QString::number(attn::translationChrF(*r, referenceUtf8), 'f', 1));
    };
    const auto perplexity = [&](const std::optional<attn::TranslationResult>& r) {
        if (!r || r->outputIds.empty() || forcing_ != Forcing::Given)
            return QString();
        return tr("perplexity %1").arg(QString::number(attn::outputPerplexity(*r), 'f', 2));
    };
    // A token chosen on the step panel: said after the output it changed.
    const auto choice = [&](const std::optional<attn::TranslationResult>& r) {
        if (!r || forcing_ != Forcing::Choice || r->forcedSteps == 0)
            return QString();
        const auto t = std::size_t(r->forcedSteps - 1);
        return QStringLiteral(" <span style='color:#555'>· %1</span>")
            .arg(tr("your choice “%1” at step %2, then its own")
                     .arg(QString::fromStdString(r->outputTokens[t]).toHtmlEscaped())
                     .arg(r->forcedSteps));
    };
    attentionChrF_ = chrF(result_);
    baselineChrF_ = chrF(baselineResult_);
    attentionPerplexity_ = perplexity(result_);
    baselinePerplexity_ = perplexity(baselineResult_);
    const QString givenNote =
        forcing_ == Forcing::Given ? QStringLiteral(" <i>%1</i>").arg(tr("(given, not chosen)")) : QString();
    // What the perplexity on the two lines is, where the reader looks.
    const QString perplexityTip =
        forcing_ == Forcing::Given
            ? tr("Perplexity: exp of minus the mean log-probability the decoder gave each given piece, the "
                 "end of sentence included. 1 = it was certain of every piece; lower is better.")
            : QString();
    withAttention_->setToolTip(perplexityTip);
    withoutAttention_->setToolTip(perplexityTip);

    QStringList warnings;
    if (result_ && result_->sourceTokens.empty()) {
        // Empty input: the engine returns no output; say what to do instead of translating nothing.
        withAttention_->setText(tr("<b>With attention:</b> type an English sentence above to translate it."));
        heatmap_->setEmptyText(tr("Type a sentence to see which source words each output word attends to."));
        heatmap_->clear();
    } else if (result_) {
        withAttention_->setText(tr("<b>With attention</b> (%1): %2")
                                    .arg(slot_->displayName().toHtmlEscaped(),
                                         QString::fromStdString(attn::outputText(*result_)).toHtmlEscaped()) +
                                givenNote + chrFSuffix(attentionChrF_) + chrFSuffix(attentionPerplexity_) +
                                choice(result_));
        for (const auto& w : result_->warnings)
            warnings << QString::fromStdString(w);
        if (!(result_->hasAttention && result_->alignment.size() > 0)) {
            heatmap_->setEmptyText(
                tr("This model has no attention (attention: none): there is no alignment to show."));
            heatmap_->clear();
        }
    } else {
        withAttention_->setText(tr("<b>With attention:</b> no model loaded"));
        heatmap_->clear();
    }
    showAlignment();
    if (baselineResult_ && baselineResult_->sourceTokens.empty()) {
        withoutAttention_->setText(tr("<b>Without attention:</b> (no input)"));
    } else if (baselineResult_) {
        withoutAttention_->setText(
            tr("<b>Without attention</b> (%1): %2")
                .arg(baseline_->displayName().toHtmlEscaped(),
                     QString::fromStdString(attn::outputText(*baselineResult_)).toHtmlEscaped()) +
            givenNote + chrFSuffix(baselineChrF_) + chrFSuffix(baselinePerplexity_) +
            choice(baselineResult_));
    } else {
        withoutAttention_->setText(
            tr("<b>Without attention:</b> no baseline model loaded (use Open model… on the "
               "baseline bar)"));
    }
    int unknown = 0;
    if (result_)
        for (std::uint8_t u : result_->sourceUnknown)
            unknown += u;
    if (unknown > 0)
        warnings << tr("⚠ %n source word(s) are not in the model's vocabulary: the encoder saw <unk> "
                       "instead.",
                       nullptr, unknown);
    int unseen = 0;
    if (result_)
        for (std::uint8_t u : result_->sourceWordUnseen)
            unseen += u;
    if (unseen > 0)
        warnings << tr("⚠ %n source word(s) never occurred in the model's training data: what it outputs for "
                       "them is a guess.",
                       nullptr, unseen);
    warnings_->setText(warnings.join(QStringLiteral("\n")));
    warnings_->setVisible(!warnings.isEmpty());

    rebuildChips();
    showContext();
    hovering_ = false;
    setStep(outcome.step);
}

bool TranslationPage::showsWordAlignment() const {
    return result_ && result_->pieces && unit_ == AlignmentUnit::Words && wordMap_.size() > 0;
}

void TranslationPage::showAlignment() {
    const attn::TranslationResult* r = result_ ? &*result_ : nullptr;
    const bool have = r && r->hasAttention && r->alignment.size() > 0 && !r->sourceTokens.empty();
    unitControl_->setVisible(have && r->pieces);
    if (!have)
        return; // showOutcome has cleared the map and said why
    QString by;
    if (showsWordAlignment()) {
        // Whole words: a source word's column sums its pieces, an output word's row averages its pieces'.
        alignmentTitle_ = tr("Alignment by words");
        heatmap_->setAxisTitles(tr("Output word"), tr("Source word"));
        heatmap_->setRowNotes(unknownNotes(
            unknownWords(r->outputWordOf, r->outputUnknown, r->outputWords.size()), unknownOutputNote()));
        heatmap_->setColumnNotes(unknownNotes(
            unknownWords(r->sourceWordOf, r->sourceUnknown, r->sourceWords.size()), unknownSourceNote()));
        heatmap_->setMatrix(wordMap_, toQStrings(r->outputWords), toQStrings(r->sourceWords));
        by = QStringLiteral("words");
    } else {
        if (r->pieces) {
            alignmentTitle_ = tr("Alignment by pieces (what the decoder computes at each step)");
            heatmap_->setAxisTitles(tr("Output piece (decoding step)"), tr("Source piece"));
            by = QStringLiteral("pieces");
        } else {
            alignmentTitle_ = tr("Alignment");
            heatmap_->setAxisTitles(tr("Output word (decoding step)"), tr("Source word"));
            by = QStringLiteral("tokens");
        }
        heatmap_->setRowNotes(unknownNotes(r->outputUnknown, unknownOutputNote()));
        heatmap_->setColumnNotes(unknownNotes(r->sourceUnknown, unknownSourceNote()));
        heatmap_->setMatrix(r->alignment, toQStrings(r->outputTokens), toQStrings(r->sourceTokens));
    }
    heatmap_->setTitle(alignmentTitle_);
    heatmap_->setExportMetadata(QJsonObject{{QStringLiteral("alignment_by"), by}});
}

void TranslationPage::setAlignmentUnit(AlignmentUnit unit) {
    {
        const QSignalBlocker block(byPieces_);
        const QSignalBlocker blockWords(byWords_);
        (unit == AlignmentUnit::Pieces ? byPieces_ : byWords_)->setChecked(true);
    }
    if (unit == unit_)
        return;
    unit_ = unit;
    hovering_ = false;
    showAlignment();
    refreshStep(); // the row marker, and the chips back to the step
}

void TranslationPage::showContext() {
    // Without attention the decoder's only view of the source is its initial state: the encoder's
    // state after the last source token. Below it, the decoder's state after each step.
    const attn::TranslationResult* r = baselineResult_ ? &*baselineResult_ : nullptr;
    if (!r || r->encoderStates.rows() == 0) {
        contextMap_->clear();
        return;
    }
    const Eigen::Index H = r->encoderStates.cols();
    attn::Matrix m(1 + r->decoderStates.rows(), H); // (1 + steps) x H
    m.row(0) = r->encoderStates.row(r->encoderStates.rows() - 1);
    if (r->decoderStates.rows() > 0)
        m.bottomRows(r->decoderStates.rows()) = r->decoderStates;
    QStringList rows{tr("context")}, notes{QString()};
    for (std::size_t t = 0; t < r->outputTokens.size(); ++t) {
        rows << tr("after “%1”").arg(QString::fromStdString(r->outputTokens[t]));
        notes << (t < r->outputUnknown.size() && r->outputUnknown[t] ? unknownOutputNote() : QString());
    }
    QStringList columns;
    for (Eigen::Index j = 0; j < H; ++j)
        columns << QString::number(j);
    contextMap_->setRowNotes(notes);
    contextMap_->setMatrix(m, rows, columns);
}

void TranslationPage::rebuildChips() {
    // Words, not pieces: a word is marked ⚠ when any of its tokens is unknown.
    const attn::TranslationResult* r = result_ ? &*result_ : nullptr;
    // ⚠ also marks a word the model's training data never contained (when it ships that list).
    std::vector<std::uint8_t> flagged =
        r ? unknownWords(r->sourceWordOf, r->sourceUnknown, r->sourceWords.size())
          : std::vector<std::uint8_t>();
    for (std::size_t i = 0; r && i < flagged.size() && i < r->sourceWordUnseen.size(); ++i)
        flagged[i] = flagged[i] || r->sourceWordUnseen[i];
    sourceChipWords_ = r ? markedWords(r->sourceWords, flagged) : QStringList();
    sourceRow_->setToolTip(
        !r ? QString()
        : r->sourceWordUnseen.empty()
            ? tr("⚠ marks words not in the model's vocabulary. This model ships no list of the words it was "
                 "trained on (src_train_words.txt), so words it never saw in training are not marked.")
            : tr("⚠ marks words not in the model's vocabulary or never seen in its training data "
                 "(src_train_words.txt): what it outputs for them is a guess."));
    outputChipWords_ = r ? markedWords(r->outputWords,
                                       unknownWords(r->outputWordOf, r->outputUnknown, r->outputWords.size()))
                         : QStringList();
    sourceRow_->setWords(sourceChipWords_);
    outputRow_->setWords(outputChipWords_);
}

void TranslationPage::applyChipWeights(const QVector<double>& source, const QVector<double>& output,
                                       int strongSource, int strongOutput) {
    sourceWeights_ = source;
    outputWeights_ = output;
    sourceRow_->setWeights(source, strongSource);
    outputRow_->setWeights(output, strongOutput);
}

int TranslationPage::firstStepOf(int word) const {
    if (!result_ || word < 0)
        return -1;
    for (std::size_t t = 0; t < result_->outputWordOf.size(); ++t)
        if (result_->outputWordOf[t] == word)
            return int(t);
    return -1;
}

void TranslationPage::highlight(int row, int column) {
    if (row >= 0 || column >= 0) {
        if (showsWordAlignment()) {
            highlightWord(row, column); // the map's rows and columns are words
            return;
        }
        hovering_ = true;
    } else {
        hovering_ = false;
        // Back to the current step of the decoder with attention (none while following the other).
        row = decoder_ == Decoder::WithAttention ? step_ : -1;
    }
    // Tokens: row = a decoding step, column = a source token; the chips are words, so a source word
    // gets the sum of its pieces' weights and an output word the mean over its pieces.
    const attn::TranslationResult* r = result_ ? &*result_ : nullptr;
    const bool have = r && r->hasAttention && r->alignment.size() > 0;
    QVector<double> src(sourceRow_->count(), -1.0), out(outputRow_->count(), -1.0);
    if (r && row >= 0 && std::size_t(row) < r->outputTokens.size()) {
        if (have && row < r->alignment.rows())
            src = sourceWordWeights(*r, row, sourceRow_->count());
        applyChipWeights(src, out, -1, wordOf(r->outputWordOf, row));
    } else if (r && column >= 0 && have && column < r->alignment.cols()) {
        applyChipWeights(src, outputWordWeights(*r, column, outputRow_->count()),
                         wordOf(r->sourceWordOf, column), -1);
    } else {
        applyChipWeights(src, out, -1, -1);
    }
}

void TranslationPage::highlightWord(int outputWord, int sourceWord) {
    if (outputWord < 0 && sourceWord < 0) {
        highlight(-1, -1);
        return;
    }
    hovering_ = true;
    // attn::wordAlignment: output words x source words.
    const bool have = wordMap_.size() > 0;
    QVector<double> src(sourceRow_->count(), -1.0), out(outputRow_->count(), -1.0);
    if (outputWord >= 0) {
        if (have && outputWord < wordMap_.rows())
            for (Eigen::Index j = 0; j < wordMap_.cols() && j < src.size(); ++j)
                src[int(j)] = wordMap_(outputWord, j);
        applyChipWeights(src, out, -1, outputWord < out.size() ? outputWord : -1);
    } else {
        if (have && sourceWord < wordMap_.cols())
            for (Eigen::Index i = 0; i < wordMap_.rows() && i < out.size(); ++i)
                out[int(i)] = wordMap_(i, sourceWord);
        applyChipWeights(src, out, sourceWord < src.size() ? sourceWord : -1, -1);
    }
}

const attn::TranslationResult* TranslationPage::followed() const {
    const auto& r = decoder_ == Decoder::WithAttention ? result_ : baselineResult_;
    return r ? &*r : nullptr;
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
    const int steps = followed() ? int(followed()->outputTokens.size()) : 0;
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
    const attn::TranslationResult* r = followed();
    const int steps = r ? int(r->outputTokens.size()) : 0;
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
    const attn::TranslationResult* r = followed();
    const bool main = decoder_ == Decoder::WithAttention;
    auto model = (main ? slot_ : baseline_)->translator();
    const std::string eos = model ? model->settings().eosToken : std::string();
    const std::string unk = model ? model->settings().unkToken : std::string();
    // The step of a token chosen on the panel (its bar stays marked there); the caption names words when
    // the map shows words.
    steps_->setChoiceStep(r && forcing_ == Forcing::Choice && r->forcedSteps > 0 ? r->forcedSteps - 1 : -1);
    steps_->setAlignmentByWords(main && showsWordAlignment());
    steps_->showStep(r, step_, eos, unk, (main ? slot_ : baseline_)->displayName());
    const bool any = r && !r->outputTokens.empty();
    // By words the marked row is the step's word (none for the eos step).
    heatmap_->setRowMarker(main && any ? (showsWordAlignment() ? wordOf(r->outputWordOf, step_) : step_)
                                       : -1);
    contextMap_->setRowMarker(!main && any ? step_ + 1 : -1);
    if (!any)
        setPlaying(false);
    if (!hovering_)
        highlight(-1, -1);
}
