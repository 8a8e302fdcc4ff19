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

QList<int> exportScales(QSize size) {
    QList<int> scales{1};
    for (int s = 2; s <= 4; ++s)
        if (size.width() * s <= kMaxExportPixels && size.height() * s <= kMaxExportPixels)
            scales.push_back(s);
    return scales;
}

bool exportWidgetImage(QWidget* widget, const QString& path, QString* error, int scale) {
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
        if (scale < 1 || scale > 4)
            return fail(
                QCoreApplication::translate("exportutil", "the scale %1 is not 1, 2, 3 or 4").arg(scale));
        const QSize pixels = size * scale;
        if (pixels.width() > kMaxExportPixels || pixels.height() > kMaxExportPixels)
            return fail(
                QCoreApplication::translate("exportutil", "%1 x %2 pixels exceed the limit of %3 a side")
                    .arg(pixels.width())
                    .arg(pixels.height())
                    .arg(kMaxExportPixels));
        QImage image(pixels, QImage::Format_ARGB32);
        image.setDevicePixelRatio(scale); // drawn at that resolution: crisp on slides
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
