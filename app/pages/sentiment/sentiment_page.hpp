#pragma once
// The Sentiment page: a review goes through the transformer classifier (in a JobRunner, debounced);
// the page shows the class probabilities, one small heatmap per layer x head (click to enlarge),
// the review shaded by the attention the pooled position pays to each token, and the padding mask
// at work: pad to N positions, mask on or off, and the prediction with the mask on vs off.
// Its parts (pages/sentiment/): HeadThumbnails (the grid of small maps), PooledShading (the shaded
// review), tokenNotes (what the maps and the legend say about pads and unknown words); the page lays
// them out, runs the classifier and keeps the selection.

#include "pages/page.hpp"

#include <QVector>
#include <attn/models/model.hpp>
#include <optional>

class ErrorBanner;
class HeadThumbnails;
class HeatmapView;
class JobRunner;
class ModelBar;
class ModelSlot;
class PooledShading;
class ProbabilityBars;
class SentenceInput;
class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTabWidget;
class QVBoxLayout;

class SentimentPage : public Page {
    Q_OBJECT
public:
    explicit SentimentPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Sentiment"); }
    HeatmapView* currentHeatmap() const override { return heatmap_; }
    QWidget* exportWidget() override { return this; }
    /// Loads the shipped "sentiment" model unless the slot already has one.
    void start() override;
    /// The page state (pages/page_state.cpp), for the language switch, sessions and lesson stops.
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;
    bool stepForward() override;
    bool stepBack() override;

    /// Which attention the main heatmap and the shaded text show: layer >= 0 and head >= 0 one head,
    /// head == -1 the mean over the heads of `layer`, layer == -1 the mean over all maps.
    void selectView(int layer, int head);
    int selectedLayer() const { return layer_; }
    int selectedHead() const { return head_; }

    void setText(const QString& text); ///< starts the (debounced) classification
    void setPadTo(int n);              ///< 0 = no padding
    void setMaskPadding(bool on);
    /// Runs the classification now (no debounce).
    void runNow();
    /// Marks query row `row` on the large map and every thumbnail (-1: none). Clicking a row does this.
    void selectRow(int row);
    int selectedRow() const { return selectedRow_; }
    /// Larger fonts for a projector; numbers printed in the large map's cells.
    void setTeachingMode(bool on) override;
    /// Page's, and the pooled-weights text without (or with) its note on what the shading is.
    void setParagraphsShown(bool shown) override;
    /// The legend under the large map ("⚠ = not in the vocabulary", "<pad> = padding…").
    QString legendText() const;

    ModelSlot* modelSlot() const { return slot_; }
    JobRunner* jobs() const { return jobs_; }
    HeatmapView* mainHeatmap() const { return heatmap_; }
    /// Thumbnail of (layer, head), or nullptr.
    HeatmapView* thumbnail(int layer, int head) const;
    /// Result with the current mask setting, and with the opposite setting (same text and padding).
    const std::optional<attn::ClassifierResult>& result() const { return result_; }
    const std::optional<attn::ClassifierResult>& oppositeResult() const { return opposite_; }
    /// The text the result belongs to.
    QString resultText() const { return resultText_; }
    /// Per token: the attention the pooled position pays to it in the selected view (CLS row, or for
    /// mean pooling the column average over the pooled query rows).
    QVector<double> pooledWeights() const { return pooled_; }
    QString errorText() const override;
    QString comparisonText() const;
    QString probabilityText() const;
    QString shadedHtml() const;
    /// The matrix of the selected view for `r` (mean over heads/layers as selected).
    attn::Matrix selectedMatrix(const attn::ClassifierResult& r) const;

private:
    struct Outcome {
        attn::ClassifierResult current, opposite;
        QString text;
    };
    void buildOptionRow(QVBoxLayout* outer);
    void buildPredictionRow(QVBoxLayout* outer);
    QWidget* buildAttentionTab();
    QWidget* buildExplainTab(QWidget* parent);
    void connectControls();
    void onModelChanged();
    void showError(const QString& message); ///< inference error ("" clears it)
    void refreshErrors();
    void showOutcome(Outcome outcome);
    void showResults(); ///< shows result_ / opposite_
    void refreshViews();
    void refreshViewChooser();
    QString predictionSummary(const attn::ClassifierResult& r) const;

    ModelSlot* slot_ = nullptr;
    JobRunner* jobs_ = nullptr;
    ModelBar* modelBar_ = nullptr;
    ErrorBanner* error_ = nullptr;
    SentenceInput* input_ = nullptr;
    QSpinBox* padTo_ = nullptr;
    QCheckBox* mask_ = nullptr;
    QComboBox* viewChooser_ = nullptr;
    ProbabilityBars* probabilities_ = nullptr;
    QString probabilityText_; // "label  p; ..." as the bars show it
    QLabel* comparison_ = nullptr;
    QLabel* maskNote_ = nullptr; // what the mask does to the pads (an explanation: hidden with them)
    QLabel* warnings_ = nullptr;
    QLabel* legend_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    HeadThumbnails* thumbs_ = nullptr;
    PooledShading* shaded_ = nullptr;

    std::optional<attn::ClassifierResult> result_, opposite_;
    QString resultText_;
    QString inferenceError_;
    QVector<double> pooled_;
    QTabWidget* tabs_ = nullptr; ///< attention, explain
    int layer_ = 0, head_ = 0;
    int selectedRow_ = -1;
    bool teaching_ = false;
};
