#include "pages/walkthrough/walkthrough_page.hpp"

#include "pages/walkthrough/walkthrough_projection_panel.hpp"
#include "pages/walkthrough/walkthrough_scaling_panel.hpp"
#include "pages/walkthrough/walkthrough_stacking_panel.hpp"
#include "services/embedding_store.hpp"
#include "services/job_runner.hpp"
#include "services/resource_paths.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <cmath>
#include <numeric>
#include <qcustomplot.h>

namespace {

const char* const kChapterQuery = "The teacher praised a student because she improved";
const char* const kChapterKeys = "A student asked the teacher to help her improve";

} // namespace

WalkthroughPage::WalkthroughPage(EmbeddingStore* store, QWidget* parent) : Page(parent), store_(store) {
    learnedRunner_ = new JobRunner(this);
    trackBusy(learnedRunner_);
    if (store_) {
        trackBusy([store] { return store->isBusy(); });
        connect(store_, &EmbeddingStore::busyChanged, this, [this] { refreshBusy(); });
    }
    // The chapter's 2-D toy vectors: she . improve = 0.90, she . the = 0.20.
    toyVectors_ = {{"she", {1.0f, 0.1f}}, {"improve", {0.9f, 0.0f}}, {"the", {0.1f, 1.0f}}};

    auto* outer = new QVBoxLayout(this);

    QGridLayout* inputs = buildInputs();
    QHBoxLayout* options = buildOptions();
    QHBoxLayout* stepBar = buildStepBar();
    buildStepText();
    buildViews();
    QSplitter* split = buildColumns(buildSidePanel());

    outer->addLayout(inputs);
    outer->addLayout(options);
    outer->addWidget(learnedBanner_);
    outer->addLayout(stepBar);
    outer->addWidget(split, 1);

    connectBehaviour();

    updateSeedEnabled();
    updateLearnedAvailability();
    applyPreset(Preset::Chapter);
}

HeatmapView* WalkthroughPage::currentHeatmap() const {
    return step_ == WalkthroughStep::Embeddings ? queryVectors_ : heatmap_;
}

QWidget* WalkthroughPage::exportWidget() {
    // Step 1 (vectors, projections) and step 3 (with the softmax comparison) are more than one view.
    return step_ == WalkthroughStep::Embeddings || step_ == WalkthroughStep::Scaled ? stack_->currentWidget()
                                                                                    : heatmap_;
}

void WalkthroughPage::applyPreset(Preset preset) {
    updating_ = true;
    preset_->setCurrentIndex(static_cast<int>(preset));
    toy_ = preset == Preset::Toy;
    switch (preset) {
    case Preset::Chapter:
        query_->setText(QString::fromUtf8(kChapterQuery));
        keys_->setText(QString::fromUtf8(kChapterKeys));
        self_->setChecked(false);
        scoring_->setCurrentIndex(1);
        break;
    case Preset::ChapterSelf:
        query_->setText(QString::fromUtf8(kChapterQuery));
        keys_->setText(QString::fromUtf8(kChapterKeys));
        self_->setChecked(true);
        scoring_->setCurrentIndex(1);
        break;
    case Preset::Toy:
        query_->setText(QStringLiteral("she"));
        keys_->setText(QStringLiteral("improve the"));
        self_->setChecked(false);
        scoring_->setCurrentIndex(0); // plain dot product: the chapter's 0.90 and 0.20
        projection_->setCurrentIndex(0);
        break;
    case Preset::Custom:
        break;
    }
    keys_->setEnabled(!self_->isChecked());
    selectedQuery_ = -1;
    updating_ = false;
    toyPlot_->setVisible(toy_);
    heatmap_->setShowValues(toy_ || teaching_->isChecked()); // the toy's 0.90 and 0.20 in the cells
    recompute();
}

void WalkthroughPage::setQueryText(const QString& text) {
    query_->setText(text);
}
void WalkthroughPage::setKeysText(const QString& text) {
    keys_->setText(text);
}
void WalkthroughPage::setSelfAttention(bool on) {
    self_->setChecked(on);
}

