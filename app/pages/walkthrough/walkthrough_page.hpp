#pragma once
// The Walkthrough page: two sentences, their word vectors, and attention computed step by step
// (score -> scale -> softmax -> mix) with the real numbers of one query word beside the heatmap.

#include "pages/page.hpp"
#include "pages/walkthrough/walkthrough_view.hpp"

#include <attn/attention_stack.hpp>
#include <attn/learned_projections.hpp>
#include <attn/sentence_attention.hpp>
#include <functional>
#include <map>
#include <optional>
#include <vector>

class EmbeddingStore;
class ErrorBanner;
class ProjectionPanel;
class ScalingComparisonPanel;
class StackingPanel;
class HeatmapView;
class JobRunner;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGridLayout;
class QHBoxLayout;
class QCustomPlot;
class QCPItemRect;
class QLabel;
class QLineEdit;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTextBrowser;
class QTimer;
class QToolButton;

class WalkthroughPage : public Page {
    Q_OBJECT
public:
    /// Custom: shown (not chosen) once the sentences no longer match a preset.
    enum class Preset { Chapter = 0, ChapterSelf, Toy, Custom };

    explicit WalkthroughPage(EmbeddingStore* store, QWidget* parent = nullptr);

    QString title() const override { return tr("Walkthrough"); }
    HeatmapView* currentHeatmap() const override;
    QWidget* exportWidget() override;
    /// Reads the learned projections of the shipped sentiment model (when installed).
    void start() override;
    /// The page state (pages/page_state.cpp), for the language switch, sessions and lesson stops.
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;
    bool stepForward() override;
    bool stepBack() override;

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
    void setTeachingMode(bool on) override;
    /// Selects the query word whose numbers the side panel shows (row index).
    void setSelectedQuery(int row);
    int selectedQuery() const { return selectedQuery_; }

    /// The last successful computation (nullopt before word vectors are loaded).
    const std::optional<attn::SentenceAttention>& result() const { return result_; }
    /// The side panel's HTML for the current step and query word.
    QString explanationHtml() const;
    /// Step 4's side-by-side of dot-product and additive weights for the selected query (core's
    /// SentenceAttention::dotWeights and additiveWeights); empty without a result.
    QString scoringComparisonHtml() const;
    QSpinBox* seedBox() const { return seed_; }
    HeatmapView* mainHeatmap() const { return heatmap_; }
    /// Step 1's second heatmap: the key sentence's vectors.
    HeatmapView* keyVectorsHeatmap() const { return keyVectors_; }
    QCustomPlot* toyPlot() const { return toyPlot_; }
    /// Step 3's softmax of the selected row without and with scaling.
    ScalingComparisonPanel* scalingPanel() const { return scaling_; }
    /// Step 1's Wq, Wk, Wv and Q, K, V (visible when projections are applied).
    ProjectionPanel* projectionPanel() const { return projections_; }
    bool toyMode() const { return toy_; }
    /// The preset combo's current entry (Custom once the sentences are edited).
    Preset shownPreset() const;
    /// The line under the caption that explains the dashed function-word cells (empty when none).
    QString functionWordText() const;
    /// Cells outlined as function-word pairs on the current heatmap, (row, column).
    std::vector<std::pair<int, int>> markedCells() const { return markedCells_; }
    /// Learned Wq, Wk, Wv (the shipped pronoun-head, read by start(), or `dir`: an attention_head
    /// checkpoint or a classifier's first layer), read in the background; learnedReady() says when
    /// the option can be used.
    /// `select`: once read, switch the projection to "learned", head 1 (a choice the user made). A
    /// checkpoint whose width differs from the word vectors' dimension is refused with the reason, and
    /// the previous learned projection is kept.
    void loadLearnedProjections(const QString& dir, bool select = false);
    /// An encoder open on another page, offered by the "Heads from" menu.
    struct LoadedEncoder {
        QString page; // the page's title
        QString dir;  // its checkpoint directory
    };
    /// Lists the encoders open on the other pages (MainWindow sets it); called each time the menu opens.
    void setLoadedEncoders(std::function<std::vector<LoadedEncoder>()> lister) {
        loadedEncoders_ = std::move(lister);
    }
    /// The "Heads from" menu's entries, as they would be shown now: (text, directory; empty = a dialog).
    std::vector<std::pair<QString, QString>> headSources() const;
    bool learnedReady() const { return learned_.has_value(); }
    /// Why the learned projection could not be read (empty when it was, or is still loading).
    const QString& learnedError() const { return learnedError_; }
    const std::optional<attn::LearnedProjections>& learned() const { return learned_; }
    /// The red banner's text while it is shown: a refused "Heads from…" choice, until the next input.
    QString learnedBannerText() const;
    void setLearnedHead(int head);
    /// The stacked model behind the learned projection (an attention_stack checkpoint such as the shipped
    /// pronoun-two-layer; the head box then chooses its layer), else nullopt.
    const std::optional<attn::HeadStack>& stackModel() const { return stackModel_; }
    /// Steps 2–5 with a stack: the selected word's row in layer 1 and layer 2 beside the other rows.
    StackingPanel* stackingPanel() const { return stacking_; }

protected:
    /// Notes key presses in the sentence boxes (typing_), see refreshNumbers.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The page's parts, built in this order by the constructor: the controls above the views
    // (walkthrough/walkthrough_controls.cpp), the views and the numbers beside them
    // (walkthrough/walkthrough_views.cpp), then what each control does.
    QGridLayout* buildInputs();
    QHBoxLayout* buildOptions();
    QHBoxLayout* buildStepBar();
    /// The step's title, caption and notes.
    void buildStepText();
    /// heatmap_, the step-1 vectors and projections, the scaling and stacking strips, in stack_.
    void buildViews();
    /// The query chooser, the numbers and the toy plot.
    QWidget* buildSidePanel();
    /// The step's column (title, notes, views) beside `side`.
    QSplitter* buildColumns(QWidget* side);
    void connectBehaviour();

