#pragma once
// ErrorBanner: the red line at the top of a page that reports what failed (a model that would not
// load, an inference error). Hidden while there is nothing to report; the text can be selected and
// copied.

#include <QLabel>
#include <QStringList>

class ErrorBanner : public QLabel {
    Q_OBJECT
public:
    explicit ErrorBanner(QWidget* parent = nullptr);
    /// Shows the non-empty messages, each once, one per line; hides the banner when none is left.
    void setMessages(const QStringList& messages);
};
