#include "widgets/error_banner.hpp"

#include <QPalette>

ErrorBanner::ErrorBanner(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Palette and font, not a style sheet: a style sheet's font rules stop the label from following its
    // page's font, and teaching mode (widgets/teaching.hpp) would leave the error small.
    QPalette p = palette();
    p.setColor(QPalette::WindowText, QColor(0xb0, 0x00, 0x20));
    setPalette(p);
    QFont f = font();
    f.setBold(true);
    setFont(f);
    hide();
}

void ErrorBanner::setMessages(const QStringList& messages) {
    QStringList lines;
    for (const QString& m : messages)
        if (!m.isEmpty() && !lines.contains(m))
            lines << m;
    setText(lines.join(QLatin1Char('\n')));
    setVisible(!lines.isEmpty());
}
