#include "widgets/probability_bars.hpp"

#include "widgets/format.hpp"

#include <QVBoxLayout>
#include <qcustomplot.h>

ProbabilityBars::ProbabilityBars(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
}

void ProbabilityBars::clear() {
    values_.clear();
    plot_->clearPlottables();
    plot_->clearItems();
    plot_->replot();
}

void ProbabilityBars::setProbabilities(const std::vector<float>& p, const QStringList& labels,
                                       int predicted) {
    plot_->clearPlottables();
    plot_->clearItems();
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
        t->position->setCoords(p[static_cast<std::size_t>(i)] + 0.01, i);
        t->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        t->setText(QStringLiteral("%1%").arg(format::num(100.0 * p[static_cast<std::size_t>(i)], 1)));
        t->setClipToAxisRect(false);
    }
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRange(-0.6, n - 0.4);
    plot_->yAxis->setRangeReversed(true);
    plot_->yAxis->grid()->setVisible(false);
    plot_->xAxis->setRange(0, 1.15);
    plot_->xAxis->setLabel(tr("probability"));
    plot_->replot();
}
