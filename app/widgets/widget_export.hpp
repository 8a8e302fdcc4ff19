#pragma once
// Renders any widget (a whole page) to PNG, SVG or PDF, chosen by the file suffix. Failures use the
// same wording as HeatmapView::exportImage (exportutil::exportError).

#include <QString>

class QWidget;

/// Returns false and sets *error (naming the file) when the suffix is unknown or the file cannot be written.
bool exportWidgetImage(QWidget* widget, const QString& path, QString* error);
