#pragma once
// PatchGridView: an image scaled up with nearest-neighbour pixels, grid lines every patch_size
// pixels, and an optional per-patch overlay (e.g. attention from [CLS] to each patch) drawn as a
// translucent colour over the patch with its value on hover. Clicking a patch emits patchClicked.
// In box mode (CutMix) dragging draws a box in image pixels and emits boxChanged.
//
// PositionSimilarityView: the ViT paper's figure-7 mosaic: for a side x side patch grid, one small
// side x side grid per patch, coloured by the cosine similarity of that patch's position embedding
// with every other patch's.

#include <QImage>
#include <QPointF>
#include <QRect>
#include <QWidget>
#include <attn/matrix.hpp>
#include <vector>

class PatchGridView : public QWidget {
    Q_OBJECT
public:
    explicit PatchGridView(QWidget* parent = nullptr);

    void setImage(const QImage& image);
    const QImage& image() const { return image_; }
    /// Grid spacing in image pixels; 0 = no grid.
    void setPatchSize(int pixels);
    int patchSize() const { return patchSize_; }
    int patchesPerRow() const;
    int patchesPerColumn() const;

    /// One value per patch, row by row (size must be patchesPerRow * patchesPerColumn, else cleared).
    /// Colours are scaled to [0, max(values)] so that small maps stay visible; the legend says so.
    void setOverlay(const std::vector<float>& values);
    void clearOverlay();
    const std::vector<float>& overlay() const { return overlay_; }
    void setOverlayOpacity(double opacity);
    double overlayOpacity() const { return opacity_; }

    /// Outlined patch (-1 = none).
    void setSelectedPatch(int index);
    int selectedPatch() const { return selected_; }

    /// Box mode: drags draw a box; the box is drawn whenever it is non-empty.
    void setBoxEditable(bool on) { boxEditable_ = on; }
    void setBox(const QRect& imageRect);
    QRect box() const { return box_; }

    /// Text drawn in the middle while there is no image.
    void setEmptyText(const QString& text);

    /// Patch under a widget position, or -1.
    int patchAt(const QPoint& pos) const;
    /// Widget rectangle of a patch as last laid out.
    QRect patchRect(int index) const;
    /// Image pixel under a widget position (may lie outside the image).
    QPoint imagePixelAt(const QPoint& pos) const;

    QSize sizeHint() const override { return {420, 420}; }
    QSize minimumSizeHint() const override { return {120, 120}; }

Q_SIGNALS:
    void patchClicked(int index);
    void patchHovered(int index); ///< -1 when leaving
    void boxChanged(const QRect& imageRect);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRectF imageArea() const; ///< where the image is drawn (aspect kept, centred)

    QImage image_;
    int patchSize_ = 0;
    std::vector<float> overlay_;
    double opacity_ = 0.45;
    int selected_ = -1;
    int hovered_ = -1;
    bool boxEditable_ = false;
    bool dragging_ = false;
    QPoint dragStart_;
    QRect box_;
    QString emptyText_;
};

class PositionSimilarityView : public QWidget {
    Q_OBJECT
public:
    explicit PositionSimilarityView(QWidget* parent = nullptr);
    /// `similarity` is N x N with N = side * side (else cleared).
    void setSimilarity(const attn::Matrix& similarity, int side);
    const attn::Matrix& similarity() const { return sim_; }
    void setEmptyText(const QString& text);
    QSize sizeHint() const override { return {420, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    /// Where the mosaic sits in the widget: shared by painting and hit testing.
    static constexpr int kLabelRoom = 26; ///< px left of and above the mosaic for r0 / c0 labels
    struct Mosaic {
        QRect area;       ///< the widget minus margins and the legend strip
        int full = 0;     ///< side length of the square mosaic, px
        double cell = 0;  ///< one small cell, px
        double block = 0; ///< one patch's grid plus its gap (side + 1 cells), px
        QPointF origin;   ///< top-left of the first block
    };
    Mosaic mosaic() const;

    attn::Matrix sim_;
    int side_ = 0;
    QString emptyText_;
};
