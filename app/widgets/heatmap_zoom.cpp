// HeatmapView at scale (split from heatmap_view.cpp): the level-of-detail image, zoom and pan, and the
// readout bar of a large view. A view with at most kLargeCells rows and columns never comes here: it
// draws every cell as it always did.
#include "widgets/colormaps.hpp"
#include "widgets/heatmap_readout.hpp"
#include "widgets/heatmap_view.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolButton>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

namespace {

/// Keeps [lower, lower + span) inside the cells' extent [-0.5, n - 0.5].
std::pair<double, double> clampSpan(double lower, double span, Eigen::Index n) {
    span = std::min(span, double(n));
    lower = std::clamp(lower, -0.5, double(n) - 0.5 - span);
    return {lower, lower + span};
}

/// The half-open range of cells whose extent [c - 0.5, c + 0.5] meets [lower, upper].
std::pair<int, int> cellsIn(const QCPRange& r, Eigen::Index n) {
    const int first = std::clamp(int(std::floor(r.lower + 0.5)), 0, int(n));
    const int last = std::clamp(int(std::ceil(r.upper + 0.5)), first, int(n));
    return {first, last};
}

QImage stripImage(const heatmap_lod::PooledImage& p, bool vertical, QCPColorGradient gradient,
                  const QCPRange& range) {
    const int n = vertical ? p.height : p.width;
    if (n == 0)
        return {};
    QImage image(n, 1, QImage::Format_RGB32);
    for (int i = 0; i < n; ++i) {
        const float v = vertical ? p.at(i, 0) : p.at(0, i);
        image.setPixel(i, 0, std::isnan(v) ? colormaps::nanColor().rgb() : gradient.color(double(v), range));
    }
    return image;
}

} // namespace

bool HeatmapView::isLarge() const {
    return values_.rows() > kLargeCells || values_.cols() > kLargeCells;
}

bool HeatmapView::zoomable() const {
    return isLarge() && !compact_;
}

heatmap_lod::CellWindow HeatmapView::visibleWindow() const {
    heatmap_lod::CellWindow w;
    std::tie(w.col0, w.col1) = cellsIn(plot_->xAxis->range(), values_.cols());
    std::tie(w.row0, w.row1) = cellsIn(plot_->yAxis->range(), values_.rows());
    return w;
}

void HeatmapView::setPooling(Pooling how) {
    if (how == pooling_)
        return;
    pooling_ = how;
    const QSignalBlocker block(readout_->poolingBox());
    readout_->poolingBox()->setCurrentIndex(how == Pooling::Mean ? 1 : 0);
    plot_->replot();
}

void HeatmapView::updateLevelOfDetail() {
    if (!isLarge() || values_.size() == 0)
        return;
    const QRect ar = plot_->axisRect()->rect();
    LodKey key{visibleWindow(), std::max(1, ar.width()), std::max(1, ar.height()), pooling_, matrixVersion_};
    if (key == lodKey_)
        return;
    lodKey_ = key;
    const heatmap_lod::CellWindow& w = key.window;
    const heatmap_lod::PooledImage img = heatmap_lod::pool(values_, w, key.width, key.height, pooling_);
    if (img.values.empty())
        return;
    // A lone pixel is stored twice (as rebuild() does for a lone cell): QCPColorMap needs a range.
    const int kx = std::max(2, img.width), ky = std::max(2, img.height);
    const double px = double(w.cols()) / kx, py = double(w.rows()) / ky; // cells per stored pixel
    auto* data = map_->data();
    data->setSize(kx, ky);
    data->setRange(QCPRange(w.col0 - 0.5 + px / 2, w.col1 - 0.5 - px / 2),
                   QCPRange(w.row0 - 0.5 + py / 2, w.row1 - 0.5 - py / 2));
    for (int y = 0; y < ky; ++y) {
        const int sy = img.height == 1 ? 0 : y;
        for (int x = 0; x < kx; ++x) {
            const float v = img.at(sy, img.width == 1 ? 0 : x);
            data->setCell(x, y, std::isfinite(v) ? double(v) : std::numeric_limits<double>::quiet_NaN());
        }
    }
    pooled_ = img.width < w.cols() || img.height < w.rows();
    mapImageSize_ = QSize(img.width, img.height);
    updateScaleText();
}

void HeatmapView::updateScaleText() {
    const heatmap_lod::CellWindow w = lodKey_.window;
    if (mapImageSize_.isEmpty() || w.cols() == 0 || w.rows() == 0)
        return;
    const double cx = double(w.cols()) / mapImageSize_.width(),
                 cy = double(w.rows()) / mapImageSize_.height();
    QString text = tr("%1 \u00d7 %2 cells").arg(w.rows()).arg(w.cols());
    if (pooled_)
        text += QStringLiteral(" \u00b7 ") +
                tr("1 px \u2248 %1 \u00d7 %2 cells, pooled by").arg(cy, 0, 'f', 1).arg(cx, 0, 'f', 1);
    else
        text += QStringLiteral(" \u00b7 ") + tr("one cell per pixel or more");
    readout_->setScaleText(text, pooled_);
}

