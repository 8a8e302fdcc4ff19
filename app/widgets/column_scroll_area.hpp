#pragma once
// A column that scrolls up and down but is never cut at the side. A plain QScrollArea with its
// horizontal bar off reports a small minimum width, so a QSplitter gives it less than its contents
// need and their right edge is cut (the translation step panel's "Follow" and "Play" buttons at
// 1280 x 800 in teaching mode). This one asks for its contents' minimum width plus the vertical bar.

#include <QScrollArea>

class ColumnScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit ColumnScrollArea(QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;
};
