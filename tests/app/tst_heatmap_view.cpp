// Qt Test for HeatmapView: values, colour range, axis labels and orientation, tooltips, hit
// testing, hover/click signals, and every export format read back by an independent parser
// (QImage, QJsonDocument, a small RFC 4180 reader written here).

#include "widgets/colormaps.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSet>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

namespace {

attn::Matrix sample3x4() {
    attn::Matrix m(3, 4);
    m << 0.10f, 0.20f, 0.30f, 0.40f, //
        0.25f, 0.25f, 0.25f, 0.25f,  //
        0.70f, 0.15f, 0.05f, 0.10f;
    return m;
}
const QStringList kRows = {"the", "cat", "sat"};
const QStringList kCols = {"le", "chat", "est", "assis"};

/// Minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF line ends).
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false, fieldStarted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (quoted) {
            if (ch == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += ch;
            }
        } else if (ch == QLatin1Char('"')) {
            quoted = true;
            fieldStarted = true;
        } else if (ch == QLatin1Char(',')) {
            row << field;
            field.clear();
            fieldStarted = true;
        } else if (ch == QLatin1Char('\r')) {
            // part of CRLF
        } else if (ch == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            fieldStarted = false;
        } else {
            field += ch;
            fieldStarted = true;
        }
    }
    if (fieldStarted || !row.isEmpty()) {
        row << field;
        rows << row;
    }
    return rows;
}

} // namespace

