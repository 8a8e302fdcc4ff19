#pragma once
// Renders any widget (a whole page) to PNG, SVG or PDF, chosen by the file suffix. Failures use the
// same wording as HeatmapView::exportImage (exportutil::exportError).

#include <QList>
#include <QSize>
#include <QString>

class QWidget;

/// The largest side of an exported PNG, in pixels (render --width/--height and every scale keep within it).
constexpr int kMaxExportPixels = 8000;
/// The PNG scales offered for a widget of `size` (File > Export view, render --scale): 1..4, only those
/// whose size x scale stays within kMaxExportPixels on both sides (1 always).
QList<int> exportScales(QSize size);

/// Writes `widget` to `path`; a PNG has `scale` x its size in pixels (device pixel ratio `scale`: text and
/// lines are drawn at that resolution, not enlarged), SVG and PDF are vector drawings of its size.
/// Returns false and sets *error (naming the file) when the suffix is unknown, `scale` is outside 1..4 or
/// the PNG would exceed kMaxExportPixels, or the file cannot be written.
bool exportWidgetImage(QWidget* widget, const QString& path, QString* error, int scale = 1);
