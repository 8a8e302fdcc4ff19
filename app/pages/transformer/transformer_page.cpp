#include "pages/transformer/transformer_page.hpp"

#include "pages/transformer/transformer_cost_panel.hpp"
#include "pages/transformer/transformer_whatif_panel.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/memory_budget.hpp>

using transformer::AttentionPart;
using transformer::Step;

namespace {
// The step buttons, translated where they are shown (tr(kShortNames[s])).
const char* const kShortNames[] = {QT_TRANSLATE_NOOP("TransformerPage", "1 Embed + PE"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "2 Heads"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "3 Attention"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "4 Concat + Wo"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "5 Add && Norm"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "6 FFN"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "7 Output"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "8 What if"),
                                   QT_TRANSLATE_NOOP("TransformerPage", "9 Cost")};
const char* const kExamples[] = {
    TransformerPage::kDefaultSentence,
    "The acting was good but the plot was very bad",
    "I would not recommend this phone to anyone",
};
} // namespace

TransformerPage::TransformerPage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Capability::TracedTextEncoder, QStringLiteral("transformer"), this);
    jobs_ = new JobRunner(this);

    auto* outer = new QVBoxLayout(this);
    modelBar_ = new ModelBar(slot_, tr("Model:"), this);
    outer->addWidget(modelBar_);
    error_ = new ErrorBanner(this);
    outer->addWidget(error_);
    QStringList examples;
    for (const char* e : kExamples)
        examples << QString::fromUtf8(e);
    input_ = new SentenceInput(tr("Sentence:"), tr("Type a sentence"), examples, this);
    outer->addWidget(input_);

    auto* controls = new QHBoxLayout;
    layerChooser_ = new QComboBox(this);
    partChooser_ = new QComboBox(this);
    for (int p = 0; p < transformer::kAttentionPartCount; ++p)
        partChooser_->addItem(transformer::attentionPartName(AttentionPart(p)));
    partChooser_->setCurrentIndex(int(AttentionPart::Weights));
    teaching_ = new QCheckBox(tr("Teaching mode"), this);
    auto* prev = new QToolButton(this);
    prev->setArrowType(Qt::LeftArrow);
    prev->setToolTip(tr("Previous step (←)"));
    auto* next = new QToolButton(this);
    next->setArrowType(Qt::RightArrow);
    next->setToolTip(tr("Next step (→)"));
    controls->addWidget(new QLabel(tr("Layer:"), this));
    controls->addWidget(layerChooser_);
    controls->addSpacing(8);
    controls->addWidget(partChooser_);
    controls->addStretch();
    controls->addWidget(teaching_);
    outer->addLayout(controls);
    // The steps get a row of their own so that the page fits a 1000-pixel-wide window.
    auto* steps = new QHBoxLayout;
    steps->addWidget(prev);
    stepButtons_ = new QButtonGroup(this);
    for (int s = 0; s < transformer::kStepCount; ++s) {
        auto* b = new QToolButton(this);
        b->setText(tr(kShortNames[s]));
        b->setToolTip(transformer::stepName(Step(s)));
        b->setCheckable(true);
        stepButtons_->addButton(b, s);
        steps->addWidget(b);
    }
    stepButtons_->button(0)->setChecked(true);
    steps->addWidget(next);
    steps->addStretch();
    outer->addLayout(steps);

    heading_ = new QLabel(this);
    QFont hf = heading_->font();
    hf.setBold(true);
    heading_->setFont(hf);
    outer->addWidget(heading_);
    explanation_ = new QLabel(this);
    explanation_->setWordWrap(true);
    explanation_->setTextFormat(Qt::RichText);
    explanation::mark(explanation_);
    outer->addWidget(explanation_);

    auto* split = new QSplitter(Qt::Horizontal, this);
    stack_ = new QStackedWidget(split);
    auto* matrices = new QWidget(stack_);
    auto* mv = new QVBoxLayout(matrices);
    mv->setContentsMargins(0, 0, 0, 0);
    large_ = new HeatmapView(matrices);
    large_->setEmptyText(tr("Load an encoder model and type a sentence"));
    mv->addWidget(large_, 1);
    auto* scroll = new QScrollArea(matrices);
    thumbScroll_ = scroll;
    scroll->setWidgetResizable(true);
    scroll->setFixedHeight(140);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    thumbArea_ = new QWidget(scroll);
    thumbGrid_ = new QGridLayout(thumbArea_);
    thumbGrid_->setContentsMargins(2, 2, 2, 2);
    scroll->setWidget(thumbArea_);
    mv->addWidget(scroll);
    whatIf_ = new TransformerWhatIfPanel(stack_);
    cost_ = new TransformerCostPanel(stack_);
    stack_->addWidget(matrices);
    stack_->addWidget(whatIf_);
    stack_->addWidget(cost_);
    tokenPanel_ = new QTextBrowser(split);
    tokenPanel_->setMinimumWidth(260);
    split->addWidget(stack_);
    split->addWidget(tokenPanel_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    outer->addWidget(split, 1);

    connect(input_, &SentenceInput::settled, this, &TransformerPage::runNow);
    connect(layerChooser_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0)
            setLayer(i);
    });
    connect(partChooser_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setAttentionPart(AttentionPart(std::max(i, 0))); });
    connect(teaching_, &QCheckBox::toggled, this, &TransformerPage::setTeachingMode);
    connect(stepButtons_, &QButtonGroup::idClicked, this, [this](int id) { setStep(Step(id)); });
    connect(prev, &QToolButton::clicked, this, &TransformerPage::previousStep);
    connect(next, &QToolButton::clicked, this, &TransformerPage::nextStep);
    // ←/→ step through; inside a text field the arrows still move the cursor (the field wins).
    auto* left = new QShortcut(QKeySequence(Qt::Key_Left), this, this, &TransformerPage::previousStep);
    auto* right = new QShortcut(QKeySequence(Qt::Key_Right), this, this, &TransformerPage::nextStep);
    left->setContext(Qt::WidgetWithChildrenShortcut);
    right->setContext(Qt::WidgetWithChildrenShortcut);
    connect(large_, &HeatmapView::cellClicked, this, [this](int row, int) { setToken(row); });
    connect(whatIf_, &TransformerWhatIfPanel::changed, this, &TransformerPage::runNow);
    connect(cost_, &TransformerCostPanel::measureRequested, this, &TransformerPage::measureCost);
    connect(cost_, &TransformerCostPanel::stopRequested, this, [this] {
        if (costStop_)
            costStop_->store(true);
    });
    connect(jobs_, &JobRunner::progress, this, [this](quint64, double f) {
        if (costBusy_)
            cost_->setRunning(true, f);
    });
    trackBusy(jobs_);
    trackBusy(slot_);
    connect(slot_, &ModelSlot::changed, this, &TransformerPage::onModelChanged);
    connect(slot_, &ModelSlot::failed, this, [this](const QString& message) {
        refreshErrors();
        Q_EMIT statusMessage(message);
    });
    input_->setText(QString::fromUtf8(kDefaultSentence));
    input_->cancelPending();
    refresh();
}

