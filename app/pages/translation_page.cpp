#include "pages/translation_page.hpp"

#include "pages/translation/decode_step_panel.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"
#include "widgets/word_chip_row.hpp"

#include <QApplication>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/checkpoint.hpp>
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

const char* const kPresets[] = {
    "The book that I bought is very interesting",
    "I am cold",
    "She is reading a book in the garden",
    "The old man walked to the house near the river every morning before work",
    "My sister and her friend went to the market to buy some bread and fresh fruit",
    "We did not know that the train to the city had already left the station",
};

} // namespace

TranslationPage::TranslationPage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Architecture::Seq2SeqAttention, QStringLiteral("translation"), this);
    baseline_ =
        new ModelSlot(attn::Architecture::Seq2SeqAttention, QStringLiteral("translation-noattn"), this);
    jobs_ = new JobRunner(this);
    trackBusy(slot_);
    trackBusy(baseline_);
    trackBusy(jobs_);

    auto* outer = new QVBoxLayout(this);
    auto* models = new QHBoxLayout;
    models->addWidget(new ModelBar(slot_, tr("Attention model:"), this));
    models->addSpacing(16);
    models->addWidget(new ModelBar(baseline_, tr("Baseline without attention:"), this));
    models->addStretch();
    outer->addLayout(models);
    error_ = new ErrorBanner(this);
    outer->addWidget(error_);

    QStringList examples;
    for (const char* e : kPresets)
        examples << QString::fromUtf8(e);
    input_ = new SentenceInput(tr("English:"), tr("Type an English sentence"), examples, this);
    outer->addWidget(input_);

    // Word chips: source words and output words, shaded by the hovered cell's weights.
    auto* chips = new QGroupBox(tr("Alignment (hover a cell or a word)"), this);
    auto* chipsLayout = new QVBoxLayout(chips);
    sourceRow_ = new WordChipRow(tr("English:"), chips);
    outputRow_ = new WordChipRow(tr("Output:"), chips);
    connect(sourceRow_, &WordChipRow::chipEntered, this, [this](int i) { highlight(-1, i); });
    connect(outputRow_, &WordChipRow::chipEntered, this, [this](int i) { highlight(i, -1); });
    for (WordChipRow* row : {sourceRow_, outputRow_})
        connect(row, &WordChipRow::chipLeft, this, [this] { highlight(-1, -1); });
    connect(outputRow_, &WordChipRow::chipClicked, this, [this](int i) {
        setDecoder(Decoder::WithAttention);
        setStep(i);
    });
    chipsLayout->addWidget(sourceRow_);
    chipsLayout->addWidget(outputRow_);
    outer->addWidget(chips);

    // Before / after.
    auto* compare = new QGroupBox(tr("With and without attention"), this);
    auto* compareLayout = new QVBoxLayout(compare);
    withAttention_ = new QLabel(compare);
    withAttention_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    withAttention_->setWordWrap(true);
    withoutAttention_ = new QLabel(compare);
    withoutAttention_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    withoutAttention_->setWordWrap(true);
    compareLayout->addWidget(withAttention_);
    compareLayout->addWidget(withoutAttention_);
    warnings_ = new QLabel(compare);
    warnings_->setWordWrap(true);
    warnings_->setStyleSheet(QStringLiteral("color: %1;").arg(QLatin1String(format::kWarningBrown)));
    warnings_->hide();
    compareLayout->addWidget(warnings_);
    outer->addWidget(compare);

    // Maps (alignment | the baseline's context vector) beside the step-through.
    auto* split = new QSplitter(Qt::Horizontal, this);
    views_ = new QTabWidget(split);
    heatmap_ = new HeatmapView(views_);
    heatmap_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    heatmap_->setTitle(tr("Alignment"));
    heatmap_->setAxisTitles(tr("Output word (decoding step)"), tr("Source word"));
    heatmap_->setEmptyText(tr("Load a translation model and type a sentence"));
    auto* contextTab = new QWidget(views_);
    auto* contextLayout = new QVBoxLayout(contextTab);
    contextLayout->setContentsMargins(4, 4, 4, 4);
    auto* explanation = new QLabel(
        tr("Without attention the decoder sees the sentence only through one fixed context vector, the "
           "encoder's state after the last source word (top row): a long sentence does not fit in it, and "
           "the translation loses words. The rows below are the decoder's own state after each step. With "
           "attention every output word looks back at all source words instead."),
        contextTab);
    explanation->setWordWrap(true);
    explanation->setStyleSheet(QStringLiteral("color: #444;"));
    contextMap_ = new HeatmapView(contextTab);
    contextMap_->setRangeMode(HeatmapView::RangeMode::Auto);
    contextMap_->setTitle(tr("Without attention: the context vector"));
    contextMap_->setAxisTitles(tr("Context, then the state after each step"), tr("Hidden unit"));
    contextMap_->setColorScaleLabel(tr("value"));
    contextMap_->setEmptyText(tr("Load the baseline model (no attention) to see its context vector"));
    contextLayout->addWidget(explanation);
    contextLayout->addWidget(contextMap_, 1);
    views_->addTab(heatmap_, tr("Alignment (with attention)"));
    views_->addTab(contextTab, tr("Context vector (without attention)"));

    // The step panel scrolls rather than cutting its last plot off when the window is short (1280 x 800
    // in teaching mode).
    auto* stepsScroll = new QScrollArea(split);
    stepsScroll->setWidgetResizable(true);
    stepsScroll->setFrameShape(QFrame::NoFrame);
    stepsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    steps_ = new DecodeStepPanel(stepsScroll);
    stepsScroll->setWidget(steps_);
    split->addWidget(views_);
    split->addWidget(stepsScroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
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
    connect(steps_, &DecodeStepPanel::previousRequested, this, &TranslationPage::previousStep);
    connect(steps_, &DecodeStepPanel::nextRequested, this, &TranslationPage::nextStep);
    connect(steps_, &DecodeStepPanel::playRequested, this, &TranslationPage::setPlaying);
    connect(views_, &QTabWidget::currentChanged, this,
            [this](int i) { setDecoder(i == 1 ? Decoder::WithoutAttention : Decoder::WithAttention); });
    // ←/→ step through; inside a text field the arrows still move the cursor (the field wins).
    auto* left = new QShortcut(QKeySequence(Qt::Key_Left), this, this, &TranslationPage::previousStep);
    auto* right = new QShortcut(QKeySequence(Qt::Key_Right), this, this, &TranslationPage::nextStep);
    left->setContext(Qt::WidgetWithChildrenShortcut);
    right->setContext(Qt::WidgetWithChildrenShortcut);
    connect(heatmap_, &HeatmapView::cellHovered, this, &TranslationPage::highlight);
    // A hovered source-word label shades the output words by their attention to it, and vice versa.
    connect(heatmap_, &HeatmapView::labelHovered, this, &TranslationPage::highlight);
    connect(heatmap_, &HeatmapView::cellClicked, this, [this](int row, int) { setStep(row); });
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

    input_->setText(QString::fromUtf8(kPresets[0]));
    refreshStep();
}

