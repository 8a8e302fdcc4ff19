#pragma once
// HeatmapReadout: the bar under a long HeatmapView (shown only when the matrix is larger than
// HeatmapView::kLargeCells in either dimension). It says how the map is drawn (one pixel per cell, or
// pooled: "1 px = 6 x 6 cells" with the pooling choice, max or mean, selectable), offers the zoom reset,
// and reads out the hovered cell: its row and column labels, its value, and two colour strips, the
// hovered row across the visible columns and the hovered column across the visible rows, each with a
// tick at the hovered cell.

#include <QImage>
#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;

class HeatmapReadout : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapReadout(QWidget* parent = nullptr);

    QComboBox* poolingBox() const { return pooling_; }
    QToolButton* resetButton() const { return reset_; }
    /// "1 cell = 3 px" or "1 px = 6 x 6 cells, pooled by".
    void setScaleText(const QString& text, bool pooled);
    /// The hovered cell's text; empty = nothing hovered (the strips are cleared).
    void setCell(const QString& text);
    /// Strips (one pixel high, any width; drawn stretched) and the hovered position in each, 0..1.
    void setStrips(const QImage& row, double rowMark, const QString& rowCaption, const QImage& column,
                   double columnMark, const QString& columnCaption);
    QString cellText() const;
    QString scaleText() const;
    const QImage& rowStrip() const { return rowStrip_; }
    const QImage& columnStrip() const { return columnStrip_; }

private:
    QLabel* scale_ = nullptr;
    QComboBox* pooling_ = nullptr;
    QToolButton* reset_ = nullptr;
    QLabel* cell_ = nullptr;
    QWidget* strips_ = nullptr;
    QImage rowStrip_, columnStrip_;
    double rowMark_ = -1, columnMark_ = -1;
    QString rowCaption_, columnCaption_;
    friend class StripArea;
};
