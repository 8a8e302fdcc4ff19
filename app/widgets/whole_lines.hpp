#pragma once
// The height of a text view cut at a line boundary: a view capped at a fixed height shows the top
// half of a line at its bottom edge whenever its text runs longer than the cap. This gives the height
// that shows the whole text when it fits, and otherwise the whole lines that fit (the rest scrolls).

class QTextEdit;

/// The widget height (frame included) for `view`'s text at its current width: the text's own height
/// when that is at most `cap`, otherwise the height down to the bottom of the last line that ends
/// within `cap`.
int heightOfWholeLines(const QTextEdit& view, int cap);