class TestHeatmapView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shortColourBarLabelsOverlapped() {
        // The Walkthrough's step-3 strips (2 rows) drew "1 0.8 0.6 0.4 0.2 0" on top of each other:
        // five ticks on a colour bar a few lines high.
        HeatmapView view;
        view.setRangeMode(HeatmapView::RangeMode::Fixed01);
        attn::Matrix m(2, 6);
        m << 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.9f, 0.8f, 0.7f, 0.6f, 0.5f, 0.4f;
        view.setMatrix(m, {QStringLiteral("q·k"), QStringLiteral("q·k ÷ 10.000")},
                       {QStringLiteral("student"), QStringLiteral("asked"), QStringLiteral("teacher"),
                        QStringLiteral("help"), QStringLiteral("her"), QStringLiteral("improve")});
        view.setTitle(QStringLiteral("Softmax of “she”: q·k and q·k ÷ √100"));
        view.setAxisTitles(QString(), QStringLiteral("key word"));
        view.setTeachingMode(true);
        view.resize(640, 200); // the strips' size at 1280 x 800 in teaching mode
        (void)view.grab();     // lays out and replots
        (void)view.grab();     // the second replot sees the first layout
        QCPColorScale* scale = nullptr;
        for (QCPLayoutElement* e : view.plot()->plotLayout()->elements(true))
            if (auto* s = qobject_cast<QCPColorScale*>(e))
                scale = s;
        QVERIFY(scale);
        const QVector<double> ticks = scale->axis()->tickVector();
        QVERIFY2(ticks.size() >= 2, qPrintable(QString::number(ticks.size())));
        const int line = QFontMetrics(scale->axis()->tickLabelFont()).height();
        for (int i = 1; i < ticks.size(); ++i) {
            const double gap =
                std::abs(scale->axis()->coordToPixel(ticks[i]) - scale->axis()->coordToPixel(ticks[i - 1]));
            QVERIFY2(gap >= line,
                     qPrintable(QStringLiteral("ticks %1 and %2 are %3 px apart, labels %4 px high")
                                    .arg(ticks[i - 1])
                                    .arg(ticks[i])
                                    .arg(gap)
                                    .arg(line)));
        }
    }

    // Numbers in narrow cells: the Vision page's 17 x 17 attention map in teaching mode at 1280 x 800
    // (cells about 20 px) printed nothing, "0.00" being too wide; they now read ".25" when only the
    // leading zero is too much, and the full "0.25" wherever that fits.
    void narrowCellsDropTheLeadingZero() {
        HeatmapView view;
        view.setRangeMode(HeatmapView::RangeMode::Fixed01);
        attn::Matrix m(17, 17);
        for (int r = 0; r < 17; ++r)
            for (int c = 0; c < 17; ++c)
                m(r, c) = float((r * 17 + c) % 100) / 100.0f;
        m(0, 1) = -0.25f; // a negative value keeps its sign
        QStringList labels;
        for (int i = 0; i < 17; ++i)
            labels << QString::number(i);
        view.setMatrix(m, labels, labels);
        view.setTeachingMode(true);
        int sawShort = 0, sawFull = 0;
        for (int side = 300; side <= 1000; side += 50) {
            view.resize(side, side);
            (void)view.grab();
            (void)view.grab();
            const double cw =
                std::abs(view.plot()->xAxis->coordToPixel(1.0) - view.plot()->xAxis->coordToPixel(0.0));
            const QString text = view.drawnValue(0, 3); // 0.03
            if (text.isEmpty()) {
                QVERIFY2(cw < 20.0, qPrintable(QStringLiteral("%1 px cells print nothing").arg(cw)));
                continue;
            }
            QVERIFY2(text == QStringLiteral("0.03") || text == QStringLiteral(".03"), qPrintable(text));
            const bool full = text == QStringLiteral("0.03");
            (full ? sawFull : sawShort)++;
            QCOMPARE(view.drawnValue(0, 1), full ? QStringLiteral("-0.25") : QStringLiteral("-.25"));
            QCOMPARE(view.drawnValue(16, 16), full ? QStringLiteral("0.88") : QStringLiteral(".88"));
            // The short form only where the full one does not fit at 6 pt.
            QFont smallest = view.plot()->xAxis->tickLabelFont();
            smallest.setPointSizeF(6.0);
            const double fullWidth = QFontMetricsF(smallest).horizontalAdvance(QStringLiteral("-0.25")) + 4.0;
            QVERIFY2(full == (fullWidth <= cw),
                     qPrintable(QStringLiteral("%1 in %2 px cells (full form needs %3)")
                                    .arg(text)
                                    .arg(cw)
                                    .arg(fullWidth)));
        }
        QVERIFY2(sawShort > 0 && sawFull > 0,
                 qPrintable(QStringLiteral("%1 short, %2 full").arg(sawShort).arg(sawFull)));
        // Values of 1 or more have no leading zero to drop.
        attn::Matrix big = attn::Matrix::Constant(17, 17, 12.5f);
        view.setMatrix(big, labels, labels);
        view.resize(420, 420);
        (void)view.grab();
        (void)view.grab();
        const QString bigText = view.drawnValue(2, 2);
        QVERIFY2(bigText.isEmpty() || bigText == QStringLiteral("12.50"), qPrintable(bigText));
    }

    void shortTeachingMapGivesTheTitleLineToItsRows() {
        // The Translation page's alignment in teaching mode at 1280 x 800: 9 output words over 8 source
        // words in a view 265 px high. With the title, every second row label was dropped.
        HeatmapView view;
        view.setRangeMode(HeatmapView::RangeMode::Fixed01);
        attn::Matrix m = attn::Matrix::Constant(9, 8, 0.125f);
        QStringList rows, cols;
        for (const char* w : {"el", "libro", "que", "compr\u00e9", "es", "muy", "interesante", ".", "</s>"})
            rows << QString::fromUtf8(w);
        for (const char* w : {"the", "book", "that", "i", "bought", "is", "very", "interesting"})
            cols << QString::fromUtf8(w);
        view.setMatrix(m, rows, cols);
        view.setTitle(QStringLiteral("Alignment by words"));
        view.setAxisTitles(QStringLiteral("Output word"), QStringLiteral("Source word"));
        view.setTeachingMode(true);
        const auto titleInLayout = [&view] {
            for (QCPLayoutElement* e : view.plot()->plotLayout()->elements(true))
                if (qobject_cast<QCPTextElement*>(e))
                    return true;
            return false;
        };
        // At every height, a map short of room for a label per row has given up its title first; and
        // some height (at 1280 x 800 it was 265 px) gets every row label only because the title went.
        bool helped = false;
        for (int height = 200; height <= 600; height += 10) {
            view.resize(970, height);
            for (int i = 0; i < 3; ++i)
                (void)view.grab(); // lay out, fit, lay out again
            const bool everyRow = view.plot()->yAxis->tickVector().size() == 9;
            QVERIFY2(everyRow || !titleInLayout(), qPrintable(QStringLiteral("%1 px").arg(height)));
            helped = helped || (everyRow && !titleInLayout());
            // Stable: another replot at the same size makes the same choice.
            const bool before = titleInLayout();
            (void)view.grab();
            QCOMPARE(titleInLayout(), before);
        }
        QVERIFY(helped);
        QVERIFY(titleInLayout()); // 600 px has room for both
        QCOMPARE(view.plot()->yAxis->tickVector().size(), 9);
    }

    void uprightColumnLabelsShrinkRatherThanDropEverySecond() {
        // The Vision page's 17 x 17 token map in teaching mode at 1280 x 800: columns about 21 px wide and
        // a 24 px label line, so every second key label was dropped. Like the rows, the column labels now
        // take a smaller font (down to 7 pt) and all 17 show.
        HeatmapView view;
        view.setRangeMode(HeatmapView::RangeMode::Fixed01);
        const attn::Matrix m = attn::Matrix::Constant(17, 17, 1.0f / 17.0f);
        QStringList tokens{QStringLiteral("[CLS]")};
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                tokens << QStringLiteral("r%1c%2").arg(r).arg(c);
        view.setMatrix(m, tokens, tokens);
        view.setTeachingMode(true);
        QCPAxis* x = view.plot()->xAxis;
        view.resize(1400, 1000);
        for (int i = 0; i < 3; ++i)
            (void)view.grab();
        const double full = x->tickLabelFont().pointSizeF();
        QCOMPARE(x->tickVector().size(), 17);
        bool shrank = false;
        for (int width = 1000; width >= 300; width -= 25) {
            view.resize(width, 600);
            for (int i = 0; i < 3; ++i)
                (void)view.grab();
            const double points = x->tickLabelFont().pointSizeF();
            const double column = double(view.plot()->axisRect()->width()) / 17.0;
            const double line = QFontMetrics(x->tickLabelFont()).height();
            const QString at =
                QStringLiteral("%1 px wide: %2 of 17 labels at %3 degrees, %4 pt, columns %5 px")
                    .arg(width)
                    .arg(x->tickVector().size())
                    .arg(x->tickLabelRotation())
                    .arg(points)
                    .arg(column);
            // Every label until even 7 pt no longer fits a column; the font never grows past its own size.
            QVERIFY2(x->tickVector().size() == 17 || points == 7.0, qPrintable(at));
            QVERIFY2(points <= full, qPrintable(at));
            if (x->tickVector().size() == 17 && points < full) {
                shrank = true;
                QVERIFY2(line * 1.05 <= column + 0.5, qPrintable(at));
            }
            (void)view.grab(); // stable at the same size
            QCOMPARE(x->tickLabelFont().pointSizeF(), points);
        }
        QVERIFY(shrank);
        // Wide again: the labels are back at their size.
        view.resize(1400, 1000);
        for (int i = 0; i < 3; ++i)
            (void)view.grab();
        QCOMPARE(x->tickLabelFont().pointSizeF(), full);
    }

    void narrowTeachingMapStandsItsColumnLabelsUpright() {
        // The Transformer page's what-if maps in teaching mode at 1280 x 800: 8 x 8 with 25.6 px columns.
        // Labels slanted at 60 degrees need 1.05 lines / sin 60 (26.6 px) each, so every second one was
        // dropped; upright they need 1.05 lines (23 px) and all fit.
        HeatmapView view;
        view.setRangeMode(HeatmapView::RangeMode::Fixed01);
        const attn::Matrix m = attn::Matrix::Constant(8, 8, 0.125f);
        QStringList words;
        for (const char* w : {"the", "teacher", "praised", "a", "student", "because", "she", "improved"})
            words << QString::fromLatin1(w);
        view.setMatrix(m, words, words);
        view.setTitle(QStringLiteral("After"));
        view.setTeachingMode(true);
        bool upright = false, slanted = false;
        for (int width = 260; width <= 900; width += 10) {
            view.resize(width, 330);
            for (int i = 0; i < 3; ++i)
                (void)view.grab();
            QCPAxis* x = view.plot()->xAxis;
            const double line = QFontMetrics(x->tickLabelFont()).height();
            const double column = double(view.plot()->axisRect()->width()) / 8.0;
            const double rotation = x->tickLabelRotation();
            const qsizetype drawn = x->tickVector().size();
            const QString at =
                QStringLiteral("%1 px wide: %2 of 8 labels at %3 degrees, columns %4 px, line %5 px")
                    .arg(width)
                    .arg(drawn)
                    .arg(rotation)
                    .arg(column)
                    .arg(line);
            // Every label whenever upright ones would fit; a dropped one only where even they would not.
            QVERIFY2(drawn == 8 || column < line * 1.05, qPrintable(at));
            if (drawn == 8) {
                upright = upright || rotation == -90.0;
                slanted = slanted || rotation == -60.0;
            }
            // Stable: one more replot at the same size keeps the angle.
            (void)view.grab();
            QVERIFY2(x->tickLabelRotation() == rotation, qPrintable(at));
        }
        QVERIFY(upright); // narrow maps keep every label by standing them up
        QVERIFY(slanted); // wider ones still slant them (easier to read)
    }

    void longTitleFitsTheColumnAboveTheCells() {
        // The Generate page's strip in teaching mode at 1280 x 800: the title was fitted to the plot's
        // width, but it sits above the cells only (the colour scale has a column of its own), so a long
        // one overflowed its column and was clipped on both sides.
        HeatmapView view;
        view.setRangeMode(HeatmapView::RangeMode::Fixed01);
        view.setMatrix(attn::Matrix::Constant(9, 6, 0.2f),
                       {"L1 H1", "L1 H2", "L1 H3", "L2 H1", "L2 H2", "L2 H3", "L3 H1", "L3 H2", "L3 H3"},
                       {"C", "A", "B", "B", "A", "C"});
        const QString title = QStringLiteral("Choosing \u201cA\u201d: \u201cC\u201d (position 6) attends to");
        view.setTitle(title);
        view.setTeachingMode(true);
        for (int width = 300; width <= 800; width += 25) {
            view.resize(width, 300);
            for (int i = 0; i < 3; ++i)
                (void)view.grab();
            QCPTextElement* element = nullptr;
            for (QCPLayoutElement* e : view.plot()->plotLayout()->elements(true))
                if (auto* t = qobject_cast<QCPTextElement*>(e))
                    element = t;
            QVERIFY(element);
            const int drawn = QFontMetrics(element->font()).horizontalAdvance(element->text());
            QVERIFY2(
                drawn <= element->outerRect().width(),
                qPrintable(QStringLiteral("%1 px wide: the title needs %2 px at %3 pt, its column has %4")
                               .arg(width)
                               .arg(drawn)
                               .arg(element->font().pointSizeF())
                               .arg(element->outerRect().width())));
            if (width >= 700)
                QCOMPARE(element->text(), title); // shrunk, not elided, where it can be
        }
    }

    void exposesValuesAndLabels();
    void colourRangeFixedAndAuto();
    void signedScoresUseSymmetricDivergingRange();
    void tickLabelsInOrderWithRowZeroAtTop();
    void cellToolTipNamesBothTokensAndValue();
    void cellAtInvertsCellCentres();
    void singleRowMatrixIsDrawnAndHitTested();
    void longLabelsAreElidedButToolTipsKeepThem();
    void notesMarkLabelsAndAppearInToolTip();
    void hoverAndClickEmitSignals();
    void emptyViewShowsHint();
    void exportPng();
    void exportSvg();
    void exportPdf();
    void exportCsvRoundTrips();
    void exportJsonRoundTrips();
    void exportErrorsNameTheFile();
    void rowMarkerOutlinesOneRow();
    void nonFiniteScoresAreMaskedNotRanged();
    void contrastTextColour();
    void sizeHints();
    void regressionBottomMarginShrinksAfterLongLabels();
    void compactModeGivesTheCellsTheWholeView();
    void regressionAllTickLabelsAfterFirstShow();

