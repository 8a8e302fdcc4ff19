#include "widgets/probability_bars.hpp"

#include "widgets/format.hpp"

#include <QEvent>
#include <QMouseEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace {
constexpr double kInsideFrom = 0.75; // bars longer than this carry their label inside
} // namespace

ProbabilityBars::ProbabilityBars(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
    setAxesVisible(false); // nothing to show yet: no empty 0-5 axes with a grid
    connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        if (!clickable_ || event->button() != Qt::LeftButton)
            return;
        if (const int i = barAt(plot_->mapTo(this, event->position().toPoint())); i >= 0)
            Q_EMIT barClicked(i);
    });
}

void ProbabilityBars::setClickable(bool on) {
    clickable_ = on;
    plot_->setCursor(on ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

int ProbabilityBars::barAt(const QPoint& pos) const {
    const QPoint p = plot_->mapFrom(this, pos);
    if (rows_ == 0 || !plot_->axisRect()->rect().contains(p))
        return -1;
    // The class axis is the y axis, one row per class at keys 0..n-1 (reversed: the first on top).
    const int i = static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(p.y())));
    return i >= 0 && i < rows_ ? i : -1;
}

void ProbabilityBars::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange)
        applyFont();
    QWidget::changeEvent(event);
}

void ProbabilityBars::applyFont() {
    const QFont f = font();
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setTickLabelFont(f);
        axis->setLabelFont(f);
    }
    for (int i = 0; i < plot_->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot_->item(i)))
            text->setFont(f);
    updateMinimumHeight();
    plot_->replot();
}

void ProbabilityBars::setMarked(int index) {
    marked_ = index >= 0 && index < rows_ ? index : -1;
    for (int i = plot_->itemCount() - 1; i >= 0; --i)
        if (auto* rect = qobject_cast<QCPItemRect*>(plot_->item(i)))
            plot_->removeItem(rect);
    if (marked_ >= 0) {
        auto* rect = new QCPItemRect(plot_);
        rect->topLeft->setCoords(0.0, marked_ - 0.48);
        rect->bottomRight->setCoords(1.14, marked_ + 0.48);
        rect->setPen(QPen(QColor(0xd9, 0x5f, 0x02), 2.0));
        rect->setBrush(Qt::NoBrush);
    }
    plot_->replot();
}

void ProbabilityBars::clear() {
    marked_ = -1;
    values_.clear();
    rows_ = 0;
    plot_->clearPlottables();
    plot_->clearItems();
    setAxesVisible(false);
    updateMinimumHeight();
    plot_->replot();
}

void ProbabilityBars::setAxesVisible(bool on) {
    // An axis hides its grid with it (the grid's parent layerable).
    plot_->xAxis->setVisible(on);
    plot_->yAxis->setVisible(on);
}

void ProbabilityBars::setProbabilities(const std::vector<float>& p, const QStringList& labels,
                                       int predicted) {
    plot_->clearPlottables();
    plot_->clearItems();
    marked_ = -1;
    values_.assign(p.begin(), p.end());
    const int n = static_cast<int>(p.size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, values, predKey, predValue;
    for (int i = 0; i < n; ++i) {
        ticker->addTick(i, labels.value(i, QString::number(i)));
        if (i == predicted) {
            predKey << i;
            predValue << p[static_cast<std::size_t>(i)];
        } else {
            keys << i;
            values << p[static_cast<std::size_t>(i)];
        }
    }
    auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);
    bars->setData(keys, values, true);
    bars->setWidth(0.7);
    bars->setPen(Qt::NoPen);
    bars->setBrush(QColor(0x7f, 0x9c, 0xc0));
    auto* pred = new QCPBars(plot_->yAxis, plot_->xAxis);
    pred->setData(predKey, predValue, true);
    pred->setWidth(0.7);
    pred->setPen(Qt::NoPen);
    pred->setBrush(QColor(0x1f, 0x5a, 0xa6));
    for (int i = 0; i < n; ++i) {
        auto* t = new QCPItemText(plot_);
        // A long bar carries its label inside (white), so that "99.9%" is not cut at the plot's edge
        // when the text is large (teaching mode).
        const double v = p[static_cast<std::size_t>(i)];
        const bool inside = v > kInsideFrom;
        t->position->setCoords(inside ? v - 0.01 : v + 0.01, i);
        t->setPositionAlignment((inside ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        if (inside)
            t->setColor(Qt::white);
        t->setText(QStringLiteral("%1%").arg(format::num(100.0 * p[static_cast<std::size_t>(i)], 1)));
        t->setClipToAxisRect(false);
        t->setFont(font());
    }
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRange(-0.6, n - 0.4);
    plot_->yAxis->setRangeReversed(true);
    plot_->yAxis->grid()->setVisible(false);
    plot_->xAxis->setRange(0, 1.15);
    plot_->xAxis->setLabel(tr("probability"));
    rows_ = n;
    setAxesVisible(true);
    updateMinimumHeight();
    plot_->replot();
}

void ProbabilityBars::updateMinimumHeight() {
    // One text line per bar plus the axis, its tick labels and title: labels must not overlap at any
    // font size (ten classes in teaching mode drew "Trouser" over "Pullover").
    const int line = QFontMetrics(font()).height();
    // Per bar a line and 2 px; below them the x tick labels and title, and the plot's margins.
    setMinimumHeight(std::max(baseMinimumHeight_, rows_ * (line + 2) + 4 * line));
}

void ProbabilityBars::setBaseMinimumHeight(int pixels) {
    baseMinimumHeight_ = pixels;
    updateMinimumHeight();
}
