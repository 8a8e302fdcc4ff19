#include "widgets/patch_grid_view.hpp"

#include "widgets/colormaps.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace {

QColor gradientColor(double value, double lo, double hi) {
    static const QCPColorGradient g = colormaps::viridis();
    return QColor::fromRgb(const_cast<QCPColorGradient&>(g).color(value, QCPRange(lo, hi)));
}

} // namespace

PatchGridView::PatchGridView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PatchGridView::setImage(const QImage& image) {
    image_ = image;
    if (overlay_.size() != static_cast<std::size_t>(patchesPerRow() * patchesPerColumn()))
        overlay_.clear();
    update();
}

void PatchGridView::setPatchSize(int pixels) {
    patchSize_ = std::max(0, pixels);
    update();
}

int PatchGridView::patchesPerRow() const {
    return patchSize_ > 0 ? image_.width() / patchSize_ : 0;
}
int PatchGridView::patchesPerColumn() const {
    return patchSize_ > 0 ? image_.height() / patchSize_ : 0;
}

void PatchGridView::setOverlay(const std::vector<float>& values) {
    if (values.size() == static_cast<std::size_t>(patchesPerRow() * patchesPerColumn()) && !values.empty())
        overlay_ = values;
    else
        overlay_.clear();
    update();
}

void PatchGridView::clearOverlay() {
    overlay_.clear();
    update();
}

void PatchGridView::setOverlayOpacity(double opacity) {
    opacity_ = std::clamp(opacity, 0.0, 1.0);
    update();
}

void PatchGridView::setSelectedPatch(int index) {
    selected_ = index;
    update();
}

void PatchGridView::setBox(const QRect& imageRect) {
    box_ = imageRect.normalized();
    update();
}

void PatchGridView::setEmptyText(const QString& text) {
    emptyText_ = text;
    update();
}

QRectF PatchGridView::imageArea() const {
    if (image_.isNull())
        return {};
    const double legend = overlay_.empty() ? 0.0 : 34.0;
    const QRectF avail = QRectF(rect()).adjusted(4, 4, -4, -4 - legend);
    const double scale = std::min(avail.width() / image_.width(), avail.height() / image_.height());
    const QSizeF size(image_.width() * scale, image_.height() * scale);
    return QRectF(avail.center() - QPointF(size.width() / 2, size.height() / 2), size);
}

QRect PatchGridView::patchRect(int index) const {
    const int per = patchesPerRow();
    if (per <= 0 || index < 0 || index >= per * patchesPerColumn())
        return {};
    const QRectF area = imageArea();
    const double s = area.width() / image_.width();
    const int r = index / per, c = index % per;
    return QRectF(area.left() + c * patchSize_ * s, area.top() + r * patchSize_ * s, patchSize_ * s,
                  patchSize_ * s)
        .toAlignedRect();
}

QPoint PatchGridView::imagePixelAt(const QPoint& pos) const {
    const QRectF area = imageArea();
    if (area.isEmpty())
        return {-1, -1};
    const double s = area.width() / image_.width();
    return {static_cast<int>(std::floor((pos.x() - area.left()) / s)),
            static_cast<int>(std::floor((pos.y() - area.top()) / s))};
}

int PatchGridView::patchAt(const QPoint& pos) const {
    const int per = patchesPerRow(), rows = patchesPerColumn();
    if (per <= 0)
        return -1;
    const QPoint px = imagePixelAt(pos);
    if (px.x() < 0 || px.y() < 0)
        return -1;
    const int c = px.x() / patchSize_, r = px.y() / patchSize_;
    if (c >= per || r >= rows)
        return -1;
    return r * per + c;
}