private:
    QTemporaryDir tmp_;
};

void TestHeatmapView::exposesValuesAndLabels() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    QCOMPARE(view.matrix().rows(), 3);
    QCOMPARE(view.matrix().cols(), 4);
    QCOMPARE(view.matrix()(2, 0), 0.70f);
    QCOMPARE(view.rowLabels(), kRows);
    QCOMPARE(view.columnLabels(), kCols);
    // Missing labels are numbered.
    view.setMatrix(sample3x4(), {"only"}, {});
    QCOMPARE(view.rowLabels(), (QStringList{"only", "1", "2"}));
    QCOMPARE(view.columnLabels(), (QStringList{"0", "1", "2", "3"}));
    // The colour map holds the same numbers, cell (r, c) at x = c, y = r.
    auto* map = qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
    QVERIFY(map);
    QVERIFY(!map->interpolate());
    QCOMPARE(map->data()->data(3.0, 0.0), double(0.40f));
    QCOMPARE(map->data()->data(0.0, 2.0), double(0.70f));
}

void TestHeatmapView::colourRangeFixedAndAuto() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    QCOMPARE(view.rangeMode(), HeatmapView::RangeMode::Fixed01);
    QCOMPARE(view.colorRange(), std::make_pair(0.0, 1.0));
    view.setRangeMode(HeatmapView::RangeMode::Auto);
    QCOMPARE(view.colorRange().first, double(0.05f));
    QCOMPARE(view.colorRange().second, double(0.70f));
    QVERIFY(!view.usesDivergingColormap());
}

