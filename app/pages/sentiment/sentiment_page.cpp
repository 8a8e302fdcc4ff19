// The Sentiment page (sentiment_page.hpp): its layout, the classification job and the selection; the
// thumbnails, the pooled shading and the token notes are parts in pages/sentiment/.
#include "pages/sentiment/sentiment_page.hpp"

#include "pages/class_label_names.hpp"
#include "pages/explain/explain_panel.hpp"
#include "pages/sentiment/head_thumbnails.hpp"
#include "pages/sentiment/pooled_shading.hpp"
#include "pages/sentiment/token_notes.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/probability_bars.hpp"
#include "widgets/sentence_input.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/checkpoint.hpp>
#include <attn/rollout.hpp>
#include <cmath>

namespace {

using format::esc;
using format::num;

const char* const kPresets[] = {
    "The acting was good but the plot was very bad", "I liked it a lot , a very good film !",
    "Not good at all , the worst food I have had",   "The service was great and the staff were friendly",
    "I would not recommend this phone to anyone",
};

} // namespace

SentimentPage::SentimentPage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Capability::TextClassifier, QStringLiteral("sentiment"), this);
    jobs_ = new JobRunner(this);
    trackBusy(slot_);
    trackBusy(jobs_);

    auto* outer = new QVBoxLayout(this);
    modelBar_ = new ModelBar(slot_, tr("Model:"), this);
    outer->addWidget(modelBar_);
    error_ = new ErrorBanner(this);
    outer->addWidget(error_);

    QStringList examples;
    for (const char* e : kPresets)
        examples << QString::fromUtf8(e);
    input_ =
        new SentenceInput(tr("Review:"), tr("Type a review, e.g. “the film was very good”"), examples, this);
    outer->addWidget(input_);

    buildOptionRow(outer);
    buildPredictionRow(outer);
    QWidget* attentionTab = buildAttentionTab();
    // Issue 17: the explanation methods side by side, in a tab next to the attention maps.
    auto* tabs = tabs_ = new QTabWidget(this);
    tabs->setDocumentMode(true); // no frame: the maps keep their room
    tabs->addTab(attentionTab, tr("Attention"));
    tabs->addTab(buildExplainTab(tabs), tr("Explain"));
    outer->addWidget(tabs, 1);
    connectControls();

    input_->setText(QString::fromUtf8(kPresets[0]));
}

void SentimentPage::buildOptionRow(QVBoxLayout* outer) {
    auto* optionRow = new QHBoxLayout;
    padTo_ = new QSpinBox(this);
    padTo_->setRange(0, 512);
    padTo_->setSpecialValueText(tr("no padding"));
    padTo_->setToolTip(
        tr("Pads the sequence with the pad token up to this many positions (0 = no padding), as a "
           "batch of reviews of different lengths would be."));
    mask_ = new QCheckBox(tr("Mask padding"), this);
    mask_->setChecked(true);
    mask_->setToolTip(
        tr("With the mask, no position may attend to a pad token (its column gets weight 0) and the "
           "pads are left out of mean pooling."));
    viewChooser_ = new QComboBox(this);
    viewChooser_->setMinimumContentsLength(22);
    optionRow->addWidget(new QLabel(tr("Pad to length:"), this));
    optionRow->addWidget(padTo_);
    optionRow->addWidget(mask_);
    optionRow->addSpacing(16);
    optionRow->addWidget(new QLabel(tr("Show attention of:"), this));
    optionRow->addWidget(viewChooser_);
    optionRow->addStretch();
    outer->addLayout(optionRow);
}

