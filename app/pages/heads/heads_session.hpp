#pragma once
// HeadsSession: the Heads page's shared state — the model it surveys (read with readModel, kept in
// memory per folder) and the last survey with its corpus — and the one job that runs a survey off the
// GUI thread: read the model if needed, read the corpus, look the survey up in the cache
// (services/survey_cache.hpp), else run it on every core with progress, and store it. A newer run or
// cancel() drops the running one (its workers stop after their current input); a failed run leaves the
// previous survey in place and reports failed(message).
//
// The examples' maps: requestMaps(inputs) runs those inputs through the survey's own plan
// (planHeadSurvey: the same forward, corpus and induction inputs) on a second runner and keeps each
// input's every map (exampleMaps) until the next survey, so that the Heads page draws the numbers the
// survey measured, never a map of its own.

#include "services/head_survey_run.hpp"
#include "services/job_runner.hpp"
#include "services/models_in_memory.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <attn/analysis/survey_report.hpp>
#include <attn/matrix.hpp>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <vector>

struct HeadsRequest {
    QString modelDirectory;
    QString corpusFile; ///< empty = the default corpus of the model's kind
    int limit = 1000;   ///< the first `limit` inputs
    HeadSurveyOptions options;
};

struct HeadsResult {
    HeadsRequest request;
    ModelHandle model;
    SurveyCorpus corpus; ///< the inputs (texts and their lines, or images)
    attn::analysis::SurveyReport report;
    bool fromCache = false;
    QStringList warnings;
    /// The plan the survey ran (a cached survey: the same plan again); forward(input) gives its maps.
    std::shared_ptr<const attn::analysis::SurveyPlan> plan;
    /// The corpus text of `line` (from 1); empty when there is none.
    QString textOfLine(std::size_t line) const;
};

class HeadsSession : public QObject {
    Q_OBJECT
public:
    explicit HeadsSession(QObject* parent = nullptr);

    /// Starts a survey (a running one is dropped).
    void run(const HeadsRequest& request);
    /// Stops the running survey (its result is dropped); the previous one stays.
    void cancel();
    bool isRunning() const { return runner_.isBusy(); }
    JobRunner* jobs() { return &runner_; }

    const std::optional<HeadsResult>& result() const { return result_; }

    /// Runs the inputs of the shown survey whose maps are not kept yet (exampleMaps); mapsReady() when
    /// they are. A newer request drops an older one. No-op without a survey.
    void requestMaps(const std::vector<std::size_t>& inputs);
    /// Input `input`'s maps ([layer][head] T x T) as the survey's forward gives them; null until run.
    const attn::AttentionStack* exampleMaps(std::size_t input) const;
    JobRunner* mapJobs() { return &mapRunner_; }
    /// A model already in memory (another page's, a rebuilt page's) for `directory`.
    void adopt(const ModelsInMemory& inMemory);
    ModelsInMemory modelsInMemory() const;

Q_SIGNALS:
    void started();
    /// 0..1 of the inputs done.
    void progress(double fraction);
    void finished();
    void failed(const QString& message);
    void cancelled();
    /// Maps asked by requestMaps are in exampleMaps.
    void mapsReady();
    /// The maps could not be computed (the message names why).
    void mapsFailed(const QString& message);

private:
    JobRunner runner_;
    JobRunner mapRunner_;
    std::map<std::size_t, attn::AttentionStack> maps_; ///< per input of the shown survey
    std::map<QString, ModelHandle> models_;
    std::optional<HeadsResult> result_;
};