void TestHeatmapView::signedScoresUseSymmetricDivergingRange() {
    HeatmapView view;
    attn::Matrix m(2, 2);
    m << -3.0f, 1.0f, 0.5f, 2.0f;
    view.setMatrix(m, {"a", "b"}, {"c", "d"});
    view.setRangeMode(HeatmapView::RangeMode::Auto);
    QCOMPARE(view.colorRange(), std::make_pair(-3.0, 3.0));
    QVERIFY(view.usesDivergingColormap());
    // Zero sits in the middle of the diverging map: its colour is the light neutral stop.
    const QColor zero = QColor::fromRgb(colormaps::diverging().color(0.0, QCPRange(-3.0, 3.0)));
    QVERIFY2(zero.lightness() > 230, qPrintable(zero.name()));
}

void TestHeatmapView::tickLabelsInOrderWithRowZeroAtTop() {
    HeatmapView view;
    view.resize(600, 500);
    view.setMatrix(sample3x4(), kRows, kCols);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QCOMPARE(view.drawnRowTickLabels(), kRows);
    QCOMPARE(view.drawnColumnTickLabels(), kCols);
    // What the axis tickers will draw, in coordinate order.
    auto yTicker = view.plot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    auto xTicker = view.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(yTicker && xTicker);
    QCOMPARE(yTicker->ticks().values(), QList<QString>(kRows.begin(), kRows.end()));
    QCOMPARE(xTicker->ticks().values(), QList<QString>(kCols.begin(), kCols.end()));
    QCOMPARE(yTicker->ticks().keys(), (QList<double>{0.0, 1.0, 2.0}));
    // Row 0 is drawn above row 2 (smaller pixel y), column 0 left of column 3.
    QVERIFY(view.plot()->yAxis->coordToPixel(0.0) < view.plot()->yAxis->coordToPixel(2.0));
    QVERIFY(view.plot()->xAxis->coordToPixel(0.0) < view.plot()->xAxis->coordToPixel(3.0));
    // One tick per cell.
    QCOMPARE(view.plot()->yAxis->tickVector().size(), 3);
    QCOMPARE(view.plot()->xAxis->tickVector().size(), 4);
    QCOMPARE(view.plot()->yAxis->tickVectorLabels().first(), QStringLiteral("the"));
}

void TestHeatmapView::cellToolTipNamesBothTokensAndValue() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    view.setAxisTitles("Query (English)", "Key (French)");
    const QString tip = view.cellToolTip(1, 2);
    // Counted from 1 on screen (issue 49 point 13): cell (1, 2) is the second row, the third column.
    QVERIFY2(tip.contains("Query (English): cat (row 2)"), qPrintable(tip));
    QVERIFY2(tip.contains("Key (French): est (column 3)"), qPrintable(tip));
    QVERIFY2(tip.contains("weight: 0.2500"), qPrintable(tip));
    QVERIFY(view.cellToolTip(3, 0).isEmpty());
    QVERIFY(view.cellToolTip(0, -1).isEmpty());
}

