#include "pages/transformer/transformer_cost_panel.hpp"

#include "widgets/explanation.hpp"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <qcustomplot.h>

namespace {

QString ms(double seconds) {
    return TransformerCostPanel::milliseconds(seconds);
}
QString ratio(double a, double b) {
    return b > 0 && std::isfinite(a / b) ? QString::number(a / b, 'f', a / b >= 10 ? 0 : 1)
                                         : QStringLiteral("–");
}
QString thousands(std::uint64_t n) {
    return QString::fromStdString(attn::withThousands(n));
}
QString bytes(std::uint64_t b) {
    return QString::fromStdString(attn::formatBytes(b));
}

} // namespace

QString TransformerCostPanel::milliseconds(double seconds) {
    const double v = seconds * 1000.0;
    if (!std::isfinite(v) || v <= 0)
        return QStringLiteral("–");
    const int decimals = std::clamp(2 - static_cast<int>(std::floor(std::log10(v))), 0, 5);
    return QString::number(v, 'f', decimals);
}

TransformerCostPanel::TransformerCostPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    measure_ = new QPushButton(tr("Measure again"), this);
    stop_ = new QPushButton(tr("Stop"), this);
    stop_->setEnabled(false);
    status_ = new QLabel(this);
    top->addWidget(measure_);
    top->addWidget(stop_);
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
    plot_->yAxis->setLabel(tr("time, one thread (ms)"));
    plot_->legend->setVisible(true);
    // Top left: every line rises from the bottom left to the top right, so that corner stays empty.
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    row->addWidget(plot_, 1);
    auto* side = new QVBoxLayout;
    for (QLabel** l : {&summary_, &comparison_, &reading_}) {
        *l = new QLabel(this);
        (*l)->setTextFormat(Qt::RichText);
        (*l)->setWordWrap(true);
        (*l)->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        side->addWidget(*l);
    }
    side->addStretch(1);
    row->addLayout(side, 1);
    outer->addLayout(row, 1);
    teaching_ = new QLabel(this);
    teaching_->setWordWrap(true);
    teaching_->setTextFormat(Qt::RichText);
    explanation::mark(teaching_);
    outer->addWidget(teaching_);
    connect(measure_, &QPushButton::clicked, this, &TransformerCostPanel::measureRequested);
    connect(stop_, &QPushButton::clicked, this, &TransformerCostPanel::stopRequested);
    showTexts();
}

void TransformerCostPanel::setRunning(bool running, double fraction) {
    measure_->setEnabled(!running);
    stop_->setEnabled(running);
    status_->setText(running ? tr("Measuring in the background… %1%").arg(int(std::lround(fraction * 100)))
                             : QString());
}

void TransformerCostPanel::setTeachingMode(bool on, double zoom) {
    // The labels grow with the page's text (Page::setTeachingMode); the plot sizes its own.
    QFont pf = QApplication::font();
    pf.setPointSizeF((on ? 13.0 : pf.pointSizeF()) * zoom);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setLabelFont(pf);
        a->setTickLabelFont(pf);
    }
    plot_->legend->setFont(pf);
    plot_->replot();
}

QString TransformerCostPanel::tableText() const {
    return table_;
}
QString TransformerCostPanel::summaryText() const {
    return summary_->text();
}
QString TransformerCostPanel::comparisonText() const {
    return comparison_->text();
}
QString TransformerCostPanel::readingText() const {
    return reading_->text();
}
QString TransformerCostPanel::teachingText() const {
    return teaching_->text();
}

void TransformerCostPanel::setCost(const attn::AttentionCost& cost, int layer) {
    TransformerCostMeasurement m;
    m.cost = cost;
    setMeasurement(m, layer);
}

void TransformerCostPanel::setMeasurement(const TransformerCostMeasurement& m, int layer) {
    measurement_ = m;
    layer_ = layer;
    showPlot();
    showTexts();
}

