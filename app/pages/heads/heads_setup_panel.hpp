#pragma once
// The Heads page's setup row: which model (the shipped sentiment classifier and ViT, the shipped
// stories260K Llama when present, models opened before, Open model…), which corpus (the default of the
// model's kind, or Open corpus…), how many inputs, Run / Cancel with a progress bar, and the run's status.

#include <QWidget>
#include <attn/session/page_state.hpp>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QToolButton;

class HeadsSetupPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadsSetupPanel(QWidget* parent = nullptr);

    /// The chosen model folder (absolute; empty when none).
    QString modelDirectory() const;
    /// The chosen model as a page state names it (a shipped model by its name).
    attn::session::FileRef modelRef() const;
    /// Chooses `ref` (a folder not in the list is added); Default = the shipped sentiment classifier.
    void setModel(const attn::session::FileRef& ref);
    /// Adds (or finds) `directory` in the model list and chooses it.
    void chooseModelDirectory(const QString& directory);

    /// The corpus file; empty = the model's default.
    QString corpusFile() const { return corpus_; }
    void setCorpusFile(const QString& file);
    int limit() const;
    void setLimit(int limit);

    /// Run disabled and Cancel enabled while a survey runs; the progress bar shows `fraction`.
    void setRunning(bool running);
    void setProgress(double fraction);
    void setStatus(const QString& text);
    QString statusText() const;

    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QComboBox* modelBox() const { return model_; }
    QLabel* corpusLabel() const { return corpusName_; }

Q_SIGNALS:
    void runRequested();
    void cancelRequested();
    void exportRequested(const QString& format); ///< "csv" or "json"

private:
    void openModel();
    void openCorpus();
    void refreshCorpus();

    QComboBox* model_ = nullptr;
    QLabel* corpusName_ = nullptr;
    QPushButton* openCorpus_ = nullptr;
    QToolButton* defaultCorpus_ = nullptr;
    QSpinBox* limit_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QString corpus_;
    int lastModelIndex_ = 0;
};
