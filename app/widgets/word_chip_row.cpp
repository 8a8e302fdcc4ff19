#include "widgets/word_chip_row.hpp"

#include "widgets/format.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <algorithm>

namespace {
constexpr const char* kChipBase = "border-radius: 4px; padding: 2px 6px; color: black;";
constexpr const char* kChipIndex = "attnviz_chip_index"; // a chip's position in chips_

QString chipStyle(double weight, bool strong, bool marked) {
    // A marked chip (second kind) keeps its kind when outlined: blue italic text, the outline dashed.
    return QString::fromLatin1(kChipBase).replace(
               QStringLiteral("color: black;"), marked ? QStringLiteral("color: #0b3d91; font-style: italic;")
                                                       : QStringLiteral("color: black;")) +
           QStringLiteral("background: %1; ")
               .arg(weight < 0 ? QStringLiteral("white") : format::shade(weight)) +
           (strong ? QStringLiteral("border: 2px %1 #d00000;")
                         .arg(marked ? QStringLiteral("dashed") : QStringLiteral("solid"))
                   : (marked ? QStringLiteral("border: 1px dashed #1f5fbf;")
                             : QStringLiteral("border: 1px solid #bbb;")));
}
} // namespace

WordChipRow::WordChipRow(const QString& caption, QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(caption, this);
    label->setMinimumWidth(70);
    row->addWidget(label);
    scroll_ = new QScrollArea(this);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setWidgetResizable(true);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    scroll_->viewport()->setAutoFillBackground(false);
    chipsWidget_ = new QWidget(scroll_);
    chipsWidget_->setAutoFillBackground(false);
    layout_ = new QHBoxLayout(chipsWidget_);
    layout_->setContentsMargins(0, 0, 0, 0);
    before_ = new QLabel(chipsWidget_);
    after_ = new QLabel(chipsWidget_);
    before_->hide();
    after_->hide();
    layout_->addWidget(before_);
    layout_->addWidget(after_);
    layout_->addStretch();
    scroll_->setWidget(chipsWidget_);
    // A font change (teaching mode) or new chips change the line's height: refit after each layout.
    chipsWidget_->installEventFilter(this);
    row->addWidget(scroll_, 1);
    fitHeight();
}

void WordChipRow::setWords(const QStringList& words) {
    words_ = words;
    weights_.clear();
    strong_ = -1;
    const int chips = std::min(static_cast<int>(words.size()), kMaxChips);
    while (chips_.size() > chips) {
        delete chips_.takeLast();
        styles_.removeLast();
    }
    while (chips_.size() < chips) {
        auto* chip = new QLabel(chipsWidget_);
        chip->setTextFormat(Qt::PlainText); // a token such as "<s>" or "<b>" is text, not markup
        chip->setFont(font());
        chip->setAttribute(Qt::WA_Hover, true);
        chip->installEventFilter(this);
        layout_->insertWidget(static_cast<int>(chips_.size()) + 1, chip); // after before_
        chips_ << chip;
        styles_ << QString();
    }
    // Keep the window where it was when the words only grew (the next generated token).
    showWindow(std::clamp(first_, 0, std::max(0, static_cast<int>(words.size()) - chips)));
}

void WordChipRow::setWeights(const QVector<double>& weights, int strong) {
    weights_ = weights;
    strong_ = strong;
    // The word brought into view: the outlined one, else the most weighted (a decoding step's most
    // attended source word, which may sit past the strip's right edge in a long sentence).
    int focus = strong;
    if (focus < 0) {
        double best = 0.0;
        for (int i = 0; i < weights.size() && i < static_cast<int>(words_.size()); ++i)
            if (weights[i] > best) {
                best = weights[i];
                focus = i;
            }
    }
    int first = first_;
    const int chips = static_cast<int>(chips_.size()), n = static_cast<int>(words_.size());
    if (focus >= 0 && (focus < first || focus >= first + chips)) // bring the word in
        first = std::clamp(focus - chips + std::min(16, chips / 4), 0, std::max(0, n - chips));
    showWindow(first);
    if (focus >= first_ && focus < first_ + chips) {
        // After the strip's next layout: new chips have no geometry yet.
        QPointer<QLabel> chip = chips_[focus - first_];
        QTimer::singleShot(0, this, [this, chip] {
            if (chip)
                scroll_->ensureWidgetVisible(chip, 40, 0);
        });
    }
}