void TransformerCostPanel::showPlot() {
    const auto& cost = measurement_.cost;
    plot_->clearGraphs();
    if (cost.points.empty()) {
        plot_->replot();
        return;
    }
    QVector<double> n, score, linear, quad, lin;
    for (const auto& p : cost.points) {
        n << p.length;
        score << p.scoreSeconds * 1000.0;
        linear << p.linearSeconds * 1000.0;
    }
    // Reference lines through each part's longest measurement: slope 2 for the scores, 1 for the rest.
    const double n0 = n.back();
    for (double x : n) {
        quad << score.back() * (x / n0) * (x / n0);
        lin << linear.back() * (x / n0);
    }
    auto slope = [](const attn::PowerLawFit& f) {
        return f.valid() ? QString::number(f.slope, 'f', 2) : QStringLiteral("–");
    };
    auto add = [this](const QString& name, const QVector<double>& x, const QVector<double>& y, QPen pen,
                      bool dots) {
        auto* g = plot_->addGraph();
        g->setName(name);
        g->setData(x, y);
        g->setPen(pen);
        if (dots)
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
    };
    add(tr("scores + softmax: slope %1").arg(slope(cost.scoreFit)), n, score, QPen(QColor(200, 80, 0), 2),
        true);
    add(tr("projections + FFN: slope %1").arg(slope(cost.linearFit)), n, linear, QPen(QColor(30, 90, 190), 2),
        true);
    add(tr("∝ n²"), n, quad, QPen(QColor(200, 80, 0), 1.2, Qt::DashLine), false);
    add(tr("∝ n"), n, lin, QPen(QColor(30, 90, 190), 1.2, Qt::DotLine), false);
    plot_->xAxis->setRange(n.front() / 1.4, n.back() * 1.4);
    double lo = score.front(), hi = score.back();
    for (const auto& v : {score, linear, quad, lin})
        for (double y : v)
            if (y > 0)
                lo = std::min(lo, y), hi = std::max(hi, y);
    // Room above the lines for the legend in the top left corner.
    plot_->yAxis->setRange(lo / 2, hi * 40);
    plot_->replot();
}