void TransformerPage::start() {
    if (!slot_->hasModel() && !slot_->isLoading()) // a model handed over (carryStateTo) stays
        slot_->loadDefault(QStringLiteral("sentiment"));
}

QWidget* TransformerPage::exportWidget() {
    return stack_->currentIndex() == 0 ? static_cast<QWidget*>(this) : stack_->currentWidget();
}

QString TransformerPage::tokenPanelHtml() const {
    return tokenPanel_->toHtml();
}

QString TransformerPage::headingText() const {
    return heading_->text();
}

QString TransformerPage::errorText() const {
    return error_->text();
}

QString TransformerPage::explanationText() const {
    return explanation_->text();
}

void TransformerPage::setText(const QString& text) {
    input_->setText(text);
}

void TransformerPage::refreshErrors() {
    // A refused folder: the plain sentence (what it holds, which page opens it), then the reader's text.
    error_->setMessages({slot_->lastErrorExplained(), inferenceError_});
}

void TransformerPage::onModelChanged() {
    refreshErrors();
    auto model = slot_->tracedTextEncoder();
    if (!model)
        return;
    const auto& layers = model->encoder().layers;
    const int nLayers = int(layers.size());
    int nHeads = 1;
    for (const auto& l : layers)
        nHeads = std::max(nHeads, l.selfAttn.nHeads);
    {
        const QSignalBlocker block(layerChooser_);
        layerChooser_->clear();
        for (int l = 0; l < nLayers; ++l)
            layerChooser_->addItem(tr("%1 of %2").arg(l + 1).arg(nLayers)); // from 1, as elsewhere
        layer_ = std::clamp(layer_, 0, std::max(nLayers - 1, 0));
        layerChooser_->setCurrentIndex(layer_);
    }
    head_ = std::clamp(head_, 0, nHeads - 1);
    {
        const QSignalBlocker block(whatIf_);
        whatIf_->setModel(*model);
        whatIf_->setHeadCount(nHeads, model->description().maxLen);
    }
    cost_->setCost({}, layer_);
    token_ = -1;
    // The old model's numbers are not shown beside the new model's name: the steps wait for its trace.
    trace_.reset();
    whatIfTrace_.reset();
    shown_.reset();
    inferenceError_.clear();
    refreshErrors();
    refresh();
    runNow();
}

