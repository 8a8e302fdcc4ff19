#pragma once
// HeadsSession: the Heads page's shared state — the model it surveys (read with readModel, kept in
// memory per folder) and the last survey with its corpus — and the one job that runs a survey off the
// GUI thread: read the model if needed, read the corpus, look the survey up in the cache
// (services/survey_cache.hpp), else run it on every core with progress, and store it. A newer run or
// cancel() drops the running one (its workers stop after their current input); a failed run leaves the
// previous survey in place and reports failed(message).

#include "services/head_survey_run.hpp"
#include "services/job_runner.hpp"
#include "services/models_in_memory.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <attn/analysis/survey_report.hpp>
#include <map>
#include <optional>

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

private:
    JobRunner runner_;
    std::map<QString, ModelHandle> models_;
    std::optional<HeadsResult> result_;
};
