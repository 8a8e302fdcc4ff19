#pragma once
// Base class of every view. A page knows which heatmap (if any) the File > Export actions act on.

#include <QWidget>

class HeatmapView;

class Page : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual QString title() const = 0;
    /// The heatmap whose matrix File > Export matrix writes; nullptr when the page shows none.
    virtual HeatmapView* currentHeatmap() const { return nullptr; }
    /// The widget File > Export view renders (defaults to the whole page).
    virtual QWidget* exportWidget() { return this; }

Q_SIGNALS:
    /// A message for the status bar.
    void statusMessage(const QString& text);
};