void SentimentPage::buildPredictionRow(QVBoxLayout* outer) {
    auto* predictionRow = new QHBoxLayout;
    probabilities_ = new ProbabilityBars(this);
    probabilities_->setFixedHeight(110);
    predictionRow->addWidget(probabilities_, 1);
    auto* compareBox = new QVBoxLayout;
    comparison_ = new QLabel(this);
    comparison_->setWordWrap(true);
    comparison_->setTextFormat(Qt::RichText);
    maskNote_ = new QLabel(this);
    maskNote_->setWordWrap(true);
    explanation::mark(maskNote_);
    warnings_ = new QLabel(this);
    warnings_->setWordWrap(true);
    warnings_->setStyleSheet(QStringLiteral("color: %1;").arg(QLatin1String(format::kWarningBrown)));
    warnings_->hide();
    compareBox->addWidget(comparison_);
    compareBox->addWidget(maskNote_);
    compareBox->addWidget(warnings_);
    compareBox->addStretch();
    predictionRow->addLayout(compareBox, 1);
    outer->addLayout(predictionRow);
}

QWidget* SentimentPage::buildAttentionTab() {
    // The thumbnails (scrolled) beside the large map with its legend, over the pooled shading.
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    thumbs_ = new HeadThumbnails(scroll);
    scroll->setWidget(thumbs_);
    scroll->setMinimumWidth(360);
    heatmap_ = new HeatmapView(this);
    heatmap_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    heatmap_->setAxisTitles(tr("Query token (attends from)"), tr("Key token (attended to)"));
    heatmap_->setEmptyText(tr("Load a sentiment model and type a review"));
    heatmap_->setToolTip(tr("Click a row to mark that query token on every map"));
    auto* mainBox = new QWidget(split);
    auto* mainLayout = new QVBoxLayout(mainBox);
    mainLayout->setContentsMargins(0, 0, 0, 0);
    legend_ = new QLabel(mainBox);
    legend_->setWordWrap(true);
    legend_->setStyleSheet(QStringLiteral("color: #444;"));
    legend_->hide();
    mainLayout->addWidget(heatmap_, 1);
    mainLayout->addWidget(legend_);
    split->addWidget(scroll);
    split->addWidget(mainBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({560, 740});

    shaded_ = new PooledShading(this);

    // The pooled shading reads the attention view above it, so it belongs to the Attention tab; the
    // Explain tab gets the whole height (at 1280 x 800 in teaching mode it needs all of it).
    auto* attentionTab = new QSplitter(Qt::Vertical, this);
    attentionTab->addWidget(split);
    attentionTab->addWidget(shaded_);
    attentionTab->setStretchFactor(0, 4);
    attentionTab->setStretchFactor(1, 1);
    return attentionTab;
}

QWidget* SentimentPage::buildExplainTab(QWidget* parent) {
    auto* explain = new ExplainPanel(parent);
    explain->setInputProvider([this]() -> std::optional<explainview::Input> {
        if (!slot_->hasModel() || resultText().trimmed().isEmpty())
            return std::nullopt;
        return explainview::Input{slot_->handle(), resultText(), std::nullopt, {}};
    });
    explain->setUnavailableReason([this] {
        const auto model = slot_->textClassifier();
        return model ? explainview::refusalText(model->explainRefusal()) : QString();
    });
    return explain;
}

void SentimentPage::connectControls() {
    connect(input_, &SentenceInput::settled, this, &SentimentPage::runNow);
    connect(padTo_, &QSpinBox::valueChanged, this, [this] { input_->schedule(); });
    connect(mask_, &QCheckBox::toggled, this, [this] {
        // The result holds both mask settings for the same text and padding: swap instead of re-running.
        if (result_ && opposite_ && resultText_ == input_->text() && !jobs_->isBusy()) {
            std::swap(*result_, *opposite_);
            showResults();
        } else {
            runNow();
        }
    });
    connect(viewChooser_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0)
            return;
        const QPoint lh = viewChooser_->itemData(index).toPoint();
        selectView(lh.x(), lh.y());
    });
    connect(heatmap_, &HeatmapView::cellClicked, this, [this](int row, int) { selectRow(row); });
    connect(slot_, &ModelSlot::changed, this, &SentimentPage::onModelChanged);
    connect(slot_, &ModelSlot::failed, this, [this](const QString& message) {
        refreshErrors();
        Q_EMIT statusMessage(message);
    });
    connect(slot_, &ModelSlot::loadingStarted, this,
            [this](const QString& dir) { Q_EMIT statusMessage(tr("Loading model %1…").arg(dir)); });
    connect(thumbs_, &HeadThumbnails::headClicked, this, &SentimentPage::selectView);
}