// The seed draws random projections and additive scoring's parameters (issue 49 point 4: it was disabled
// with additive scoring although its tooltip said the parameters come from it).
void WalkthroughPage::updateSeedEnabled() {
    seed_->setEnabled(projection_->currentData().toInt() == static_cast<int>(attn::ProjectionMode::Random) ||
                      scoring_->currentData().toInt() == static_cast<int>(attn::Scoring::Additive));
}

void WalkthroughPage::setScoring(attn::Scoring scoring) {
    scoring_->setCurrentIndex(scoring_->findData(static_cast<int>(scoring)));
}

void WalkthroughPage::setProjection(attn::ProjectionMode mode, std::uint32_t seed) {
    updating_ = true;
    seed_->setValue(static_cast<int>(seed));
    updating_ = false;
    projection_->setCurrentIndex(projection_->findData(static_cast<int>(mode)));
    recompute();
}

void WalkthroughPage::setStep(WalkthroughStep step) {
    step_ = step;
    refreshView();
}

void WalkthroughPage::nextStep() {
    setStep(static_cast<WalkthroughStep>(std::min(static_cast<int>(step_) + 1, kWalkthroughStepCount - 1)));
}

void WalkthroughPage::previousStep() {
    setStep(static_cast<WalkthroughStep>(std::max(static_cast<int>(step_) - 1, 0)));
}

bool WalkthroughPage::stepForward() {
    if (static_cast<int>(step_) + 1 >= kWalkthroughStepCount)
        return false;
    nextStep();
    return true;
}

bool WalkthroughPage::stepBack() {
    if (static_cast<int>(step_) <= 0)
        return false;
    previousStep();
    return true;
}

void WalkthroughPage::setTeachingMode(bool on) {
    if (teaching_->isChecked() != on) {
        teaching_->setChecked(on); // re-enters through the signal
        return;
    }
    Page::setTeachingMode(on);           // sentences, step line, captions and side panel grow; heatmaps too
    heatmap_->setShowValues(on || toy_); // numbers in the cells of the attention matrices (not of vectors)
    refreshView();
    updateToyPlot(); // its text at the page's scale
}

void WalkthroughPage::setSelectedQuery(int row) {
    if (!result_ || row < 0 || row >= static_cast<int>(result_->queryTokens.size()))
        return;
    selectedQuery_ = row;
    {
        const QSignalBlocker block(queryChooser_);
        queryChooser_->setCurrentIndex(row);
    }
    refreshNumbers();
}

bool WalkthroughPage::eventFilter(QObject* watched, QEvent* event) {
    if ((watched == query_ || watched == keys_) && event->type() == QEvent::KeyPress) {
        typing_ = true;
        QTimer::singleShot(0, this, [this] { typing_ = false; }); // after the key is handled
    }
    return Page::eventFilter(watched, event);
}

void WalkthroughPage::refreshNumbers() {
    // The numbers table is a text layout of several milliseconds for a 60-word sentence: while keys are
    // typed it follows 150 ms after the last one, and the heatmap keeps up with every key.
    if (typing_) {
        numbersTimer_->start();
    } else {
        numbersTimer_->stop();
        numbers_->setHtml(explanationHtml());
    }
    // The row the explanation is about, outlined wherever the query rows are drawn (issue 12 point 9).
    const int marked = result_ ? selectedQuery_ : -1;
    heatmap_->setRowMarker(marked);
    queryVectors_->setRowMarker(marked);
    if (result_ && step_ == WalkthroughStep::Scaled)
        scaling_->showRow(*result_, selectedQuery_);
    refreshStacking();
}

bool WalkthroughPage::wordLookup(attn::VectorLookup& lookup, std::size_t& dim) {
    if (toy_) {
        dim = 2;
        lookup = [this](std::string_view w) -> std::optional<std::span<const float>> {
            auto it = toyVectors_.find(std::string(w));
            if (it == toyVectors_.end())
                return std::nullopt;
            return std::span<const float>(it->second);
        };
        return true;
    }
    const auto vectors = store_ ? store_->current() : nullptr;
    if (!vectors) {
        problem_->setText(tr("Loading word vectors…"));
        problem_->show();
        return false;
    }
    dim = vectors->dim();
    lookup = [vectors](std::string_view w) { return vectors->vector(w); };
    return true;
}

