#pragma once
// ModelBar: "Model: <name>  [Open model…] [Recent ▾]" for one ModelSlot, plus a progress bar while a
// load runs. A checkpoint directory (or a file inside one) dropped on the bar is loaded.

#include <QWidget>

class ModelSlot;
class QLabel;
class QMenu;
class QMimeData;
class QProgressBar;
class QPushButton;
class QToolButton;

class ModelBar : public QWidget {
    Q_OBJECT
public:
    /// `caption` precedes the name, e.g. "Model:" or "Baseline (no attention):".
    ModelBar(ModelSlot* slot, const QString& caption, QWidget* parent = nullptr);

    ModelSlot* modelSlot() const { return slot_; }
    /// The text shown for the model (for tests).
    QString nameText() const;
    QPushButton* openButton() const { return open_; }
    QToolButton* recentButton() const { return recent_; }

    /// The checkpoint directory a drop of `path` means: the path itself when it is a directory,
    /// else the file's directory. Empty when neither exists.
    static QString directoryForDrop(const QString& path);
    /// What a drop does: loads the directory of the first local URL (a file inside it counts).
    /// False when `mime` names no existing local path.
    bool loadDropped(const QMimeData* mime);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void refresh();
    void rebuildRecentMenu();
    void chooseDirectory();

    ModelSlot* slot_;
    QLabel* caption_ = nullptr;
    QLabel* name_ = nullptr;
    QPushButton* open_ = nullptr;
    QToolButton* recent_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QProgressBar* progress_ = nullptr;
};