void TranslationPage::start() {
    // Both defaults are looked for; a missing one is reported (the first message stays visible).
    if (!slot_->model() && !slot_->isLoading())
        slot_->loadDefault(QStringLiteral("translation-en-es"));
    if (!baseline_->model() && !baseline_->isLoading())
        baseline_->loadDefault(QStringLiteral("translation-en-es-noattn"));
}

QString TranslationPage::errorText() const {
    return error_->text();
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
    runNow();
}

QString TranslationPage::joinOutput(const attn::TranslationResult& r, const std::string& eos) {
    QStringList words;
    for (const auto& w : r.outputTokens)
        if (w != eos)
            words << QString::fromStdString(w);
    return words.join(QLatin1Char(' '));
}

void TranslationPage::runNow() {
    input_->cancelPending();
    auto model = slot_->modelAs<attn::Seq2SeqModel>();
    auto baseline = baseline_->modelAs<attn::Seq2SeqModel>();
    if (!model && !baseline)
        return;
    const QString text = input_->text();
    const std::string utf8 = text.toStdString();
    jobs_->run<Outcome>(
        [model, baseline, utf8, text](const JobContext& job) {
            Outcome out;
            out.text = text;
            if (model)
                out.main = model->translate(utf8);
            if (baseline && !job.cancelled())
                out.baseline = baseline->translate(utf8);
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); },
        [this](const QString& message) { showError(message); });
}

