// HeatmapView, split from heatmap_view.cpp: the red outlines a page sets on a row (setRowMarker) or a
// column (setColumnMarker), placed again on every rebuild so that they follow setMatrix(), and the
// labels of a compact view (a thumbnail) that is large enough to carry them.
#include "widgets/heatmap_view.hpp"

#include <QFontMetrics>
#include <algorithm>
#include <qcustomplot.h>

void HeatmapView::setRowMarker(int row) {
    markedRow_ = row;
    placeMarkers();
    plot_->replot();
}

void HeatmapView::setColumnMarker(int column) {
    markedColumn_ = column;
    placeMarkers();
    plot_->replot();
}

void HeatmapView::placeMarkers() {
    auto make = [this](Qt::PenStyle style) {
        auto* item = new QCPItemRect(plot_);
        QPen pen(QColor(220, 0, 0), compact_ ? 1.5 : 2.5);
        pen.setStyle(style);
        item->setPen(pen);
        item->setBrush(Qt::NoBrush);
        item->setClipToAxisRect(true);
        item->setSelectable(false);
        return item;
    };
    if (!rowMarker_ && markedRow_ >= 0)
        rowMarker_ = make(Qt::SolidLine);
    if (!columnMarker_ && markedColumn_ >= 0)
        columnMarker_ = make(Qt::DashLine);
    const double right = double(values_.cols()) - 0.5, bottom = double(values_.rows()) - 0.5;
    if (rowMarker_) {
        const bool shown = markedRow_ >= 0 && markedRow_ < values_.rows() && values_.cols() > 0;
        rowMarker_->setVisible(shown);
        rowMarker_->topLeft->setCoords(-0.5, markedRow_ - 0.5);
        rowMarker_->bottomRight->setCoords(right, markedRow_ + 0.5);
    }
    if (columnMarker_) {
        const bool shown = markedColumn_ >= 0 && markedColumn_ < values_.cols() && values_.rows() > 0;
        columnMarker_->setVisible(shown);
        columnMarker_->topLeft->setCoords(markedColumn_ - 0.5, -0.5);
        columnMarker_->bottomRight->setCoords(markedColumn_ + 0.5, bottom);
    }
}

void HeatmapView::setCompactLabels(bool allowed) {
    if (compactLabelsAllowed_ == allowed)
        return;
    compactLabelsAllowed_ = allowed;
    if (compact_)
        updateCompactLabels();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::updateCompactLabels() {
    const int rows = int(values_.rows()), cols = int(values_.cols());
    const QFontMetrics fm(tickFont_);
    const int widestRow = widestDrawnLabel(false), widestColumn = widestDrawnLabel(true);
    // Column labels stand upright, so both bands take the widest label. Where a text line per cell does
    // not fit, the axes' tickers thin the labels to every k-th (the full word on hover): a sentence of
    // eight or more words had lost every label (issue 49 point 16). The cells keep three lines each way.
    const int line = fm.height();
    const int w = plot_->width() - widestRow - 8, h = plot_->height() - widestColumn - 8;
    const bool show = compactLabelsAllowed_ && rows > 0 && cols > 0 && w >= 3 * line && h >= 3 * line;
    compactLabels_ = show;
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setTickLabels(show);
        axis->setTickLength(0, show ? 2 : 0);
    }
    plot_->xAxis->setTickLabelRotation(show ? -90 : 0);
    columnLabelRotation_ = show ? -90.0 : 0.0;
    auto* rect = plot_->axisRect();
    rect->setAutoMargins(show ? QCP::msLeft | QCP::msBottom : QCP::msNone);
    rect->setMinimumMargins(QMargins());
    rect->setMargins(QMargins(1, 1, 1, 1));
}
