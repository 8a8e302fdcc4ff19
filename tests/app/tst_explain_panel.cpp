// The explanation panel (issue 17) on the shipped sentiment model and ViT: what it shows equals core's
// attn::explain on the same input, the head grid is layer x head, cancel drops the job. With
// ATTNVIZ_SHOT_DIR set, the panel is also saved as PNGs at 1400x900 and 1280x800 for a look.
#include "attnviz_test_paths.hpp"
#include "pages/explain/explain_panel.hpp"
#include "pages/explain/relevance_render.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/vision/vision_page.hpp"
#include "widgets/teaching.hpp"

#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <qcustomplot.h>

namespace {

const char* kReview = "the food was not good but the service was great .";

ModelHandle shipped(const char* name) {
    return attn::openModel(std::string(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/") + name);
}

void waitFor(ExplainPanel& panel) {
    QSignalSpy done(&panel, &ExplainPanel::finished);
    QVERIFY(done.wait(60000));
}

void shoot(ExplainPanel& panel, const QString& name) {
    const QString dir = qEnvironmentVariable("ATTNVIZ_SHOT_DIR");
    if (dir.isEmpty())
        return;
    for (const QSize size : {QSize(1400, 900), QSize(1280, 800)}) {
        panel.resize(size);
        panel.show();
        QCoreApplication::processEvents();
        panel.grab().save(
            QStringLiteral("%1/%2-%3x%4.png").arg(dir, name).arg(size.width()).arg(size.height()));
    }
}

// Fashion-MNIST test image 0 (an ankle boot) on the shipped ViT, as the Vision page gives it.
void giveVisionInput(ExplainPanel& panel) {
    const auto model = shipped("vit-fashion-mnist");
    const auto* vit = dynamic_cast<const attn::VitModel*>(model.imageClassifier.get());
    const auto imgs =
        attn::datasets::readIdxImages(ATTNVIZ_TEST_DATA_DIR "/heldout/fashion-mnist-test-500-images.idx");
    const auto image = attn::imageFromBytes(imgs.image(0), 1, 28, 28, false);
    panel.setInputProvider([model, image, vit] {
        return std::optional(explainview::Input{model, {}, image, vit->resized(image)});
    });
}

// Shows the panel at `size` in teaching mode (fonts as the pages set them) and explains its input.
void explainInTeachingMode(ExplainPanel& panel, QSize size) {
    panel.setTeachingMode(true);
    teaching::applyFonts(&panel, true);
    panel.setAttribute(Qt::WA_DontShowOnScreen);
    panel.resize(size);
    panel.show();
    panel.explainNow();
    waitFor(panel);
    QCoreApplication::processEvents();
}

} // namespace

class TestExplainPanel : public QObject {
    Q_OBJECT
private slots:
    // The legend takes one row when the plot's width holds it, names with their AOPC if they fit, else the
    // bare names; where even those do not fit it wraps, and it never runs past the plot's edges.
    void deletionLegendFitsItsPlot() {
        const auto model = shipped("sentiment");
        ExplainPanel panel;
        panel.setInputProvider([model] { return std::optional(explainview::Input{model, kReview, {}, {}}); });
        panel.setMethods({"raw", "rollout", "valuenorm", "gradient"});
        panel.setAttribute(Qt::WA_DontShowOnScreen);
        panel.resize(1600, 700);
        panel.show();
        panel.explainNow();
        waitFor(panel);
        QCOMPARE(panel.deletionPlot()->graphCount(), 4);
        // The splitter leaves the plot its minimum width; widened, it holds the four names and AOPCs.
        QCustomPlot* plot = panel.deletionPlot();
        const int minimum = plot->minimumWidth();
        plot->setMinimumWidth(900);
        QCoreApplication::processEvents();
        QCOMPARE(panel.legendColumns(), 4);
        QVERIFY(panel.legendShowsAopc());
        QVERIFY(plot->graph(0)->name().startsWith(QStringLiteral("raw 0.")));
        bool sawBareNames = false, sawWrap = false;
        for (int width : {560, 480, 420, 380, minimum}) {
            plot->setMinimumWidth(width);
            plot->setMaximumWidth(width);
            QCoreApplication::processEvents();
            plot->replot();
            sawBareNames |= !panel.legendShowsAopc();
            sawWrap |= panel.legendColumns() < 4;
            if (!panel.legendShowsAopc())
                QVERIFY(plot->graph(0)->name() == QStringLiteral("raw"));
            QVERIFY2(plot->legend->outerRect().right() <= plot->width(),
                     qPrintable(QStringLiteral("plot at %1: legend to x = %2, plot %3 wide, %4 columns")
                                    .arg(width)
                                    .arg(plot->legend->outerRect().right())
                                    .arg(plot->width())
                                    .arg(panel.legendColumns())));
        }
        QVERIFY(sawBareNames || sawWrap); // the narrow widths needed one or the other
    }

    // Where the panel is too short to stack the head tests under the methods (the Sentiment tab at
    // 1280 x 800 in teaching mode is about 440 px), they stand right of the plot: nothing is below the
    // fold, and every grid cell shows its whole number. Tall enough, they go back under.
    void headTestsGoBesideWhereThePanelIsShort() {
        const auto model = shipped("sentiment");
        ExplainPanel panel;
        panel.setInputProvider([model] { return std::optional(explainview::Input{model, kReview, {}, {}}); });
        panel.setMethods({"raw", "rollout", "valuenorm", "gradient", "ablation"});
        explainInTeachingMode(panel, QSize(1244, 440));
        QVERIFY(panel.headTestsBeside());
        auto* scroll = panel.findChild<QScrollArea*>();
        QVERIFY(scroll);
        QTRY_COMPARE(scroll->verticalScrollBar()->maximum(), 0);
        QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        const QTableWidget* grid = panel.ablationGrid();
        for (int r = 0; r < grid->rowCount(); ++r)
            for (int c = 0; c < grid->columnCount(); ++c) {
                const QString text = grid->item(r, c)->text();
                QVERIFY2(grid->fontMetrics().horizontalAdvance(text) + 6 <= grid->columnWidth(c),
                         qPrintable(QStringLiteral("cell %1,%2 '%3' in a column %4 px wide")
                                        .arg(r)
                                        .arg(c)
                                        .arg(text)
                                        .arg(grid->columnWidth(c))));
            }
        const QRect plot(panel.deletionPlot()->mapTo(&panel, QPoint(0, 0)), panel.deletionPlot()->size());
        const QRect head(grid->mapTo(&panel, QPoint(0, 0)), grid->size());
        QVERIFY(head.left() >= plot.right()); // the head tests right of the plot
        // The grid is as tall as its two rows (no empty half under them); the head's map has the rest.
        const int rows =
            grid->horizontalHeader()->height() + grid->verticalHeader()->length() + 2 * grid->frameWidth();
        QVERIFY2(std::abs(grid->height() - rows) <= 2,
                 qPrintable(QStringLiteral("grid %1 px tall, its rows %2").arg(grid->height()).arg(rows)));
        QVERIFY(plot.height() >= panel.deletionPlot()->minimumHeight());
        // Shorter than the plot's minimum and the controls: the panel scrolls, the plot keeps its height.
        panel.resize(1244, 300);
        QCoreApplication::processEvents();
        QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
        QCOMPARE(panel.deletionPlot()->height(), panel.deletionPlot()->minimumHeight());
        panel.resize(1244, 900);
        QCoreApplication::processEvents();
        QVERIFY(!panel.headTestsBeside());
        QVERIFY(QRect(grid->mapTo(&panel, QPoint(0, 0)), grid->size()).top() >=
                panel.deletionPlot()->mapTo(&panel, QPoint(0, panel.deletionPlot()->height())).y());
        // Stacked, the rows fill the grid's height (no empty box under them): within a pixel per row.
        const int filled =
            grid->horizontalHeader()->height() + grid->verticalHeader()->length() + 2 * grid->frameWidth();
        QVERIFY2(std::abs(grid->height() - filled) <= grid->rowCount(),
                 qPrintable(QStringLiteral("grid %1 px tall, its rows %2").arg(grid->height()).arg(filled)));
        QVERIFY(grid->height() > rows); // taller than beside, where the rows keep their default height
        // Beside again, the rows are back to their default height.
        panel.resize(1244, 440);
        QCoreApplication::processEvents();
        QVERIFY(panel.headTestsBeside());
        QVERIFY(std::abs(grid->height() - (grid->horizontalHeader()->height() +
                                           grid->verticalHeader()->length() + 2 * grid->frameWidth())) <= 2);
    }

    void sentimentShowsCoreNumbers() {
        const auto model = shipped("sentiment");
        ExplainPanel panel;
        panel.setInputProvider([model] { return std::optional(explainview::Input{model, kReview, {}, {}}); });
        panel.setMethods({"rollout", "gradient", "valuenorm", "ablation"});
        panel.explainNow();
        waitFor(panel);
        QVERIFY(panel.outcome());
        const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.tracedTextEncoder.get());
        const auto subject = attn::explain::textSubject(*tc, kReview);
        const auto want = attn::explain::explain(*subject, {"rollout", "gradient", "valuenorm", "ablation"});
        const auto& got = panel.outcome()->explanation;
        QCOMPARE(got.methods.at("gradient").relevance, want.methods.at("gradient").relevance);
        QCOMPARE(got.ablation->permuted, want.ablation->permuted);
        // The plot shows the deletion curves: one graph per method, the engine's values.
        QCOMPARE(panel.deletionPlot()->graphCount(), 3);
        const auto& methods = panel.outcome()->methods;
        const auto gi = std::find(methods.begin(), methods.end(), "gradient") - methods.begin();
        const auto* data = panel.deletionPlot()->graph(static_cast<int>(gi))->data().data();
        const auto& curve = want.methods.at("gradient").deletion.probability;
        QCOMPARE(static_cast<std::size_t>(data->size()), curve.size());
        QCOMPARE(data->at(2)->value, curve[2]);
        QCOMPARE(panel.ablationGrid()->rowCount(), 2);
        QCOMPARE(panel.ablationGrid()->columnCount(), 4);
        QCOMPARE(panel.ablationGrid()->item(1, 2)->text(),
                 QString::number(want.ablation->effect[1][2], 'f', 3));
        QVERIFY2(panel.summaryText().contains(QStringLiteral("AOPC")), qPrintable(panel.summaryText()));
        // Layers and heads are counted from 1 on screen, as on the Sentiment and Generate pages.
        QCOMPARE(panel.ablationGrid()->verticalHeaderItem(0)->text(), QStringLiteral("layer 1"));
        QCOMPARE(panel.ablationGrid()->horizontalHeaderItem(3)->text(), QStringLiteral("head 4"));
        panel.selectHead(1, 3);
        QCOMPARE(panel.ablationGrid()->currentRow(), 1);
        QVERIFY2(panel.headTitle().contains(QStringLiteral("Layer 2, head 4")),
                 qPrintable(panel.headTitle()));
        shoot(panel, QStringLiteral("explain-sentiment"));
    }

    void visionOverlaysUseCoreNumbers() {
        const auto model = shipped("vit-fashion-mnist");
        const auto* vit = dynamic_cast<const attn::VitModel*>(model.imageClassifier.get());
        const auto imgs =
            attn::datasets::readIdxImages(ATTNVIZ_TEST_DATA_DIR "/heldout/fashion-mnist-test-500-images.idx");
        const auto image = attn::imageFromBytes(imgs.image(0), 1, 28, 28, false);
        ExplainPanel panel;
        giveVisionInput(panel);
        panel.setMethods({"raw", "rollout", "flow", "valuenorm", "gradient", "ablation"});
        panel.explainNow();
        waitFor(panel);
        QVERIFY(panel.outcome());
        QCOMPARE(panel.outcome()->labels.size(), std::size_t{16});
        const auto subject = attn::explain::imageSubject(*vit, image);
        const auto want = attn::explain::explain(*subject, {"flow"});
        QCOMPARE(panel.outcome()->explanation.methods.at("flow").relevance,
                 want.methods.at("flow").relevance);
        QCOMPARE(panel.ablationGrid()->rowCount(), 4);
        shoot(panel, QStringLiteral("explain-vision"));
    }

    // The Vision tab's panel at 1280 x 800 in teaching mode is about 965 x 580: four overlays in one row
    // and the one-line status ("Predicted Ankle boot, p = 1.000") made it wider than that, and it scrolled
    // sideways. The overlays now wrap to the views' width and the status wraps.
    void visionOverlaysWrapToTheViewsWidth() {
        ExplainPanel panel;
        giveVisionInput(panel);
        panel.setMethods({"raw", "rollout", "valuenorm", "gradient", "ablation"});
        explainInTeachingMode(panel, QSize(965, 580));
        auto* scroll = panel.findChild<QScrollArea*>();
        QVERIFY(scroll);
        QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        auto* sheet = panel.findChild<QLabel*>(QStringLiteral("methodImages"));
        QVERIFY(sheet && sheet->isVisible() && !sheet->pixmap().isNull());
        // The four overlays (each with two caption lines) fit the label both ways, at both sizes.
        for (const QSize size : {QSize(965, 580), QSize(1600, 900)}) {
            panel.resize(size);
            QCoreApplication::processEvents();
            QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
            QVERIFY2(sheet->pixmap().width() <= sheet->width() && sheet->pixmap().height() <= sheet->height(),
                     qPrintable(QStringLiteral("at %1 x %2: overlays %3 x %4 px in a %5 x %6 px label")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(sheet->pixmap().width())
                                    .arg(sheet->pixmap().height())
                                    .arg(sheet->width())
                                    .arg(sheet->height())));
        }
        // Wide, the four stand in one row at full size (132 px).
        QCOMPARE(sheet->pixmap().width(), 4 * 132 + 3 * 8);
    }

    // overlayLayout by hand: the largest tile that fits, clamped to 48-132 px, fewest rows on a tie.
    void overlayLayoutTakesTheLargestTileThenTheFewestRows() {
        using explainview::overlayLayout;
        // The Vision tab's views at 1400 x 900 (643 x 385, captions 34 px): one row gives (643 - 24) / 4 =
        // 154, two rows (385 - 2 * 42 + 8) / 2 = 154; both clamp to 132, and one row wins (it was 2 x 2).
        QCOMPARE(overlayLayout(4, 643, 385, 34, 8).columns, 4);
        QCOMPARE(overlayLayout(4, 643, 385, 34, 8).tile, 132);
        // 440 x 400: one row (440 - 24) / 4 = 104; two rows min((440 - 8) / 2, (400 - 84 + 8) / 2) = 162 ->
        // 132.
        QCOMPARE(overlayLayout(4, 440, 400, 34, 8).columns, 2);
        QCOMPARE(overlayLayout(4, 440, 400, 34, 8).tile, 132);
        QCOMPARE(overlayLayout(4, 440, 400, 34, 8).rows, 2);
        // 470 x 180 (the 1280 x 800 teaching views): one row 111; two rows (180 - 84 + 8) / 2 = 52.
        QCOMPARE(overlayLayout(4, 470, 180, 34, 8).columns, 4);
        QCOMPARE(overlayLayout(4, 470, 180, 34, 8).tile, 111);
        QCOMPARE(overlayLayout(4, 470, 180, 34, 8).rows, 1);
        // Five methods, 300 x 400: two columns (300 - 8) / 2 = 146 over three rows (400 - 126 + 8) / 3 = 94;
        // three columns (300 - 16) / 3 = 94 over two rows 162 -> 94 too; the tie goes to two rows.
        QCOMPARE(overlayLayout(5, 300, 400, 34, 8).tile, 94);
        QCOMPARE(overlayLayout(5, 300, 400, 34, 8).rows, 2);
        QCOMPARE(overlayLayout(5, 300, 400, 34, 8).columns, 3);
        // Too small for anything: 48 px tiles (cut off), in one row (all columns tie at 48).
        QCOMPARE(overlayLayout(4, 60, 60, 34, 8).tile, 48);
        QCOMPARE(overlayLayout(4, 60, 60, 34, 8).columns, 4);
    }

    // A page calls inputChanged() after each new result: the explanation of the old input is cleared at
    // once, and the new input is explained when the panel is (or next becomes) visible.
    void aChangedInputIsExplainedAgainNotShownWithTheOldOne() {
        const auto model = shipped("sentiment");
        const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.tracedTextEncoder.get());
        QString text = QString::fromLatin1(kReview);
        ExplainPanel panel;
        panel.setInputProvider([model, &text] {
            return std::optional(explainview::Input{model, text, {}, {}});
        });
        panel.setMethods({"rollout", "gradient"});
        const auto labelsOf = [tc](const QString& t) {
            return attn::explain::textSubject(*tc, t.toStdString())->inputLabels();
        };
        // No curves, no empty legend frame under the axes; the views say what each method reads.
        QCOMPARE(panel.deletionPlot()->legend->borderPen().style(), Qt::NoPen);
        auto* views = panel.findChild<QTextBrowser*>(QStringLiteral("methodViews"));
        QVERIFY(views);
        const auto introduces = [views] {
            const QString shown = views->toPlainText();
            return shown.contains(QStringLiteral("What each method reads")) &&
                   shown.contains(QStringLiteral("Abnar & Zuidema 2020")) &&
                   shown.contains(QStringLiteral("Kobayashi et al. 2020")) &&
                   shown.contains(QStringLiteral("Chefer et al. 2021")) &&
                   shown.contains(QStringLiteral("Jain & Wallace 2019"));
        };
        QVERIFY2(introduces(), qPrintable(views->toPlainText()));
        // Before the first Explain a change starts nothing.
        panel.inputChanged();
        QVERIFY(!panel.isBusy());
        QVERIFY(!panel.outcome());
        panel.explainNow();
        waitFor(panel);
        QVERIFY(panel.outcome());
        QVERIFY(!introduces()); // the shaded inputs replace it
        // The same input again: the explanation stays.
        panel.inputChanged();
        QVERIFY(!panel.isBusy());
        QVERIFY(panel.outcome());
        QVERIFY(!panel.isStale());

        // Hidden (another tab is current): cleared at once, explained when shown.
        text = QStringLiteral("a great film .");
        panel.inputChanged();
        QVERIFY(!panel.outcome());
        QVERIFY(panel.isStale());
        QVERIFY(!panel.isBusy());
        QCOMPARE(panel.deletionPlot()->graphCount(), 0);
        QCOMPARE(panel.deletionPlot()->legend->borderPen().style(), Qt::NoPen);
        QVERIFY(introduces());
        QSignalSpy done(&panel, &ExplainPanel::finished);
        panel.show();
        QVERIFY(done.wait(60000));
        QVERIFY(!panel.isStale());
        QCOMPARE(panel.outcome()->labels, labelsOf(text));
        const auto want =
            attn::explain::explain(*attn::explain::textSubject(*tc, text.toStdString()), {"gradient"});
        QCOMPARE(panel.outcome()->explanation.methods.at("gradient").relevance,
                 want.methods.at("gradient").relevance);

        // Visible: explained again at once.
        text = QStringLiteral("the plot was dull and far too long .");
        panel.inputChanged();
        QVERIFY(panel.isBusy());
        waitFor(panel);
        QCOMPARE(panel.outcome()->labels, labelsOf(text));
        QCOMPARE(panel.deletionPlot()->graphCount(), 2);
        QCOMPARE(panel.deletionPlot()->legend->borderPen().style(), Qt::SolidLine);
    }