    void recompute();
    /// The word vectors recompute() reads (the toy's or the store's) into `lookup` and `dim`; false (and
    /// the reason shown) while none are loaded.
    bool wordLookup(attn::VectorLookup& lookup, std::size_t& dim);
    /// Shows `r` unless a sentence is empty (then says so and keeps the previous result); lists the
    /// words outside the vocabulary and keeps or resets the selected query word. False when not shown.
    bool takeResult(attn::SentenceAttention r);
    void refreshView();
    /// The side panel and the step-3 softmax comparison for the selected query word.
    void refreshNumbers();
    void refreshQueryChooser();
    /// The preset the current sentences and Self-attention box match, else Custom.
    Preset matchingPreset() const;
    /// Outlines (dashed) the function-word pairs of attn::functionWordPairs on steps 2-4 and says
    /// what they are.
    void markFunctionWords();
    void updateToyPlot();
    void updateLearnedAvailability();
    void updateSeedEnabled();
    void showHeadSources();

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
    QToolButton* headSource_ = nullptr; // "Heads from…": the checkpoint behind the learned projection
    ErrorBanner* learnedBanner_ = nullptr;
    QCheckBox* teaching_ = nullptr;
    QButtonGroup* stepButtons_ = nullptr;
    QLabel* stepTitle_ = nullptr;
    QLabel* caption_ = nullptr;
    QLabel* problem_ = nullptr;
    QLabel* artefact_ = nullptr;
    std::vector<QCPItemRect*> marks_; // dashed outlines on heatmap_ (markFunctionWords)
    QStackedWidget* stack_ = nullptr;
    QSplitter* vectorsSplit_ = nullptr; // step 1: query and key vectors, side by side or stacked
    HeatmapView* heatmap_ = nullptr;
    HeatmapView* queryVectors_ = nullptr;
    HeatmapView* keyVectors_ = nullptr;
    QComboBox* queryChooser_ = nullptr;
    QTextBrowser* numbers_ = nullptr;
    QCustomPlot* toyPlot_ = nullptr;
    ScalingComparisonPanel* scaling_ = nullptr;
    ProjectionPanel* projections_ = nullptr;
    StackingPanel* stacking_ = nullptr;

    WalkthroughStep step_ = WalkthroughStep::Weights;
    int selectedQuery_ = -1;
    bool toy_ = false;
    bool updating_ = false; // applyPreset / setProjection change several inputs: recompute once
    std::map<std::string, std::vector<float>> toyVectors_;
    std::optional<attn::SentenceAttention> result_;
    std::vector<std::pair<int, int>> markedCells_;
    std::optional<attn::LearnedProjections> learned_;
    std::optional<attn::HeadStack> stackModel_; // with learned_ = its layers as "heads"
    /// The query sentence's self-attention through both layers of stackModel_ (for stacking_), when shown.
    std::optional<attn::SentenceAttention> stackFirst_, stackSecond_;
    void refreshStacking();
    QString learnedError_;
    /// True while a key typed into a sentence box is processed: the side panel's numbers then follow
    /// when typing pauses (numbersTimer_), the heatmap at once.
    bool typing_ = false;
    QTimer* numbersTimer_ = nullptr;
    std::function<std::vector<LoadedEncoder>()> loadedEncoders_;
};