void SentimentPage::start() {
    if (!slot_->hasModel() && !slot_->isLoading())
        slot_->loadDefault(QStringLiteral("sentiment"));
}

HeatmapView* SentimentPage::thumbnail(int layer, int head) const {
    return thumbs_->thumbnail(layer, head);
}

QString SentimentPage::errorText() const {
    return error_->text();
}

QString SentimentPage::comparisonText() const {
    return comparison_->text() + QStringLiteral("<br>") + maskNote_->text();
}

QString SentimentPage::probabilityText() const {
    return probabilityText_;
}

QString SentimentPage::legendText() const {
    return legend_->text();
}

QString SentimentPage::shadedHtml() const {
    return shaded_->toHtml();
}

void SentimentPage::setText(const QString& text) {
    input_->setText(text);
}

void SentimentPage::setPadTo(int n) {
    padTo_->setValue(n);
}

void SentimentPage::setMaskPadding(bool on) {
    mask_->setChecked(on);
}

void SentimentPage::showError(const QString& message) {
    inferenceError_ = message;
    refreshErrors();
    if (!message.isEmpty())
        Q_EMIT statusMessage(message);
}

void SentimentPage::refreshErrors() {
    // A failed load stays reported until the slot loads a model; an inference error until the next result.
    // The load error says in plain words what is wrong first, then the reader's technical message.
    error_->setMessages({slot_->lastErrorExplained(), inferenceError_});
}

void SentimentPage::onModelChanged() {
    refreshErrors();
    auto model = slot_->textClassifier();
    if (!model)
        return;
    const auto& s = model->settings();
    padTo_->setMaximum(s.maxLen);
    // CLS pooling: the row the classifier reads is the CLS token's; mean pooling reads them all.
    selectedRow_ = s.pooling == attn::Pooling::Cls ? 0 : -1;
    if (layer_ >= s.encoder.nLayers || head_ >= s.encoder.nHeads || (layer_ == 0 && head_ == 0 && !result_))
        layer_ = s.encoder.nLayers - 1, head_ = -1;
    thumbs_->rebuild(s.encoder.nLayers, s.encoder.nHeads);
    refreshViewChooser();
    const QStringList warnings = slot_->warnings();
    Q_EMIT statusMessage(tr("Model %1 loaded (%2 layers × %3 heads, %4 pooling)")
                             .arg(slot_->displayName())
                             .arg(s.encoder.nLayers)
                             .arg(s.encoder.nHeads)
                             .arg(s.pooling == attn::Pooling::Cls ? tr("CLS") : tr("mean")));
    runNow();
}

void SentimentPage::refreshViewChooser() {
    const QSignalBlocker block(viewChooser_);
    viewChooser_->clear();
    auto model = slot_->textClassifier();
    if (model) {
        const int layers = model->settings().encoder.nLayers, heads = model->settings().encoder.nHeads;
        viewChooser_->addItem(tr("all layers and heads (mean)"), QPoint(-1, -1));
        for (int l = 0; l < layers; ++l) {
            viewChooser_->addItem(tr("layer %1, mean over heads").arg(l + 1), QPoint(l, -1));
            for (int h = 0; h < heads; ++h)
                viewChooser_->addItem(tr("layer %1, head %2").arg(l + 1).arg(h + 1), QPoint(l, h));
        }
        const int index = viewChooser_->findData(QPoint(layer_, head_));
        viewChooser_->setCurrentIndex(std::max(0, index));
    }
}