void TransformerPage::runNow() {
    input_->cancelPending();
    auto model = slot_->tracedTextEncoder();
    if (!model)
        return;
    if (costBusy_) { // the new forward supersedes a running measurement
        costBusy_ = false;
        cost_->setRunning(false);
    }
    const std::string text = input_->text().toStdString();
    attn::WhatIf w = whatIf_->whatIf(layer_);
    if (const int seed = whatIf_->shuffleSeed(); seed >= 0)
        w.shuffle = static_cast<std::uint32_t>(seed);
    jobs_->run<Outcome>(
        [model, text, w](const JobContext&) {
            // The model's own tokens, special tokens and truncation (TracedTextEncoder::traceText).
            attn::WhatIf plain;
            plain.padTo = w.padTo;
            Outcome o;
            o.model = model;
            o.base = model->traceText(text, plain);
            o.whatIf = model->traceText(text, w);
            return o;
        },
        [this](Outcome o) { showOutcome(std::move(o)); },
        [this](const QString& message) {
            inferenceError_ = message;
            refreshErrors();
            Q_EMIT statusMessage(message);
        });
}

void TransformerPage::showOutcome(Outcome o) {
    inferenceError_.clear();
    refreshErrors();
    shown_ = std::move(o.model);
    trace_ = std::move(o.base);
    whatIfTrace_ = std::move(o.whatIf);
    if (token_ < 0 || token_ >= int(trace_->result.tokens.size()))
        token_ = transformer::defaultToken(*trace_, QStringLiteral("she"));
    whatIf_->showResult(*trace_, *whatIfTrace_, layer_, head_);
    refresh();
}

void TransformerPage::measureCost() {
    auto model = slot_->tracedTextEncoder();
    if (!model)
        return;
    costBusy_ = true;
    cost_->setRunning(true, 0);
    const int layer = layer_;
    // The Stop button ends the measurement between two runs and keeps what was measured.
    costStop_ = std::make_shared<std::atomic<bool>>(false);
    const std::string gruDir = shippedModelDir(QStringLiteral("translation-en-es")).toStdString();
    jobs_->run<TransformerCostMeasurement>(
        [model, layer, gruDir, stop = costStop_](const JobContext& job) {
            const auto& l = model->encoder().layers.at(std::size_t(layer));
            TransformerCostMeasurement m;
            attn::AttentionCostOptions o;
            o.stop = [&job, stop] { return job.cancelled() || stop->load(); };
            // The cost curve is most of the time (0 … 90 %), the GRU against the layer the rest.
            m.cost = attn::measureAttentionCost(
                l, attn::costLengths(TransformerCostPanel::kLongestLength),
                [&job](double f) { return job.reportProgress(0.9 * f); }, o);
            if (m.cost.cancelled)
                return m;
            try {
                // The shipped translation model's encoder: its GRU layers only (not the whole model).
                const auto gru = attn::loadSeq2SeqEncoderGru(gruDir);
                m.recurrent = attn::measureRecurrentVsParallel(
                    gru, l, TransformerCostPanel::kRecurrentLength,
                    [&job, stop](double f) { return job.reportProgress(0.9 + 0.1 * f) && !stop->load(); });
            } catch (const attn::MemoryBudgetError& e) {
                m.recurrentError =
                    TransformerCostPanel::tr("n = %1 would need %2, above the memory budget of %3")
                        .arg(TransformerCostPanel::kRecurrentLength)
                        .arg(QString::fromStdString(attn::formatBytes(e.requestedBytes())),
                             QString::fromStdString(attn::formatBytes(e.budgetBytes())));
            } catch (const std::exception& e) {
                m.recurrentError = QString::fromStdString(e.what());
            }
            return m;
        },
        [this, layer](TransformerCostMeasurement m) {
            costBusy_ = false;
            cost_->setRunning(false);
            cost_->setMeasurement(m, layer);
        },
        [this](const QString& message) {
            costBusy_ = false;
            cost_->setRunning(false);
            Q_EMIT statusMessage(message);
        });
}