void HeatmapView::updateReadout(int row, int column) {
    if (!zoomable())
        return;
    if (row < 0 || column < 0) {
        readout_->setCell({});
        return;
    }
    QString text = cellToolTip(row, column);
    text.replace(QLatin1Char('\n'), QStringLiteral("  \u00b7  "));
    readout_->setCell(text);
    const heatmap_lod::CellWindow w = visibleWindow();
    const int width = std::max(16, readout_->width());
    const QCPColorGradient gradient = map_->gradient();
    const QCPRange range = map_->dataRange();
    const auto rowPixels = heatmap_lod::pool(values_, {row, row + 1, w.col0, w.col1}, width, 1, pooling_);
    const auto columnPixels =
        heatmap_lod::pool(values_, {w.row0, w.row1, column, column + 1}, 1, width, pooling_);
    readout_->setStrips(stripImage(rowPixels, false, gradient, range),
                        w.cols() > 0 ? (column - w.col0 + 0.5) / w.cols() : -1.0, tr("row %1").arg(row + 1),
                        stripImage(columnPixels, true, gradient, range),
                        w.rows() > 0 ? (row - w.row0 + 0.5) / w.rows() : -1.0,
                        tr("column %1").arg(column + 1));
}

void HeatmapView::setView(double x0, double x1, double y0, double y1) {
    std::tie(x0, x1) = clampSpan(x0, x1 - x0, values_.cols());
    std::tie(y0, y1) = clampSpan(y0, y1 - y0, values_.rows());
    plot_->xAxis->setRange(x0, x1);
    plot_->yAxis->setRange(y0, y1);
    zoomed_ = x1 - x0 < double(values_.cols()) - 1e-9 || y1 - y0 < double(values_.rows()) - 1e-9;
    viewX0_ = x0;
    viewX1_ = x1;
    viewY0_ = y0;
    viewY1_ = y1;
    readout_->resetButton()->setEnabled(zoomed_);
    placeMarkers();
    Q_EMIT viewChanged();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::zoomAt(double column, double row, double factor) {
    if (!zoomable() || !(factor > 0.0))
        return;
    auto scaled = [factor](const QCPRange& r, double at, Eigen::Index n) {
        const double span = std::clamp(r.size() * factor, std::min(4.0, double(n)), double(n));
        const double lower = at - (at - r.lower) * span / r.size();
        return std::pair<double, double>{lower, lower + span};
    };
    const auto [x0, x1] = scaled(plot_->xAxis->range(), column, values_.cols());
    const auto [y0, y1] = scaled(plot_->yAxis->range(), row, values_.rows());
    setView(x0, x1, y0, y1);
}

void HeatmapView::panBy(const QPoint& pixels) {
    if (!zoomable())
        return;
    const QRect ar = plot_->axisRect()->rect();
    const QCPRange x = plot_->xAxis->range(), y = plot_->yAxis->range();
    const double dx = pixels.x() * x.size() / std::max(1, ar.width());
    const double dy = pixels.y() * y.size() / std::max(1, ar.height());
    setView(x.lower - dx, x.upper - dx, y.lower - dy, y.upper - dy);
}

void HeatmapView::resetZoom() {
    if (values_.size() == 0)
        return;
    setView(-0.5, double(values_.cols()) - 0.5, -0.5, double(values_.rows()) - 0.5);
}

bool HeatmapView::handleZoomEvent(QEvent* event) {
    if (!zoomable())
        return false;
    switch (event->type()) {
    case QEvent::Wheel: {
        const auto* we = static_cast<QWheelEvent*>(event);
        const double steps = we->angleDelta().y() / 120.0;
        if (steps == 0.0)
            return false;
        const QPointF p = we->position();
        zoomAt(plot_->xAxis->pixelToCoord(p.x()), plot_->yAxis->pixelToCoord(p.y()), std::pow(0.8, steps));
        return true;
    }
    case QEvent::KeyPress: {
        const auto* ke = static_cast<QKeyEvent*>(event);
        const QCPRange x = plot_->xAxis->range(), y = plot_->yAxis->range();
        switch (ke->key()) {
        case Qt::Key_0:
        case Qt::Key_Home:
            resetZoom();
            return true;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomAt(x.center(), y.center(), 0.5);
            return true;
        case Qt::Key_Minus:
            zoomAt(x.center(), y.center(), 2.0);
            return true;
        default:
            return false;
        }
    }
    case QEvent::MouseButtonPress: {
        const auto* me = static_cast<QMouseEvent*>(event);
        if (me->button() == Qt::LeftButton) {
            dragging_ = false;
            dragStart_ = me->position().toPoint();
            dragX0_ = plot_->xAxis->range().lower;
            dragY0_ = plot_->yAxis->range().lower;
        }
        return false;
    }
    case QEvent::MouseMove: {
        const auto* me = static_cast<QMouseEvent*>(event);
        if (!(me->buttons() & Qt::LeftButton) || !zoomed_)
            return false;
        const QPoint delta = me->position().toPoint() - dragStart_;
        if (!dragging_ && delta.manhattanLength() < 4)
            return false;
        dragging_ = true;
        // From where the drag started, so that the cell under the mouse stays under it.
        const QCPRange x = plot_->xAxis->range(), y = plot_->yAxis->range();
        const QRect ar = plot_->axisRect()->rect();
        const double nx = dragX0_ - delta.x() * x.size() / std::max(1, ar.width());
        const double ny = dragY0_ - delta.y() * y.size() / std::max(1, ar.height());
        setView(nx, nx + x.size(), ny, ny + y.size());
        return false;
    }
    case QEvent::MouseButtonRelease:
        dragging_ = false;
        return false;
    default:
        return false;
    }
}
