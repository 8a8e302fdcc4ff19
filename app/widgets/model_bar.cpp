#include "widgets/model_bar.hpp"

#include "services/model_slot.hpp"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QUrl>
#include <attn/model_name.hpp>

ModelBar::ModelBar(ModelSlot* slot, const QString& caption, QWidget* parent) : QWidget(parent), slot_(slot) {
    setAcceptDrops(true);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    caption_ = new QLabel(caption, this);
    name_ = new QLabel(this);
    name_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = name_->font();
    bold.setBold(true);
    name_->setFont(bold);
    open_ = new QPushButton(tr("Open model…"), this);
    open_->setToolTip(tr("Choose a checkpoint directory (config.json + model.safetensors + vocabulary). "
                         "You can also drop a directory on this bar."));
    recent_ = new QToolButton(this);
    recent_->setText(tr("Recent"));
    recent_->setPopupMode(QToolButton::InstantPopup);
    recentMenu_ = new QMenu(recent_);
    recent_->setMenu(recentMenu_);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(140);
    progress_->setTextVisible(true);
    progress_->hide();

    row->addWidget(caption_);
    row->addWidget(name_);
    row->addWidget(progress_);
    row->addWidget(open_);
    row->addWidget(recent_);
    row->addStretch();

    connect(open_, &QPushButton::clicked, this, &ModelBar::chooseDirectory);
    connect(recentMenu_, &QMenu::aboutToShow, this, &ModelBar::rebuildRecentMenu);
    connect(slot_, &ModelSlot::changed, this, &ModelBar::refresh);
    connect(slot_, &ModelSlot::failed, this, &ModelBar::refresh);
    connect(slot_, &ModelSlot::recentChanged, this, &ModelBar::refresh);
    connect(slot_, &ModelSlot::loadingStarted, this, [this](const QString&) {
        progress_->setValue(0);
        progress_->show();
    });
    connect(slot_, &ModelSlot::progress, this,
            [this](double f) { progress_->setValue(static_cast<int>(f * 100.0 + 0.5)); });
    refresh();
}

QString ModelBar::nameText() const {
    return name_->text();
}

void ModelBar::refresh() {
    progress_->setVisible(slot_->isLoading());
    if (slot_->hasModel()) {
        // A Hugging Face folder says what it holds (its folder name may be anything, "hf" or "model"):
        // the model's own name (core's attn::modelName: config.json, its card, a meaningful folder).
        name_->setText(slot_->handle().kind.huggingFace
                           ? QStringLiteral("%1 (%2)").arg(
                                 QString::fromStdString(attn::modelName(slot_->directory().toStdString())),
                                 slot_->familyName())
                           : slot_->displayName());
        name_->setToolTip(QDir::toNativeSeparators(slot_->directory()));
    } else {
        name_->setText(slot_->isLoading() ? tr("loading…") : tr("(none)"));
        name_->setToolTip({});
    }
    recent_->setEnabled(!slot_->recent().isEmpty());
}

void ModelBar::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList dirs = slot_->recent();
    for (const QString& dir : dirs) {
        QAction* a = recentMenu_->addAction(QDir::toNativeSeparators(dir));
        connect(a, &QAction::triggered, this, [this, dir] { slot_->load(dir); });
    }
    if (!dirs.isEmpty()) {
        recentMenu_->addSeparator();
        connect(recentMenu_->addAction(tr("Clear list")), &QAction::triggered, slot_,
                &ModelSlot::clearRecent);
    }
}

void ModelBar::chooseDirectory() {
    QString start = slot_->directory();
    if (start.isEmpty() && !slot_->recent().isEmpty())
        start = slot_->recent().first();
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Open model (checkpoint directory)"), start);
    if (!dir.isEmpty())
        slot_->load(dir);
}

QString ModelBar::directoryForDrop(const QString& path) {
    const QFileInfo info(path);
    if (info.isDir())
        return info.absoluteFilePath();
    if (info.isFile())
        return info.absolutePath();
    return {};
}

void ModelBar::dragEnterEvent(QDragEnterEvent* event) {
    const QMimeData* mime = event->mimeData();
    if (mime && mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile())
        event->acceptProposedAction();
}

bool ModelBar::loadDropped(const QMimeData* mime) {
    if (!mime || !mime->hasUrls() || mime->urls().isEmpty())
        return false;
    const QString dir = directoryForDrop(mime->urls().first().toLocalFile());
    if (dir.isEmpty())
        return false;
    slot_->load(dir);
    return true;
}

void ModelBar::dropEvent(QDropEvent* event) {
    if (loadDropped(event->mimeData()))
        event->acceptProposedAction();
}
