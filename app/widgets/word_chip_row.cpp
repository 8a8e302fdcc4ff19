#include "widgets/word_chip_row.hpp"

#include "widgets/format.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

namespace {
constexpr const char* kChipBase = "border-radius: 4px; padding: 2px 6px; color: black;";
}

WordChipRow::WordChipRow(const QString& caption, QWidget* parent) : QWidget(parent) {
    layout_ = new QHBoxLayout(this);
    layout_->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(caption, this);
    label->setMinimumWidth(70);
    layout_->addWidget(label);
    layout_->addStretch();
}

void WordChipRow::setWords(const QStringList& words) {
    qDeleteAll(chips_);
    chips_.clear();
    weights_.clear();
    delete layout_->takeAt(layout_->count() - 1); // the stretch
    for (int i = 0; i < words.size(); ++i) {
        auto* chip = new QLabel(words[i], this);
        chip->setStyleSheet(QString::fromLatin1(kChipBase) +
                            QStringLiteral("background: white; border: 1px solid #bbb;"));
        chip->setAttribute(Qt::WA_Hover, true);
        chip->installEventFilter(this);
        layout_->addWidget(chip);
        chips_ << chip;
    }
    layout_->addStretch();
}

void WordChipRow::setWeights(const QVector<double>& weights, int strong) {
    weights_ = weights;
    for (int i = 0; i < chips_.size(); ++i) {
        const double w = weights.value(i, -1.0);
        const QString border = i == strong ? QStringLiteral("border: 2px solid #d00000;")
                                           : QStringLiteral("border: 1px solid #bbb;");
        chips_[i]->setStyleSheet(
            QString::fromLatin1(kChipBase) +
            QStringLiteral("background: %1; ").arg(w < 0 ? QStringLiteral("white") : format::shade(w)) +
            border);
        chips_[i]->setToolTip(w < 0 ? QString() : tr("weight %1").arg(format::num(w, 3)));
    }
}

bool WordChipRow::eventFilter(QObject* watched, QEvent* event) {
    const int index = chips_.indexOf(qobject_cast<QLabel*>(watched));
    if (index >= 0) {
        if (event->type() == QEvent::Enter)
            Q_EMIT chipEntered(index);
        else if (event->type() == QEvent::Leave)
            Q_EMIT chipLeft();
        else if (event->type() == QEvent::MouseButtonPress)
            Q_EMIT chipClicked(index);
    }
    return QWidget::eventFilter(watched, event);
}
