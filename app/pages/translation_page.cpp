#include "pages/translation_page.hpp"

#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"
#include "widgets/word_chip_row.hpp"

#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/checkpoint.hpp>
#include <cmath>
#include <qcustomplot.h>

namespace {

using format::num;
using format::shade;
using format::toQStrings;

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
    outer->addWidget(new ModelBar(slot_, tr("Attention model:"), this));
    outer->addWidget(new ModelBar(baseline_, tr("Baseline without attention:"), this));
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
    connect(outputRow_, &WordChipRow::chipClicked, this, &TranslationPage::setStep);
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
    auto* explanation = new QLabel(tr("Without attention the decoder sees the sentence only through one "
                                      "fixed context vector (the encoder's "
                                      "last state): a long sentence does not fit in it, and the translation "
                                      "loses words. With attention every "
                                      "output word looks back at all source words."),
                                   compare);
    explanation->setWordWrap(true);
    explanation->setStyleSheet(QStringLiteral("color: #444;"));
    compareLayout->addWidget(withAttention_);
    compareLayout->addWidget(withoutAttention_);
    compareLayout->addWidget(explanation);
    warnings_ = new QLabel(compare);
    warnings_->setWordWrap(true);
    warnings_->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    warnings_->hide();
    compareLayout->addWidget(warnings_);
    outer->addWidget(compare);

    // Heatmap | step-through.
    auto* split = new QSplitter(Qt::Horizontal, this);
    heatmap_ = new HeatmapView(split);
    heatmap_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    heatmap_->setTitle(tr("Alignment"));
    heatmap_->setAxisTitles(tr("Output word (decoding step)"), tr("Source word"));
    heatmap_->setEmptyText(tr("Load a translation model and type a sentence"));

    auto* stepBox = new QWidget(split);
    auto* stepLayout = new QVBoxLayout(stepBox);
    auto* stepButtons = new QHBoxLayout;
    prev_ = new QPushButton(tr("◀ Prev"), stepBox);
    next_ = new QPushButton(tr("Next ▶"), stepBox);
    prev_->setToolTip(tr("Previous decoding step"));
    next_->setToolTip(tr("Next decoding step"));
    stepButtons->addWidget(prev_);
    stepButtons->addWidget(next_);
    stepButtons->addStretch();
    stepLabel_ = new QLabel(stepBox);
    stepLabel_->setWordWrap(true);
    stepLabel_->setTextFormat(Qt::RichText);
    stepPlot_ = new QCustomPlot(stepBox);
    stepPlot_->setMinimumSize(260, 200);
    stepBars_ = new QCPBars(stepPlot_->xAxis, stepPlot_->yAxis);
    stepBars_->setWidth(0.7);
    stepBars_->setPen(QPen(QColor(200, 100, 0)));
    stepBars_->setBrush(QColor(255, 160, 60));
    stepPlot_->yAxis->setRange(0.0, 1.0);
    stepPlot_->yAxis->setLabel(tr("attention weight"));
    stepPlot_->xAxis->setLabel(tr("source word"));
    stepPlot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    stepPlot_->xAxis->setTickLabelRotation(-45);
    stepPlot_->xAxis->grid()->setVisible(false);
    stepLayout->addLayout(stepButtons);
    stepLayout->addWidget(stepLabel_);
    stepLayout->addWidget(stepPlot_, 1);
    split->addWidget(heatmap_);
    split->addWidget(stepBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    outer->addWidget(split, 1);

    connect(input_, &SentenceInput::settled, this, &TranslationPage::runNow);
    connect(prev_, &QPushButton::clicked, this, &TranslationPage::previousStep);
    connect(next_, &QPushButton::clicked, this, &TranslationPage::nextStep);
    connect(heatmap_, &HeatmapView::cellHovered, this, &TranslationPage::highlight);
    // A hovered source-word label shades the output words by their attention to it, and vice versa.
    connect(heatmap_, &HeatmapView::labelHovered, this, &TranslationPage::highlight);
    connect(heatmap_, &HeatmapView::cellClicked, this, [this](int row, int) { setStep(row); });
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
    return stepLabel_->text();
}

QVector<double> TranslationPage::stepBarValues() const {
    QVector<double> out;
    for (auto it = stepBars_->data()->constBegin(); it != stepBars_->data()->constEnd(); ++it)
        out << it->value;
    return out;
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
    error_->setMessages({slot_->lastError(), baseline_->lastError(), inferenceError_});
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
            QStringList rows = toQStrings(result_->outputTokens);
            heatmap_->setMatrix(result_->alignment, rows, toQStrings(result_->sourceTokens));
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
    warnings_->setText(warnings.join(QStringLiteral("\n")));
    warnings_->setVisible(!warnings.isEmpty());

    rebuildChips();
    step_ = 0;
    hoverRow_ = hoverColumn_ = -1;
    refreshStep();
}

void TranslationPage::rebuildChips() {
    sourceRow_->setWords(result_ ? toQStrings(result_->sourceTokens) : QStringList());
    outputRow_->setWords(result_ ? toQStrings(result_->outputTokens) : QStringList());
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
        row = step_;
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

void TranslationPage::setStep(int step) {
    const int steps = result_ ? int(result_->outputTokens.size()) : 0;
    step_ = steps == 0 ? 0 : std::clamp(step, 0, steps - 1);
    refreshStep();
}

void TranslationPage::refreshStep() {
    const int steps = result_ ? int(result_->outputTokens.size()) : 0;
    prev_->setEnabled(steps > 0 && step_ > 0);
    next_->setEnabled(steps > 0 && step_ < steps - 1);
    stepBars_->data()->clear();
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(stepPlot_->xAxis->ticker());
    if (ticker)
        ticker->clear();
    heatmap_->setRowMarker(-1);
    if (steps == 0) {
        stepLabel_->setText(tr("Step through decoding once there is a translation."));
        stepPlot_->replot();
        highlight(-1, -1);
        return;
    }
    const attn::TranslationResult& r = *result_;
    const QString word = QString::fromStdString(r.outputTokens[size_t(step_)]).toHtmlEscaped();
    const bool haveAlignment = r.hasAttention && r.alignment.rows() > step_;
    QString text =
        tr("<b>Step %1 of %2</b>: the decoder chose “<b>%3</b>”").arg(step_ + 1).arg(steps).arg(word);
    if (haveAlignment) {
        int best = 0;
        for (int j = 1; j < r.alignment.cols(); ++j)
            if (r.alignment(step_, j) > r.alignment(step_, best))
                best = j;
        text += tr(", looking mostly at “%1” (%2).")
                    .arg(QString::fromStdString(r.sourceTokens[size_t(best)]).toHtmlEscaped(),
                         num(r.alignment(step_, best)));
        QVector<double> keys, values;
        for (int j = 0; j < r.alignment.cols(); ++j) {
            keys << j;
            values << r.alignment(step_, j);
            if (ticker)
                ticker->addTick(j, QString::fromStdString(r.sourceTokens[size_t(j)]));
        }
        stepBars_->setData(keys, values, true);
        stepPlot_->xAxis->setRange(-0.6, double(r.alignment.cols()) - 0.4);
        heatmap_->setRowMarker(step_);
    } else {
        text += tr(". This model has no attention weights to show.");
    }
    stepLabel_->setText(text);
    stepPlot_->replot();
    if (hoverRow_ < 0 && hoverColumn_ < 0)
        highlight(-1, -1);
}
