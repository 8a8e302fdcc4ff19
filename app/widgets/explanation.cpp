#include "widgets/explanation.hpp"

#include <QEvent>
#include <QObject>
#include <QVariant>
#include <QWidget>

namespace explanation {

namespace {

const char* const kMarked = "attnviz.explanation";       // on a marked widget
const char* const kWanted = "attnviz.explanationWanted"; // the page's own visibility of it
const char* const kShown = "attnviz.explanationsShown";  // on a root setShown was called on

bool applying = false; // inside apply(): its own hide/show is not the page's wish

void apply(QWidget* widget) {
    const bool visible = wantedVisible(widget) && shown(widget);
    if (visible == !widget->isHidden())
        return;
    applying = true;
    widget->setVisible(visible);
    applying = false;
}

/// Notes the page's show/hide of a marked widget, and hides it again while paragraphs are hidden.
class Guard : public QObject {
public:
    bool eventFilter(QObject* watched, QEvent* event) override {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (!widget || applying)
            return false;
        switch (event->type()) {
        case QEvent::ShowToParent: // the page's own show() / setVisible(true), sent once it is done
            widget->setProperty(kWanted, true);
            apply(widget);
            break;
        case QEvent::HideToParent:
            widget->setProperty(kWanted, false);
            break;
        case QEvent::ParentChange: // moved under a page that hides its paragraphs
            apply(widget);
            break;
        default:
            break;
        }
        return false;
    }
};

Guard* guard() {
    static Guard* g = new Guard; // lives as long as the process (widgets of every page use it)
    return g;
}

} // namespace

QWidget* mark(QWidget* widget) {
    if (!widget)
        return widget;
    if (!isMarked(widget)) {
        widget->setProperty(kWanted, !widget->isHidden());
        widget->setProperty(kMarked, true);
        widget->installEventFilter(guard());
    }
    apply(widget);
    return widget;
}

bool isMarked(const QWidget* widget) {
    return widget && widget->property(kMarked).toBool();
}

bool wantedVisible(const QWidget* widget) {
    if (!isMarked(widget))
        return widget && !widget->isHidden();
    return widget->property(kWanted).toBool();
}

void setShown(QWidget* root, bool on) {
    if (!root)
        return;
    root->setProperty(kShown, on);
    if (isMarked(root))
        apply(root);
    for (QWidget* w : root->findChildren<QWidget*>())
        if (isMarked(w))
            apply(w);
}

bool shown(const QWidget* widget) {
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        const QVariant on = w->property(kShown);
        if (on.isValid())
            return on.toBool();
    }
    return true;
}

} // namespace explanation
