#pragma once
// Teaching mode, shared by every page: for a projector, the text of a page grows — sentences in
// the input fields, step titles, captions, buttons and side panels — and its heatmaps switch to
// their own teaching mode (larger tick labels, numbers in the cells).
//
//   teaching::applyFonts(page, on);   // Page::setTeachingMode does this, then the page's own extras
//
// Fonts are scaled from each widget's own font as it was before teaching mode was first switched on
// (kept in a dynamic property), so switching off restores exactly what the page had.

class QWidget;

namespace teaching {

/// How much larger text is in teaching mode.
constexpr double kFontScale = 1.45;

/// Scales the font of `root` and of every descendant that sets its own font (the others inherit
/// it), except inside HeatmapViews and QCustomPlots, which size their own text; `on` = false
/// restores the original fonts.
void applyFonts(QWidget* root, bool on);

/// True when `widget` is currently shown with teaching-mode fonts by applyFonts.
bool isApplied(const QWidget* widget);

} // namespace teaching
