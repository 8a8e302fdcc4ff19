#include "services/embedding_store.hpp"

#include "attn/glove/loader.hpp"

#include <QFileInfo>
#include <QLocale>
#include <QSettings>
#include <filesystem>

struct EmbeddingStore::Result {
    std::shared_ptr<const attn::glove::Embeddings> set;
    QStringList warnings;
    QStringList errors; // failures of earlier candidates (loadDefault) or of the file itself
    bool cancelled = false;
    QString path; // the file the set was read from; empty for the embedded default
};

EmbeddingStore::EmbeddingStore(QObject* parent) : QObject(parent) {
    connect(&runner_, &JobRunner::progress, this, [this](quint64, double f) { Q_EMIT progress(f); });
    connect(&runner_, &JobRunner::busyChanged, this, &EmbeddingStore::busyChanged);
}

EmbeddingStore::~EmbeddingStore() = default;

QString EmbeddingStore::description() const {
    if (!current_)
        return loading_ ? tr("Loading word vectors…") : tr("No word vectors loaded");
    // The built-in set's name is the interface's to translate; a file keeps its own name.
    const QString name = current_->source() == "embedded" ? tr("GloVe 6B 100d (embedded default)")
                                                          : QString::fromStdString(current_->name());
    return name + QStringLiteral(": ") +
           QLocale(QLocale::English).toString(static_cast<qulonglong>(current_->size())) + tr(" words × ") +
           QString::number(current_->dim());
}

void EmbeddingStore::cancel() {
    runner_.cancel(); // whatever the running job returns is dropped
    loading_ = false;
}

void EmbeddingStore::useEmbeddedDefault() {
    cancel();
    current_ = attn::glove::embeddedDefault();
    currentPath_.clear();
    warnings_.clear();
    Q_EMIT changed();
}

namespace {

using Job = std::function<std::shared_ptr<const attn::glove::Embeddings>(const attn::glove::ReadOptions&)>;

} // namespace

void EmbeddingStore::start(std::function<Result(const std::function<bool(double)>&)> job,
                           const QString& rememberPath) {
    cancel();
    loading_ = true;
    Q_EMIT loadingStarted();
    runner_.run<Result>(
        [job = std::move(job)](const JobContext& ctx) {
            return job([&ctx](double f) { return ctx.reportProgress(f); });
        },
        [this, rememberPath](Result r) { apply(std::move(r), rememberPath); },
        [this](const QString& message) {
            loading_ = false;
            Q_EMIT failed(message);
        });
}

void EmbeddingStore::apply(Result r, const QString& rememberPath) {
    loading_ = false;
    if (r.cancelled)
        return;
    for (const auto& e : r.errors)
        Q_EMIT failed(e);
    if (!r.set)
        return; // keep the previous set
    current_ = r.set;
    currentPath_ = r.path;
    warnings_ = r.warnings;
    if (!rememberPath.isEmpty())
        QSettings("attnviz", "attnviz").setValue(kSettingsKey, rememberPath);
    Q_EMIT changed();
}

static EmbeddingStore::Result runCandidates(const std::vector<std::pair<QString, Job>>& candidates,
                                            const std::function<bool(double)>& progress,
                                            bool stopAfterFirst) {
    EmbeddingStore::Result r;
    std::vector<std::string> warnings;
    attn::glove::ReadOptions opt;
    opt.progress = progress;
    opt.warnings = &warnings;
    for (const auto& [label, job] : candidates) {
        try {
            warnings.clear();
            r.set = job(opt);
            r.path = label;
            for (const auto& w : warnings)
                r.warnings << QString::fromStdString(w);
            return r;
        } catch (const attn::glove::Cancelled&) {
            r.cancelled = true;
            return r;
        } catch (const std::exception& e) {
            r.errors << QString::fromUtf8(e.what());
            if (stopAfterFirst)
                return r;
        }
    }
    return r;
}

void EmbeddingStore::loadDefault() {
    std::vector<std::pair<QString, Job>> candidates;
    const QString last = QSettings("attnviz", "attnviz").value(kSettingsKey).toString();
    const bool cache = cacheEnabled_;
    if (!last.isEmpty() && QFileInfo::exists(last)) {
        const std::string path = QFile::encodeName(last).toStdString();
        candidates.emplace_back(last, [path, cache](const attn::glove::ReadOptions& o) {
            attn::glove::OpenOptions oo;
            oo.read = o;
            oo.useCache = cache;
            return attn::glove::open(path, oo);
        });
    }
    std::error_code ec;
    if (std::filesystem::exists(attn::glove::fullSetPath(), ec)) {
        candidates.emplace_back(QString::fromStdString(attn::glove::fullSetPath().string()),
                                [](const attn::glove::ReadOptions& o) {
                                    return attn::glove::readBinary(attn::glove::fullSetPath(), o);
                                });
    }
    candidates.emplace_back(QString(), // the embedded default
                            [](const attn::glove::ReadOptions&) { return attn::glove::embeddedDefault(); });
    start([candidates](const std::function<bool(double)>& p) { return runCandidates(candidates, p, false); },
          QString());
}

void EmbeddingStore::openFile(const QString& path, bool remember) {
    const std::string p = QFile::encodeName(path).toStdString();
    const bool cache = cacheEnabled_;
    std::vector<std::pair<QString, Job>> candidates;
    candidates.emplace_back(QFileInfo(path).absoluteFilePath(),
                            [p, cache](const attn::glove::ReadOptions& o) {
                                attn::glove::OpenOptions oo;
                                oo.read = o;
                                oo.useCache = cache;
                                return attn::glove::open(p, oo);
                            });
    start([candidates](const std::function<bool(double)>& pr) { return runCandidates(candidates, pr, true); },
          remember ? QFileInfo(path).absoluteFilePath() : QString());
}

QString EmbeddingStore::sourcePath() const {
    return currentPath_;
}
