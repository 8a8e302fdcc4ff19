#include "widgets/error_banner.hpp"

ErrorBanner::ErrorBanner(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
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
