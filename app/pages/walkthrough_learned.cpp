// WalkthroughPage: the learned projection (the shipped pronoun head, read in the background) and the
// toy example's 2-D plot (split from walkthrough_page.cpp).
#include "pages/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/hf_classifiers.hpp"
#include "services/job_runner.hpp"
#include "services/resource_paths.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QSpinBox>
#include <QStandardItemModel>
#include <qcustomplot.h>

void WalkthroughPage::start() {
    // The learned projection is the pronoun head trained for "who is she?" (training/train_pronoun_head.py).
    if (!learned_ && !learnedRunner_->isBusy() &&
        QFileInfo(shippedModelDir(QStringLiteral("pronoun-head")) + QStringLiteral("/model.safetensors"))
            .exists())
        loadLearnedProjections(shippedModelDir(QStringLiteral("pronoun-head")));
}

void WalkthroughPage::loadLearnedProjections(const QString& dir) {
    // Reading the checkpoint takes a moment: off the GUI thread.
    learnedRunner_->run<attn::LearnedProjections>(
        [path = dir.toStdString()](const JobContext&) { return readWalkthroughProjections(path); },
        [this](attn::LearnedProjections result) {
            learned_ = std::move(result);
            learnedError_.clear();
            updateLearnedAvailability();
        },
        [this, dir](const QString& message) {
            // Shown as the tooltip of the disabled "learned" option and in the status bar.
            learnedError_ = tr("Could not read the learned projections from %1: %2").arg(dir, message);
            updateLearnedAvailability();
            Q_EMIT statusMessage(learnedError_);
        });
}

void WalkthroughPage::setLearnedHead(int head) {
    head_->setValue(head + 1);
}

void WalkthroughPage::updateLearnedAvailability() {
    auto* model = qobject_cast<QStandardItemModel*>(projection_->model());
    QStandardItem* item = model ? model->item(2) : nullptr;
    if (!item)
        return;
    const auto vectors = store_ ? store_->current() : nullptr;
    const bool fits = learned_ && vectors && static_cast<std::size_t>(learned_->dModel) == vectors->dim();
    item->setEnabled(fits);
    if (learned_) {
        head_->setRange(1, static_cast<int>(learned_->heads.size()));
        // The combo names the checkpoint behind the learned projection.
        item->setText(tr("learned: %1").arg(learnedProjectionName(*learned_)));
        item->setToolTip(
            fits ? tr("Wq, Wk, Wv from %1 (%2, d = %3, %4 dimensions per head), applied to the word "
                      "vectors%5.")
                       .arg(QString::fromStdString(learned_->source),
                            QString::fromStdString(learned_->architecture))
                       .arg(learned_->dModel)
                       .arg(learned_->headDim)
                       .arg(learned_->positionalEncoding ? tr(" + the sinusoidal positional encoding")
                                                         : tr(" without positions"))
                 : tr("The checkpoint's width (%1) differs from the word vectors' dimension.")
                       .arg(learned_->dModel));
    } else {
        item->setText(tr("learned (no checkpoint)"));
        item->setToolTip(
            learnedError_.isEmpty()
                ? tr("Needs an attention_head checkpoint (the shipped pronoun-head) or a classifier whose "
                     "first attention layer's width equals the word-vector dimension (d = 100).")
                : learnedError_);
    }
    if (!fits && projection_->currentIndex() == 2)
        projection_->setCurrentIndex(0);
}

void WalkthroughPage::updateToyPlot() {
    toyPlot_->clearItems();
    if (!toy_)
        return;
    const QColor colors[] = {QColor(0x44, 0x01, 0x54), QColor(0x21, 0x91, 0x8c), QColor(0xe0, 0x7b, 0x00)};
    int n = 0;
    for (const auto& [word, v] : toyVectors_) {
        auto* arrow = new QCPItemLine(toyPlot_);
        arrow->start->setCoords(0, 0);
        arrow->end->setCoords(v[0], v[1]);
        arrow->setHead(QCPLineEnding::esSpikeArrow);
        arrow->setPen(QPen(colors[n % 3], 2.5));
        auto* label = new QCPItemText(toyPlot_);
        // Arrows that lie almost flat get their label below the tip, so that she/improve don't collide.
        const bool below = v[1] < 0.05f;
        label->position->setCoords(v[0] + 0.04, below ? v[1] - 0.04 : v[1] + 0.06);
        label->setText(QStringLiteral("%1 (%2, %3)")
                           .arg(QString::fromStdString(word))
                           .arg(v[0], 0, 'f', 1)
                           .arg(v[1], 0, 'f', 1));
        label->setColor(colors[n % 3]);
        QFont f = label->font();
        f.setPointSizeF(f.pointSizeF() * 1.1);
        f.setBold(true);
        label->setFont(f);
        label->setPositionAlignment(Qt::AlignLeft | (below ? Qt::AlignTop : Qt::AlignBottom));
        ++n;
    }
    auto* caption = new QCPItemText(toyPlot_);
    caption->position->setType(QCPItemPosition::ptAxisRectRatio);
    caption->position->setCoords(0.98, 0.02);
    caption->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    caption->setText(QStringLiteral("she · improve = 0.90\nshe · the = 0.20"));
    caption->setTextAlignment(Qt::AlignRight);
    toyPlot_->replot();
}
