// Qt Test for HeatmapView at scale: the pooling rule (heatmap_lod) against hand-counted pixels, the
// level-of-detail image of long maps, hover on a 2,048-token map reporting the exact cell (checked from
// the axis rect's geometry, not from the view's own hit test), zoom / pan / reset, label thinning, the
// readout bar, and short maps left as they were.

#include "widgets/heatmap_lod.hpp"
#include "widgets/heatmap_readout.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

namespace {

const float kNan = std::numeric_limits<float>::quiet_NaN();

/// Cell (r, c) = r * 4096 + c: every value names its cell (exact in float below 4,096 rows).
attn::Matrix namedCells(int rows, int cols) {
    attn::Matrix m(rows, cols); // rows x cols
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = float(r) * 4096.0f + float(c);
    return m;
}

QStringList tokens(int n, const QString& stem) {
    QStringList out;
    for (int i = 0; i < n; ++i)
        out << QStringLiteral("%1%2").arg(stem).arg(i);
    return out;
}

QCPColorMap* colorMap(HeatmapView& view) {
    return qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
}

/// The cell drawn under plot pixel `pixel`: the one whose extent [c - 0.5, c + 0.5], mapped to pixels as
/// QCustomPlot draws it, contains the pixel (searched over all cells, not inverted like the view does).
int cellDrawnAt(QCPAxis* axis, double pixel, int n) {
    for (int c = 0; c < n; ++c) {
        const double a = axis->coordToPixel(c - 0.5), b = axis->coordToPixel(c + 0.5);
        if (pixel >= std::min(a, b) && pixel < std::max(a, b))
            return c;
    }
    return -1;
}

} // namespace

class TestHeatmapScale : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void poolingMaxAndMeanByHand();
    void poolingAbsentOnlyWhenAllCellsAbsent();
    void poolingOneCellPerPixelWhenItFits();
    void shortMapKeepsEveryCellAndNoBar();
    void longMapDrawsFromPooledImage();
    void poolingChoiceShownAndSelectable();
    void hoverOn2048TokenMapReportsExactCell();
    void wheelZoomsAroundCursorAndKeyResets();
    void dragPansWhenZoomed();
    void labelsThinnedToWhatFitsAndReturnOnZoom();
    void zoomSurvivesSameShapeMatrix();
    void longQueryAgainstShortSentenceHadNoZoomStrip();
};

void TestHeatmapScale::poolingMaxAndMeanByHand() {
    // 4 x 6 into 2 x 3: each pixel is a 2 x 2 block.
    attn::Matrix m(4, 6);
    m << 1, 2, 3, 4, 5, 6,   //
        7, 8, 9, 10, 11, 12, //
        0, 0, 1, 1, -2, 4,   //
        0, 0, 1, 3, 2, 0;
    const auto mx = heatmap_lod::pool(m, {0, 4, 0, 6}, 3, 2, heatmap_lod::Pooling::Max);
    QCOMPARE(mx.width, 3);
    QCOMPARE(mx.height, 2);
    const float wantMax[] = {8, 10, 12, 0, 3, 4};
    const float wantMean[] = {4.5f, 6.5f, 8.5f, 0.0f, 1.5f, 1.0f};
    const auto mean = heatmap_lod::pool(m, {0, 4, 0, 6}, 3, 2, heatmap_lod::Pooling::Mean);
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(mx.values[std::size_t(i)], wantMax[i]);
        QVERIFY(std::abs(mean.values[std::size_t(i)] - wantMean[i]) < 1e-6f);
    }
    // 5 columns into 2 pixels: floor(c * 2 / 5) puts columns 0-2 in pixel 0 and 3-4 in pixel 1.
    attn::Matrix row(1, 5);
    row << 1, 2, 3, 10, 20;
    const auto uneven = heatmap_lod::pool(row, {0, 1, 0, 5}, 2, 1, heatmap_lod::Pooling::Mean);
    QCOMPARE(uneven.values[0], 2.0f);
    QCOMPARE(uneven.values[1], 15.0f);
    // A window inside the matrix reads only its own cells.
    const auto inner = heatmap_lod::pool(m, {1, 3, 2, 4}, 1, 1, heatmap_lod::Pooling::Max);
    QCOMPARE(inner.values[0], 10.0f);
}