    void cancelDropsTheJob() {
        const auto model = shipped("sentiment");
        ExplainPanel panel;
        panel.setInputProvider([model] { return std::optional(explainview::Input{model, kReview, {}, {}}); });
        panel.setMethods({"flow", "gradient", "ablation"});
        QSignalSpy done(&panel, &ExplainPanel::finished);
        panel.explainNow();
        panel.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isBusy(), 60000);
        QCOMPARE(done.count(), 0);
        QVERIFY(!panel.outcome());
    }

    // The deletion plot draws its own text: in teaching mode (the Sentiment and Vision pages pass it
    // on) its tick labels, axis titles and legend grow by teaching::kFontScale, and shrink back.
    void teachingModeGrowsTheDeletionPlotText() {
        for (const bool vision : {false, true}) {
            std::unique_ptr<Page> page;
            if (vision)
                page = std::make_unique<VisionPage>();
            else
                page = std::make_unique<SentimentPage>();
            auto* panel = page->findChild<ExplainPanel*>();
            QVERIFY(panel);
            const QCustomPlot* plot = panel->deletionPlot();
            const double tick = plot->xAxis->tickLabelFont().pointSizeF();
            const double legend = plot->legend->font().pointSizeF();
            page->setTeachingMode(true);
            QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), tick * teaching::kFontScale);
            QCOMPARE(plot->yAxis->labelFont().pointSizeF(), tick * teaching::kFontScale);
            QCOMPARE(plot->legend->font().pointSizeF(), legend * teaching::kFontScale);
            page->setTeachingMode(false);
            QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), tick);
            QCOMPARE(plot->legend->font().pointSizeF(), legend);
        }
    }

    void noInputSaysSo() {
        ExplainPanel panel;
        panel.setInputProvider([] { return std::optional<explainview::Input>(); });
        panel.explainNow();
        QVERIFY(!panel.isBusy());
        QVERIFY(!panel.outcome());
    }
};

QTEST_MAIN(TestExplainPanel)
#include "tst_explain_panel.moc"