void TransformerCostPanel::showTexts() {
    const auto& cost = measurement_.cost;
    // The per-length numbers (the plot's tooltip and the export).
    table_ = tr("<table cellspacing=4><tr><th align=right>n</th><th align=right>scores (h·n²)</th>"
                "<th align=right>scores + softmax (ms)</th><th align=right>projections + FFN (ms)</th>"
                "<th align=right>maps</th></tr>");
    for (const auto& p : cost.points)
        table_ += QStringLiteral("<tr><td align=right>%1</td><td align=right>%2</td><td align=right>%3</td>"
                                 "<td align=right>%4</td><td align=right>%5</td></tr>")
                      .arg(thousands(std::uint64_t(p.length)), thousands(std::uint64_t(p.scores)),
                           ms(p.scoreSeconds), ms(p.linearSeconds), bytes(p.mapBytes));
    table_ += QStringLiteral("</table>");
    plot_->setToolTip(cost.points.empty() ? QString() : table_);

    QStringList summary;
    if (!cost.points.empty()) {
        const auto& f = cost.scoreFit;
        if (f.valid() && cost.linearFit.valid())
            summary << tr("<b>Slopes</b> over n = %1 … %2 (least squares on log–log axes): scores + softmax "
                          "<b>%3</b> (∝ n² would be 2), projections + FFN <b>%4</b> (∝ n would be 1).")
                           .arg(thousands(std::uint64_t(f.fromLength)), thousands(std::uint64_t(f.toLength)))
                           .arg(f.slope, 0, 'f', 2)
                           .arg(cost.linearFit.slope, 0, 'f', 2);
        const auto& p = cost.points.back();
        summary << tr("<b>Memory at n = %1</b>: one layer's attention maps %2 heads × %1<sup>2</sup> × 4 B = "
                      "<b>%3</b>; "
                      "its input %1 × %4 × 4 B = %5.")
                       .arg(thousands(std::uint64_t(p.length)))
                       .arg(cost.heads)
                       .arg(bytes(p.mapBytes))
                       .arg(cost.modelWidth)
                       .arg(bytes(p.inputBytes));
    }
    for (const auto& s : cost.skipped)
        summary << tr("Not measured: n = %1 would need %2 (its maps %3), above the memory budget of %4.")
                       .arg(thousands(std::uint64_t(s.length)), bytes(s.memoryBytes), bytes(s.mapBytes),
                            bytes(cost.budgetBytes));
    if (cost.cancelled)
        summary << tr("Measurement stopped early: the longer lengths were not measured.");
    summary_->setText(summary.join(QStringLiteral("<br>")));

    // Recurrent against parallel.
    const auto& r = measurement_.recurrent;
    if (r && !r->cancelled) {
        const auto& c = r->chain;
        comparison_->setText(
            tr("<b>Recurrent against parallel</b> at n = %1<table cellspacing=4>"
               "<tr><th></th><th align=right>steps in sequence</th><th align=right>multiply–adds</th>"
               "<th align=right>1 thread</th><th align=right>%2 threads</th></tr>"
               "<tr><td>GRU encoder (%3 × %4)</td><td align=right>%5 (n × %3)</td><td align=right>%6 M</td>"
               "<td align=right>%7 ms</td><td align=right>cannot use them</td></tr>"
               "<tr><td>Transformer layer (d = %8)</td><td align=right>%9 products</td>"
               "<td align=right>%10 M</td><td align=right>%11 ms</td><td align=right>%12 "
               "ms</td></tr></table>")
                .arg(thousands(std::uint64_t(c.length)))
                .arg(r->allThreads)
                .arg(c.gruLayers)
                .arg(r->gruWidth)
                .arg(thousands(std::uint64_t(c.gruSteps)))
                .arg(r->gruMultiplyAdds / 1e6, 0, 'f', 1)
                .arg(ms(r->gruSeconds))
                .arg(r->layerWidth)
                .arg(c.layerProducts)
                .arg(r->layerMultiplyAdds / 1e6, 0, 'f', 1)
                .arg(ms(r->layerSecondsOneThread), ms(r->layerSecondsAllThreads)));
        if (r->gruSeconds <= r->layerSecondsOneThread)
            reading_->setText(
                tr("On one thread the GRU is the faster here (%1 ms against %2 ms), but its %3 steps "
                   "must run one after another, so more threads cannot help it, while the layer's "
                   "products split over %4 threads (%5 ms).")
                    .arg(ms(r->gruSeconds), ms(r->layerSecondsOneThread),
                         thousands(std::uint64_t(c.gruSteps)))
                    .arg(r->allThreads)
                    .arg(ms(r->layerSecondsAllThreads)));
        else
            reading_->setText(
                tr("The layer is %1× as fast as the GRU on one thread and %2× on %3 threads: each of its "
                   "%4 products takes all %5 tokens at once and splits over threads, while the GRU's %6 "
                   "steps wait for one another (it also does %7× the multiply–adds here).")
                    .arg(ratio(r->gruSeconds, r->layerSecondsOneThread),
                         ratio(r->gruSeconds, r->layerSecondsAllThreads))
                    .arg(r->allThreads)
                    .arg(c.layerProducts)
                    .arg(thousands(std::uint64_t(c.length)), thousands(std::uint64_t(c.gruSteps)),
                         ratio(r->gruMultiplyAdds, r->layerMultiplyAdds)));
        if (r->layerSecondsAllThreads >= r->layerSecondsOneThread)
            reading_->setText(reading_->text() + QLatin1Char(' ') +
                              tr("Here %1 threads did not speed the layer up (%2 ms against %3 ms on one): "
                                 "another program may have been using the cores; measure again.")
                                  .arg(r->allThreads)
                                  .arg(ms(r->layerSecondsAllThreads), ms(r->layerSecondsOneThread)));
    } else {
        comparison_->setText(measurement_.recurrentError.isEmpty()
                                 ? QString()
                                 : tr("<b>Recurrent against parallel</b>: not measured (%1).")
                                       .arg(measurement_.recurrentError.toHtmlEscaped()));
        reading_->clear();
    }

    // "Double the sentence, four times the scores", with the two longest lengths measured.
    QString text = tr("<b>Double the sentence, four times the scores.</b> Every token scores every other "
                      "token, so the scores and their softmax grow like n²; the projections and the FFN "
                      "read each token once, so they grow like n.");
    if (cost.points.size() >= 2) {
        const auto& a = cost.points[cost.points.size() - 2];
        const auto& b = cost.points.back();
        text += QLatin1Char(' ') +
                tr("Here, from n = %1 to %2 the scores went from %3 to %4 (%5× as many) and took %6 → %7 ms "
                   "(×%8), while the projections and the FFN took %9 → %10 ms (×%11).")
                    .arg(thousands(std::uint64_t(a.length)), thousands(std::uint64_t(b.length)),
                         thousands(std::uint64_t(a.scores)), thousands(std::uint64_t(b.scores)),
                         ratio(b.scores, a.scores), ms(a.scoreSeconds), ms(b.scoreSeconds),
                         ratio(b.scoreSeconds, a.scoreSeconds), ms(a.linearSeconds))
                    .arg(ms(b.linearSeconds), ratio(b.linearSeconds, a.linearSeconds));
    }
    teaching_->setText(text);
}