void TranslationPage::showOutcome(Outcome outcome) {
    showError(QString());
    resultText_ = outcome.text;
    result_ = std::move(outcome.main);
    baselineResult_ = std::move(outcome.baseline);
    auto model = slot_->modelAs<attn::Seq2SeqModel>();
    auto baseline = baseline_->modelAs<attn::Seq2SeqModel>();

    QStringList warnings;
    if (result_ && result_->sourceTokens.empty()) {
        // Empty input: the engine returns no output; say what to do instead of translating nothing.
        withAttention_->setText(tr("<b>With attention:</b> type an English sentence above to translate it."));
        heatmap_->setEmptyText(tr("Type a sentence to see which source words each output word attends to."));
        heatmap_->clear();
    } else if (result_) {
        const std::string eos = model ? model->settings().eosToken : std::string();
        withAttention_->setText(
            tr("<b>With attention</b> (%1): %2")
                .arg(slot_->displayName().toHtmlEscaped(), joinOutput(*result_, eos).toHtmlEscaped()));
        for (const auto& w : result_->warnings)
            warnings << QString::fromStdString(w);
        if (result_->hasAttention && result_->alignment.size() > 0) {
            heatmap_->setRowNotes(unknownNotes(result_->outputUnknown, unknownOutputNote()));
            heatmap_->setColumnNotes(unknownNotes(result_->sourceUnknown, unknownSourceNote()));
            heatmap_->setMatrix(result_->alignment, toQStrings(result_->outputTokens),
                                toQStrings(result_->sourceTokens));
        } else {
            heatmap_->setEmptyText(
                tr("This model has no attention (attention: none): there is no alignment to show."));
            heatmap_->clear();
        }
    } else {
        withAttention_->setText(tr("<b>With attention:</b> no model loaded"));
        heatmap_->clear();
    }
    if (baselineResult_ && baselineResult_->sourceTokens.empty()) {
        withoutAttention_->setText(tr("<b>Without attention:</b> (no input)"));
    } else if (baselineResult_) {
        const std::string eos = baseline ? baseline->settings().eosToken : std::string();
        withoutAttention_->setText(tr("<b>Without attention</b> (%1): %2")
                                       .arg(baseline_->displayName().toHtmlEscaped(),
                                            joinOutput(*baselineResult_, eos).toHtmlEscaped()));
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
    warnings_->setText(warnings.join(QStringLiteral("\n")));
    warnings_->setVisible(!warnings.isEmpty());

    rebuildChips();
    showContext();
    step_ = 0;
    hoverRow_ = hoverColumn_ = -1;
    refreshStep();
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
    auto marked = [](const std::vector<std::string>& words, const std::vector<std::uint8_t>& unknown) {
        QStringList out = toQStrings(words);
        for (int i = 0; i < out.size() && i < int(unknown.size()); ++i)
            if (unknown[size_t(i)])
                out[i] = QStringLiteral("⚠ ") + out[i];
        return out;
    };
    sourceRow_->setWords(result_ ? marked(result_->sourceTokens, result_->sourceUnknown) : QStringList());
    outputRow_->setWords(result_ ? marked(result_->outputTokens, result_->outputUnknown) : QStringList());
}

void TranslationPage::applyChipWeights(const QVector<double>& source, const QVector<double>& output,
                                       int strongSource, int strongOutput) {
    sourceWeights_ = source;
    outputWeights_ = output;
    sourceRow_->setWeights(source, strongSource);
    outputRow_->setWeights(output, strongOutput);
}

void TranslationPage::highlight(int row, int column) {
    hoverRow_ = row;
    hoverColumn_ = column;
    const bool haveAlignment = result_ && result_->hasAttention && result_->alignment.size() > 0;
    const attn::Matrix* a = haveAlignment ? &result_->alignment : nullptr;
    QVector<double> src(sourceRow_->count(), -1.0), out(outputRow_->count(), -1.0);
    if (row < 0 && column < 0)
        row = decoder_ == Decoder::WithAttention ? step_ : -1;
    if (row >= 0 && a && row < a->rows()) {
        for (int j = 0; j < a->cols() && j < src.size(); ++j)
            src[j] = (*a)(row, j);
        applyChipWeights(src, out, -1, row);
    } else if (column >= 0 && a && column < a->cols()) {
        for (int t = 0; t < a->rows() && t < out.size(); ++t)
            out[t] = (*a)(t, column);
        applyChipWeights(src, out, column, -1);
    } else {
        applyChipWeights(src, out, -1, row >= 0 && row < outputRow_->count() ? row : -1);
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
    steps_->setTeachingMode(on);
}

void TranslationPage::setStep(int step) {
    const attn::TranslationResult* r = followed();
    const int steps = r ? int(r->outputTokens.size()) : 0;
    step_ = steps == 0 ? 0 : std::clamp(step, 0, steps - 1);
    refreshStep();
}

void TranslationPage::refreshStep() {
    const attn::TranslationResult* r = followed();
    const bool main = decoder_ == Decoder::WithAttention;
    auto model = (main ? slot_ : baseline_)->modelAs<attn::Seq2SeqModel>();
    const std::string eos = model ? model->settings().eosToken : std::string();
    const std::string unk = model ? model->settings().unkToken : std::string();
    steps_->showStep(r, step_, eos, unk, (main ? slot_ : baseline_)->displayName());
    const bool any = r && !r->outputTokens.empty();
    heatmap_->setRowMarker(main && any ? step_ : -1);
    contextMap_->setRowMarker(!main && any ? step_ + 1 : -1);
    if (!any)
        setPlaying(false);
    if (hoverRow_ < 0 && hoverColumn_ < 0)
        highlight(-1, -1);
}
