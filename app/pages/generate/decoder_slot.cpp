#include "pages/generate/decoder_slot.hpp"

#include "services/resource_paths.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <attn/checkpoint.hpp>
#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/hf/load.hpp>
#include <attn/safetensors.hpp>
#include <filesystem>

DecoderSlot::DecoderSlot(const QString& settingsKey, QObject* parent)
    : QObject(parent), settingsKey_(settingsKey) {
    connect(&runner_, &JobRunner::progress, this, [this](quint64, double f) { Q_EMIT progress(f); });
    connect(&runner_, &JobRunner::busyChanged, this, &DecoderSlot::busyChanged);
}

QString DecoderSlot::displayName() const {
    return directory_.isEmpty() ? QString() : QFileInfo(directory_).fileName();
}

std::shared_ptr<const attn::hf::CausalLm> DecoderSlot::read(const QString& dir) {
    const std::filesystem::path path(dir.toStdString());
    if (!std::filesystem::is_directory(path))
        throw attn::CheckpointError(dir.toStdString() + ": not a directory");
    if (!attn::hf::isHfDirectory(path))
        throw attn::ConfigError(dir.toStdString() +
                                "/config.json: missing, or not a Hugging Face config (no model_type key)");
    auto model = attn::hf::loadModel(path);
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(model);
    if (!lm)
        throw attn::ConfigError(model->config().file() + ": model_type '" + model->modelType() +
                                "' is not a decoder; the Generate page needs gpt2 or llama");
    return lm;
}

QString DecoderSlot::plainError(const QString& dir, const std::exception& error) {
    const QString name = QFileInfo(dir).fileName();
    if (!QFileInfo(dir).isDir())
        return tr("“%1” is not a folder.").arg(dir);
    if (!QFileInfo(QDir(dir).filePath(QStringLiteral("config.json"))).isFile())
        return tr("The folder “%1” has no config.json, so it is not a Hugging Face model.").arg(name);
    const QString what = QString::fromStdString(error.what());
    if (what.contains(QStringLiteral("is not a decoder")))
        return tr("“%1” is an encoder or image model, not a language model (gpt2, llama).").arg(name);
    if (dynamic_cast<const attn::SafetensorsError*>(&error))
        return tr("The weights in “%1” are damaged or incomplete.").arg(name);
    if (dynamic_cast<const attn::ConfigError*>(&error))
        return tr("The config.json of “%1” cannot be used.").arg(name);
    if (dynamic_cast<const attn::CheckpointError*>(&error))
        return tr("The weights in “%1” do not fit its config.json.").arg(name);
    return tr("“%1” could not be loaded as a language model.").arg(name);
}

void DecoderSlot::load(const QString& dir, bool rememberDir) {
    const QString clean = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    loadingDir_ = clean;
    loadingRemember_ = rememberDir;
    Q_EMIT loadingStarted(clean);
    auto plain = std::make_shared<QString>(); // written by the job on failure, read by onError
    runner_.run<std::shared_ptr<const attn::hf::CausalLm>>(
        [clean, plain](const JobContext&) {
            try {
                return read(clean);
            } catch (const std::exception& e) {
                *plain = plainError(clean, e);
                throw;
            }
        },
        [this, clean, rememberDir](std::shared_ptr<const attn::hf::CausalLm> lm) {
            model_ = std::move(lm);
            directory_ = clean;
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

void DecoderSlot::setModel(std::shared_ptr<const attn::hf::CausalLm> model, const QString& dir) {
    if (!model)
        return;
    runner_.cancel();
    model_ = std::move(model);
    directory_ = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    lastError_.clear();
    lastErrorSummary_.clear();
    Q_EMIT changed();
}

void DecoderSlot::carryTo(DecoderSlot* next) const {
    if (model_)
        next->setModel(model_, directory_);
    if (isLoading() && !loadingDir_.isEmpty())
        next->load(loadingDir_, loadingRemember_);
}

bool DecoderSlot::loadDefault(const QString& name) {
    const QString dir = shippedModelDir(name);
    if (!QFileInfo(dir).isDir()) {
        lastError_ = tr("No default model found at %1; use Open model…").arg(QDir::toNativeSeparators(dir));
        lastErrorSummary_ = tr("The shipped language model is missing from this installation.");
        Q_EMIT failed(lastError_);
        return false;
    }
    load(dir, false);
    return true;
}

QString DecoderSlot::lastErrorExplained() const {
    if (lastError_.isEmpty())
        return {};
    return lastErrorSummary_.isEmpty() ? lastError_ : lastErrorSummary_ + QLatin1Char('\n') + lastError_;
}

QStringList DecoderSlot::recent() const {
    return QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
        .value(QStringLiteral("models/%1/recent").arg(settingsKey_))
        .toStringList();
}

void DecoderSlot::clearRecent() {
    QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
        .remove(QStringLiteral("models/%1/recent").arg(settingsKey_));
    Q_EMIT recentChanged();
}

void DecoderSlot::remember(const QString& dir) {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    const QString key = QStringLiteral("models/%1/recent").arg(settingsKey_);
    QStringList list = settings.value(key).toStringList();
    list.removeAll(dir);
    list.prepend(dir);
    while (list.size() > kMaxRecent)
        list.removeLast();
    settings.setValue(key, list);
    Q_EMIT recentChanged();
}