void SentimentPage::selectView(int layer, int head) {
    layer_ = layer;
    head_ = layer < 0 ? -1 : head;
    const int index = viewChooser_->findData(QPoint(layer_, head_));
    if (index >= 0 && index != viewChooser_->currentIndex()) {
        const QSignalBlocker block(viewChooser_);
        viewChooser_->setCurrentIndex(index);
    }
    refreshViews();
}

// Presenter mode: the entries of the view chooser in order (the mean over everything, then per layer
// its mean and each head).
bool SentimentPage::stepForward() {
    const int next = viewChooser_->currentIndex() + 1;
    if (next >= viewChooser_->count())
        return false;
    viewChooser_->setCurrentIndex(next); // selectView through the chooser's signal
    return true;
}

bool SentimentPage::stepBack() {
    const int previous = viewChooser_->currentIndex() - 1;
    if (previous < 0)
        return false;
    viewChooser_->setCurrentIndex(previous);
    return true;
}

void SentimentPage::selectRow(int row) {
    selectedRow_ = row;
    heatmap_->setRowMarker(row);
    thumbs_->setRowMarker(row);
}

void SentimentPage::setTeachingMode(bool on) {
    teaching_ = on;
    Page::setTeachingMode(on); // every font and heatmap of the page
    for (ExplainPanel* explain : findChildren<ExplainPanel*>())
        explain->setTeachingMode(on, zoomFactor()); // its deletion plot draws its own text
    shaded_->setTeachingMode(on, zoomFactor());
    probabilities_->setFixedHeight(static_cast<int>((on ? 130 : 110) * zoomFactor()));
    thumbs_->setShortCaptions(teaching_);
    refreshViews();
}

void SentimentPage::setParagraphsShown(bool shown) {
    Page::setParagraphsShown(shown);
    refreshViews(); // the pooled-weights text's note
}

void SentimentPage::runNow() {
    input_->cancelPending();
    auto model = slot_->textClassifier();
    if (!model)
        return;
    const QString text = input_->text();
    const std::string utf8 = text.toStdString();
    const int padTo = padTo_->value();
    const bool mask = mask_->isChecked();
    jobs_->run<Outcome>(
        [model, utf8, padTo, mask, text](const JobContext&) {
            Outcome out;
            out.current = model->classify(utf8, padTo, mask);
            out.opposite = model->classify(utf8, padTo, !mask);
            out.text = text;
            return out;
        },
        [this](Outcome outcome) { showOutcome(std::move(outcome)); },
        [this](const QString& message) { showError(message); });
}

QString SentimentPage::predictionSummary(const attn::ClassifierResult& r) const {
    if (r.predicted < 0 || r.predicted >= int(r.probabilities.size()))
        return QStringLiteral("–");
    return QStringLiteral("%1 %2").arg(displayClassLabel(r.predictedLabel),
                                       num(r.probabilities[size_t(r.predicted)]));
}

void SentimentPage::showOutcome(Outcome outcome) {
    showError(QString());
    result_ = std::move(outcome.current);
    opposite_ = std::move(outcome.opposite);
    resultText_ = outcome.text;
    showResults();
    // A new text or model: the Explain tab must not keep the previous input's explanation.
    for (ExplainPanel* explain : findChildren<ExplainPanel*>())
        explain->inputChanged();
}

