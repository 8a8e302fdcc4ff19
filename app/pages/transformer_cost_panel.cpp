#include "pages/transformer_cost_panel.hpp"

#include "widgets/explanation.hpp"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

TransformerCostPanel::TransformerCostPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    measure_ = new QPushButton(tr("Measure again"), this);
    status_ = new QLabel(this);
    top->addWidget(measure_);
    top->addWidget(status_, 1);
    outer->addLayout(top);
    auto* row = new QHBoxLayout;
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(320, 240);
    auto logTicker = QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setTicker(logTicker);
    }
    plot_->xAxis->setLabel(tr("sentence length n (tokens)"));
    plot_->yAxis->setLabel(tr("time of one layer (ms)"));
    plot_->legend->setVisible(true);
    // Bottom right: all three lines rise from the bottom left to the top right (the references are drawn
    // through the longest measurement), so that corner is empty; at the top left the legend hid "∝ n".
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    row->addWidget(plot_, 3);
    table_ = new QLabel(this);
    table_->setTextFormat(Qt::RichText);
    table_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    row->addWidget(table_, 2);
    outer->addLayout(row, 1);
    auto* note =
        new QLabel(tr("Double the sentence, four times the scores: every token scores every other, so "
                      "attention's work grows like n² while the projections and the FFN grow like n."),
                   this);
    note->setWordWrap(true);
    explanation::mark(note);
    outer->addWidget(note);
    connect(measure_, &QPushButton::clicked, this, &TransformerCostPanel::measureRequested);
}

void TransformerCostPanel::setRunning(bool running, double fraction) {
    measure_->setEnabled(!running);
    status_->setText(running ? tr("Measuring in the background… %1%").arg(int(std::lround(fraction * 100)))
                             : QString());
}

void TransformerCostPanel::setTeachingMode(bool on, double zoom) {
    // The table grows with the page's text (Page::setTeachingMode); the plot sizes its own.
    QFont pf = QApplication::font();
    pf.setPointSizeF((on ? 14.0 : pf.pointSizeF()) * zoom);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setLabelFont(pf);
        a->setTickLabelFont(pf);
    }
    plot_->legend->setFont(pf);
    plot_->replot();
}

QString TransformerCostPanel::tableText() const {
    return table_->text();
}

void TransformerCostPanel::setCost(const attn::AttentionCost& cost, int layer) {
    cost_ = cost;
    plot_->clearGraphs();
    if (cost.points.empty()) {
        table_->clear();
        plot_->replot();
        return;
    }
    QVector<double> n, ms, quad, lin;
    for (const auto& p : cost.points) {
        n << p.length;
        ms << p.seconds * 1000.0;
    }
    // Reference lines through the longest measured point: a slope of 2 and a slope of 1 on log–log axes.
    const double n0 = n.back(), t0 = ms.back();
    for (double x : n) {
        quad << t0 * (x / n0) * (x / n0);
        lin << t0 * (x / n0);
    }
    auto* measured = plot_->addGraph();
    measured->setName(tr("measured (layer %1)").arg(layer + 1));
    measured->setData(n, ms);
    measured->setPen(QPen(QColor(200, 80, 0), 2));
    measured->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
    auto* g2 = plot_->addGraph();
    g2->setName(tr("∝ n²"));
    g2->setData(n, quad);
    g2->setPen(QPen(QColor(60, 60, 160), 1.5, Qt::DashLine));
    auto* g1 = plot_->addGraph();
    g1->setName(tr("∝ n"));
    g1->setData(n, lin);
    g1->setPen(QPen(QColor(60, 140, 60), 1.5, Qt::DotLine));
    plot_->rescaleAxes();
    plot_->xAxis->setRange(n.front() / 1.3, n.back() * 1.3);
    double lo = ms.front(), hi = ms.back();
    for (const auto& v : {ms, quad, lin})
        for (double y : v)
            lo = std::min(lo, y), hi = std::max(hi, y);
    plot_->yAxis->setRange(lo / 1.5, hi * 1.5);
    plot_->replot();
    QString html = tr("<table cellspacing=6><tr><th align=right>n</th><th align=right>scores (h·n²)</th>"
                      "<th align=right>ms</th></tr>");
    for (const auto& p : cost.points)
        html +=
            QStringLiteral("<tr><td align=right>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                .arg(p.length)
                .arg(QLocale().toString(static_cast<qlonglong>(p.scores)))
                .arg(p.seconds * 1000.0, 0, 'f', 3);
    html += QStringLiteral("</table>");
    if (cost.cancelled)
        html += tr("<p>Measurement stopped early.</p>");
    table_->setText(html);
}
