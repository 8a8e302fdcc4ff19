#include "pages/sentiment_page.hpp"

#include "pages/class_label_names.hpp"
#include "pages/explain/explain_panel.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/probability_bars.hpp"
#include "widgets/sentence_input.hpp"
#include "widgets/whole_lines.hpp"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
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

    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    thumbArea_ = new QWidget(scroll);
    thumbGrid_ = new QGridLayout(thumbArea_);
    thumbGrid_->setSpacing(4);
    scroll->setWidget(thumbArea_);
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

    shaded_ = new QTextBrowser(this);
    shaded_->setObjectName(QStringLiteral("pooledShading"));
    shaded_->setOpenLinks(false);
    // New text, font or width: the text's height changes, and the view is cut again at a line.
    connect(shaded_->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &SentimentPage::fitShadedHeight);

    // The pooled shading reads the attention view above it, so it belongs to the Attention tab; the
    // Explain tab gets the whole height (at 1280 x 800 in teaching mode it needs all of it).
    auto* attentionTab = new QSplitter(Qt::Vertical, this);
    attentionTab->addWidget(split);
    attentionTab->addWidget(shaded_);
    attentionTab->setStretchFactor(0, 4);
    attentionTab->setStretchFactor(1, 1);
    // Issue 17: the explanation methods side by side, in a tab next to the attention maps.
    auto* tabs = tabs_ = new QTabWidget(this);
    tabs->setDocumentMode(true); // no frame: the maps keep their room
    tabs->addTab(attentionTab, tr("Attention"));
    auto* explain = new ExplainPanel(tabs);
    explain->setInputProvider([this]() -> std::optional<explainview::Input> {
        if (!slot_->hasModel() || resultText().trimmed().isEmpty())
            return std::nullopt;
        return explainview::Input{slot_->handle(), resultText(), std::nullopt, {}};
    });
    explain->setUnavailableReason([this] {
        const auto model = slot_->textClassifier();
        return model ? explainview::refusalText(model->explainRefusal()) : QString();
    });
    tabs->addTab(explain, tr("Explain"));
    outer->addWidget(tabs, 1);

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

    input_->setText(QString::fromUtf8(kPresets[0]));
}

void SentimentPage::start() {
    if (!slot_->hasModel() && !slot_->isLoading())
        slot_->loadDefault(QStringLiteral("sentiment"));
}

HeatmapView* SentimentPage::thumbnail(int layer, int head) const {
    if (layer < 0 || layer >= thumbs_.size() || head < 0 || head >= thumbs_[layer].size())
        return nullptr;
    return thumbs_[layer][head];
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

void SentimentPage::fitShadedHeight() {
    // Fixed, not only capped: the splitter would otherwise give the view a height of its own choice.
    shaded_->setFixedHeight(heightOfWholeLines(*shaded_, shadedCap_));
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
    rebuildThumbnails();
    refreshViewChooser();
    const QStringList warnings = slot_->warnings();
    Q_EMIT statusMessage(tr("Model %1 loaded (%2 layers × %3 heads, %4 pooling)")
                             .arg(slot_->displayName())
                             .arg(s.encoder.nLayers)
                             .arg(s.encoder.nHeads)
                             .arg(s.pooling == attn::Pooling::Cls ? tr("CLS") : tr("mean")));
    runNow();
}

void SentimentPage::rebuildThumbnails() {
    for (auto& row : thumbs_)
        for (HeatmapView* v : row)
            v->parentWidget()->deleteLater();
    thumbs_.clear();
    thumbCaptions_.clear();
    auto model = slot_->textClassifier();
    if (!model)
        return;
    const int layers = model->settings().encoder.nLayers, heads = model->settings().encoder.nHeads;
    for (int l = 0; l < layers; ++l) {
        QVector<HeatmapView*> row;
        for (int h = 0; h < heads; ++h) {
            auto* cell = new QFrame(thumbArea_);
            cell->setFrameShape(QFrame::StyledPanel);
            auto* box = new QVBoxLayout(cell);
            box->setContentsMargins(2, 2, 2, 2);
            box->setSpacing(0);
            auto* caption = new QLabel(cell);
            thumbCaptions_ << caption;
            QFont f = caption->font();
            f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1.5));
            caption->setFont(f);
            caption->setAlignment(Qt::AlignCenter);
            auto* view = new HeatmapView(cell);
            view->setCompact(true);
            view->setCompactLabels(true); // the head grid is read: labels once the cells can carry them
            view->setMinimumSize(90, 90);
            view->setRangeMode(HeatmapView::RangeMode::Fixed01);
            view->setEmptyText(QStringLiteral("–"));
            view->setToolTip(tr("Click to enlarge layer %1, head %2").arg(l + 1).arg(h + 1));
            box->addWidget(caption);
            box->addWidget(view, 1);
            connect(view, &HeatmapView::cellClicked, this, [this, l, h](int, int) { selectView(l, h); });
            thumbGrid_->addWidget(cell, l, h);
            row.push_back(view);
        }
        thumbs_.push_back(row);
    }
    captionThumbnails();
}