bool WalkthroughPage::takeResult(attn::SentenceAttention r) {
    if (r.queryTokens.empty() || r.keyTokens.empty()) {
        problem_->setText(r.queryTokens.empty() ? tr("Type a query sentence.") : tr("Type a key sentence."));
        problem_->show();
        return false; // keep showing the previous result
    }
    const int previousCount = result_ ? static_cast<int>(result_->queryTokens.size()) : -1;
    result_ = std::move(r);
    QStringList oov;
    for (std::size_t i = 0; i < result_->queryTokens.size(); ++i)
        if (result_->queryOov[i])
            oov << QString::fromStdString(result_->queryTokens[i]);
    if (!result_->selfAttention)
        for (std::size_t i = 0; i < result_->keyTokens.size(); ++i)
            if (result_->keyOov[i])
                oov << QString::fromStdString(result_->keyTokens[i]);
    oov.removeDuplicates();
    if (!oov.isEmpty()) {
        problem_->setText(oovHint(oov));
        problem_->show();
    } else {
        problem_->hide();
    }
    if (previousCount != static_cast<int>(result_->queryTokens.size()) || selectedQuery_ < 0 ||
        selectedQuery_ >= static_cast<int>(result_->queryTokens.size())) {
        // Default to "she" when the sentence has it (the chapter's example), else the first word.
        auto it = std::find(result_->queryTokens.begin(), result_->queryTokens.end(), "she");
        selectedQuery_ =
            it != result_->queryTokens.end() ? static_cast<int>(it - result_->queryTokens.begin()) : 0;
    }
    return true;
}

void WalkthroughPage::recompute() {
    if (updating_)
        return;
    // A refused "Heads from…" belongs to that choice (issue 49 point 2): any input that computes again
    // (sentences, preset, scoring, projection, seed, head, new word vectors) takes the banner away. Why
    // the learned option is unavailable stays in its tooltip.
    learnedBanner_->setMessages({});
    // The preset says what is shown: "Custom" once the sentences are edited or the scoring differs from
    // the preset's, never "(cross-attention)" with Self-attention ticked.
    preset_->setCurrentIndex(static_cast<int>(matchingPreset()));
    const std::string queryText = query_->text().toStdString();
    const std::string keysText = keys_->text().toStdString();
    const bool self = self_->isChecked();

    attn::VectorLookup lookup;
    std::size_t dim = 0;
    if (!wordLookup(lookup, dim))
        return;

    attn::SentenceAttentionOptions o;
    o.scoring = static_cast<attn::Scoring>(scoring_->currentData().toInt());
    o.projection = static_cast<attn::ProjectionMode>(projection_->currentData().toInt());
    o.seed = static_cast<std::uint32_t>(seed_->value());
    if (o.projection == attn::ProjectionMode::Learned) {
        if (!learned_ || toy_ || static_cast<std::size_t>(learned_->dModel) != dim) {
            problem_->setText(tr("Learned projections need a checkpoint as wide as the word vectors."));
            problem_->show();
            return;
        }
        o.learned = learned_->heads[static_cast<std::size_t>(head_->value() - 1)];
        o.positionalEncoding = learned_->positionalEncoding; // as the head was trained
        o.projectionSource = learned_->source;
    }
    stackFirst_.reset();
    stackSecond_.reset();
    try {
        const bool stacked = o.projection == attn::ProjectionMode::Learned && stackModel_;
        auto r = stacked ? attn::computeStackLayerAttention(
                               *stackModel_, static_cast<std::size_t>(head_->value() - 1),
                               attn::tokenize(queryText),
                               self ? std::nullopt : std::optional(attn::tokenize(keysText)), lookup, dim, o)
                         : attn::computeSentenceAttention(
                               queryText, self ? std::nullopt : std::optional<std::string_view>(keysText),
                               lookup, dim, o);
        if (stacked && stackModel_->layers.size() >= 2) {
            // The model's own set-up for the stacking view: the query sentence attending to itself.
            // (scaled dot, as trained, whatever scoring the steps show).
            stackFirst_ = attn::computeStackLayerAttention(*stackModel_, 0, attn::tokenize(queryText),
                                                           std::nullopt, lookup, dim);
            stackSecond_ = attn::computeStackLayerAttention(*stackModel_, 1, attn::tokenize(queryText),
                                                            std::nullopt, lookup, dim);
        }
        if (!takeResult(std::move(r)))
            return; // keep showing the previous result
    } catch (const std::exception& e) {
        problem_->setText(QString::fromUtf8(e.what()));
        problem_->show();
        return;
    }
    refreshQueryChooser();
    refreshView();
    updateToyPlot();
}

