#include "services/job_runner.hpp"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrent>
#include <algorithm>
#include <exception>

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner() {
    cancel();
    for (auto& f : running_)
        f.waitForFinished();
    // Outcomes posted meanwhile are discarded with this object's pending events.
}

void JobRunner::cancel() {
    if (currentFlag_)
        currentFlag_->store(true);
    currentFlag_.reset();
    ++latestId_; // nothing started before now is delivered
}

quint64 JobRunner::startErased(std::function<Delivery(const JobContext&)> work,
                               std::function<void(const QString&)> onError) {
    if (currentFlag_)
        currentFlag_->store(true); // the older job's result would be dropped anyway
    const quint64 id = ++latestId_;
    auto flag = std::make_shared<std::atomic<bool>>(false);
    currentFlag_ = flag;

    running_.erase(std::remove_if(running_.begin(), running_.end(),
                                  [](const QFuture<void>& f) { return f.isFinished(); }),
                   running_.end());

    const bool wasBusy = isBusy();
    ++pending_;
    if (!wasBusy)
        Q_EMIT busyChanged(true);

    JobContext ctx;
    ctx.id = id;
    ctx.cancelFlag = flag;
    ctx.progressFn = [this, id](double fraction) {
        QMetaObject::invokeMethod(
            this,
            [this, id, fraction] {
                if (id == latestId_)
                    Q_EMIT progress(id, fraction);
            },
            Qt::QueuedConnection);
    };

    running_.append(
        QtConcurrent::run([this, ctx, flag, work = std::move(work), onError = std::move(onError)]() {
            Delivery deliver;
            QString error;
            bool failed = false;
            try {
                deliver = work(ctx);
            } catch (const std::exception& e) {
                failed = true;
                error = QString::fromStdString(e.what());
            } catch (...) {
                failed = true;
                error = QStringLiteral("unknown error");
            }
            QMetaObject::invokeMethod(
                this,
                [this, id = ctx.id, flag, deliver = std::move(deliver), onError, error, failed] {
                    finishJob(id, flag, deliver, onError, error, failed);
                },
                Qt::QueuedConnection);
        }));
    return id;
}

void JobRunner::finishJob(quint64 id, const std::shared_ptr<std::atomic<bool>>& flag, const Delivery& deliver,
                          const std::function<void(const QString&)>& onError, const QString& error,
                          bool failed) {
    --pending_;
    const bool current = id == latestId_ && !flag->load();
    if (current) {
        if (failed) {
            if (onError)
                onError(error);
        } else if (deliver) {
            deliver();
        }
    } else {
        ++dropped_;
    }
    if (current)
        Q_EMIT delivered(id);
    if (pending_ == 0)
        Q_EMIT busyChanged(false);
}