void SentimentPage::showResults() {
    const attn::ClassifierResult& r = *result_;

    // Probabilities: one bar per label, the prediction in its own colour.
    auto model = slot_->textClassifier();
    QStringList names, parts;
    for (int i = 0; i < int(r.probabilities.size()); ++i) {
        names << (model && i < int(model->labels().size()) ? displayClassLabel(model->labels()[size_t(i)])
                                                           : QString::number(i));
        parts << QStringLiteral("%1  %2").arg(names.back(), num(r.probabilities[size_t(i)], 3));
    }
    probabilities_->setProbabilities(r.probabilities, names, r.predicted);
    probabilityText_ = parts.join(QStringLiteral("; "));

    // Mask on vs off.
    const bool mask = mask_->isChecked();
    const auto& on = mask ? r : *opposite_;
    const auto& off = mask ? *opposite_ : r;
    const int padCount = model ? model->padCount(r) : 0;
    comparison_->setText(
        tr("<b>mask on:</b> %1 &nbsp;·&nbsp; <b>mask off:</b> %2")
            .arg(predictionSummary(on).toHtmlEscaped(), predictionSummary(off).toHtmlEscaped()));
    // What the mask does, under the figures: a paragraph the presenter may hide (View → Show explanations).
    maskNote_->setText(
        padCount == 0
            ? tr("No pad tokens (pad to a length longer than the review to see what the mask does).")
            : tr("%n pad token(s) appended. With the mask their columns get weight 0; without it the real "
                 "words attend to them and the prediction drifts.",
                 nullptr, padCount));

    QStringList warnings;
    for (const auto& w : r.warnings)
        warnings << QString::fromStdString(w);
    warnings_->setText(warnings.join(QStringLiteral("\n")));
    warnings_->setVisible(!warnings.isEmpty());

    refreshViews();
}

attn::Matrix SentimentPage::selectedMatrix(const attn::ClassifierResult& r) const {
    if (r.attention.empty() || r.attention.front().empty())
        return {};
    if (layer_ >= 0 && layer_ < int(r.attention.size())) {
        const auto& maps = r.attention[size_t(layer_)];
        if (head_ >= 0 && head_ < int(maps.size()))
            return maps[size_t(head_)];
        return attn::meanOfHeads(maps);
    }
    return attn::meanOfAllHeads(r.attention);
}

void SentimentPage::refreshViews() {
    if (!result_)
        return;
    const attn::ClassifierResult& r = *result_;
    auto model = slot_->textClassifier();
    const QStringList tokens = format::toQStrings(r.tokens);
    const bool mask = mask_->isChecked();
    const TokenNotes t = tokenNotes(model.get(), r, int(tokens.size()), mask);
    legend_->setText(t.legend);
    legend_->setVisible(!t.legend.isEmpty());

    const attn::Matrix m = selectedMatrix(r);
    QString title;
    if (layer_ < 0)
        title = tr("Mean over all layers and heads");
    else if (head_ < 0)
        title = tr("Layer %1, mean over heads").arg(layer_ + 1);
    else
        title = tr("Layer %1, head %2").arg(layer_ + 1).arg(head_ + 1);
    heatmap_->setTitle(title);
    heatmap_->setRowNotes(t.notes, t.marks);
    heatmap_->setColumnNotes(t.notes, t.marks);
    heatmap_->setMatrix(m, tokens, tokens);
    if (selectedRow_ >= int(tokens.size()))
        selectedRow_ = -1;
    heatmap_->setRowMarker(selectedRow_);
    thumbs_->showResult(r, tokens, t.notes, t.marks, layer_, head_);
    thumbs_->setRowMarker(selectedRow_);

    // Pooled weights: what the classifier head looks at (the model's own pooling rule).
    pooled_.clear();
    const bool cls = model && model->settings().pooling == attn::Pooling::Cls;
    if (model && m.rows() > 0)
        for (float w : model->pooledAttention(m, r))
            pooled_.push_back(w);
    QString poolingNote;
    if (paragraphsShown()) // what the shading is: an explanation (View → Show explanations)
        poolingNote = cls ? tr("CLS pooling: the shading is row 1 (what %1 attends to) of the view above.")
                                .arg(model ? esc(model->settings().clsToken) : QString())
                          : tr("Mean pooling: the shading is the attention each token receives, averaged "
                               "over the pooled query rows of the view above.");
    shaded_->showWeights(pooled_, r.tokens, t, poolingNote);
}
