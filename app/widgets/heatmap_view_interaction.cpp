// HeatmapView: hover, hit testing and tool tips (split from heatmap_view.cpp, which builds and draws).
#include "widgets/heatmap_view.hpp"

#include <QEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QStackedLayout>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace {
constexpr double kPi = 3.14159265358979323846;
}

QString HeatmapView::cellToolTip(int row, int column) const {
    if (row < 0 || column < 0 || row >= values_.rows() || column >= values_.cols())
        return {};
    const float v = values_(row, column);
    QString valueText;
    if (std::isnan(v))
        valueText = tr("— (no value)");
    else if (std::isinf(v))
        valueText = v > 0 ? QStringLiteral("+inf") : tr("-inf (masked)");
    else
        valueText = QString::number(double(v), 'f', std::max(decimals_, 4));
    const QString valueName = !scaleLabel_.isEmpty()             ? scaleLabel_
                              : rangeMode_ == RangeMode::Fixed01 ? tr("weight")
                                                                 : tr("score");
    QStringList lines;
    lines << tr("%1: %2 (row %3)")
                 .arg(rowTitle_.isEmpty() ? tr("Query") : rowTitle_, rowLabels_[row],
                      QString::number(row + 1));
    auto noted = [](const QString& mark, const QString& note) {
        return QStringLiteral("  ") + (mark.isEmpty() ? note : mark + QLatin1Char(' ') + note);
    };
    if (!rowNotes_.value(row).isEmpty())
        lines << noted(noteMark(rowMarks_, row), rowNotes_.value(row));
    lines << tr("%1: %2 (column %3)")
                 .arg(columnTitle_.isEmpty() ? tr("Key") : columnTitle_, columnLabels_[column],
                      QString::number(column + 1));
    if (!columnNotes_.value(column).isEmpty())
        lines << noted(noteMark(columnMarks_, column), columnNotes_.value(column));
    lines << QStringLiteral("%1: %2").arg(valueName, valueText);
    return lines.join(QLatin1Char('\n'));
}

std::pair<int, int> HeatmapView::cellAt(const QPoint& widgetPos) const {
    if (values_.size() == 0 || stack_->currentWidget() != plotPage_)
        return {-1, -1};
    const QPoint p = plot_->mapFrom(this, widgetPos);
    if (!plot_->axisRect()->rect().contains(p))
        return {-1, -1};
    const int c = int(std::floor(plot_->xAxis->pixelToCoord(p.x()) + 0.5));
    const int r = int(std::floor(plot_->yAxis->pixelToCoord(p.y()) + 0.5));
    if (r < 0 || c < 0 || r >= values_.rows() || c >= values_.cols())
        return {-1, -1};
    return {r, c};
}

QRect HeatmapView::cellRect(int row, int column) const {
    if (row < 0 || column < 0 || row >= values_.rows() || column >= values_.cols())
        return {};
    const double x0 = plot_->xAxis->coordToPixel(column - 0.5), x1 = plot_->xAxis->coordToPixel(column + 0.5);
    const double y0 = plot_->yAxis->coordToPixel(row - 0.5), y1 = plot_->yAxis->coordToPixel(row + 0.5);
    const QRect r =
        QRectF(QPointF(std::min(x0, x1), std::min(y0, y1)), QPointF(std::max(x0, x1), std::max(y0, y1)))
            .toRect();
    return r.translated(plot_->mapTo(this, QPoint(0, 0)));
}

std::pair<int, int> HeatmapView::labelAt(const QPoint& plotPos) const {
    if (values_.size() == 0 || compact_)
        return {-1, -1};
    const QRect ar = plot_->axisRect()->rect();
    if (plotPos.x() < ar.left() && plotPos.y() >= ar.top() && plotPos.y() <= ar.bottom()) {
        const int r = int(std::floor(plot_->yAxis->pixelToCoord(plotPos.y()) + 0.5));
        if (r >= 0 && r < values_.rows())
            return {r, -1};
    }
    if (plotPos.y() > ar.bottom() && plotPos.x() >= ar.left() - 200 && plotPos.x() <= ar.right()) {
        // Rotated labels run down and to the left from their tick: follow the slant back up.
        const double angle = std::abs(columnLabelRotation_) * kPi / 180.0;
        const double dy = plotPos.y() - ar.bottom();
        const double shift = std::abs(std::sin(angle)) > 1e-6 ? dy * std::cos(angle) / std::sin(angle) : 0.0;
        const int c = int(std::floor(plot_->xAxis->pixelToCoord(plotPos.x() + shift) + 0.5));
        if (c >= 0 && c < values_.cols())
            return {-1, c};
    }
    return {-1, -1};
}

