// The explanation panel's deletion plot (deletion_plot.hpp).
#include "pages/explain/deletion_plot.hpp"

#include "pages/explain/explain_panel.hpp"
#include "widgets/format.hpp"

#include <QApplication>
#include <algorithm>

namespace {

QColor methodColor(std::size_t i) {
    static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e),
                                    QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
                                    QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b)};
    return colors[i % 6];
}

} // namespace

DeletionPlot::DeletionPlot(QWidget* parent) : QCustomPlot(parent) {
    setMinimumSize(340, 180); // room for the legend and the tick labels
    xAxis->setLabel(ExplainPanel::tr("inputs removed (most relevant first)"));
    yAxis->setLabel(ExplainPanel::tr("p(predicted class)"));
    setToolTip(ExplainPanel::tr("Deletion curves; each method's AOPC (higher = more faithful) is in the "
                                "legend when it fits, and under the method's name at left"));
    yAxis->setRange(0, 1.02);
    legend->setVisible(true);
    // An empty legend's size hint caps its layout column, and the axes with it, at the width of its
    // frame (the plot drew a few pixels wide before the first explanation); an explicit maximum below
    // QWIDGETSIZE_MAX replaces that hint.
    legend->setMaximumSize(1 << 20, QWIDGETSIZE_MAX);
    setTextScale(1.0); // the fonts
    fitLegendColumns();
    replot(QCustomPlot::rpQueuedReplot);
    // The legend below the axes: the curves fall from the top left, an inset legend would cover them.
    plotLayout()->addElement(1, 0, legend);
    plotLayout()->setRowStretchFactor(1, 0.001);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(2);
    installEventFilter(this); // fitLegendColumns on resize, before the plot's own resize handling
    // A few pixels right of and under the legend: in the bottom row its frame fell on the widget's edges
    // and was cut off.
    plotLayout()->setMargins(QMargins(0, 0, 3, 4));
    showLegendFrame(); // none yet: no empty frame under the axes
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0); // whole inputs
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis->setTicker(ticker);
}

void DeletionPlot::setTextScale(double scale) {
    QFont text = QApplication::font();
    text.setPointSizeF(text.pointSizeF() * scale);
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setTickLabelFont(text);
        axis->setLabelFont(text);
    }
    QFont font(QApplication::font().family());
    font.setPointSizeF(8.0 * scale); // also sets the font of the items already in the legend
    legend->setFont(font);
    // Room for the legend and the larger tick labels.
    setMinimumSize(static_cast<int>(340 * scale), static_cast<int>(180 * scale));
}

void DeletionPlot::showOutcome(const explainview::Outcome& outcome) {
    yAxis->setLabel(outcome.similarity ? ExplainPanel::tr("cosine similarity")
                                       : ExplainPanel::tr("p(predicted class)"));
    showCurves(outcome);
}

void DeletionPlot::clearCurves() {
    clearGraphs();
    showLegendFrame();
    replot();
}

void DeletionPlot::showCurves(const explainview::Outcome& o) {
    clearGraphs();
    legendNames_.clear();
    int n = 0;
    for (std::size_t i = 0; i < o.methods.size(); ++i) {
        const auto& r = o.explanation.methods.at(o.methods[i]);
        QVector<double> x, y;
        for (std::size_t k = 0; k < r.deletion.probability.size(); ++k) {
            x << static_cast<double>(k);
            y << r.deletion.probability[k];
        }
        n = std::max(n, static_cast<int>(x.size()));
        auto* g = addGraph();
        g->setData(x, y);
        g->setPen(QPen(methodColor(i), 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
        legendNames_.emplace_back(QString::fromStdString(o.methods[i]),
                                  QStringLiteral(" ") + format::num(r.deletion.aopc, 3));
        g->setName(legendNames_.back().first + legendNames_.back().second);
    }
    // Half a step of margin: the first and last points are drawn whole, not cut by the axes.
    xAxis->setRange(-0.5, std::max(1, n - 1) + 0.5);
    showLegendFrame();
    fitLegendColumns();
    replot();
}

void DeletionPlot::showLegendFrame() {
    // The legend keeps its place in the layout (its row stays put); only its frame goes when empty,
    // where it drew a thin empty box under the axes.
    legend->setBorderPen(graphCount() > 0 ? QPen(Qt::black) : QPen(Qt::NoPen));
}

bool DeletionPlot::eventFilter(QObject* watched, QEvent* event) {
    if (watched == this && event->type() == QEvent::Resize)
        fitLegendColumns();
    return QCustomPlot::eventFilter(watched, event);
}

int DeletionPlot::legendColumns() const {
    return std::min(legend->wrap() > 0 ? legend->wrap() : legend->itemCount(), legend->itemCount());
}

bool DeletionPlot::legendShowsAopc() const {
    return graphCount() > 0 && !legendNames_.empty() &&
           graph(0)->name() == legendNames_.front().first + legendNames_.front().second;
}

namespace {

/// The width of one legend row of `widths` in `columns` columns: items fill each row left to right, so
/// column c holds items c, c + columns, ...; it is as wide as its widest item.
int rowWidth(const std::vector<int>& widths, int columns, int spacing) {
    const int n = static_cast<int>(widths.size());
    int width = (columns - 1) * spacing;
    for (int c = 0; c < columns; ++c) {
        int widest = 0;
        for (int i = c; i < n; i += columns)
            widest = std::max(widest, widths[static_cast<std::size_t>(i)]);
        width += widest;
    }
    return width;
}

} // namespace

void DeletionPlot::fitLegendColumns() {
    // One row when the plot is wide enough: in teaching mode at 1280 x 800 a fixed two-column legend put
    // its second row below the tab's fold. First the names with their AOPC in one row; else the bare
    // names in one row (the views at left give each method's AOPC too); else the names with AOPC in as
    // many columns as fit (foColumnsFirst).
    const int n = std::min(graphCount(), static_cast<int>(legendNames_.size()));
    const QCPAbstractLegendItem* first = n > 0 ? legend->itemWithPlottable(graph(0)) : nullptr;
    if (!first)
        return;
    const QFontMetrics metrics(legend->font());
    // What an item takes beyond its text (line sample, padding, margins), measured on the first as drawn.
    const int overhead = first->minimumOuterSizeHint().width() - metrics.horizontalAdvance(graph(0)->name());
    auto widthsOf = [&](bool withAopc) {
        std::vector<int> widths;
        for (int i = 0; i < n; ++i) {
            const auto& [method, aopc] = legendNames_[static_cast<std::size_t>(i)];
            widths.push_back(overhead + metrics.horizontalAdvance(withAopc ? method + aopc : method));
        }
        return widths;
    };
    const int spacing = legend->columnSpacing();
    const QMargins m = legend->margins();
    const int available = width() - m.left() - m.right() - plotLayout()->margins().right() - 2;
    const auto withAopc = widthsOf(true);
    bool showAopc = true;
    int columns = n;
    if (rowWidth(withAopc, n, spacing) > available) {
        if (rowWidth(widthsOf(false), n, spacing) <= available)
            showAopc = false;
        else
            while (columns > 1 && rowWidth(withAopc, columns, spacing) > available)
                --columns;
    }
    for (int i = 0; i < n; ++i) {
        const auto& [method, aopc] = legendNames_[static_cast<std::size_t>(i)];
        graph(i)->setName(showAopc ? method + aopc : method);
    }
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-places the items
    }
    replot(QCustomPlot::rpQueuedReplot);
}