void TestHeatmapView::cellAtInvertsCellCentres() {
    HeatmapView view;
    view.resize(640, 480);
    view.setMatrix(sample3x4(), kRows, kCols);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c) {
            const QPoint centre(int(view.plot()->xAxis->coordToPixel(c)),
                                int(view.plot()->yAxis->coordToPixel(r)));
            const QPoint inView = view.plot()->mapTo(&view, centre);
            QCOMPARE(view.cellAt(inView), std::make_pair(r, c));
            QCOMPARE(view.cellAt(view.cellRect(r, c).center()), std::make_pair(r, c));
        }
    }
    QCOMPARE(view.cellAt(QPoint(1, 1)), std::make_pair(-1, -1));
}

void TestHeatmapView::singleRowMatrixIsDrawnAndHitTested() {
    // A decoder step is one query row: QCPColorMap cannot size a lone row by itself.
    HeatmapView view;
    view.resize(640, 300);
    attn::Matrix m(1, 3);
    m << 0.2f, 0.5f, 0.3f;
    view.setMatrix(m, {"je"}, {"I", "am", "here"});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    for (int c = 0; c < 3; ++c)
        QCOMPARE(view.cellAt(view.cellRect(0, c).center()), std::make_pair(0, c));
    QVERIFY(view.cellRect(0, 0).height() > 20);
}

void TestHeatmapView::longLabelsAreElidedButToolTipsKeepThem() {
    HeatmapView view;
    view.resize(900, 800);
    const int n = 45;
    attn::Matrix m = attn::Matrix::Constant(n, n, 1.0f / n);
    QStringList labels;
    for (int i = 0; i < n; ++i)
        labels << QStringLiteral("an_extraordinarily_long_token_number_%1_for_elision").arg(i);
    view.setMatrix(m, labels, labels);
    const QStringList drawnRows = view.drawnRowTickLabels();
    const QStringList drawnCols = view.drawnColumnTickLabels();
    QCOMPARE(drawnRows.size(), n);
    QCOMPARE(drawnCols.size(), n);
    for (int i = 0; i < n; ++i) {
        QVERIFY2(drawnRows[i].size() < labels[i].size(), qPrintable(drawnRows[i]));
        QVERIFY2(drawnRows[i].endsWith(QChar(0x2026)), qPrintable(drawnRows[i]));
        QVERIFY(drawnCols[i].size() < labels[i].size());
        QVERIFY(labels[i].startsWith(drawnCols[i].chopped(1)));
    }
    QVERIFY(view.cellToolTip(44, 7).contains(labels[44]));
    QVERIFY(view.cellToolTip(44, 7).contains(labels[7]));
}

void TestHeatmapView::notesMarkLabelsAndAppearInToolTip() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    view.setRowNotes({"", "not in vocabulary", ""});
    view.setColumnNotes({"", "", "", "padding"});
    QVERIFY(view.drawnRowTickLabels()[1].startsWith(QChar(0x26a0)));
    QVERIFY(!view.drawnRowTickLabels()[0].startsWith(QChar(0x26a0)));
    QVERIFY(view.drawnColumnTickLabels()[3].startsWith(QChar(0x26a0)));
    QVERIFY(view.cellToolTip(1, 3).contains("not in vocabulary"));
    QVERIFY(view.cellToolTip(1, 3).contains("padding"));
    QVERIFY(!view.cellToolTip(0, 0).contains("vocabulary"));
    QCOMPARE(view.rowLabels()[1], QStringLiteral("cat")); // the label itself is unchanged
}

