#include "widgets/teaching.hpp"

#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QVariant>
#include <QWidget>
#include <iterator>
#include <qcustomplot.h>

namespace teaching {

namespace {

const char* const kBaseFont = "attnviz_teachingBaseFont";
const char* const kApplied = "attnviz_teachingApplied";
const char* const kScale = "attnviz_teachingScale"; // the factor the root's fonts are scaled by now

/// Inside a widget that draws its own text at teaching sizes (or none).
bool ownsItsText(const QWidget* w, const QWidget* root) {
    for (const QWidget* p = w; p && p != root; p = p->parentWidget())
        if (qobject_cast<const HeatmapView*>(p) || qobject_cast<const QCustomPlot*>(p))
            return true;
    return false;
}

const char* const kInherits = "attnviz_teachingInherits";

/// Keeps the widget's font as it is before teaching mode or the zoom first changes it. A widget made
/// while the page was scaled by `current` (a caption built on a step change from the page's font) has a
/// font of that scale: its base is that font divided by `current`, so 100 % brings it back too.
void remember(QWidget* w, double current) {
    if (w->property(kBaseFont).isValid())
        return;
    const bool inherits = !w->testAttribute(Qt::WA_SetFont);
    QFont base = w->font();
    if (!inherits && current != 1.0 && base.pointSizeF() > 0)
        base.setPointSizeF(base.pointSizeF() / current);
    w->setProperty(kBaseFont, QVariant::fromValue(base));
    w->setProperty(kInherits, inherits);
}

void scale(QWidget* w, double factor) {
    const QVariant base = w->property(kBaseFont);
    if (!base.isValid())
        return; // never scaled
    const QFont original = base.value<QFont>();
    const bool inherits = w->property(kInherits).toBool();
    if (factor == 1.0) {
        if (inherits) {
            w->setFont(QFont()); // an empty resolve mask: inherit everything again
            w->setAttribute(Qt::WA_SetFont, false);
        } else {
            w->setFont(original);
        }
        return;
    }
    QFont grown = original;
    grown.setPointSizeF((original.pointSizeF() > 0 ? original.pointSizeF() : 9.0) * factor);
    w->setFont(grown);
}

/// Whether `w` had a font of its own before teaching mode touched it.
bool ownFont(const QWidget* w) {
    const QVariant inherits = w->property(kInherits);
    return inherits.isValid() ? !inherits.toBool() : w->testAttribute(Qt::WA_SetFont);
}

} // namespace

void applyFonts(QWidget* root, bool on, double zoom) {
    const double factor = textScale(on, zoom);
    if (!root || (isApplied(root) == on && appliedScale(root) == factor && root->property(kScale).isValid()))
        return;
    // Children that set their own font are scaled themselves; the others inherit the root's.
    QList<QWidget*> widgets{root};
    for (QWidget* w : root->findChildren<QWidget*>())
        if (!ownsItsText(w, root) && ownFont(w))
            widgets << w;
    const QVariant previous = root->property(kScale);
    const double current = previous.isValid() ? previous.toDouble() : 1.0;
    if (factor != 1.0 || current != 1.0)
        for (QWidget* w : widgets)
            remember(w, current); // all before any font changes, so that none is scaled twice
    for (QWidget* w : widgets)
        scale(w, factor);
    root->setProperty(kApplied, on);
    root->setProperty(kScale, factor);
}

bool isApplied(const QWidget* widget) {
    return widget && widget->property(kApplied).toBool();
}

double appliedScale(const QWidget* widget) {
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        const QVariant factor = w->property(kScale);
        if (factor.isValid())
            return factor.toDouble();
    }
    return 1.0;
}

int zoomInFrom(int percent) {
    for (int step : kZoomSteps)
        if (step > percent)
            return step;
    return std::end(kZoomSteps)[-1];
}

int zoomOutFrom(int percent) {
    for (auto it = std::rbegin(kZoomSteps); it != std::rend(kZoomSteps); ++it)
        if (*it < percent)
            return *it;
    return kZoomSteps[0];
}

} // namespace teaching
