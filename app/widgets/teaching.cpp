#include "widgets/teaching.hpp"

#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QVariant>
#include <QWidget>
#include <qcustomplot.h>

namespace teaching {

namespace {

const char* const kBaseFont = "attnviz_teachingBaseFont";
const char* const kApplied = "attnviz_teachingApplied";

/// Inside a widget that draws its own text at teaching sizes (or none).
bool ownsItsText(const QWidget* w, const QWidget* root) {
    for (const QWidget* p = w; p && p != root; p = p->parentWidget())
        if (qobject_cast<const HeatmapView*>(p) || qobject_cast<const QCustomPlot*>(p))
            return true;
    return false;
}

const char* const kInherits = "attnviz_teachingInherits";

/// Keeps the widget's font as it is before teaching mode first changes it.
void remember(QWidget* w) {
    if (w->property(kBaseFont).isValid())
        return;
    const bool inherits = !w->testAttribute(Qt::WA_SetFont);
    w->setProperty(kBaseFont, QVariant::fromValue(w->font()));
    w->setProperty(kInherits, inherits);
}

void scale(QWidget* w, bool on) {
    const QVariant base = w->property(kBaseFont);
    if (!base.isValid())
        return; // never scaled
    const QFont original = base.value<QFont>();
    const bool inherits = w->property(kInherits).toBool();
    if (!on) {
        if (inherits) {
            w->setFont(QFont()); // an empty resolve mask: inherit everything again
            w->setAttribute(Qt::WA_SetFont, false);
        } else {
            w->setFont(original);
        }
        return;
    }
    QFont grown = original;
    grown.setPointSizeF((original.pointSizeF() > 0 ? original.pointSizeF() : 9.0) * kFontScale);
    w->setFont(grown);
}

/// Whether `w` had a font of its own before teaching mode touched it.
bool ownFont(const QWidget* w) {
    const QVariant inherits = w->property(kInherits);
    return inherits.isValid() ? !inherits.toBool() : w->testAttribute(Qt::WA_SetFont);
}

} // namespace

void applyFonts(QWidget* root, bool on) {
    if (!root || isApplied(root) == on)
        return;
    // Children that set their own font are scaled themselves; the others inherit the root's.
    QList<QWidget*> widgets{root};
    for (QWidget* w : root->findChildren<QWidget*>())
        if (!ownsItsText(w, root) && ownFont(w))
            widgets << w;
    if (on)
        for (QWidget* w : widgets)
            remember(w); // all before any font changes, so that none is scaled twice
    for (QWidget* w : widgets)
        scale(w, on);
    root->setProperty(kApplied, on);
}

bool isApplied(const QWidget* widget) {
    return widget && widget->property(kApplied).toBool();
}

} // namespace teaching
