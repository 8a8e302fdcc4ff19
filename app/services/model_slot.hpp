#pragma once
// ModelSlot: the model a page works with, whichever family its folder holds (attnviz's own checkpoints,
// Hugging Face directories): the page names the capability it needs (a text classifier, a translator, a
// causal language model, …) and takes it from handle(). Loading runs in a JobRunner (off the GUI thread)
// with progress; a newer load supersedes an older one. A load that fails — unreadable files, a broken
// safetensors file, or a model without the capability the page needs (refused before its weights are
// read) — leaves the previous model in place and reports failed(message). Directories the user opened
// successfully are kept in a recent list in QSettings("attnviz", "attnviz") under
// "models/<settingsKey>/recent". Every page uses this one slot (and widgets/model_bar.hpp).

#include "services/job_runner.hpp"
#include "services/model_handle.hpp"
#include "services/models_in_memory.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <attn/open_model.hpp>
#include <attn/session/page_state.hpp>
#include <memory>

class ModelSlot : public QObject {
    Q_OBJECT
public:
    /// `required`: the capability the page needs. `settingsKey`: e.g. "sentiment" (per page/slot).
    ModelSlot(attn::Capability required, const QString& settingsKey, QObject* parent = nullptr);

    attn::Capability requiredCapability() const { return required_; }
    QString settingsKey() const { return settingsKey_; }

    /// True once a load succeeded.
    bool hasModel() const { return !model_.empty(); }
    /// The current model's capabilities (empty until a load succeeded).
    const ModelHandle& handle() const { return model_; }
    std::shared_ptr<const attn::TextClassifier> textClassifier() const { return model_.textClassifier; }
    std::shared_ptr<const attn::ImageClassifier> imageClassifier() const { return model_.imageClassifier; }
    std::shared_ptr<const attn::Seq2SeqModel> translator() const { return model_.translator; }
    std::shared_ptr<const attn::hf::CausalLm> causalLm() const { return model_.causalLm; }
    std::shared_ptr<const attn::TracedTextEncoder> tracedTextEncoder() const {
        return model_.tracedTextEncoder;
    }
    /// Directory of the current model (empty when none).
    QString directory() const { return directory_; }
    /// Short name for a model bar: the directory's base name (empty when none).
    QString displayName() const;
    /// What the folder holds: attnviz's architecture or the Hugging Face model_type ("llama").
    QString familyName() const { return QString::fromStdString(model_.kind.family); }
    /// Warnings the reader reported for the current model.
    QStringList warnings() const { return warnings_; }
    /// The message of the last failed load (cleared by a successful one): the reader's technical text.
    QString lastError() const { return lastError_; }
    /// The same failure in plain words (services/load_error.hpp), e.g. "This folder holds a vision model
    /// (ViT), not an attnviz sentiment model."; empty when there is none.
    QString lastErrorSummary() const { return lastErrorSummary_; }
    /// What a page's banner shows: the plain sentence, then the technical message on the next line.
    QString lastErrorExplained() const;
    bool isLoading() const { return runner_.isBusy(); }
    /// Same as isLoading(): the busy/idle contract that waitUntilIdle (services/wait.hpp) waits on.
    bool isBusy() const { return runner_.isBusy(); }

    /// Loads `dir` in the background (config.json is read once: a model of another architecture is
    /// refused before its weights are read). With `remember`, a successful load puts it first in the
    /// recent list.
    void load(const QString& dir, bool remember = true);
    /// Makes an already loaded model current (as a successful load of `dir` would, not remembered).
    /// A model without the required capability is refused like a load: failed(message), returns false.
    bool setModel(const ModelHandle& model, const QString& dir, const QStringList& warnings = {});
    /// Loads the shipped model resources/models/<name> (not remembered). When that directory does not
    /// exist, reports failed("No default model found at <dir>; use Open model…") and returns false.
    bool loadDefault(const QString& name);
    /// Drops the running load, if any (neither changed() nor failed() follows for it).
    void cancel() { runner_.cancel(); }
    /// The model as a page state names it: a shipped model by its name, any other by its directory, the
    /// directory being loaded while a load runs; Default when the slot is empty.
    attn::session::FileRef reference() const;
    /// Makes `ref` current: a model in `inMemory` is taken from there (not read again), the current one
    /// stays, any other is loaded in the background. A missing folder is refused like a failed load
    /// (failed(message), the previous model stays; the page's start() then loads its default into an
    /// empty slot). Default does nothing.
    void restore(const attn::session::FileRef& ref, const ModelsInMemory& inMemory);
    /// This slot's model for ModelsInMemory (nothing when empty).
    void addTo(ModelsInMemory& inMemory) const;

    /// Recently opened directories, newest first (at most kMaxRecent).
    QStringList recent() const;
    void clearRecent();
    static constexpr int kMaxRecent = 8;

Q_SIGNALS:
    void loadingStarted(const QString& dir);
    /// A load started (true) or the last running one came back (false).
    void busyChanged(bool busy);
    void progress(double fraction);
    /// model() was replaced.
    void changed();
    /// A load failed; the previous model (if any) is still current.
    void failed(const QString& message);
    void recentChanged();

private:
    struct Loaded {
        ModelHandle model;
        QStringList warnings;
    };
    void remember(const QString& dir);
    QString recentKey() const;

    attn::Capability required_;
    QString settingsKey_;
    JobRunner runner_;
    ModelHandle model_;
    QString directory_;
    QStringList warnings_;
    QString lastError_;
    QString lastErrorSummary_;
    QString loadingDir_; ///< the directory of the last load() started (reference() names it while it runs)
    bool loadingRemember_ = false;
};
