#pragma once
// JobRunner: runs work off the GUI thread (QtConcurrent) and hands the outcome back on the GUI
// thread. Every job gets an increasing id; only the newest job's outcome is delivered — a job that
// finishes after a newer one was started is dropped silently (its cancel flag is set as soon as the
// newer job starts, so long work can stop early). An exception thrown by the work comes back as a
// message (std::exception::what()) to the error callback.
//
//   runner_.run<attn::ClassifierResult>(
//       [model, text](const JobContext& job) { return model->classify(text); },
//       [this](attn::ClassifierResult r) { show(r); },
//       [this](const QString& message) { showError(message); });
//
// The callbacks run on the thread that owns the runner (the GUI thread), never after the runner is
// destroyed; the destructor cancels and waits for the jobs still running. To block until the runner
// is idle (CLI, tests), use waitUntilIdle(runner) from services/wait.hpp.

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

/// What a running job can see: its id, whether it was cancelled, a way to report progress.
class JobContext {
public:
    quint64 id = 0;
    /// True once a newer job started or cancel() was called: the result will be dropped anyway.
    bool cancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
    /// Reports progress in [0, 1] (delivered as JobRunner::progress on the GUI thread if still
    /// current). Returns false when the job was cancelled — fits attn::LoadOptions::progress.
    bool reportProgress(double fraction) const {
        if (progressFn)
            progressFn(fraction);
        return !cancelled();
    }

    std::shared_ptr<std::atomic<bool>> cancelFlag;
    std::function<void(double)> progressFn;
};

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override; ///< cancels everything and waits for running work

    /// Starts `work` on a worker thread and returns the job's id. `onResult` / `onError` (either may
    /// be empty) run on the GUI thread only if this is still the newest job and was not cancelled.
    template <typename T>
    quint64 run(std::function<T(const JobContext&)> work, std::function<void(T)> onResult,
                std::function<void(const QString&)> onError = {}) {
        return startErased(
            [work = std::move(work), onResult = std::move(onResult)](const JobContext& ctx) -> Delivery {
                auto value = std::make_shared<T>(work(ctx));
                return [onResult, value]() {
                    if (onResult)
                        onResult(std::move(*value));
                };
            },
            std::move(onError));
    }

    /// Id of the newest job started (0 before the first).
    quint64 latestId() const { return latestId_; }
    /// True while any job (current or stale) has not come back to the GUI thread yet.
    bool isBusy() const { return pending_ > 0; }
    /// Number of jobs whose outcome was dropped because a newer job had started (for tests).
    int droppedCount() const { return dropped_; }
    /// Drops the outcome of every job started so far and sets their cancel flags.
    void cancel();

Q_SIGNALS:
    void busyChanged(bool busy);
    /// Progress of the newest job, 0..1 (JobContext::reportProgress).
    void progress(quint64 id, double fraction);
    /// Emitted after a job's outcome was delivered (result or error) — not for dropped jobs.
    void delivered(quint64 id);

private:
    using Delivery = std::function<void()>;
    quint64 startErased(std::function<Delivery(const JobContext&)> work,
                        std::function<void(const QString&)> onError);
    void finishJob(quint64 id, const std::shared_ptr<std::atomic<bool>>& flag, const Delivery& deliver,
                   const std::function<void(const QString&)>& onError, const QString& error, bool failed);

    QList<QFuture<void>> running_; // waited for by the destructor
    quint64 latestId_ = 0;
    int pending_ = 0;
    int dropped_ = 0;
    std::shared_ptr<std::atomic<bool>> currentFlag_;
};
