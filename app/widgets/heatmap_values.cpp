// HeatmapView: the numbers printed inside the cells (showValues / teaching mode), split from
// heatmap_view.cpp. Only the visible window is formatted, and nothing at all when a cell is too small
// for a digit, so a long map costs nothing here.
#include "widgets/colormaps.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace {

QString formatCellValue(float v, int decimals, bool dropLeadingZero = false) {
    if (std::isnan(v)) // absent (e.g. an out-of-vocabulary row or column)
        return QStringLiteral("\u2014");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("\u221e") : QStringLiteral("\u2212\u221e");
    QString s = QString::number(double(v), 'f', decimals);
    // "-0.00" reads as a sign error to a student; show it as 0.
    bool allZero = true;
    for (QChar ch : s)
        if (ch.isDigit() && ch != QLatin1Char('0'))
            allZero = false;
    if (allZero && s.startsWith(QLatin1Char('-')))
        s.remove(0, 1);
    // ".25" for 0.25 (as in printed correlation tables) when the cells are too narrow for the zero.
    if (dropLeadingZero) {
        const int zero = s.startsWith(QLatin1Char('-')) ? 1 : 0;
        if (s.size() > zero + 1 && s[zero] == QLatin1Char('0') && s[zero + 1] == QLatin1Char('.'))
            s.remove(zero, 1);
    }
    return s;
}

double cellWidth(const QCustomPlot* plot) {
    return std::abs(plot->xAxis->coordToPixel(1.0) - plot->xAxis->coordToPixel(0.0));
}

double cellHeight(const QCustomPlot* plot) {
    return std::abs(plot->yAxis->coordToPixel(1.0) - plot->yAxis->coordToPixel(0.0));
}

} // namespace

HeatmapView::ValueLayout HeatmapView::valueLayout() const {
    ValueLayout layout;
    if (!(showValues_ || teaching_) || compact_ || values_.size() == 0)
        return layout;
    const double cw = cellWidth(plot_);
    const double ch = cellHeight(plot_);
    // Not even a one-digit number at 6 pt fits: skip before formatting (a long map has millions).
    if (cw < 8.0 || ch < 8.0)
        return layout;
    const heatmap_lod::CellWindow w = visibleWindow();

    // The widest text any cell needs, in full and without leading zeros, then the largest font (down
    // to 6 pt) that fits the full form, else the largest that fits the short one.
    QString widest, widestShort;
    for (Eigen::Index r = w.row0; r < w.row1; ++r)
        for (Eigen::Index c = w.col0; c < w.col1; ++c) {
            const QString s = formatCellValue(values_(r, c), decimals_);
            if (s.size() > widest.size())
                widest = s;
            const QString t = formatCellValue(values_(r, c), decimals_, true);
            if (t.size() > widestShort.size())
                widestShort = t;
        }
    const double largest = tickFont_.pointSizeF() + (teaching_ ? textScale_ : 0.0);
    const double smallest = std::min(6.0, largest); // a zoom below 100 % draws smaller than 6 pt
    for (bool dropZero : {false, true}) {
        const QString& text = dropZero ? widestShort : widest;
        if (dropZero && text.size() == widest.size())
            break; // no value has a leading zero to drop
        QFont font = tickFont_;
        for (double size = largest; size >= smallest; size -= 0.5) {
            font.setPointSizeF(size);
            const QFontMetricsF fm(font);
            if (fm.horizontalAdvance(text) + 4.0 <= cw && fm.height() + 1.0 <= ch)
                return {font, dropZero, true};
        }
    }
    return layout; // cells too small: the tooltip still has every value
}

QString HeatmapView::drawnValue(int row, int column) const {
    const heatmap_lod::CellWindow w = visibleWindow();
    if (row < w.row0 || row >= w.row1 || column < w.col0 || column >= w.col1)
        return {};
    const ValueLayout layout = valueLayout();
    return layout.fits ? formatCellValue(values_(row, column), decimals_, layout.dropLeadingZero) : QString();
}

void HeatmapView::drawValues(QCPPainter* painter) {
    const ValueLayout layout = valueLayout();
    if (!layout.fits)
        return;
    QCPAxis* x = plot_->xAxis;
    QCPAxis* y = plot_->yAxis;
    const double cw = cellWidth(plot_);
    const double ch = cellHeight(plot_);
    const heatmap_lod::CellWindow w = visibleWindow();
    painter->setFont(layout.font);
    QCPColorGradient gradient = map_->gradient();
    const QCPRange range = map_->dataRange();
    for (Eigen::Index r = w.row0; r < w.row1; ++r) {
        for (Eigen::Index c = w.col0; c < w.col1; ++c) {
            const float v = values_(r, c);
            const QColor cell =
                std::isfinite(v) ? QColor::fromRgb(gradient.color(double(v), range)) : colormaps::nanColor();
            painter->setPen(colormaps::contrastingTextColor(cell));
            const QRectF box(x->coordToPixel(double(c)) - cw / 2.0, y->coordToPixel(double(r)) - ch / 2.0, cw,
                             ch);
            painter->drawText(box, Qt::AlignCenter, formatCellValue(v, decimals_, layout.dropLeadingZero));
        }
    }
}
