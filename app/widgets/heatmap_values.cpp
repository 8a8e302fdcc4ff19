// HeatmapView: the numbers printed inside the cells (showValues / teaching mode), split from
// heatmap_view.cpp. Only the visible window is formatted, and nothing at all when a cell is too small
// for a digit, so a long map costs nothing here.
#include "widgets/colormaps.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFontMetricsF>
#include <cmath>
#include <qcustomplot.h>

namespace {

QString formatCellValue(float v, int decimals) {
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
    return s;
}

} // namespace

void HeatmapView::drawValues(QCPPainter* painter) {
    if (!(showValues_ || teaching_) || compact_ || values_.size() == 0)
        return;
    QCPAxis* x = plot_->xAxis;
    QCPAxis* y = plot_->yAxis;
    const double cw = std::abs(x->coordToPixel(1.0) - x->coordToPixel(0.0));
    const double ch = std::abs(y->coordToPixel(1.0) - y->coordToPixel(0.0));
    // Not even a one-digit number at 6 pt fits: skip before formatting (a long map has millions).
    if (cw < 8.0 || ch < 8.0)
        return;
    const heatmap_lod::CellWindow w = visibleWindow();

    // The widest text any cell needs, then the largest font (down to 6 pt) that fits it.
    QString widest;
    for (Eigen::Index r = w.row0; r < w.row1; ++r)
        for (Eigen::Index c = w.col0; c < w.col1; ++c) {
            const QString s = formatCellValue(values_(r, c), decimals_);
            if (s.size() > widest.size())
                widest = s;
        }
    QFont font = plot_->xAxis->tickLabelFont();
    double size = font.pointSizeF() + (teaching_ ? 1.0 : 0.0);
    bool fits = false;
    for (; size >= 6.0; size -= 0.5) {
        font.setPointSizeF(size);
        const QFontMetricsF fm(font);
        if (fm.horizontalAdvance(widest) + 4.0 <= cw && fm.height() + 1.0 <= ch) {
            fits = true;
            break;
        }
    }
    if (!fits)
        return; // cells too small: the tooltip still has every value

    painter->setFont(font);
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
            painter->drawText(box, Qt::AlignCenter, formatCellValue(v, decimals_));
        }
    }
}
