#include "pages/generate/decoder_bar.hpp"

#include "pages/generate/decoder_slot.hpp"
#include "widgets/model_bar.hpp"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QUrl>

DecoderBar::DecoderBar(DecoderSlot* slot, QWidget* parent) : QWidget(parent), slot_(slot) {
    setAcceptDrops(true);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    name_ = new QLabel(this);
    name_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = name_->font();
    bold.setBold(true);
    name_->setFont(bold);
    open_ = new QPushButton(tr("Open model…"), this);
    open_->setToolTip(tr("Choose a Hugging Face language-model directory (gpt2 or llama: config.json + "
                         "model.safetensors, tokenizer files optional). You can also drop it on this bar."));
    recent_ = new QToolButton(this);
    recent_->setText(tr("Recent"));
    recent_->setPopupMode(QToolButton::InstantPopup);
    recentMenu_ = new QMenu(recent_);
    recent_->setMenu(recentMenu_);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 0); // a Hugging Face load reports no fraction: busy indicator
    progress_->setMaximumWidth(140);
    progress_->hide();
    row->addWidget(new QLabel(tr("Model:"), this));
    row->addWidget(name_);
    row->addWidget(progress_);
    row->addWidget(open_);
    row->addWidget(recent_);
    row->addStretch();

    connect(open_, &QPushButton::clicked, this, [this] {
        QString start = slot_->directory();
        if (start.isEmpty() && !slot_->recent().isEmpty())
            start = slot_->recent().first();
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open language model"), start);
        if (!dir.isEmpty())
            slot_->load(dir);
    });
    connect(recentMenu_, &QMenu::aboutToShow, this, &DecoderBar::rebuildRecentMenu);
    connect(slot_, &DecoderSlot::changed, this, &DecoderBar::refresh);
    connect(slot_, &DecoderSlot::failed, this, &DecoderBar::refresh);
    connect(slot_, &DecoderSlot::recentChanged, this, &DecoderBar::refresh);
    connect(slot_, &DecoderSlot::busyChanged, this, &DecoderBar::refresh);
    refresh();
}

QString DecoderBar::nameText() const {
    return name_->text();
}

void DecoderBar::refresh() {
    progress_->setVisible(slot_->isLoading());
    if (slot_->model()) {
        name_->setText(QStringLiteral("%1 (%2)").arg(slot_->displayName(),
                                                     QString::fromStdString(slot_->model()->modelType())));
        name_->setToolTip(QDir::toNativeSeparators(slot_->directory()));
    } else {
        name_->setText(slot_->isLoading() ? tr("loading…") : tr("(none)"));
        name_->setToolTip({});
    }
    recent_->setEnabled(!slot_->recent().isEmpty());
}

void DecoderBar::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList dirs = slot_->recent();
    for (const QString& dir : dirs)
        connect(recentMenu_->addAction(QDir::toNativeSeparators(dir)), &QAction::triggered, this,
                [this, dir] { slot_->load(dir); });
    if (!dirs.isEmpty()) {
        recentMenu_->addSeparator();
        connect(recentMenu_->addAction(tr("Clear list")), &QAction::triggered, slot_,
                &DecoderSlot::clearRecent);
    }
}

void DecoderBar::dragEnterEvent(QDragEnterEvent* event) {
    const QMimeData* mime = event->mimeData();
    if (mime && mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile())
        event->acceptProposedAction();
}

bool DecoderBar::loadDropped(const QMimeData* mime) {
    if (!mime || !mime->hasUrls() || mime->urls().isEmpty())
        return false;
    const QString dir = ModelBar::directoryForDrop(mime->urls().first().toLocalFile());
    if (dir.isEmpty())
        return false;
    slot_->load(dir);
    return true;
}

void DecoderBar::dropEvent(QDropEvent* event) {
    if (loadDropped(event->mimeData()))
        event->acceptProposedAction();
}