void WordChipRow::setMarkedFrom(int index, const QString& tip, const QString& markedTip) {
    markedFrom_ = index;
    tip_ = tip;
    markedTip_ = markedTip;
    showWindow(first_);
}

QString WordChipRow::chipStyleOf(int word) const {
    const int chip = word - first_;
    return chip >= 0 && chip < chips_.size() ? styles_[chip] : QString();
}

QString WordChipRow::chipToolTipOf(int word) const {
    const int chip = word - first_;
    return chip >= 0 && chip < chips_.size() ? chips_[chip]->toolTip() : QString();
}

void WordChipRow::showWindow(int first) {
    first_ = first;
    const int chips = static_cast<int>(chips_.size()), n = static_cast<int>(words_.size());
    for (int i = 0; i < chips; ++i) {
        const int word = first + i;
        QLabel* chip = chips_[i];
        if (chip->text() != words_[word])
            chip->setText(words_[word]);
        chip->setProperty(kChipIndex, word);
        const double w = weights_.value(word, -1.0);
        const bool marked = markedFrom_ >= 0 && word >= markedFrom_;
        setChipStyle(i, chipStyle(w, word == strong_, marked));
        QStringList tip;
        if (markedFrom_ >= 0 && !(marked ? markedTip_ : tip_).isEmpty())
            tip << (marked ? markedTip_ : tip_);
        if (w >= 0)
            tip << tr("weight %1").arg(format::num(w, 3));
        chip->setToolTip(tip.join(QStringLiteral(" \u00b7 ")));
    }
    before_->setVisible(first > 0);
    before_->setText(tr("… %1 earlier").arg(first));
    after_->setVisible(first + chips < n);
    after_->setText(tr("%1 later …").arg(n - first - chips));
}

void WordChipRow::setChipStyle(int chip, const QString& style) {
    if (styles_[chip] == style)
        return;
    styles_[chip] = style;
    chips_[chip]->setStyleSheet(style);
}

void WordChipRow::fitHeight() {
    const QSize content = chipsWidget_->sizeHint();
    const bool bar = content.width() > scroll_->viewport()->width();
    const int height = std::max(content.height(), QFontMetrics(font()).height() + 8) +
                       (bar ? scroll_->horizontalScrollBar()->sizeHint().height() : 0);
    if (scroll_->height() != height || scroll_->minimumHeight() != height)
        scroll_->setFixedHeight(height);
}

void WordChipRow::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitHeight(); // the scroll bar comes and goes with the width
}

void WordChipRow::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        // A chip with a style sheet keeps the font it was polished with: give every chip the row's
        // font again (teaching mode), as setChipStyle skips a sheet that did not change.
        for (QLabel* chip : chips_)
            chip->setFont(font());
        before_->setFont(font());
        after_->setFont(font());
        fitHeight();
    }
}

bool WordChipRow::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (watched == chipsWidget_) {
        if (type == QEvent::LayoutRequest)
            fitHeight();
        return QWidget::eventFilter(watched, event);
    }
    // Only three event types matter, and the chip's index is a property: a row of 2,048 chips gets
    // thousands of move and resize events per layout pass, and looking each watched object up in chips_
    // made that pass quadratic.
    if (type == QEvent::Enter || type == QEvent::Leave || type == QEvent::MouseButtonPress) {
        bool ok = false;
        const int index = watched->property(kChipIndex).toInt(&ok);
        if (ok && index >= first_ && index < first_ + chips_.size() && chips_[index - first_] == watched) {
            if (type == QEvent::Enter)
                Q_EMIT chipEntered(index);
            else if (type == QEvent::Leave)
                Q_EMIT chipLeft();
            else
                Q_EMIT chipClicked(index);
        }
    }
    return QWidget::eventFilter(watched, event);
}
