#pragma once
// DecoderBar: "Model: <name>  [Open model…] [Recent ▾]" for a DecoderSlot, with a progress bar while a
// load runs; a Hugging Face directory (or a file inside one) dropped on the bar is loaded. The same
// behaviour as ModelBar, which is bound to ModelSlot (attnviz checkpoints).

#include <QWidget>

class DecoderSlot;
class QLabel;
class QMenu;
class QMimeData;
class QProgressBar;
class QPushButton;
class QToolButton;

class DecoderBar : public QWidget {
    Q_OBJECT
public:
    DecoderBar(DecoderSlot* slot, QWidget* parent = nullptr);
    QString nameText() const;
    QPushButton* openButton() const { return open_; }
    /// What a drop does: loads the directory of the first local URL (a file inside it counts).
    /// False when `mime` names no existing local path.
    bool loadDropped(const QMimeData* mime);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void refresh();
    void rebuildRecentMenu();

    DecoderSlot* slot_;
    QLabel* name_ = nullptr;
    QPushButton* open_ = nullptr;
    QToolButton* recent_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QProgressBar* progress_ = nullptr;
};