void TestHeatmapScale::poolingAbsentOnlyWhenAllCellsAbsent() {
    attn::Matrix m(2, 4);
    m << kNan, kNan, kNan, 0.5f, //
        kNan, kNan, 0.25f, -std::numeric_limits<float>::infinity();
    for (auto how : {heatmap_lod::Pooling::Max, heatmap_lod::Pooling::Mean}) {
        const auto p = heatmap_lod::pool(m, {0, 2, 0, 4}, 2, 1, how);
        QVERIFY(std::isnan(p.values[0])); // all four cells absent
        // present cells 0.5 and 0.25; the masked -inf is not a value to pool
        QCOMPARE(p.values[1], how == heatmap_lod::Pooling::Max ? 0.5f : 0.375f);
    }
}

void TestHeatmapScale::poolingOneCellPerPixelWhenItFits() {
    const attn::Matrix m = namedCells(3, 5);
    const auto p = heatmap_lod::pool(m, {0, 3, 0, 5}, 100, 100, heatmap_lod::Pooling::Max);
    QCOMPARE(p.width, 5);
    QCOMPARE(p.height, 3);
    QCOMPARE(p.at(2, 4), m(2, 4));
}

void TestHeatmapScale::shortMapKeepsEveryCellAndNoBar() {
    HeatmapView view;
    view.resize(640, 480);
    view.setMatrix(namedCells(8, 8), tokens(8, "q"), tokens(8, "k"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QVERIFY(!view.isLarge());
    QVERIFY(!view.readout()->isVisible());
    QCOMPARE(colorMap(view)->data()->keySize(), 8);
    QCOMPARE(colorMap(view)->data()->valueSize(), 8);
    QVERIFY(!view.isPooled());
    // The wheel does not zoom a short map.
    const QPoint centre = view.plot()->axisRect()->rect().center();
    QWheelEvent wheel(centre, view.plot()->mapToGlobal(centre), {}, QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.plot(), &wheel);
    QVERIFY(!view.isZoomed());
}

void TestHeatmapScale::longMapDrawsFromPooledImage() {
    HeatmapView view;
    view.resize(900, 800);
    attn::Matrix m = attn::Matrix::Constant(4096, 4096, 0.0f);
    m(1000, 2000) = 1.0f;                    // one strong weight must survive max pooling
    m.block(0, 0, 64, 64).setConstant(kNan); // an absent block: absent pixels
    view.setMatrix(std::move(m), tokens(4096, "t"), tokens(4096, "t"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    const QRect ar = view.plot()->axisRect()->rect();
    QVERIFY(view.isPooled());
    QVERIFY(view.readout()->isVisible());
    auto* data = colorMap(view)->data();
    QVERIFY2(data->keySize() <= ar.width() && data->valueSize() <= ar.height(),
             qPrintable(QStringLiteral("%1 x %2 for %3 x %4")
                            .arg(data->keySize())
                            .arg(data->valueSize())
                            .arg(ar.width())
                            .arg(ar.height())));
    QCOMPARE(view.mapImageSize(), QSize(data->keySize(), data->valueSize()));
    // The pixel holding cell (1000, 2000) is 1 (max pooling), its neighbours 0; the corner is absent.
    int kx = 0, ky = 0;
    data->coordToCell(2000.0, 1000.0, &kx, &ky);
    QCOMPARE(data->cell(kx, ky), 1.0);
    QCOMPARE(data->cell(kx + 2, ky), 0.0);
    data->coordToCell(0.0, 0.0, &kx, &ky);
    QVERIFY(std::isnan(data->cell(kx, ky)));
    QVERIFY(view.readout()->scaleText().contains(QStringLiteral("pooled by")));
}

void TestHeatmapScale::poolingChoiceShownAndSelectable() {
    HeatmapView view;
    view.resize(600, 500);
    attn::Matrix m = attn::Matrix::Constant(1024, 1024, 0.0f);
    m(512, 512) = 1.0f;
    view.setMatrix(m, {}, {});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QCOMPARE(view.readout()->poolingBox()->currentText(), QStringLiteral("max"));
    QVERIFY(view.readout()->poolingBox()->isEnabled());
    auto* data = colorMap(view)->data();
    int kx = 0, ky = 0;
    data->coordToCell(512.0, 512.0, &kx, &ky);
    QCOMPARE(data->cell(kx, ky), 1.0);
    view.readout()->poolingBox()->setCurrentIndex(1); // the user picks "mean"
    QCOMPARE(view.pooling(), HeatmapView::Pooling::Mean);
    view.plot()->replot();
    // The same pixel now holds the mean of the cells it covers, computed here by hand.
    const heatmap_lod::CellWindow w = view.visibleWindow();
    const QSize img = view.mapImageSize();
    int n = 0;
    for (int c = 0; c < 1024; ++c)
        for (int r = 0; r < 1024; ++r)
            if (heatmap_lod::pixelOf(c, w.col0, w.cols(), img.width()) ==
                    heatmap_lod::pixelOf(512, w.col0, w.cols(), img.width()) &&
                heatmap_lod::pixelOf(r, w.row0, w.rows(), img.height()) ==
                    heatmap_lod::pixelOf(512, w.row0, w.rows(), img.height()))
                ++n;
    data = colorMap(view)->data();
    data->coordToCell(512.0, 512.0, &kx, &ky);
    QVERIFY(std::abs(data->cell(kx, ky) - 1.0 / n) < 1e-6);
    view.setPooling(HeatmapView::Pooling::Max);
    QCOMPARE(view.readout()->poolingBox()->currentText(), QStringLiteral("max"));
}

void TestHeatmapScale::hoverOn2048TokenMapReportsExactCell() {
    HeatmapView view;
    view.setRangeMode(HeatmapView::RangeMode::Auto);
    view.resize(1000, 900);
    const int n = 2048;
    view.setMatrix(namedCells(n, n), tokens(n, "q"), tokens(n, "k"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QVERIFY(view.isPooled());
    QSignalSpy hovered(&view, &HeatmapView::cellHovered);
    const QRect ar = view.plot()->axisRect()->rect();
    for (const QPoint p : {QPoint(ar.left() + 37, ar.top() + 211), QPoint(ar.center()),
                           QPoint(ar.right() - 3, ar.bottom() - 5)}) {
        const int wantRow = cellDrawnAt(view.plot()->yAxis, p.y(), n);
        const int wantColumn = cellDrawnAt(view.plot()->xAxis, p.x(), n);
        QTest::mouseMove(view.plot(), p);
        QTRY_VERIFY(!hovered.isEmpty());
        QCOMPARE(hovered.last().at(0).toInt(), wantRow);
        QCOMPARE(hovered.last().at(1).toInt(), wantColumn);
        // The readout names the cell and shows the matrix's own value (r * 4096 + c).
        const QString text = view.readout()->cellText();
        // Rows and columns counted from 1 on screen (issue 49 point 13); the labels are the matrix's own.
        QVERIFY2(text.contains(QStringLiteral("q%1 (row %2)").arg(wantRow).arg(wantRow + 1)),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("k%1 (column %2)").arg(wantColumn).arg(wantColumn + 1)),
                 qPrintable(text));
        QVERIFY2(text.contains(QString::number(double(wantRow) * 4096.0 + wantColumn, 'f', 4)),
                 qPrintable(text));
        QVERIFY(!view.readout()->rowStrip().isNull());
        QVERIFY(!view.readout()->columnStrip().isNull());
        hovered.clear();
    }
}

void TestHeatmapScale::wheelZoomsAroundCursorAndKeyResets() {
    HeatmapView view;
    view.resize(800, 700);
    view.setMatrix(namedCells(512, 512), {}, {});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QVERIFY(!view.readout()->resetButton()->isEnabled());
    const QRect ar = view.plot()->axisRect()->rect();
    const QPoint at(ar.left() + ar.width() / 4, ar.top() + ar.height() / 4);
    const double cx = view.plot()->xAxis->pixelToCoord(at.x()), cy = view.plot()->yAxis->pixelToCoord(at.y());
    QSignalSpy changed(&view, &HeatmapView::viewChanged);
    for (int i = 0; i < 5; ++i) {
        QWheelEvent wheel(at, view.plot()->mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.plot(), &wheel);
    }
    view.plot()->replot();
    QCOMPARE(changed.size(), 5);
    QVERIFY(view.isZoomed());
    QVERIFY(view.readout()->resetButton()->isEnabled());
    // 0.8^5 of the span; the point under the cursor stays under it.
    QVERIFY(std::abs(view.plot()->xAxis->range().size() - 512 * std::pow(0.8, 5)) < 1e-6);
    QVERIFY(std::abs(view.plot()->xAxis->pixelToCoord(at.x()) - cx) < 0.5);
    QVERIFY(std::abs(view.plot()->yAxis->pixelToCoord(at.y()) - cy) < 0.5);
    const heatmap_lod::CellWindow w = view.visibleWindow();
    QVERIFY(w.cols() < 512 && w.rows() < 512);
    QVERIFY(!view.isPooled()); // 168 cells on ~700 pixels: every cell drawn
    view.plot()->setFocus();
    QTest::keyClick(view.plot(), Qt::Key_0);
    QVERIFY(!view.isZoomed());
    QCOMPARE(view.visibleWindow(), (heatmap_lod::CellWindow{0, 512, 0, 512}));
    // Zoom never goes below 4 cells or outside the matrix.
    for (int i = 0; i < 60; ++i)
        view.zoomAt(0.0, 0.0, 0.5);
    QVERIFY(std::abs(view.plot()->xAxis->range().size() - 4.0) < 1e-9);
    QVERIFY(view.plot()->xAxis->range().lower >= -0.5);
    view.readout()->resetButton()->click();
    QVERIFY(!view.isZoomed());
}

void TestHeatmapScale::dragPansWhenZoomed() {
    HeatmapView view;
    view.resize(800, 700);
    view.setMatrix(namedCells(300, 300), {}, {});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    view.zoomAt(150, 150, 0.25); // 75 cells visible
    view.plot()->replot();
    const double lower = view.plot()->xAxis->range().lower;
    const QRect ar = view.plot()->axisRect()->rect();
    const QPoint start = ar.center();
    QTest::mousePress(view.plot(), Qt::LeftButton, {}, start);
    QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(100, 0)), view.plot()->mapToGlobal(start),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view.plot(), &move);
    QTest::mouseRelease(view.plot(), Qt::LeftButton, {}, start + QPoint(100, 0));
    // Dragging right by 100 px shows cells further left: 100 px of a 75-cell span.
    const double expected = lower - 100.0 * 75.0 / ar.width();
    QVERIFY2(std::abs(view.plot()->xAxis->range().lower - expected) < 1e-6,
             qPrintable(QString::number(view.plot()->xAxis->range().lower)));
}

void TestHeatmapScale::labelsThinnedToWhatFitsAndReturnOnZoom() {
    HeatmapView view;
    view.resize(900, 800);
    view.setMatrix(namedCells(2048, 2048), tokens(2048, "w"), tokens(2048, "w"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    view.plot()->replot();
    const QRect ar = view.plot()->axisRect()->rect();
    const int line = QFontMetrics(view.plot()->yAxis->tickLabelFont()).height();
    const QVector<double> ticks = view.plot()->yAxis->tickVector();
    QVERIFY(ticks.size() >= 5);
    QVERIFY2(ticks.size() <= ar.height() / line + 1, qPrintable(QString::number(ticks.size())));
    // Every k-th label: equal steps.
    const double step = ticks[1] - ticks[0];
    QVERIFY(step > 1);
    for (int i = 1; i < ticks.size(); ++i)
        QCOMPARE(ticks[i] - ticks[i - 1], step);
    // Zoomed to 16 rows, every row has its label again.
    view.zoomAt(1000, 1000, 16.0 / 2048.0);
    view.plot()->replot();
    view.plot()->replot();
    QCOMPARE(view.plot()->yAxis->tickVector().size(), 16);
    QVERIFY(view.plot()->yAxis->tickVectorLabels().contains(QStringLiteral("w1000")));
}

void TestHeatmapScale::zoomSurvivesSameShapeMatrix() {
    HeatmapView view;
    view.resize(800, 700);
    view.setMatrix(namedCells(200, 200), {}, {});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.zoomAt(50, 50, 0.1);
    const QCPRange before = view.plot()->xAxis->range();
    view.setMatrix(namedCells(200, 200) * 2.0f, {}, {}); // the next layer, same tokens
    QVERIFY(view.isZoomed());
    QCOMPARE(view.plot()->xAxis->range().lower, before.lower);
    view.setMatrix(namedCells(210, 210), {}, {}); // another input: the whole map again
    QVERIFY(!view.isZoomed());
}

// Issue 49 point 11: a 120-word query against a 9-word sentence (1,080 cells) zooms, but had no readout
// bar with its reset button, as Translation has; a short sentence's word vectors (9 x 100) keep their look.
void TestHeatmapScale::longQueryAgainstShortSentenceHadNoZoomStrip() {
    HeatmapView view;
    view.resize(900, 700);
    view.setMatrix(namedCells(120, 9), tokens(120, "q"), tokens(9, "k"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QVERIFY(view.isLarge());
    QVERIFY(view.readout()->isVisible());
    view.setMatrix(namedCells(9, 100), tokens(9, "w"), tokens(100, "d"));
    view.plot()->replot();
    QVERIFY(view.isLarge());
    QVERIFY(!view.readout()->isVisible());
}

QTEST_MAIN(TestHeatmapScale)
#include "tst_heatmap_scale.moc"
