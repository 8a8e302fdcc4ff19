#pragma once
// The Heads page, the "head finder" (issue 54): what each attention head of a model does over a whole
// corpus. A setup row (model, corpus, number of inputs, Run / Cancel), a sortable layer × head table of
// every metric core's survey measures (attn/analysis/head_metrics.hpp), a heat grid (layers × heads) of
// the selected metric, and the selected head's top examples; a click on one opens it on its model's page
// (Sentiment for a classifier, Generate for a decoder, Vision for a ViT, Similarity for a sentence
// encoder) with that head and token
// selected, through the page state. The survey runs in the background (pages/heads/heads_session.hpp),
// cached per model + corpus (services/survey_cache.hpp). Every number shown is the survey's; the page
// formats, it never recomputes.

#include "pages/page.hpp"

#include <attn/analysis/head_metrics.hpp>
#include <optional>

class ErrorBanner;
class HeadsExamplesPanel;
class HeadsSession;
class HeadsSetupPanel;
class HeadsTable;
class QComboBox;
class QLabel;
struct HeadsResult;

class HeadsPage : public Page {
    Q_OBJECT
public:
    explicit HeadsPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Heads"); }
    HeatmapView* currentHeatmap() const override { return grid_; }
    QString errorText() const override;
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;

    /// Runs the survey of the chosen model, corpus and limit (Run survey).
    void runSurvey();
    /// Stops the running survey (Cancel); the previous result stays.
    void cancelSurvey();
    /// The metric of the heat grid and the examples.
    void selectMetric(attn::analysis::Metric m);
    attn::analysis::Metric selectedMetric() const { return metric_; }
    /// The head of the examples (0-based), marked in the table and on the grid.
    void selectHead(int layer, int head);
    int selectedLayer() const { return layer_; }
    int selectedHead() const { return head_; }

    /// The survey shown (nullopt before the first).
    const std::optional<HeadsResult>& result() const;
    bool lastRunFromCache() const;
    /// The state of the page that shows example `index` of the selected head and metric (Sentiment,
    /// Generate or Vision); nullopt when there is no such example or no page shows this model.
    std::optional<attn::session::PageState> exampleState(int index) const;
    /// Asks the window to open example `index` (openRequested).
    void openExample(int index);

    /// The table as CSV (layer, head from 1, every metric at full precision) / the survey as the CLI's
    /// JSON. False with *error naming the file when it cannot be written or there is no survey.
    bool exportCsv(const QString& path, QString* error) const;
    bool exportJson(const QString& path, QString* error) const;

    HeadsSetupPanel* setup() const { return setup_; }
    HeadsTable* table() const { return table_; }
    HeadsExamplesPanel* examples() const { return examples_; }
    HeatmapView* grid() const { return grid_; }
    QComboBox* metricBox() const { return metricBox_; }
    HeadsSession* session() const { return session_; }

Q_SIGNALS:
    /// A click on an example: the window opens `state` on its page.
    void openRequested(const attn::session::PageState& state);

private:
    void showResult();
    void showFailure(const QString& message);
    void refreshMetricBox();
    void refreshGrid();
    void refreshExamples();
    void drawExamples();
    void exportAs(const QString& format);
    QString statusOf(const HeadsResult& r) const;

public:
    /// The survey's capability ("text classifier", "causal LM", ...) in the interface's language.
    static QString capabilityTitle(const std::string& capability);

private:
    HeadsSession* session_ = nullptr;
    HeadsSetupPanel* setup_ = nullptr;
    ErrorBanner* banner_ = nullptr;
    HeadsTable* table_ = nullptr;
    QComboBox* metricBox_ = nullptr;
    HeatmapView* grid_ = nullptr;
    HeadsExamplesPanel* examples_ = nullptr;
    QString error_;
    attn::analysis::Metric metric_ = attn::analysis::Metric::Previous;
    int layer_ = 0, head_ = 0;
    bool restoring_ = false; ///< a restored state's survey has been started
};