void PatchGridView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (image_.isNull()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   emptyText_.isEmpty() ? tr("No image") : emptyText_);
        return;
    }
    const QRectF area = imageArea();
    p.setRenderHint(QPainter::SmoothPixmapTransform, false); // scaled-up pixels stay square
    p.drawImage(area, image_);
    const double s = area.width() / image_.width();

    const int per = patchesPerRow(), rows = patchesPerColumn();
    if (!overlay_.empty()) {
        const float hi = std::max(*std::max_element(overlay_.begin(), overlay_.end()), 1e-12f);
        p.setOpacity(opacity_);
        for (int i = 0; i < per * rows; ++i)
            p.fillRect(patchRect(i), gradientColor(overlay_[i], 0.0, hi));
        p.setOpacity(1.0);
        // Legend: the colour bar and its range.
        const QRectF bar(area.left(), area.bottom() + 8, std::min(area.width() * 0.5, 200.0), 10);
        for (int x = 0; x < static_cast<int>(bar.width()); ++x)
            p.fillRect(QRectF(bar.left() + x, bar.top(), 1, bar.height()),
                       gradientColor(x / bar.width(), 0.0, 1.0));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QPointF(bar.right() + 6, bar.bottom()), tr("0 … %1 (max)").arg(hi, 0, 'f', 3));
    }
    if (patchSize_ > 0) {
        p.setPen(QPen(QColor(255, 255, 255, 150), 1));
        for (int c = 0; c <= per; ++c) {
            const double x = area.left() + c * patchSize_ * s;
            p.drawLine(QPointF(x, area.top()), QPointF(x, area.top() + rows * patchSize_ * s));
        }
        for (int r = 0; r <= rows; ++r) {
            const double y = area.top() + r * patchSize_ * s;
            p.drawLine(QPointF(area.left(), y), QPointF(area.left() + per * patchSize_ * s, y));
        }
    }
    auto outline = [&](int index, const QColor& color, int width) {
        const QRect r = patchRect(index);
        if (r.isEmpty())
            return;
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::black, width + 2));
        p.drawRect(r.adjusted(1, 1, -1, -1));
        p.setPen(QPen(color, width));
        p.drawRect(r.adjusted(1, 1, -1, -1));
    };
    if (hovered_ >= 0 && hovered_ != selected_)
        outline(hovered_, QColor(255, 255, 255), 1);
    if (selected_ >= 0)
        outline(selected_, QColor(255, 64, 64), 3);
    if (!box_.isEmpty()) {
        const QRectF b(area.left() + box_.left() * s, area.top() + box_.top() * s, box_.width() * s,
                       box_.height() * s);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::black, 4));
        p.drawRect(b);
        p.setPen(QPen(QColor(255, 200, 0), 2, Qt::DashLine));
        p.drawRect(b);
    }
}

void PatchGridView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return;
    if (boxEditable_ && !image_.isNull()) {
        dragging_ = true;
        dragStart_ = imagePixelAt(event->position().toPoint());
        return;
    }
    const int i = patchAt(event->position().toPoint());
    if (i >= 0)
        Q_EMIT patchClicked(i);
}

void PatchGridView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    if (dragging_) {
        const QPoint now = imagePixelAt(pos);
        const QRect r = QRect(dragStart_, now).normalized().intersected(image_.rect());
        setBox(QRect(r.topLeft(), r.size())); // pixels covered by the drag
        return;
    }
    const int i = patchAt(pos);
    if (i != hovered_) {
        hovered_ = i;
        update();
        Q_EMIT patchHovered(i);
    }
    if (i >= 0 && !overlay_.empty())
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("patch r%1c%2: %3")
                               .arg(i / patchesPerRow())
                               .arg(i % patchesPerRow())
                               .arg(overlay_[i], 0, 'f', 4),
                           this);
}

void PatchGridView::mouseReleaseEvent(QMouseEvent* event) {
    if (dragging_ && event->button() == Qt::LeftButton) {
        dragging_ = false;
        Q_EMIT boxChanged(box_);
    }
}

void PatchGridView::leaveEvent(QEvent*) {
    if (hovered_ != -1) {
        hovered_ = -1;
        update();
        Q_EMIT patchHovered(-1);
    }
}

// ---- PositionSimilarityView -----------------------------------------------------------------------

PositionSimilarityView::PositionSimilarityView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PositionSimilarityView::setSimilarity(const attn::Matrix& similarity, int side) {
    if (side > 0 && similarity.rows() == side * side && similarity.cols() == side * side) {
        sim_ = similarity;
        side_ = side;
    } else {
        sim_.resize(0, 0);
        side_ = 0;
    }
    update();
}

