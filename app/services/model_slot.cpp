#include "services/model_slot.hpp"

#include "services/load_error.hpp"
#include "services/resource_paths.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <filesystem>
#include <memory>
#include <optional>

ModelSlot::ModelSlot(attn::Capability required, const QString& settingsKey, QObject* parent)
    : QObject(parent), required_(required), settingsKey_(settingsKey) {
    connect(&runner_, &JobRunner::progress, this, [this](quint64, double f) { Q_EMIT progress(f); });
    connect(&runner_, &JobRunner::busyChanged, this, &ModelSlot::busyChanged);
}

QString ModelSlot::displayName() const {
    if (directory_.isEmpty())
        return {};
    return QFileInfo(directory_).fileName();
}

void ModelSlot::load(const QString& dir, bool rememberDir) {
    const QString clean = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    const attn::Capability required = required_;
    loadingDir_ = clean;
    loadingRemember_ = rememberDir;
    Q_EMIT loadingStarted(clean);
    // Written by the job when it fails, read by the failure callback (which runs after the job).
    auto plain = std::make_shared<QString>();
    runner_.run<Loaded>(
        [clean, required, plain](const JobContext& job) {
            std::optional<attn::FolderKind> found; // what config.json says, once read
            try {
                attn::OpenOptions options;
                options.progress = [&job](double f) { return job.reportProgress(f); };
                options.required = required; // refused before the weights are read
                options.inspected = [&found](const attn::FolderKind& kind) { found = kind; };
                Loaded out;
                out.model = readModel(clean, options);
                for (const auto& w : out.model.warnings)
                    out.warnings << QString::fromStdString(w);
                return out;
            } catch (const attn::Cancelled&) {
                throw;
            } catch (const std::exception& e) {
                *plain = plainLoadError(clean, e, required, found);
                throw;
            }
        },
        [this, clean, rememberDir](Loaded loaded) {
            model_ = std::move(loaded.model);
            directory_ = clean;
            warnings_ = loaded.warnings;
            lastError_.clear();
            lastErrorSummary_.clear();
            if (rememberDir)
                remember(clean);
            Q_EMIT changed();
        },
        [this, clean, plain](const QString& message) {
            lastError_ = message.contains(clean) ? message : clean + QStringLiteral(": ") + message;
            lastErrorSummary_ = plain->isEmpty() ? tr("The model could not be loaded.") : *plain;
            Q_EMIT failed(lastError_);
        });
}

bool ModelSlot::setModel(const ModelHandle& model, const QString& dir, const QStringList& warnings) {
    if (model.empty())
        return false;
    const QString clean = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    if (!model.has(required_)) {
        lastError_ = QString::fromStdString(
            attn::capabilityMismatchMessage(clean.toStdString(), model.kind, required_));
        lastErrorSummary_ = plainMismatch(model.kind, required_);
        Q_EMIT failed(lastError_);
        return false;
    }
    runner_.cancel();
    model_ = model;
    directory_ = clean;
    warnings_ = warnings;
    lastError_.clear();
    lastErrorSummary_.clear();
    Q_EMIT changed();
    return true;
}

attn::session::FileRef ModelSlot::reference() const {
    const QString dir = isLoading() && !loadingDir_.isEmpty() ? loadingDir_ : directory_;
    if (dir.isEmpty())
        return {};
    const QFileInfo info(dir);
    if (QFileInfo(shippedModelDir(info.fileName())) == info)
        return attn::session::FileRef::shipped(info.fileName().toStdString());
    return attn::session::FileRef::path(QDir::cleanPath(info.absoluteFilePath()).toStdString());
}

void ModelSlot::restore(const attn::session::FileRef& ref, const ModelsInMemory& inMemory) {
    using Kind = attn::session::FileRef::Kind;
    if (ref.kind == Kind::Default)
        return;
    const QString wanted = ref.kind == Kind::Shipped ? shippedModelDir(QString::fromStdString(ref.value))
                                                     : QString::fromStdString(ref.value);
    const QString dir = QDir::cleanPath(QFileInfo(wanted).absoluteFilePath());
    if (!directory_.isEmpty() && QFileInfo(directory_) == QFileInfo(dir) && !isLoading())
        return;
    if (const auto held = inMemory.models.find(dir); held != inMemory.models.end()) {
        setModel(held->second.model, dir, held->second.warnings);
        return;
    }
    if (!QFileInfo(dir).isDir()) {
        lastError_ = tr("The model folder %1 does not exist.").arg(QDir::toNativeSeparators(dir));
        lastErrorSummary_ =
            ref.kind == Kind::Shipped
                ? tr("The shipped %1 is missing from this installation.").arg(modelNoun(required_))
                : tr("The %1 this view was saved with is not there.").arg(modelNoun(required_));
        Q_EMIT failed(lastError_);
        return;
    }
    load(dir, false);
}

void ModelSlot::addTo(ModelsInMemory& inMemory) const {
    if (!model_.empty())
        inMemory.models.emplace(directory_, ModelInMemory{model_, warnings_});
}

bool ModelSlot::loadDefault(const QString& name) {
    const QString dir = shippedModelDir(name);
    if (!QFileInfo(dir).isDir()) {
        lastError_ = tr("No default model found at %1; use Open model…").arg(QDir::toNativeSeparators(dir));
        lastErrorSummary_ = tr("The shipped %1 is missing from this installation.").arg(modelNoun(required_));
        Q_EMIT failed(lastError_);
        return false;
    }
    load(dir, false);
    return true;
}

QString ModelSlot::recentKey() const {
    return QStringLiteral("models/%1/recent").arg(settingsKey_);
}

QStringList ModelSlot::recent() const {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    return settings.value(recentKey()).toStringList();
}

void ModelSlot::clearRecent() {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    settings.remove(recentKey());
    Q_EMIT recentChanged();
}

void ModelSlot::remember(const QString& dir) {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    QStringList list = settings.value(recentKey()).toStringList();
    list.removeAll(dir);
    list.prepend(dir);
    while (list.size() > kMaxRecent)
        list.removeLast();
    settings.setValue(recentKey(), list);
    Q_EMIT recentChanged();
}

QString ModelSlot::lastErrorExplained() const {
    if (lastError_.isEmpty())
        return {};
    return lastErrorSummary_.isEmpty() ? lastError_ : lastErrorSummary_ + QLatin1Char('\n') + lastError_;
}
