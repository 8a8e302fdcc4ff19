#include "widgets/column_scroll_area.hpp"

#include <QScrollBar>
#include <algorithm>

ColumnScrollArea::ColumnScrollArea(QWidget* parent) : QScrollArea(parent) {
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

QSize ColumnScrollArea::minimumSizeHint() const {
    QSize hint = QScrollArea::minimumSizeHint();
    if (const QWidget* column = widget()) {
        // The bar's width whether or not it shows now: the column must fit beside it when it does.
        const int bar = verticalScrollBar()->sizeHint().width();
        hint.setWidth(std::max(hint.width(), column->minimumSizeHint().width() + bar + 2 * frameWidth()));
    }
    return hint;
}
