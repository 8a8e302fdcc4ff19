// HeatmapView: writing the plot as PNG / SVG / PDF at a chosen size and the matrix as CSV / JSON
// (split from heatmap_view.cpp). Failures use exportutil::exportError's wording, as exportWidgetImage.
#include "widgets/export_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/widget_export.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QImage>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <qcustomplot.h>

bool HeatmapView::exportImage(const QString& path, QString* error, int width, int height, int scale) const {
    auto fail = [&](const QString& why) {
        if (error)
            *error = exportutil::exportError(path, why);
        return false;
    };
    if (values_.size() == 0)
        return fail(tr("the heatmap is empty"));
    if (!exportutil::checkImageSuffix(path, error))
        return false;
    const QString suffix = exportutil::suffixOf(path);
    const bool shown = plot_->isVisible() && plot_->width() >= 100 && plot_->height() >= 100;
    const int w = width > 0 ? width : (shown ? plot_->width() : 800);
    const int h = height > 0 ? height : (shown ? plot_->height() : 640);
    if (w > 20000 || h > 20000)
        return fail(tr("image size %1x%2 is too large").arg(w).arg(h));
    if (suffix == QLatin1String("png") && (scale < 1 || scale > 4))
        return fail(QCoreApplication::translate("exportutil", "the scale %1 is not 1, 2, 3 or 4").arg(scale));
    if (suffix == QLatin1String("png") && (w * scale > kMaxExportPixels || h * scale > kMaxExportPixels))
        return fail(QCoreApplication::translate("exportutil", "%1 x %2 pixels exceed the limit of %3 a side")
                        .arg(w * scale)
                        .arg(h * scale)
                        .arg(kMaxExportPixels));

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    scale_->setMargins(QMargins()); // see rebuild(): margins must be free to shrink at this size
    const int dpi = plot_->logicalDpiX() > 0 ? plot_->logicalDpiX() : 96;
    if (suffix == QLatin1String("png")) {
        const QImage image = plot_->toPixmap(w, h, scale).toImage(); // (w x h) x scale pixels
        if (image.isNull() || !image.save(&buffer, "PNG"))
            return fail(tr("could not render the PNG image"));
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setResolution(dpi); // so that point-sized fonts match what the screen shows
        generator.setTitle(title_.isEmpty() ? QStringLiteral("attention heatmap") : title_);
        generator.setDescription(QStringLiteral("attnviz"));
        QCPPainter painter;
        if (!painter.begin(&generator))
            return fail(tr("could not start the SVG painter"));
        painter.setMode(QCPPainter::pmVectorized);
        plot_->toPainter(&painter, w, h);
        painter.end();
    } else {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("attnviz"));
        writer.setTitle(title_);
        writer.setResolution(dpi);
        // One device unit per screen pixel: the page is w x h pixels at `dpi`, so fonts and
        // lines keep the proportions they have on screen.
        writer.setPageLayout(QPageLayout(QPageSize(QSizeF(w * 72.0 / dpi, h * 72.0 / dpi), QPageSize::Point,
                                                   QString(), QPageSize::ExactMatch),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QCPPainter painter;
        if (!painter.begin(&writer))
            return fail(tr("could not start the PDF painter"));
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot_->toPainter(&painter, w, h);
        painter.end();
    }
    buffer.close();
    // toPixmap/toPainter lay the plot out at the export size; lay it out again for the screen.
    scale_->setMargins(QMargins());
    plot_->replot(QCustomPlot::rpQueuedReplot);
    if (bytes.isEmpty())
        return fail(tr("nothing was rendered"));
    return exportutil::writeFile(path, bytes, error);
}

bool HeatmapView::exportMatrix(const QString& path, QString* error) const {
    auto fail = [&](const QString& why) {
        if (error)
            *error = exportutil::exportError(path, why);
        return false;
    };
    if (values_.size() == 0)
        return fail(tr("the heatmap is empty"));
    const QString suffix = exportutil::suffixOf(path);
    QByteArray bytes;
    if (suffix == QLatin1String("csv"))
        bytes = exportutil::matrixToCsv(values_, rowLabels_, columnLabels_);
    else if (suffix == QLatin1String("json"))
        bytes = exportutil::matrixToJson(values_, rowLabels_, columnLabels_, title_, exportMetadata_);
    else
        return fail(tr("unknown matrix format '%1' (use .csv or .json)").arg(suffix));
    return exportutil::writeFile(path, bytes, error);
}
