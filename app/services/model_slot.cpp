#include "services/model_slot.hpp"

#include "services/resource_paths.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <filesystem>

ModelSlot::ModelSlot(attn::Architecture required, const QString& settingsKey, QObject* parent)
    : QObject(parent), required_(required), settingsKey_(settingsKey) {
    connect(&runner_, &JobRunner::progress, this, [this](quint64, double f) { Q_EMIT progress(f); });
}

QString ModelSlot::displayName() const {
    if (directory_.isEmpty())
        return {};
    return QFileInfo(directory_).fileName();
}

QString ModelSlot::architectureMismatch(const QString& dir, attn::Architecture actual,
                                        attn::Architecture required) {
    if (actual == required)
        return {};
    return QStringLiteral("%1 is a %2 model; this page needs %3")
        .arg(QDir::toNativeSeparators(dir), QString::fromStdString(attn::toString(actual)),
             QString::fromStdString(attn::toString(required)));
}

void ModelSlot::load(const QString& dir, bool rememberDir) {
    const QString clean = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    const attn::Architecture required = required_;
    Q_EMIT loadingStarted(clean);
    runner_.run<Loaded>(
        [clean, required](const JobContext& job) {
            const std::filesystem::path path = clean.toStdString();
            if (!std::filesystem::is_directory(path))
                throw attn::CheckpointError(clean.toStdString() + ": not a directory");
            // Look at the architecture before reading the weights: a wrong model is refused quickly.
            const auto configPath = path / "config.json";
            if (std::filesystem::exists(configPath)) {
                const auto json = attn::readConfigJson(configPath);
                const auto arch = attn::configArchitecture(json, configPath.string());
                const QString mismatch = architectureMismatch(clean, arch, required);
                if (!mismatch.isEmpty())
                    throw attn::CheckpointError(mismatch.toStdString());
            }
            std::vector<std::string> warnings;
            attn::LoadOptions options;
            options.progress = [&job](double f) { return job.reportProgress(f); };
            options.warnings = &warnings;
            Loaded out;
            out.model = attn::loadModel(path, options);
            const QString mismatch = architectureMismatch(clean, out.model->architecture(), required);
            if (!mismatch.isEmpty())
                throw attn::CheckpointError(mismatch.toStdString());
            for (const auto& w : warnings)
                out.warnings << QString::fromStdString(w);
            return out;
        },
        [this, clean, rememberDir](Loaded loaded) {
            model_ = std::move(loaded.model);
            directory_ = clean;
            warnings_ = loaded.warnings;
            lastError_.clear();
            if (rememberDir)
                remember(clean);
            Q_EMIT changed();
        },
        [this, clean](const QString& message) {
            lastError_ = message.contains(clean) ? message : clean + QStringLiteral(": ") + message;
            Q_EMIT failed(lastError_);
        });
}

bool ModelSlot::loadDefault(const QString& name) {
    const QString dir = shippedModelDir(name);
    if (!QFileInfo(dir).isDir()) {
        lastError_ = QStringLiteral("No default model found at %1; use Open model…")
                         .arg(QDir::toNativeSeparators(dir));
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
