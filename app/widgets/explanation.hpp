#pragma once
// The explanatory paragraphs of a page (step captions, intro texts, "what this shows" notes) can be
// hidden for a presentation (View → Show explanations): the presenter says them instead. A page marks
// each such widget once; Page::setParagraphsShown hides or shows every marked one. Numbers, titles,
// controls, legends and error banners are not marked: they stay.
//
//   explanation::mark(caption_);   // once, after the widget has its parent
//
// The page goes on showing and hiding a marked widget as before (caption_->setVisible(step == …)):
// that is remembered as the page's wish, and while the paragraphs are hidden the widget stays hidden
// whatever the page asks. Showing the paragraphs again brings back the ones the page wants shown.

class QWidget;

namespace explanation {

/// Marks `widget` as an explanatory paragraph (a dynamic property and an event filter), and hides it at
/// once when its page hides paragraphs. Returns `widget`.
QWidget* mark(QWidget* widget);
bool isMarked(const QWidget* widget);

/// The page's own wish for a marked widget: shown unless the page hid it (for an unmarked widget,
/// !isHidden()).
bool wantedVisible(const QWidget* widget);

/// Hides (shown = false) or shows every marked widget under `root` (and root itself when marked); a
/// marked widget added under `root` later follows the setting.
void setShown(QWidget* root, bool shown);
/// Whether the paragraphs of `widget`'s page are shown: the setting of the nearest of it and its
/// ancestors that setShown was called on; true when none was.
bool shown(const QWidget* widget);

} // namespace explanation
