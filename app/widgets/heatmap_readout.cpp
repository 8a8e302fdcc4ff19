#include "widgets/heatmap_readout.hpp"

#include <QComboBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>

/// The two strips, each a caption on the left and the stretched colour image on the right.
class StripArea : public QWidget {
public:
    explicit StripArea(HeatmapReadout* owner) : QWidget(owner), owner_(owner) {
        setMinimumHeight(2 * (fontMetrics().height() + 2));
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        const int line = fontMetrics().height();
        const int captionWidth = fontMetrics().horizontalAdvance(QStringLiteral("column 00000")) + 8;
        auto drawStrip = [&](int y, const QImage& image, double mark, const QString& caption) {
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(0, y, captionWidth - 4, line), Qt::AlignRight | Qt::AlignVCenter, caption);
            const QRect box(captionWidth, y + 2, std::max(1, width() - captionWidth - 2), line - 4);
            p.setPen(QPen(QColor(120, 120, 120), 1));
            if (image.isNull()) {
                p.drawRect(box.adjusted(0, 0, -1, -1));
                return;
            }
            p.drawImage(box, image);
            if (mark >= 0.0) {
                const int x = box.left() + int(mark * box.width());
                p.setPen(QPen(QColor(0, 0, 0, 200), 3));
                p.drawLine(x, box.top() - 2, x, box.bottom() + 2);
                p.setPen(QPen(QColor(255, 255, 255), 1));
                p.drawLine(x, box.top() - 2, x, box.bottom() + 2);
            }
        };
        drawStrip(0, owner_->rowStrip_, owner_->rowMark_,
                  owner_->rowCaption_.isEmpty() ? HeatmapReadout::tr("row") : owner_->rowCaption_);
        drawStrip(line + 2, owner_->columnStrip_, owner_->columnMark_,
                  owner_->columnCaption_.isEmpty() ? HeatmapReadout::tr("column") : owner_->columnCaption_);
    }

private:
    HeatmapReadout* owner_;
};

HeatmapReadout::HeatmapReadout(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 2, 6, 2);
    outer->setSpacing(2);
    auto* top = new QHBoxLayout;
    top->setSpacing(6);
    scale_ = new QLabel(this);
    // In a narrow column (the Generate page's strip) the scale wraps instead of being cut ("1 px ≈ 1.0 ›").
    scale_->setWordWrap(true);
    pooling_ = new QComboBox(this);
    pooling_->addItem(tr("max"));
    pooling_->addItem(tr("mean"));
    pooling_->setToolTip(tr("How the cells that share a pixel are combined: their largest value (max, "
                            "keeps a single strong weight visible) or their average (mean)"));
    reset_ = new QToolButton(this);
    reset_->setText(tr("Reset zoom"));
    reset_->setToolTip(tr("Show the whole matrix again (key 0 or Home). Zoom with the mouse wheel, pan "
                          "by dragging."));
    cell_ = new QLabel(this);
    cell_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cell_->setMinimumWidth(40);
    cell_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(scale_);
    top->addWidget(pooling_);
    top->addWidget(reset_);
    top->addWidget(cell_, 1);
    outer->addLayout(top);
    strips_ = new StripArea(this);
    outer->addWidget(strips_);
    setCell({});
}

void HeatmapReadout::setScaleText(const QString& text, bool pooled) {
    scale_->setText(text);
    scale_->setToolTip(text);
    pooling_->setEnabled(pooled);
}

void HeatmapReadout::setCell(const QString& text) {
    cell_->setText(text.isEmpty() ? tr("Hover a cell to read its row and column") : text);
    cell_->setToolTip(text);
    if (text.isEmpty()) {
        rowStrip_ = columnStrip_ = QImage();
        rowMark_ = columnMark_ = -1;
        rowCaption_.clear();
        columnCaption_.clear();
        strips_->update();
    }
}

void HeatmapReadout::setStrips(const QImage& row, double rowMark, const QString& rowCaption,
                               const QImage& column, double columnMark, const QString& columnCaption) {
    rowStrip_ = row;
    columnStrip_ = column;
    rowMark_ = rowMark;
    columnMark_ = columnMark;
    rowCaption_ = rowCaption;
    columnCaption_ = columnCaption;
    strips_->update();
}

QString HeatmapReadout::cellText() const {
    return cell_->toolTip();
}

QString HeatmapReadout::scaleText() const {
    return scale_->text();
}