WalkthroughPage::Preset WalkthroughPage::matchingPreset() const {
    // A preset names the set-up it applies (applyPreset): its sentences and its scoring, and for the
    // toy also raw vectors. Once one of them differs the page no longer shows the chapter's numbers, so
    // it reads "Custom"; choosing the preset again restores them (issue 49 point 3).
    const QString q = query_->text(), k = keys_->text();
    const bool self = self_->isChecked();
    const auto scoring = static_cast<attn::Scoring>(scoring_->currentData().toInt());
    if (toy_)
        return q == QLatin1String("she") && k == QLatin1String("improve the") && !self &&
                       scoring == attn::Scoring::Dot &&
                       projection_->currentData().toInt() == static_cast<int>(attn::ProjectionMode::None)
                   ? Preset::Toy
                   : Preset::Custom;
    if (q != QString::fromUtf8(kChapterQuery) || scoring != attn::Scoring::ScaledDot)
        return Preset::Custom;
    if (self)
        return Preset::ChapterSelf; // the key sentence is not used
    return k == QString::fromUtf8(kChapterKeys) ? Preset::Chapter : Preset::Custom;
}

void WalkthroughPage::refreshQueryChooser() {
    const QSignalBlocker block(queryChooser_);
    queryChooser_->clear();
    for (std::size_t i = 0; i < result_->queryTokens.size(); ++i)
        queryChooser_->addItem(tr("%1  (row %2)")
                                   .arg(QString::fromStdString(result_->queryTokens[i]))
                                   .arg(i + 1)); // from 1 on screen
    queryChooser_->setCurrentIndex(selectedQuery_);
}

void WalkthroughPage::refreshView() {
    if (auto* b = stepButtons_->button(static_cast<int>(step_)))
        b->setChecked(true);
    if (!result_)
        return;
    stepTitle_->setText(walkthroughStepTitle(step_, *result_));
    caption_->setText(walkthroughStepCaption(step_, *result_));
    if (step_ == WalkthroughStep::Embeddings) {
        showWalkthroughStep(*queryVectors_, *result_, step_);
        showKeyEmbeddings(*keyVectors_, *result_);
        // The step's title above says "Step 1 of 5 · Word vectors (… dimensions)": the maps name which
        // sentence they show, short enough for the narrow column beside the projections (issue 49
        // point 10: "Step 1 of 5 · Word vecto…").
        queryVectors_->setTitle(tr("Query word vectors"));
        keyVectors_->setTitle(tr("Key word vectors"));
        vectorsSplit_->setOrientation(result_->projections ? Qt::Vertical : Qt::Horizontal);
        projections_->setVisible(result_->projections.has_value());
        projections_->showProjections(*result_);
        stack_->setCurrentIndex(1);
    } else {
        showWalkthroughStep(*heatmap_, *result_, step_);
        scaling_->setVisible(step_ == WalkthroughStep::Scaled);
        stack_->setCurrentIndex(0);
    }
    markFunctionWords();
    // File → Export matrix JSON records what produced the numbers.
    const auto vectors = store_ ? store_->current() : nullptr;
    const QString embeddings = toy_      ? QStringLiteral("the chapter's 2-D toy vectors")
                               : vectors ? QString::fromStdString(vectors->description())
                                         : QString();
    for (HeatmapView* v : {heatmap_, queryVectors_, keyVectors_})
        v->setExportMetadata(walkthroughExportMetadata(*result_, step_, embeddings));
    refreshNumbers();
}