void TestHeatmapView::hoverAndClickEmitSignals() {
    HeatmapView view;
    view.resize(640, 480);
    view.setMatrix(sample3x4(), kRows, kCols);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QSignalSpy hovered(&view, &HeatmapView::cellHovered);
    QSignalSpy clicked(&view, &HeatmapView::cellClicked);
    const QPoint centre = view.plot()->mapFrom(&view, view.cellRect(2, 1).center());
    QTest::mouseMove(view.plot(), centre);
    QTRY_VERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).toInt(), 2);
    QCOMPARE(hovered.last().at(1).toInt(), 1);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, centre);
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.first().at(0).toInt(), 2);
    QCOMPARE(clicked.first().at(1).toInt(), 1);
    // Highlight outlines are shown around the hovered row and column.
    int visibleRects = 0;
    for (int i = 0; i < view.plot()->itemCount(); ++i)
        if (qobject_cast<QCPItemRect*>(view.plot()->item(i)) && view.plot()->item(i)->visible())
            ++visibleRects;
    QVERIFY(visibleRects >= 2);

    // Over the row label "cat" (left of the cells, at row 1's height): only that row is outlined.
    QSignalSpy labelled(&view, &HeatmapView::labelHovered);
    const QRect cells = view.plot()->axisRect()->rect();
    const QPoint rowLabel(cells.left() - 12, view.plot()->mapFrom(&view, view.cellRect(1, 0).center()).y());
    QTest::mouseMove(view.plot(), rowLabel);
    QTRY_VERIFY(!labelled.isEmpty());
    QCOMPARE(labelled.last().at(0).toInt(), 1);
    QCOMPARE(labelled.last().at(1).toInt(), -1);
    QCOMPARE(hovered.last().at(0).toInt(), -1); // no cell under the mouse
    QList<QRectF> outlined;
    for (int i = 0; i < view.plot()->itemCount(); ++i)
        if (auto* r = qobject_cast<QCPItemRect*>(view.plot()->item(i)); r && r->visible())
            outlined << QRectF(r->topLeft->coords(), r->bottomRight->coords()).normalized();
    QVERIFY(!outlined.isEmpty());
    for (const QRectF& r : outlined) // row 1 spans y in [0.5, 1.5] and every column
        QVERIFY2(
            std::abs(r.top() - 0.5) < 1e-9 && std::abs(r.bottom() - 1.5) < 1e-9 && r.width() > 3.9,
            qPrintable(
                QStringLiteral("%1,%2 %3x%4").arg(r.left()).arg(r.top()).arg(r.width()).arg(r.height())));

    // Back onto a cell: the label's (-1, -1) comes before the cell, so a listener of both ends on the cell.
    QList<QString> order;
    connect(&view, &HeatmapView::labelHovered, &view,
            [&](int r, int c) { order << QStringLiteral("label %1 %2").arg(r).arg(c); });
    connect(&view, &HeatmapView::cellHovered, &view,
            [&](int r, int c) { order << QStringLiteral("cell %1 %2").arg(r).arg(c); });
    QTest::mouseMove(view.plot(), centre);
    QTRY_COMPARE(order.size(), 2);
    QCOMPARE(order, (QList<QString>{QStringLiteral("label -1 -1"), QStringLiteral("cell 2 1")}));
    order.clear();
    QTest::mouseMove(view.plot(), rowLabel);
    QTRY_COMPARE(order.size(), 2);
    QCOMPARE(order, (QList<QString>{QStringLiteral("cell -1 -1"), QStringLiteral("label 1 -1")}));
}

void TestHeatmapView::emptyViewShowsHint() {
    HeatmapView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QLabel* hint = nullptr;
    for (QLabel* l : view.findChildren<QLabel*>())
        if (l->text() == QStringLiteral("No data"))
            hint = l;
    QVERIFY(hint);
    QVERIFY(hint->isVisible());
    QVERIFY(!view.plot()->isVisible());
    view.setMatrix(sample3x4(), kRows, kCols);
    QVERIFY(!hint->isVisible());
    QVERIFY(view.plot()->isVisible());
    view.clear();
    QVERIFY(hint->isVisible());
    QCOMPARE(view.cellAt(QPoint(200, 150)), std::make_pair(-1, -1));
    QVERIFY(view.drawnRowTickLabels().isEmpty());
}

void TestHeatmapView::exportPng() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    view.setTitle("Attention");
    const QString path = tmp_.filePath("map.png");
    QString error;
    QVERIFY2(view.exportImage(path, &error, 640, 480), qPrintable(error));
    QImage image;
    QVERIFY(image.load(path));
    QCOMPARE(image.size(), QSize(640, 480));
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 10, qPrintable(QString::number(colours.size())));
    // The darkest viridis colour (value 0.05 in Fixed01 range) appears somewhere in the map.
    QVERIFY(view.exportImage(tmp_.filePath("default-size.png"), &error));
    QVERIFY(QImage(tmp_.filePath("default-size.png")).width() > 0);
}

void TestHeatmapView::exportSvg() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    const QString path = tmp_.filePath("map.svg");
    QString error;
    QVERIFY2(view.exportImage(path, &error, 500, 400), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray svg = f.readAll();
    QVERIFY(svg.startsWith("<?xml"));
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains("</svg>"));
}

void TestHeatmapView::exportPdf() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    const QString path = tmp_.filePath("map.pdf");
    QString error;
    QVERIFY2(view.exportImage(path, &error, 500, 400), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray pdf = f.readAll();
    QVERIFY(pdf.startsWith("%PDF"));
    QVERIFY(pdf.size() > 1000);
}

