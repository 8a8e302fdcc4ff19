#pragma once
// DecoderSlot: the Hugging Face decoder (gpt2, llama: attn::hf::CausalLm) the Generate page works with.
// The counterpart of ModelSlot (which holds attnviz's own checkpoints): loading runs in a JobRunner off
// the GUI thread, a newer load supersedes an older one, and a load that fails — not a folder, no or a
// broken config.json, damaged weights, an encoder instead of a decoder — keeps the previous model and
// reports failed(message), with lastErrorExplained() = a plain sentence, then the reader's message
// (which names the file). Opened directories are remembered in QSettings under
// "models/<settingsKey>/recent", as ModelSlot does.

#include "services/job_runner.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <attn/hf/model.hpp>
#include <memory>

class DecoderSlot : public QObject {
    Q_OBJECT
public:
    explicit DecoderSlot(const QString& settingsKey, QObject* parent = nullptr);

    /// The current model; null until a load succeeded.
    std::shared_ptr<const attn::hf::CausalLm> model() const { return model_; }
    QString directory() const { return directory_; }
    QString displayName() const;
    QString lastError() const { return lastError_; }
    /// The plain sentence, then the technical message on the next line (empty when none).
    QString lastErrorExplained() const;
    bool isLoading() const { return runner_.isBusy(); }
    bool isBusy() const { return runner_.isBusy(); }

    /// Loads the Hugging Face directory `dir` in the background.
    void load(const QString& dir, bool remember = true);
    /// Makes an already loaded model current (not remembered).
    void setModel(std::shared_ptr<const attn::hf::CausalLm> model, const QString& dir);
    /// Loads resources/models/<name>; reports failed() when that directory does not exist.
    bool loadDefault(const QString& name);
    void cancel() { runner_.cancel(); }
    /// The language switch: `next` gets this slot's model and, when a load is running, starts it again.
    void carryTo(DecoderSlot* next) const;

    QStringList recent() const;
    void clearRecent();
    static constexpr int kMaxRecent = 8;

    /// Reads `dir` as a decoder (on the calling thread): attn::hf::loadModel, then refuses a model that
    /// is not a CausalLm. Throws attn::Error subclasses naming the file.
    static std::shared_ptr<const attn::hf::CausalLm> read(const QString& dir);
    /// One sentence for why `dir` could not be opened as a decoder.
    static QString plainError(const QString& dir, const std::exception& error);

Q_SIGNALS:
    void loadingStarted(const QString& dir);
    void busyChanged(bool busy);
    void progress(double fraction);
    void changed();
    void failed(const QString& message);
    void recentChanged();

private:
    void remember(const QString& dir);

    QString settingsKey_;
    JobRunner runner_;
    std::shared_ptr<const attn::hf::CausalLm> model_;
    QString directory_;
    QString lastError_, lastErrorSummary_;
    QString loadingDir_; ///< the directory of the last load() started (carryTo restarts it)
    bool loadingRemember_ = false;
};
