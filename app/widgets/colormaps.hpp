#pragma once
// Colour maps for attention heatmaps, as QCustomPlot gradients.
//
// viridis(): sequential, perceptually uniform and readable with the common colour-vision
// deficiencies and in greyscale; the default for attention weights in [0, 1].
// diverging(): blue (negative) - white (zero) - red (positive), for raw scores centred on 0.

#include <QColor>

// The project builds with QT_NO_KEYWORDS, but qcustomplot.h (2.1.0) uses the `signals` and
// `foreach` keywords. Map them to the Q_ macros for this one include. Include this header (or
// any header that includes qcustomplot.h this way) before any plain <qcustomplot.h>.
#if defined(QT_NO_KEYWORDS) && !defined(signals)
#define signals Q_SIGNALS
#define foreach Q_FOREACH
#define ATTNVIZ_QCP_UNDEF_KEYWORDS
#endif
#include <qcustomplot.h>
#ifdef ATTNVIZ_QCP_UNDEF_KEYWORDS
#undef signals
#undef foreach
#undef ATTNVIZ_QCP_UNDEF_KEYWORDS
#endif

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