QString HeatmapView::labelToolTipAt(const QPoint& plotPos) const {
    auto describe = [](const QString& title, const QString& label, const QString& note, const QString& mark,
                       int index, const char* what) {
        QString s =
            QStringLiteral("%1: %2 (%3 %4)").arg(title, label, QLatin1String(what), QString::number(index));
        if (!note.isEmpty())
            s += QLatin1Char('\n') + (mark.isEmpty() ? note : mark + QLatin1Char(' ') + note);
        return s;
    };
    const auto [r, c] = labelAt(plotPos);
    if (r >= 0)
        return describe(rowTitle_.isEmpty() ? tr("Query") : rowTitle_, rowLabels_[r], rowNotes_.value(r),
                        noteMark(rowMarks_, r), r, "row");
    if (c >= 0)
        return describe(columnTitle_.isEmpty() ? tr("Key") : columnTitle_, columnLabels_[c],
                        columnNotes_.value(c), noteMark(columnMarks_, c), c, "column");
    return {};
}

void HeatmapView::updateHighlight(int row, int column) {
    // A cell outlines its row and column; a hovered label (the other index -1) only its own line.
    const bool rowOn = row >= 0 && row < values_.rows(), columnOn = column >= 0 && column < values_.cols();
    for (QCPItemRect* r : {rowHighlight_, rowHighlightShadow_})
        r->setVisible(rowOn);
    for (QCPItemRect* r : {columnHighlight_, columnHighlightShadow_})
        r->setVisible(columnOn);
    const double right = double(values_.cols()) - 0.5, bottom = double(values_.rows()) - 0.5;
    if (rowOn) {
        for (QCPItemRect* r : {rowHighlight_, rowHighlightShadow_}) {
            r->topLeft->setCoords(-0.5, row - 0.5);
            r->bottomRight->setCoords(right, row + 0.5);
        }
    }
    if (columnOn) {
        for (QCPItemRect* r : {columnHighlight_, columnHighlightShadow_}) {
            r->topLeft->setCoords(column - 0.5, -0.5);
            r->bottomRight->setCoords(column + 0.5, bottom);
        }
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool HeatmapView::eventFilter(QObject* watched, QEvent* event) {
    if (watched != plot_)
        return QWidget::eventFilter(watched, event);
    if (handleZoomEvent(event))
        return true;
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Show:
        // Before QCustomPlot lays itself out at the new size (it replots in its resizeEvent).
        updateColumnLabelRotation();
        scale_->setMargins(QMargins());
        // That replot builds the tick vectors from the axis rect's previous layout (tiny for a
        // view filled while its page was hidden: only the first label fitted), so replot once
        // more when the new layout is in place.
        plot_->replot(QCustomPlot::rpQueuedReplot);
        break;
    case QEvent::MouseMove: {
        const auto* me = static_cast<QMouseEvent*>(event);
        const QPoint pos = me->position().toPoint();
        const auto [r, c] = cellAt(plot_->mapTo(this, pos));
        const auto label = r >= 0 ? std::pair<int, int>{-1, -1} : labelAt(pos);
        const bool cellChanged = r != hoverRow_ || c != hoverColumn_, labelChanged = label != hoverLabel_;
        hoverRow_ = r;
        hoverColumn_ = c;
        hoverLabel_ = label;
        if (cellChanged || labelChanged)
            updateHighlight(r >= 0 ? r : label.first, r >= 0 ? c : label.second);
        // The signal that clears goes first, so a listener of both ends on what is under the mouse.
        const bool cellClears = r < 0;
        if (cellChanged && cellClears)
            Q_EMIT cellHovered(r, c);
        if (labelChanged)
            Q_EMIT labelHovered(label.first, label.second);
        if (cellChanged && !cellClears)
            Q_EMIT cellHovered(r, c);
        if (cellChanged)
            updateReadout(r, c);
        break;
    }
    case QEvent::Leave:
        if (hoverRow_ >= 0 || hoverColumn_ >= 0) {
            hoverRow_ = hoverColumn_ = -1;
            Q_EMIT cellHovered(-1, -1);
        }
        if (hoverLabel_ != std::pair<int, int>{-1, -1}) {
            hoverLabel_ = {-1, -1};
            Q_EMIT labelHovered(-1, -1);
        }
        updateHighlight(-1, -1);
        updateReadout(-1, -1);
        break;
    case QEvent::MouseButtonPress: {
        const auto* me = static_cast<QMouseEvent*>(event);
        if (me->button() == Qt::LeftButton) {
            const auto [r, c] = cellAt(plot_->mapTo(this, me->position().toPoint()));
            if (r >= 0)
                Q_EMIT cellClicked(r, c);
        }
        break;
    }
    case QEvent::ToolTip: {
        const auto* he = static_cast<QHelpEvent*>(event);
        const auto [r, c] = cellAt(plot_->mapTo(this, he->pos()));
        const QString text = r >= 0 ? cellToolTip(r, c) : labelToolTipAt(he->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), text, plot_);
        return true;
    }
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}
