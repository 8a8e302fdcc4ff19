#pragma once
// Colour maps for attention heatmaps, as QCustomPlot gradients.
//
// viridis(): sequential, perceptually uniform and readable with the common colour-vision
// deficiencies and in greyscale; the default for attention weights in [0, 1].
// diverging(): blue (negative) - white (zero) - red (positive), for raw scores centred on 0.

#include <QColor>

// The project does not define QT_NO_KEYWORDS (app/CMakeLists.txt: qcustomplot.h uses the `signals`
// keyword in its public header); our own code still writes Q_SIGNALS / Q_EMIT.
#include <qcustomplot.h>

namespace colormaps {

/// Viridis from 16 evenly spaced control points, interpolated in RGB.
QCPColorGradient viridis();
/// ColorBrewer RdBu (11 classes), reversed so that negative values are blue.
QCPColorGradient diverging();
/// Colour for cells whose value is not finite (e.g. masked scores of -inf).
QColor nanColor();

/// WCAG relative luminance of a colour, in [0, 1].
double relativeLuminance(const QColor& c);
/// Black or white, whichever has the higher WCAG contrast ratio against `background`.
QColor contrastingTextColor(const QColor& background);

} // namespace colormaps
