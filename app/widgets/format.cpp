#include "widgets/format.hpp"

#include <QPalette>
#include <QWidget>
#include <algorithm>
#include <cmath>

namespace format {

QColor errorColor() {
    return QColor(QString::fromLatin1(kErrorRed));
}

void setErrorColor(QWidget* widget, bool on) {
    if (!on) {
        widget->setPalette(QPalette()); // nothing resolved: the parent's colours again
        return;
    }
    QPalette p;
    p.setColor(QPalette::WindowText, errorColor());
    p.setColor(QPalette::Text, errorColor());
    widget->setPalette(p);
}

QString errorStyle() {
    return QStringLiteral("color: %1;").arg(QString::fromLatin1(kErrorRed));
}

QString num(double v, int decimals) {
    // NaN is how the engine marks an absent cell (an out-of-vocabulary row or column): "—".
    return std::isnan(v) ? QStringLiteral("\u2014") : QString::number(v, 'f', decimals);
}

QString small(double v, int digits) {
    if (std::isnan(v) || v == 0.0 || std::abs(v) >= 1e-3)
        return num(v, 3);
    return QString::number(v, 'e', std::max(0, digits - 1));
}

QString esc(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString esc(const QString& s) {
    return s.toHtmlEscaped();
}

QStringList toQStrings(const std::vector<std::string>& v) {
    QStringList out;
    out.reserve(static_cast<int>(v.size()));
    for (const auto& s : v)
        out << QString::fromStdString(s);
    return out;
}

QString shade(double relative) {
    relative = std::clamp(relative, 0.0, 1.0);
    const int r = 255;
    const int g = static_cast<int>(std::lround(255.0 - relative * (255.0 - 140.0)));
    const int b = static_cast<int>(std::lround(255.0 - relative * 255.0));
    return QStringLiteral("#%1%2%3")
        .arg(r, 2, 16, QLatin1Char('0'))
        .arg(g, 2, 16, QLatin1Char('0'))
        .arg(b, 2, 16, QLatin1Char('0'));
}

} // namespace format
