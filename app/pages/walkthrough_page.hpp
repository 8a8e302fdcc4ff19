#pragma once
// The Walkthrough page: two sentences, their word vectors, and attention computed step by step
// (score -> scale -> softmax -> mix) with the real numbers of one query word beside the heatmap.

#include "pages/page.hpp"
#include "pages/walkthrough_view.hpp"

#include <attn/learned_projections.hpp>
#include <attn/sentence_attention.hpp>
#include <map>
#include <optional>
#include <vector>

class EmbeddingStore;
class HeatmapView;
class JobRunner;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStackedWidget;
class QTextBrowser;

class WalkthroughPage : public Page {
    Q_OBJECT
public:
    enum class Preset { Chapter = 0, ChapterSelf, Toy };

    explicit WalkthroughPage(EmbeddingStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Walkthrough"); }
    HeatmapView* currentHeatmap() const override;
    QWidget* exportWidget() override;
    /// Reads the learned projections of the shipped sentiment model (when installed).
    void start() override;

    void applyPreset(Preset preset);
    void setQueryText(const QString& text);
    void setKeysText(const QString& text);
    void setSelfAttention(bool on);
    void setScoring(attn::Scoring scoring);
    void setProjection(attn::ProjectionMode mode, std::uint32_t seed = 42);
    void setStep(WalkthroughStep step);
    WalkthroughStep step() const { return step_; }
    void nextStep();
    void previousStep();
    void setTeachingMode(bool on);
    /// Selects the query word whose numbers the side panel shows (row index).
    void setSelectedQuery(int row);
    int selectedQuery() const { return selectedQuery_; }

    /// The last successful computation (nullopt before word vectors are loaded).
    const std::optional<attn::SentenceAttention>& result() const { return result_; }
    /// The side panel's HTML for the current step and query word.
    QString explanationHtml() const;
    HeatmapView* mainHeatmap() const { return heatmap_; }
    QCustomPlot* toyPlot() const { return toyPlot_; }
    bool toyMode() const { return toy_; }
    /// Learned Wq, Wk, Wv (the shipped pronoun-head, read by start(), or `dir`: an attention_head
    /// checkpoint or a classifier's first layer), read in the background; learnedReady() says when
    /// the option can be used.
    void loadLearnedProjections(const QString& dir);
    bool learnedReady() const { return learned_.has_value(); }
    /// Why the learned projection could not be read (empty when it was, or is still loading).
    const QString& learnedError() const { return learnedError_; }
    const std::optional<attn::LearnedProjections>& learned() const { return learned_; }
    void setLearnedHead(int head);

private:
    void recompute();
    void refreshView();
    void refreshQueryChooser();
    void updateToyPlot();
    void updateLearnedAvailability();

    EmbeddingStore* store_;
    JobRunner* learnedRunner_ = nullptr;
    QComboBox* preset_ = nullptr;
    QLineEdit* query_ = nullptr;
    QLineEdit* keys_ = nullptr;
    QCheckBox* self_ = nullptr;
    QComboBox* scoring_ = nullptr;
    QComboBox* projection_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* head_ = nullptr;
    QCheckBox* teaching_ = nullptr;
    QButtonGroup* stepButtons_ = nullptr;
    QLabel* stepTitle_ = nullptr;
    QLabel* caption_ = nullptr;
    QLabel* problem_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    HeatmapView* queryVectors_ = nullptr;
    HeatmapView* keyVectors_ = nullptr;
    QComboBox* queryChooser_ = nullptr;
    QTextBrowser* numbers_ = nullptr;
    QCustomPlot* toyPlot_ = nullptr;

    WalkthroughStep step_ = WalkthroughStep::Weights;
    int selectedQuery_ = -1;
    bool toy_ = false;
    bool updating_ = false; // applyPreset / setProjection change several inputs: recompute once
    std::map<std::string, std::vector<float>> toyVectors_;
    std::optional<attn::SentenceAttention> result_;
    std::optional<attn::LearnedProjections> learned_;
    QString learnedError_;
};