void SentimentPage::captionThumbnails() {
    // Short captions at teaching size: four "layer 1 · head 4" were wider than the grid, which then
    // scrolled sideways at 1280 x 800 and cut off the last head.
    const int heads = thumbs_.isEmpty() ? 1 : static_cast<int>(thumbs_.first().size());
    for (int i = 0; i < thumbCaptions_.size(); ++i) {
        const int l = i / heads + 1, h = i % heads + 1;
        thumbCaptions_[i]->setText(teaching_ ? tr("L%1 · H%2").arg(l).arg(h)
                                             : tr("layer %1 · head %2").arg(l).arg(h));
    }
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
    for (auto& line : thumbs_)
        for (HeatmapView* v : line)
            v->setRowMarker(row);
}

void SentimentPage::setTeachingMode(bool on) {
    teaching_ = on;
    Page::setTeachingMode(on); // every font and heatmap of the page
    for (ExplainPanel* explain : findChildren<ExplainPanel*>())
        explain->setTeachingMode(on, zoomFactor()); // its deletion plot draws its own text
    QFont shadedFont = QApplication::font();
    shadedFont.setPointSizeF(shadedFont.pointSizeF() * (on ? 1.5 : 1.0) * zoomFactor());
    shaded_->setFont(shadedFont);
    shadedCap_ = static_cast<int>((on ? 170 : 110) * zoomFactor());
    fitShadedHeight();
    probabilities_->setFixedHeight(static_cast<int>((on ? 130 : 110) * zoomFactor()));
    captionThumbnails();
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

    // Pad positions (the trailing run of pad tokens) read as what they are: no warning mark, a note
    // and the legend. Words the vocabulary lacks (the model saw unk_token) are marked ⚠.
    QStringList notes, marks;
    for (int i = 0; i < tokens.size(); ++i) {
        notes << QString();
        marks << QStringLiteral("⚠");
    }
    int pads = 0, unknown = 0;
    if (model) {
        pads = model->padCount(r);
        for (int i = int(tokens.size()) - pads; i < int(tokens.size()); ++i) {
            notes[i] = mask ? tr("padding, masked: no position may attend to it (weight 0)")
                            : tr("padding, not masked: the real words can attend to it");
            marks[i].clear();
        }
        for (int i = 0; i < int(tokens.size()) - pads && i < int(r.ids.size()); ++i)
            if (model->isUnknown(r.ids[size_t(i)])) {
                notes[i] = tr("not in the model's vocabulary: the model saw %1 instead")
                               .arg(QString::fromStdString(model->settings().unkToken));
                ++unknown;
            }
    }
    QStringList legend;
    if (unknown > 0)
        legend << tr("⚠ = not in the vocabulary (read as %1)")
                      .arg(model ? esc(model->settings().unkToken) : QString());
    if (pads > 0)
        legend << (mask ? tr("%1 = padding, masked (its column is 0)") : tr("%1 = padding, not masked"))
                      .arg(model ? esc(model->settings().padToken) : QString());
    legend_->setText(legend.join(QStringLiteral(" · ")));
    legend_->setVisible(!legend.isEmpty());

    const attn::Matrix m = selectedMatrix(r);
    QString title;
    if (layer_ < 0)
        title = tr("Mean over all layers and heads");
    else if (head_ < 0)
        title = tr("Layer %1, mean over heads").arg(layer_ + 1);
    else
        title = tr("Layer %1, head %2").arg(layer_ + 1).arg(head_ + 1);
    heatmap_->setTitle(title);
    heatmap_->setRowNotes(notes, marks);
    heatmap_->setColumnNotes(notes, marks);
    heatmap_->setMatrix(m, tokens, tokens);
    if (selectedRow_ >= int(tokens.size()))
        selectedRow_ = -1;
    heatmap_->setRowMarker(selectedRow_);

    for (int l = 0; l < thumbs_.size(); ++l) {
        for (int h = 0; h < thumbs_[l].size(); ++h) {
            HeatmapView* v = thumbs_[l][h];
            if (l < int(r.attention.size()) && h < int(r.attention[size_t(l)].size())) {
                v->setRowNotes(notes, marks);
                v->setColumnNotes(notes, marks);
                v->setMatrix(r.attention[size_t(l)][size_t(h)], tokens, tokens);
            } else {
                v->clear();
            }
            v->setRowMarker(selectedRow_);
            auto* frame = qobject_cast<QFrame*>(v->parentWidget());
            if (frame)
                frame->setStyleSheet(l == layer_ && (h == head_ || head_ < 0)
                                         ? QStringLiteral("QFrame { border: 2px solid %1; }")
                                               .arg(QLatin1String(format::kHighlightOrange))
                                         : QString());
        }
    }

    // Pooled weights: what the classifier head looks at (the model's own pooling rule).
    pooled_.clear();
    const bool cls = model && model->settings().pooling == attn::Pooling::Cls;
    if (model && m.rows() > 0)
        for (float w : model->pooledAttention(m, r))
            pooled_.push_back(w);
    double top = 0.0;
    for (double w : pooled_)
        top = std::max(top, w);
    QString html = QStringLiteral("<p style='font-size:large; line-height:160%'>");
    for (int i = 0; i < pooled_.size() && i < int(r.tokens.size()); ++i) {
        const double w = pooled_[i];
        const bool isPad = i >= int(r.tokens.size()) - pads;
        const bool isUnknown = !isPad && !notes.value(i).isEmpty();
        html += QStringLiteral("<span style='background-color:%1;%2'>&nbsp;%3%4<sub>%5</sub>&nbsp;</span> ")
                    .arg(format::shade(top > 0 ? w / top : 0.0),
                         isPad ? QStringLiteral(" color:#777; font-style:italic;") : QString(),
                         isUnknown ? QStringLiteral("⚠&nbsp;") : QString(), esc(r.tokens[size_t(i)]), num(w));
    }
    html += QStringLiteral("</p><p style='color:#555'>");
    QStringList shadingNotes;
    if (paragraphsShown()) // what the shading is: an explanation (View → Show explanations)
        shadingNotes
            << (cls ? tr("CLS pooling: the shading is row 1 (what %1 attends to) of the view above.")
                          .arg(model ? esc(model->settings().clsToken) : QString())
                    : tr("Mean pooling: the shading is the attention each token receives, averaged over the "
                         "pooled query rows of the view above."));
    if (pads > 0)
        shadingNotes << tr("Grey italic words are padding."); // a legend: stays
    html += shadingNotes.join(QLatin1Char(' ')) + QStringLiteral("</p>");
    shaded_->setHtml(html);
}
