#pragma once
// Teaching mode and presenter zoom, shared by every page: for a projector, the text of a page grows —
// sentences in the input fields, step titles, captions, buttons and side panels — and its heatmaps
// switch to their own teaching mode (larger tick labels, numbers in the cells) and text scale.
//
//   teaching::applyFonts(page, on, zoom);   // Page::setTeachingMode does this, then the page's extras
//
// The text is scaled by one factor, kFontScale in teaching mode times the presenter zoom (View → Zoom,
// 1.0 = 100 %). Fonts are scaled from each widget's own font as it was before the first scaling (kept in
// a dynamic property), so teaching mode off at 100 % restores exactly what the page had.

class QWidget;

namespace teaching {

/// How much larger text is in teaching mode.
constexpr double kFontScale = 1.45;

/// The factor text is drawn at: kFontScale when `on`, times `zoom` (1.0 = 100 %).
constexpr double textScale(bool on, double zoom) {
    return (on ? kFontScale : 1.0) * zoom;
}

/// Scales the font of `root` and of every descendant that sets its own font (the others inherit
/// it), except inside HeatmapViews and QCustomPlots, which size their own text, by textScale(on, zoom);
/// a factor of 1 restores the original fonts.
void applyFonts(QWidget* root, bool on, double zoom = 1.0);

/// True when `widget` is currently shown with teaching-mode fonts by applyFonts.
bool isApplied(const QWidget* widget);

/// The factor applyFonts last scaled `widget` or its nearest ancestor by (1 when none): for a widget
/// that draws its own text (a QCustomPlot) and should grow with its page.
double appliedScale(const QWidget* widget);

/// Presenter zoom in percent: the steps View → Zoom in / Zoom out go through (50 … 300 %).
constexpr int kZoomSteps[] = {50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300};
/// The next step above (below) `percent`; the largest (smallest) step when there is none.
int zoomInFrom(int percent);
int zoomOutFrom(int percent);

} // namespace teaching
