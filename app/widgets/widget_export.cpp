#include "widgets/widget_export.hpp"

#include "widgets/export_util.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>
#include <qcustomplot.h>

bool exportWidgetImage(QWidget* widget, const QString& path, QString* error) {
    // QCustomPlot computes tick vectors before it lays out the axis rect, so the first replot at a
    // new size can still use the old geometry (e.g. thinning labels for a tiny rect). Two replots
    // settle it, so the file shows what the screen would.
    for (QCustomPlot* plot : widget->findChildren<QCustomPlot*>()) {
        plot->replot(QCustomPlot::rpImmediateRefresh);
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
    if (!exportutil::checkImageSuffix(path, error))
        return false;
    const QString suffix = exportutil::suffixOf(path);
    const QSize size = widget->size();
    auto fail = [&](const QString& why) {
        if (error)
            *error = exportutil::exportError(path, why);
        return false;
    };
    if (suffix == QLatin1String("png")) {
        const qreal dpr = 2.0; // crisp on slides and high-density screens
        QImage image(size * dpr, QImage::Format_ARGB32);
        image.setDevicePixelRatio(dpr);
        image.fill(Qt::white);
        widget->render(&image);
        if (!image.save(path, "PNG"))
            return fail(QCoreApplication::translate("exportutil", "the file cannot be created"));
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(widget->windowTitle());
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(QCoreApplication::translate("exportutil", "the file cannot be created"));
        widget->render(&painter);
        painter.end();
        return QFileInfo::exists(path)
                   ? true
                   : fail(QCoreApplication::translate("exportutil", "nothing was written"));
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72);
        QPainter painter;
        if (!painter.begin(&pdf))
            return fail(QCoreApplication::translate("exportutil", "the file cannot be created"));
        widget->render(&painter);
        painter.end();
        return true;
    }
    return fail(
        QCoreApplication::translate("exportutil", "unknown image format '%1'").arg(suffix)); // not reached
}
