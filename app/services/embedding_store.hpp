#pragma once
// The active set of word vectors for the whole application.
//
// Loading runs in a JobRunner (off the GUI thread); the GUI thread only sees finished sets. A result
// is applied only if no newer load has started since, and a failure leaves the previous set active.

#include "attn/glove/embeddings.hpp"
#include "services/job_runner.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

class EmbeddingStore : public QObject {
    Q_OBJECT
public:
    explicit EmbeddingStore(QObject* parent = nullptr);
    ~EmbeddingStore() override; // the runner cancels and waits for a running load

    /// The active set; null until the first load has finished.
    std::shared_ptr<const attn::glove::Embeddings> current() const { return current_; }
    /// For the status bar, e.g. "GloVe 6B 100d (embedded default): 40,000 words × 100".
    QString description() const;
    /// Warnings of the load that produced current() (duplicate words, header mismatch ...).
    QStringList warnings() const { return warnings_; }
    /// True while the current load runs (false again right after cancel()).
    bool isLoading() const { return loading_; }
    /// True while any load, also a cancelled one, still runs on its worker (waitUntilIdle).
    bool isBusy() const { return runner_.isBusy(); }

    /// Loads, in this order, the file the user opened last (QSettings "embeddings/lastFile"),
    /// the full set if installed (attn::glove::fullSetPath()), the embedded default.
    /// A remembered file that fails to load is reported with failed() and the next one is used.
    void loadDefault();
    /// Loads a GloVe/word2vec text file or a binary set; with `remember`, remembers it on success.
    void openFile(const QString& path, bool remember = true);
    /// The file current() was read from; empty for the embedded default (and before the first load).
    QString sourcePath() const;
    /// Makes the embedded default active immediately (synchronous; used by tests and as a fallback).
    void useEmbeddedDefault();
    /// Cancels the running load, if any (then neither changed() nor failed() is emitted for it).
    void cancel();

    /// Whether loads use the on-disk cache (default true).
    void setCacheEnabled(bool enabled) { cacheEnabled_ = enabled; }

    static constexpr const char* kSettingsKey = "embeddings/lastFile";

    struct Result; // what a worker hands back (defined in the .cpp)

Q_SIGNALS:
    void loadingStarted();
    void progress(double fraction); // 0..1, on the GUI thread
    void changed();                 // current() was replaced
    void failed(const QString& message);
    void busyChanged(bool busy);

private:
    void start(std::function<Result(const std::function<bool(double)>&)> job, const QString& rememberPath);
    void apply(Result result, const QString& rememberPath);

    JobRunner runner_;
    std::shared_ptr<const attn::glove::Embeddings> current_;
    QStringList warnings_;
    QString currentPath_; // sourcePath()
    bool loading_ = false;
    bool cacheEnabled_ = true;
};
