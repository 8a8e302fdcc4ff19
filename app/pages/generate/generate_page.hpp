#pragma once
// The Generate page: a decoder language model (Hugging Face gpt2 / llama; by default the shipped story
// model stories260K, llama2.c's real trained Llama; the shipped sorting model gpt-nano-sort, whose ids
// 0, 1, 2 are shown as A, B, C, is one choice away) continues a prompt one token at
// a time. Step makes one token, Play keeps stepping until Pause or the end, Reset goes back to the
// prompt. Greedy by default; temperature, top-k and the seed of the sampler are options (changing one
// resets). Each step runs in a JobRunner on the KV cache of an attn::hf::Generator, so the prefix is
// never recomputed and the GUI never waits. For the selected generated token and head the views
// (GenerateViews) show its attention row, the causal map, the layer x head grid, the top-10 and the
// head-pattern table — all core's numbers.

#include "pages/generate/generate_session.hpp"
#include "pages/generate/long_context_session.hpp"
#include "pages/page.hpp"

#include <QStringList>
#include <memory>
#include <optional>

class ModelBar;
class ModelSlot;
class ErrorBanner;
class GenerateViews;
class JobRunner;
class LongContextViews;
class QCheckBox;
class QComboBox;
class QProgressBar;
class QStackedWidget;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;
class QVBoxLayout;
class SentenceInput;

class GeneratePage : public Page {
    Q_OBJECT
public:
    explicit GeneratePage(QWidget* parent = nullptr);
    ~GeneratePage() override;

    QString title() const override { return tr("Generate"); }
    HeatmapView* currentHeatmap() const override;
    QString errorText() const override;
    /// Loads the shipped "stories260K" unless the slot already has a model. Every new model resets to
    /// its prompt (the first preset unless the prompt box reads for it) and makes the first token.
    void start() override;
    /// The page state (pages/page_state.cpp), for the language switch, sessions and lesson stops.
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;
    bool stepForward() override;
    bool stepBack() override;
    void setTeachingMode(bool on) override;

    ModelSlot* modelSlot() const { return slot_; }
    JobRunner* jobs() const { return jobs_; }
    GenerateViews* views() const { return views_; }
    ModelBar* modelBar() const { return bar_; }
    /// The shipped decoders (kShippedModels), one item each; blank while another folder is open.
    QComboBox* shippedModels() const { return shipped_; }
    /// resources/models folder names of the shipped decoders, the default first.
    static const QStringList& shippedModelNames();

    /// Sets the prompt box (a reset follows once typing settles; call reset() to apply it now).
    void setPromptText(const QString& text);
    QString promptText() const;
    /// "Open prompt…": the prompt box gets the text of `path` (UTF-8, at most kMaxPromptFileBytes) and the
    /// page resets. On error the banner names the file and the prompt is kept.
    bool openPromptFile(const QString& path);
    static constexpr qint64 kMaxPromptFileBytes = 2'000'000;
    QPushButton* openPromptButton() const { return openPrompt_; }

    // --- long contexts (issue 56; long_context_session.hpp) ---
    /// "Long context": read every prompt with the long-context forward when the model has one (a prompt
    /// whose whole maps exceed the memory budget is read that way anyway).
    QCheckBox* longContextBox() const { return longBox_; }
    /// True while the page shows a long-context pass (LongContextViews) instead of generated steps.
    bool isLongContext() const { return !longSnap_.empty(); }
    const LongContextSnapshot& longContext() const { return longSnap_; }
    LongContextViews* longViews() const { return longViews_; }
    /// Stops a running long-context forward; what was shown before stays.
    void cancelLongContext();
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }

    /// Sets the decoding options shown in the option row and resets.
    void setOptions(const attn::hf::DecodingOptions& options);
    attn::hf::DecodingOptions options() const;

    /// Back to the prompt (no token made): re-reads the prompt box and the options. False (and the
    /// error banner says why) when the prompt cannot be read or no model is loaded.
    bool reset();
    /// The refusal banner's "Keep the last N tokens" (shown while the prompt is refused for its length and
    /// attn::hf::promptTail offers N): the prompt box gets the last N tokens and the page resets.
    QPushButton* keepTailButton() const { return keepTail_; }
    bool keepPromptTail();
    /// Starts making up to `n` more tokens in the background (one job); false when busy or at the end.
    bool generateSteps(int n);
    /// One token.
    bool step() { return generateSteps(1); }
    void play();
    void pause();
    bool isPlaying() const;
    /// True while more tokens can be made.
    bool canStep() const;

    /// The selected generated token (index into snapshot().steps; -1 before the first) and head.
    void selectStep(int step);
    void selectHead(int layer, int head);
    int selectedStep() const { return selectedStep_; }
    int selectedLayer() const { return layer_; }
    int selectedHead() const { return head_; }

    const GenerateSnapshot& snapshot() const { return snapshot_; }
    std::vector<int> generatedIds() const;
    /// Prompt + generated tokens as the chips show them.
    QStringList tokenTexts() const;
    QString statusText() const;

private:
    // generate_page_layout.cpp: the widgets, row by row, and their connections.
    void buildModelRow(QVBoxLayout* outer);
    void buildPromptRow(QVBoxLayout* outer);
    void buildOptionRow(QVBoxLayout* outer);
    void buildViews(QVBoxLayout* outer);
    void connectLongContext();
    void connectControls();

    void onModelChanged();
    void refreshErrors();
    void refreshControls();
    void refreshViews();
    void refreshShippedChoice();
    /// Starts the long-context forward of `ids`; the previous state stays until it succeeds.
    bool startLongContext(const std::vector<int>& ids);
    void endLongRun();

    ModelSlot* slot_ = nullptr;
    QComboBox* shipped_ = nullptr;
    JobRunner* jobs_ = nullptr;
    ModelBar* bar_ = nullptr;
    ErrorBanner* error_ = nullptr;
    QPushButton* keepTail_ = nullptr;
    std::optional<attn::hf::PromptTail> tail_;
    SentenceInput* prompt_ = nullptr;
    QPushButton* stepButton_ = nullptr;
    QPushButton* playButton_ = nullptr;
    QPushButton* resetButton_ = nullptr;
    QDoubleSpinBox* temperature_ = nullptr;
    QSpinBox* topK_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QLabel* status_ = nullptr;
    QTimer* playTimer_ = nullptr;
    GenerateViews* views_ = nullptr;
    LongContextViews* longViews_ = nullptr;
    QStackedWidget* viewStack_ = nullptr;
    QPushButton* openPrompt_ = nullptr;
    QCheckBox* longBox_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    LongContextSnapshot longSnap_;
    bool longRunning_ = false;
    int runningTokens_ = 0;

    std::shared_ptr<attn::hf::Generator> generator_; // touched by at most one job at a time
    GenerateSnapshot snapshot_;
    QString runError_;
    QStringList presets_; ///< the current model's example prompts
    int selectedStep_ = -1;
    int layer_ = 0, head_ = 0;
};