void TestHeatmapView::exportCsvRoundTrips() {
    HeatmapView view;
    attn::Matrix m = sample3x4();
    m(0, 0) = 0.123456789f;
    m(1, 1) = 1.0f / 3.0f;
    m(2, 3) = 1e-8f;
    const QStringList rows = {"the", "cat, the", "say \"hi\""};
    const QStringList cols = {"le", "chat", "est", "a,b"};
    view.setMatrix(m, rows, cols);
    const QString path = tmp_.filePath("map.csv");
    QString error;
    QVERIFY2(view.exportMatrix(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QStringList> table = parseCsv(QString::fromUtf8(f.readAll()));
    QCOMPARE(table.size(), 4);
    QCOMPARE(table[0], (QStringList{"query\\key"} + cols));
    for (int r = 0; r < 3; ++r) {
        QCOMPARE(table[r + 1].size(), 5);
        QCOMPARE(table[r + 1][0], rows[r]);
        for (int c = 0; c < 4; ++c) {
            bool ok = false;
            const double v = table[r + 1][c + 1].toDouble(&ok);
            QVERIFY(ok);
            QVERIFY(std::abs(v - double(m(r, c))) <= 1e-6);
            QCOMPARE(float(v), m(r, c)); // 9 significant digits: exact float round trip
        }
    }
}

void TestHeatmapView::exportJsonRoundTrips() {
    HeatmapView view;
    const QStringList rows = {"the", "cat, the", "say \"hi\""};
    view.setMatrix(sample3x4(), rows, kCols);
    view.setTitle("Layer 1, head 2");
    const QString path = tmp_.filePath("map.json");
    QString error;
    QVERIFY2(view.exportMatrix(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &perr);
    QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
    const QJsonObject o = doc.object();
    QCOMPARE(o["title"].toString(), QStringLiteral("Layer 1, head 2"));
    QCOMPARE(o["row_labels"].toVariant().toStringList(), rows);
    QCOMPARE(o["column_labels"].toVariant().toStringList(), kCols);
    const QJsonArray values = o["values"].toArray();
    QCOMPARE(values.size(), 3);
    const attn::Matrix m = sample3x4();
    for (int r = 0; r < 3; ++r) {
        const QJsonArray row = values[r].toArray();
        QCOMPARE(row.size(), 4);
        for (int c = 0; c < 4; ++c) {
            QVERIFY(std::abs(row[c].toDouble() - double(m(r, c))) <= 1e-6);
            QCOMPARE(float(row[c].toDouble()), m(r, c));
        }
    }
}

// Regression for issue 11: the Translation page drew its step outline by reaching into the plot
// (a QCPItemRect of its own); HeatmapView::setRowMarker owns it now.
void TestHeatmapView::rowMarkerOutlinesOneRow() {
    HeatmapView view;
    view.setMatrix(sample3x4(), kRows, kCols);
    auto visibleRects = [&view] {
        QList<QCPItemRect*> out;
        for (int i = 0; i < view.plot()->itemCount(); ++i)
            if (auto* r = qobject_cast<QCPItemRect*>(view.plot()->item(i)); r && r->visible())
                out << r;
        return out;
    };
    view.setRowMarker(1);
    QCOMPARE(view.rowMarker(), 1);
    const auto rects = visibleRects();
    QCOMPARE(rects.size(), 1);
    QCOMPARE(rects[0]->topLeft->coords(), QPointF(-0.5, 0.5));
    QCOMPARE(rects[0]->bottomRight->coords(), QPointF(3.5, 1.5)); // 4 columns
    view.setRowMarker(-1);
    QVERIFY(visibleRects().isEmpty());
    view.setRowMarker(7); // outside the matrix: nothing drawn
    QVERIFY(visibleRects().isEmpty());
}

void TestHeatmapView::exportErrorsNameTheFile() {
    HeatmapView view;
    QString error;
    // Empty matrix.
    QVERIFY(!view.exportImage(tmp_.filePath("empty.png"), &error));
    QVERIFY2(error.contains("empty.png") && error.contains("empty"), qPrintable(error));
    QVERIFY(!view.exportMatrix(tmp_.filePath("empty.csv"), &error));
    QVERIFY(error.contains("empty.csv"));

    view.setMatrix(sample3x4(), kRows, kCols);
    for (const QString& path :
         {QStringLiteral("/nonexistent-dir/x.png"), QStringLiteral("/nonexistent-dir/x.svg"),
          QStringLiteral("/nonexistent-dir/x.pdf")}) {
        error.clear();
        QVERIFY(!view.exportImage(path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }
    for (const QString& path :
         {QStringLiteral("/nonexistent-dir/x.csv"), QStringLiteral("/nonexistent-dir/x.json")}) {
        error.clear();
        QVERIFY(!view.exportMatrix(path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }
    // Unknown suffixes, and formats swapped between the two exports.
    const QString bmp = tmp_.filePath("x.bmp");
    QVERIFY(!view.exportImage(bmp, &error));
    QVERIFY2(error.contains(bmp) && error.contains("bmp"), qPrintable(error));
    QVERIFY(!QFile::exists(bmp));
    QVERIFY(!view.exportImage(tmp_.filePath("x.csv"), &error));
    QVERIFY(!view.exportMatrix(tmp_.filePath("x.png"), &error));
    QVERIFY(!view.exportMatrix(tmp_.filePath("noext"), &error));
    QVERIFY(error.contains("noext"));
}

void TestHeatmapView::nonFiniteScoresAreMaskedNotRanged() {
    // Causally masked raw scores hold -inf; they must not stretch the colour range.
    HeatmapView view;
    attn::Matrix m(2, 2);
    m << 1.0f, -std::numeric_limits<float>::infinity(), 2.0f, 4.0f;
    view.setMatrix(m, {"a", "b"}, {"a", "b"});
    view.setRangeMode(HeatmapView::RangeMode::Auto);
    QCOMPARE(view.colorRange(), std::make_pair(1.0, 4.0));
    QVERIFY(view.cellToolTip(0, 1).contains("masked"));
    view.setShowValues(true);
    QString error;
    QVERIFY2(view.exportImage(tmp_.filePath("masked.png"), &error, 300, 300), qPrintable(error));
}

void TestHeatmapView::contrastTextColour() {
    QCPColorGradient v = colormaps::viridis();
    const QColor darkest = QColor::fromRgb(v.color(0.0, QCPRange(0, 1)));
    const QColor brightest = QColor::fromRgb(v.color(1.0, QCPRange(0, 1)));
    QCOMPARE(darkest.name(), QStringLiteral("#440154"));
    QCOMPARE(brightest.name(), QStringLiteral("#fde725"));
    QCOMPARE(colormaps::contrastingTextColor(darkest), QColor(Qt::white));
    QCOMPARE(colormaps::contrastingTextColor(brightest), QColor(Qt::black));
    // Viridis gets lighter monotonically (it is perceptually uniform in lightness).
    double previous = -1.0;
    for (int i = 0; i <= 20; ++i) {
        const double l = colormaps::relativeLuminance(QColor::fromRgb(v.color(i / 20.0, QCPRange(0, 1))));
        QVERIFY(l > previous);
        previous = l;
    }
}

void TestHeatmapView::sizeHints() {
    HeatmapView view;
    QVERIFY(view.minimumSizeHint().width() >= 200 && view.minimumSizeHint().height() >= 150);
    QVERIFY(view.sizeHint().width() >= view.minimumSizeHint().width());
}

void TestHeatmapView::regressionBottomMarginShrinksAfterLongLabels() {
    // Bug: QCPColorScale shares the bottom margin through a margin group and reports its current
    // margin as its automatic one, so after a matrix with long rotated column labels a matrix
    // with short labels kept the old, tall bottom margin (a blank band under the axis title).
    HeatmapView view;
    view.resize(900, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int n = 45;
    QStringList longLabels, shortLabels;
    for (int i = 0; i < n; ++i) {
        longLabels << QStringLiteral("internationalisation_%1").arg(i);
        shortLabels << QStringLiteral("p%1").arg(i);
    }
    view.setMatrix(attn::Matrix::Constant(n, n, 0.02f), longLabels, longLabels);
    const int tall = view.plot()->axisRect()->margins().bottom();
    view.setMatrix(attn::Matrix::Constant(n, n, 0.02f), shortLabels, shortLabels);
    const int shortMargin = view.plot()->axisRect()->margins().bottom();
    QVERIFY2(shortMargin < tall - 20, qPrintable(QStringLiteral("%1 vs %2").arg(shortMargin).arg(tall)));
}

void TestHeatmapView::compactModeGivesTheCellsTheWholeView() {
    // Thumbnails: in a 120x120 view the cells must fill nearly all of it (the normal layout spends
    // most of such a view on the colour scale, tick labels and titles).
    HeatmapView view;
    view.setTitle(QStringLiteral("layer 1, head 1"));
    view.setCompact(true);
    QVERIFY(view.minimumSizeHint().width() <= 60);
    view.resize(120, 120);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(sample3x4(), kRows, kCols);
    view.plot()->replot();
    const QRect cells = view.plot()->axisRect()->rect();
    QVERIFY2(cells.width() >= 110 && cells.height() >= 110,
             qPrintable(QStringLiteral("%1x%2").arg(cells.width()).arg(cells.height())));
    QVERIFY(!view.plot()->xAxis->tickLabels());
    QVERIFY(view.plot()->xAxis->label().isEmpty() && view.plot()->yAxis->label().isEmpty());
    // Values and hit testing are unchanged: the top-left cell is row 0, column 0.
    const QRect first = view.cellRect(0, 0);
    QCOMPARE(view.cellAt(first.center()), std::make_pair(0, 0));
    QVERIFY(view.cellToolTip(2, 0).contains(QStringLiteral("0.70")));

    // Back to the full view: colour scale, labels and title return.
    view.setCompact(false);
    view.resize(600, 500);
    view.plot()->replot();
    QVERIFY(view.plot()->xAxis->tickLabels());
    QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("Query"));
    bool hasScale = false;
    for (QCPLayoutElement* e : view.plot()->plotLayout()->elements(false))
        hasScale = hasScale || qobject_cast<QCPColorScale*>(e) != nullptr;
    QVERIFY(hasScale);
    QCOMPARE(view.drawnRowTickLabels(), kRows);
}

void TestHeatmapView::regressionAllTickLabelsAfterFirstShow() {
    // Bug (seen on the Sentiment tab): a matrix set while the view's page was hidden kept only its
    // first tick label once the page was shown. QCustomPlot builds the tick vectors from the axis
    // rect's previous layout, which for a never-shown widget is tiny.
    QTabWidget tabs;
    tabs.addTab(new QWidget, QStringLiteral("first"));
    auto* view = new HeatmapView;
    tabs.addTab(view, QStringLiteral("heatmap"));
    tabs.resize(1000, 800);
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    QStringList labels;
    for (int i = 0; i < 12; ++i)
        labels << QStringLiteral("word%1").arg(i);
    view->setMatrix(attn::Matrix::Constant(12, 12, 1.0f / 12.0f), labels, labels);
    tabs.setCurrentIndex(1);
    QTRY_COMPARE(view->plot()->yAxis->tickVectorLabels().size(), 12);
    QTRY_COMPARE(view->plot()->xAxis->tickVectorLabels().size(), 12);
    QCOMPARE(view->plot()->yAxis->tickVectorLabels().last(), QStringLiteral("word11"));
}

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmap_view.moc"
