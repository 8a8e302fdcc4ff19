// HeatmapView: fitting the row labels and the title to the space the view has (split from
// heatmap_view.cpp). In teaching mode at 1280 x 800 a smaller font is better than a dropped row label
// or a clipped title.
#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QFontMetrics>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

void HeatmapView::fitRowLabelFont() {
    const int n = isLarge() ? int(std::ceil(plot_->yAxis->range().size())) : int(values_.rows());
    if (compact_ || n <= 1)
        return;
    const double len = std::min(double(plot_->axisRect()->height()), plot_->viewport().height() * 0.75);
    if (len < 40)
        return;                                 // not laid out yet
    QFont font = plot_->xAxis->tickLabelFont(); // the size applyFonts chose for this matrix
    const double wanted = font.pointSizeF();
    double size = wanted;
    font.setPointSizeF(size);
    // Many visible rows (a long map, zoomed out) are thinned to every k-th label instead.
    while (n <= kLargeCells && size > 7.0 && QFontMetrics(font).height() * 1.05 > len / n) {
        size -= 0.5;
        font.setPointSizeF(size);
    }
    if (plot_->yAxis->tickLabelFont().pointSizeF() != size)
        plot_->yAxis->setTickLabelFont(font);
}

void HeatmapView::fitTitle() {
    if (!titleElement_ || plot_->width() < 100)
        return;
    QFont font = titleElement_->font();
    const double wanted = titleFontSize();
    const int available = plot_->width() - 12;
    double size = wanted;
    font.setPointSizeF(size);
    while (size > 8.0 && QFontMetrics(font).horizontalAdvance(title_) > available) {
        size -= 0.5;
        font.setPointSizeF(size);
    }
    const QString text = QFontMetrics(font).elidedText(title_, Qt::ElideRight, available);
    if (titleElement_->font().pointSizeF() != size)
        titleElement_->setFont(font);
    if (titleElement_->text() != text)
        titleElement_->setText(text);
}

double HeatmapView::titleFontSize() const {
    const QFont font = QApplication::font();
    return (font.pointSizeF() > 0 ? font.pointSizeF() : 9.0) + (teaching_ ? 7.0 : 3.0);
}
