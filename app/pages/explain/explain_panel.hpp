#pragma once
// The explanation panel of the Sentiment and Vision pages (issue 17): a method chooser, the input shaded
// (text) or overlaid (image) once per method side by side with its AOPC, the deletion curves of all
// methods in one plot, and the head-ablation grid (Jain & Wallace's uniform / permuted tests in the
// tooltips); clicking a head shows that head's map on the input. The head tests sit under the views and
// the plot, or right of the plot where the panel is too short for that (arrangeSections). The computation
// runs in a JobRunner with progress and cancel; every number shown is the engine's (explain_job.hpp),
// formatted here. The panel lays out its parts and runs the job: MethodViews (the input per method),
// DeletionPlot, HeadTests (grid and the selected head's map); their sentences are in method_texts.hpp.
// On the Universal Sentence Encoder lite (no classifier) the number explained is the
// cosine similarity of the sentence with another (explainview::Input::other); the gradient method does
// not apply there, which its disabled check box and a note under the methods say.
//
//   panel->setInputProvider([this] { return explainview::Input{model, text, {}, {}}; });
//   panel->explainNow();   // or the Explain button

#include "pages/explain/explain_job.hpp"

#include <QWidget>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

class DeletionPlot;
class HeadTests;
class JobRunner;
class MethodViews;
class QCheckBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTableWidget;
class QVBoxLayout;

class ExplainPanel : public QWidget {
    Q_OBJECT
public:
    using InputProvider = std::function<std::optional<explainview::Input>()>;
    explicit ExplainPanel(QWidget* parent = nullptr);

    void setInputProvider(InputProvider provider) { provider_ = std::move(provider); }
    /// Asked before the input: a non-empty reason means the methods cannot run on the current model
    /// (e.g. a Hugging Face one); explainNow() shows it instead of running.
    void setUnavailableReason(std::function<QString()> reason) { unavailable_ = std::move(reason); }
    /// What explainNow() last showed in its status line.
    QString statusText() const;
    /// Starts the job for the provider's current input (a running one is dropped).
    void explainNow();
    /// The page's input or model may have changed (pages call this after each new result). When the
    /// provider's input differs from the one explained, the old explanation is cleared at once (it
    /// must not sit beside the new input); once the user has explained something, the new input is
    /// explained again: now when the panel is shown, else when it is next shown. Before the first
    /// Explain nothing runs by itself (head tests on a large model take seconds).
    void inputChanged();
    /// Whether the views are blank because the input changed and has not been explained yet.
    bool isStale() const { return stale_; }
    void cancel();
    bool isBusy() const;
    /// Chooses the methods (names from attn::explain::relevanceMethods(), plus "ablation").
    void setMethods(const std::vector<std::string>& methods);
    /// Shows head (layer, head)'s map on the input (as a click on the grid does).
    void selectHead(int layer, int head);
    /// The page's teaching mode: the deletion plot draws its own text (teaching::applyFonts leaves
    /// QCustomPlots alone), so its tick labels, axis titles and legend grow here by teaching::kFontScale,
    /// times the presenter zoom `zoom` (1 = 100 %).
    void setTeachingMode(bool on, double zoom = 1.0);

    const std::optional<explainview::Outcome>& outcome() const { return outcome_; }
    /// The sentence above the views ("rollout and gradient agree (ρ = …); deleting …").
    QString summaryText() const;
    /// The engine's message when the last explanation failed (empty after a success).
    QString errorText() const { return error_; }
    QTableWidget* ablationGrid() const;
    /// The title over the selected head's map ("Layer 2, head 4: …", counted from 1).
    QString headTitle() const;
    QCustomPlot* deletionPlot() const;
    /// The check box of relevance method `name` (nullptr for an unknown name).
    QCheckBox* methodBox(const std::string& name) const;
    /// The sentence saying which methods do not apply to the current model and why (empty: all apply).
    QString unavailableText() const;

    /// Columns of the deletion plot's legend: one per method when its width holds them (fitLegendColumns).
    int legendColumns() const;
    /// True while the legend's entries carry their AOPC ("raw 0.538"); false while, to keep one row, they
    /// are the bare method names.
    bool legendShowsAopc() const;
    /// True while the head tests stand to the right of the views and the plot (grid over the head's
    /// map): where the panel is too short to stack them under (arrangeSections).
    bool headTestsBeside() const;

Q_SIGNALS:
    void busyChanged(bool busy);
    void finished();

protected:
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildControls(QVBoxLayout* outer);
    void buildSections(QVBoxLayout* outer);
    /// Disables the methods that cannot run on `model` (explainview::unavailableMethods) with their
    /// reason as tooltip and in the note under the methods; enables the others again.
    void refreshAvailability(const ModelHandle& model);
    void arrangeSections();
    void reorientSections(bool beside);
    void shareSections();
    void clearViews();
    void showIntroduction();
    void showOutcome(explainview::Outcome outcome);
    void showError(const QString& message);
    void showGrid();

    InputProvider provider_;
    std::function<QString()> unavailable_;
    JobRunner* jobs_ = nullptr;
    std::vector<std::pair<std::string, QCheckBox*>> methodBoxes_;
    QCheckBox* ablation_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* unavailableNote_ = nullptr; ///< why a method does not apply to this model
    std::vector<std::string> unavailableNames_;
    MethodViews* views_ = nullptr;  // the input once per method
    DeletionPlot* plot_ = nullptr;  // the methods' deletion curves
    QScrollArea* scroll_ = nullptr; // everything; scrolls below the panel's natural size
    QSplitter* sections_ = nullptr; // the methods (views, plot), then the head tests
    QSplitter* methods_ = nullptr;  // the views, then the deletion plot
    HeadTests* heads_ = nullptr;    // the head grid, then the selected head's map
    std::optional<explainview::Outcome> outcome_;
    QString error_;
    std::optional<explainview::Input> explained_; // the input of the last run started
    bool stale_ = false;
};