void PositionSimilarityView::setEmptyText(const QString& text) {
    emptyText_ = text;
    update();
}

void PositionSimilarityView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (side_ == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   emptyText_.isEmpty() ? tr("No model") : emptyText_);
        return;
    }
    const auto [avail, full, cell, block, origin] = mosaic();
    for (int i = 0; i < side_ * side_; ++i) {
        const QPointF b = origin + QPointF((i % side_) * block, (i / side_) * block);
        for (int j = 0; j < side_ * side_; ++j) {
            const QRectF c(b.x() + (j % side_) * cell, b.y() + (j / side_) * cell, cell + 0.5, cell + 0.5);
            p.fillRect(c, gradientColor(sim_(i, j), -1.0, 1.0));
        }
    }
    // Patch coordinates on the blocks, named as the heatmaps name patches (r1c2 = row 1, column 2).
    p.setPen(palette().color(QPalette::WindowText));
    const double gridSpan = side_ * cell;
    for (int k = 0; k < side_; ++k) {
        const double along = k * block + gridSpan / 2.0;
        p.drawText(QRectF(origin.x() + along - block / 2.0, avail.top() - kLabelRoom, block, kLabelRoom),
                   Qt::AlignHCenter | Qt::AlignBottom, tr("c%1").arg(k));
        p.drawText(QRectF(origin.x() - kLabelRoom - cell / 2.0, origin.y() + along - block / 2.0,
                          kLabelRoom - 2, block),
                   Qt::AlignRight | Qt::AlignVCenter, tr("r%1").arg(k));
    }
    const QRectF bar(origin.x(), avail.top() + full + 10, std::min(full * 0.6, 260.0), 10);
    for (int x = 0; x < static_cast<int>(bar.width()); ++x)
        p.fillRect(QRectF(bar.left() + x, bar.top(), 1, bar.height()),
                   gradientColor(x / bar.width(), 0.0, 1.0));
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QPointF(bar.left(), bar.bottom() + 16), QStringLiteral("−1"));
    p.drawText(QPointF(bar.right() - 8, bar.bottom() + 16), QStringLiteral("1"));
    p.drawText(QPointF(bar.right() + 10, bar.bottom()), tr("cosine similarity"));
}

PositionSimilarityView::Mosaic PositionSimilarityView::mosaic() const {
    const int legendH = 40;
    Mosaic m;
    // Room on the left and on top for the row and column labels (r0, c0 …).
    m.area = rect().adjusted(8 + kLabelRoom, 8 + kLabelRoom, -8, -8 - legendH);
    m.full = std::min(m.area.width(), m.area.height());
    // Each patch's block is side x side cells plus a gap of one cell width.
    m.cell = static_cast<double>(m.full) / (side_ * (side_ + 1));
    m.block = m.cell * (side_ + 1);
    m.origin =
        QPointF(m.area.left() + (m.area.width() - m.full) / 2.0 + m.cell / 2, m.area.top() + m.cell / 2);
    return m;
}

void PositionSimilarityView::mouseMoveEvent(QMouseEvent* event) {
    if (side_ == 0)
        return;
    const Mosaic m = mosaic();
    const double cell = m.cell, block = m.block;
    const QPointF rel = event->position() - m.origin;
    const int bc = static_cast<int>(std::floor(rel.x() / block)),
              br = static_cast<int>(std::floor(rel.y() / block));
    if (bc < 0 || br < 0 || bc >= side_ || br >= side_)
        return;
    const int jc = static_cast<int>(std::floor((rel.x() - bc * block) / cell));
    const int jr = static_cast<int>(std::floor((rel.y() - br * block) / cell));
    if (jc < 0 || jr < 0 || jc >= side_ || jr >= side_)
        return;
    const int i = br * side_ + bc, j = jr * side_ + jc;
    QToolTip::showText(
        event->globalPosition().toPoint(),
        tr("position r%1c%2 vs r%3c%4: cos = %5").arg(br).arg(bc).arg(jr).arg(jc).arg(sim_(i, j), 0, 'f', 3),
        this);
}
