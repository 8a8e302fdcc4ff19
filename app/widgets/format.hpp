#pragma once
// How the pages format: the palette (one error red, the warning brown, the shading orange), numbers,
// HTML escaping and string lists. Pages format engine numbers with these and never re-derive them.

#include <QColor>
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

class QWidget;

namespace format {

/// The one error red (messages, wrong predictions, out-of-vocabulary words).
inline constexpr const char* kErrorRed = "#b00020";
/// Warnings (e.g. an input truncated to max_len).
inline constexpr const char* kWarningBrown = "#8a5a00";
/// The highlight of a selected cell / row.
inline constexpr const char* kHighlightOrange = "#e07000";

QColor errorColor();
/// "color: #b00020;" for a style sheet.
QString errorStyle();
/// Shows `widget`'s text in the error red (on) or in the inherited colour (off) through its palette.
/// Not a style sheet: a label with one stops following its page's font, so in teaching mode the
/// Walkthrough's out-of-vocabulary note stayed small while everything around it grew.
void setErrorColor(QWidget* widget, bool on);

/// `v` with a fixed number of decimals ("0.25"); "—" for NaN (a cell the engine marks absent).
QString num(double v, int decimals = 2);
/// `v` with `digits` significant digits for a small effect ("0.00085" -> "8.5e-04"); num(v, 3) from
/// 0.001 up, so a grid of tiny and ordinary values reads alike; "—" for NaN.
QString small(double v, int digits = 2);
/// HTML-escaped text.
QString esc(const std::string& s);
QString esc(const QString& s);
QStringList toQStrings(const std::vector<std::string>& v);
/// Background for a weight relative to the largest one (0..1): white -> orange, as "#rrggbb".
QString shade(double relative);

} // namespace format