void TransformerPage::setStep(Step step) {
    step_ = step;
    if (auto* b = stepButtons_->button(int(step)))
        b->setChecked(true);
    item_ = -1;
    if (step == Step::Cost && cost_->cost().points.empty() && !costBusy_)
        measureCost();
    refresh();
}

void TransformerPage::nextStep() {
    setStep(Step((int(step_) + 1) % transformer::kStepCount));
}

void TransformerPage::previousStep() {
    setStep(Step((int(step_) + transformer::kStepCount - 1) % transformer::kStepCount));
}

// Presenter mode walks the nine steps once (no wrap-around, unlike ←/→): a clicker at the last step
// stays there instead of jumping back to the start in front of an audience.
bool TransformerPage::stepForward() {
    if (int(step_) + 1 >= transformer::kStepCount)
        return false;
    setStep(Step(int(step_) + 1));
    return true;
}

bool TransformerPage::stepBack() {
    if (int(step_) <= 0)
        return false;
    setStep(Step(int(step_) - 1));
    return true;
}

void TransformerPage::setLayer(int layer) {
    if (layer == layer_)
        return;
    layer_ = layer;
    {
        const QSignalBlocker block(layerChooser_);
        layerChooser_->setCurrentIndex(layer);
    }
    cost_->setCost({}, layer_);
    runNow(); // layer switches act on this layer
}

void TransformerPage::setHead(int head) {
    head_ = head;
    if (trace_ && whatIfTrace_)
        whatIf_->showResult(*trace_, *whatIfTrace_, layer_, head_);
    refresh();
}

void TransformerPage::setToken(int token) {
    if (token < 0)
        return;
    token_ = token;
    refresh();
}

void TransformerPage::setAttentionPart(AttentionPart part) {
    part_ = part;
    if (partChooser_->currentIndex() != int(part))
        partChooser_->setCurrentIndex(int(part));
    refresh();
}

void TransformerPage::setTeachingMode(bool on) {
    if (teaching_->isChecked() != on) {
        teaching_->setChecked(on);
        return;
    }
    Page::setTeachingMode(on); // larger text everywhere on the page, every HeatmapView in teaching mode
    teachingOn_ = on;
    // Wide enough for four numbers of a vector per line at teaching size (one per line at 260 px).
    // The presenter zoom widens it too, up to 560 px (beyond, the page would outgrow a 1280 px screen).
    tokenPanel_->setMinimumWidth(std::min(560, static_cast<int>((on ? 400 : 260) * zoomFactor())));
    whatIf_->setTeachingMode(on);
    cost_->setTeachingMode(on, zoomFactor());
    refresh();
}

int TransformerPage::followedRow(qsizetype rows) const {
    // The followed token is outlined on every map whose rows are the tokens (issue 12 point 9).
    return trace_ && rows == qsizetype(trace_->result.tokens.size()) ? token_ : -1;
}

void TransformerPage::selectItem(int index) {
    if (index < 0 || index >= int(content_.items.size()))
        return;
    item_ = index;
    const auto& it = content_.items[std::size_t(index)];
    large_->setRangeMode(it.weights ? HeatmapView::RangeMode::Fixed01 : HeatmapView::RangeMode::Auto);
    large_->setTitle(it.title);
    large_->setAxisTitles(tr("Token"), it.columns == it.rows ? tr("Key token") : tr("Dimension"));
    large_->setColorScaleLabel(it.weights ? tr("weight") : it.columns == it.rows ? tr("score") : tr("value"));
    large_->setMatrix(it.values, it.rows, it.columns);
    large_->setRowMarker(followedRow(it.rows.size()));
    // Numbers in the cells only where they fit (T x T maps, not 100-wide vectors).
    large_->setShowValues(teachingOn_ && it.values.cols() <= 16);
    for (int i = 0; i < thumbCaptions_.size(); ++i) {
        QFont f = thumbCaptions_[i]->font();
        f.setBold(i == index);
        thumbCaptions_[i]->setFont(f);
        thumbCaptions_[i]->setText((i == index ? QStringLiteral("▶ ") : QString()) +
                                   content_.items[std::size_t(i)].name);
    }
    if (step_ == Step::Attention && index != head_) {
        head_ = index;
        if (trace_ && whatIfTrace_)
            whatIf_->showResult(*trace_, *whatIfTrace_, layer_, head_);
        refresh();
    }
}

void TransformerPage::refresh() {
    partChooser_->setVisible(step_ == Step::Attention);
    tokenPanel_->setVisible(step_ != Step::Cost); // the cost step's chart and tables take the width
    stack_->setCurrentIndex(step_ == Step::WhatIf ? 1 : step_ == Step::Cost ? 2 : 0);
    // The steps show the trace with the model that made it (never a new model's name over old numbers).
    const auto model = shown_;
    if (!model || !trace_ || layer_ >= int(trace_->layers.size())) {
        heading_->setText(transformer::stepName(step_));
        explanation_->setText(slot_->isLoading() || jobs_->isBusy() ? tr("Running the model…") : QString());
        tokenPanel_->clear();
        large_->clear();
        for (HeatmapView* v : thumbs_)
            v->clear();
        return;
    }
    if (step_ == Step::WhatIf || step_ == Step::Cost) {
        heading_->setText(tr("Step %1 of %2 · %3 · layer %4")
                              .arg(int(step_) + 1)
                              .arg(transformer::kStepCount)
                              .arg(transformer::stepName(step_))
                              .arg(layer_ + 1));
        explanation_->setText(
            step_ == Step::WhatIf
                ? tr("Each switch runs the engine's forward again with that change; positions, "
                     "the shuffle and the mask act on the whole model, the rest on layer %1.")
                      .arg(layer_ + 1)
                : tr("Layer %1 of the loaded model timed on n × d inputs for n = 8 … %2, one thread, "
                     "in the background; beside it, the shipped translation model's GRU encoder at the "
                     "same n as the layer.")
                      .arg(layer_ + 1)
                      .arg(QLocale().toString(TransformerCostPanel::kLongestLength)));
        tokenPanel_->setHtml(
            transformer::buildStep(*model, *trace_,
                                   {Step::Attention, layer_, head_, token_, AttentionPart::Weights})
                .tokenHtml);
        return;
    }
    transformer::StepRequest q{step_, layer_, head_, token_, part_, teachingOn_ ? 4 : 8};
    content_ = transformer::buildStep(*model, *trace_, q);
    heading_->setText(content_.heading);
    explanation_->setText(content_.explanation);
    tokenPanel_->setHtml(content_.tokenHtml);
    // Thumbnails: one per item, rebuilt only when the count changes.
    const int n = int(content_.items.size());
    while (thumbs_.size() > n) {
        delete thumbs_.takeLast();
        delete thumbCaptions_.takeLast();
    }
    while (thumbs_.size() < n) {
        const int i = thumbs_.size();
        auto* v = new HeatmapView(thumbArea_);
        v->setCompact(true);
        v->setFixedSize(150, 100);
        auto* caption = new QLabel(thumbArea_);
        caption->setObjectName(QStringLiteral("caption"));
        connect(v, &HeatmapView::cellClicked, this, [this, i](int, int) { selectItem(i); });
        thumbGrid_->addWidget(v, 0, i);
        thumbGrid_->addWidget(caption, 1, i, Qt::AlignHCenter);
        thumbCaptions_ << caption;
        thumbs_ << v;
    }
    for (int i = 0; i < n; ++i) {
        const auto& it = content_.items[std::size_t(i)];
        thumbs_[i]->setRangeMode(it.weights ? HeatmapView::RangeMode::Fixed01 : HeatmapView::RangeMode::Auto);
        thumbs_[i]->setMatrix(it.values, it.rows, it.columns);
        thumbs_[i]->setRowMarker(followedRow(it.rows.size()));
        thumbs_[i]->setToolTip(it.title);
        thumbCaptions_[i]->setText(it.name);
    }
    // As tall as the thumbnails and their captions (larger in teaching mode) plus the scroll bar that
    // appears when they do not fit side by side: a fixed 140 px cut the captions off in teaching mode.
    thumbScroll_->setFixedHeight(thumbArea_->sizeHint().height() +
                                 thumbScroll_->horizontalScrollBar()->sizeHint().height() +
                                 2 * thumbScroll_->frameWidth());
    const int want = item_ >= 0 && item_ < n && step_ != Step::Attention ? item_ : content_.selectedItem;
    item_ = want;
    selectItem(want);
}
