// SentimentPage driven with the parity-fixture classifiers; every number is compared with the core
// engine's own result computed here (loadModel + classify) at 1e-6.
#include "attnviz_test_paths.hpp"
#include "pages/explain/explain_panel.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/whole_lines.hpp"

#include <QAbstractTextDocumentLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextLayout>
#include <QtTest>
#include <algorithm>
#include <attn/checkpoint.hpp>
#include <cmath>
#include <filesystem>
#include <qcustomplot.h>

namespace {

using testutil::compareMatrix;
using testutil::fixture;
using testutil::labels;

std::shared_ptr<const attn::TransformerClassifier> reference(const char* name) {
    return testutil::reference<attn::TransformerClassifier>(name);
}

void loadInto(SentimentPage& page, const char* name) {
    page.modelSlot()->load(fixture(name));
    QVERIFY(waitUntilIdle(page.modelSlot()));
    QVERIFY(page.modelSlot()->hasModel());
    QCOMPARE(page.modelSlot()->displayName(), QString::fromLatin1(name));
}

void classify(SentimentPage& page, const QString& text) {
    page.setText(text);
    page.runNow();
    QVERIFY(waitUntilIdle(page.jobs()));
    QVERIFY(page.result().has_value());
    QCOMPARE(page.resultText(), text);
}

// Lines of `view`'s text in viewport pixels: (top, bottom) of each, scrolled to the top.
QVector<QPair<double, double>> textLines(const QTextEdit& view) {
    QVector<QPair<double, double>> lines;
    const QTextDocument* doc = view.document();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        const double top = doc->documentLayout()->blockBoundingRect(block).top();
        for (int i = 0; i < block.layout()->lineCount(); ++i) {
            const QTextLine line = block.layout()->lineAt(i);
            lines.append({top + line.y(), top + line.y() + line.height()});
        }
    }
    return lines;
}

// The line cut by the view's bottom edge (top half shown), or -1.
int cutLine(const QTextEdit& view) {
    const double edge = view.viewport()->height();
    const auto lines = textLines(view);
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].first < edge - 0.5 && lines[i].second > edge + 0.5)
            return i;
    return -1;
}

} // namespace

class TestSentimentPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { testutil::isolateSettings(configDir_); }

    void matchesTheEngine_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("cls pooling") << QStringLiteral("tc_pre_gelu_cls_learned");
        QTest::newRow("mean pooling") << QStringLiteral("tc_post_gelu_mean_learned");
    }
    void matchesTheEngine() {
        QFETCH(QString, model);
        const QByteArray name = model.toLatin1();
        SentimentPage page;
        loadInto(page, name.constData());
        const QString text = QStringLiteral("the film was not very good but i liked it");
        classify(page, text);
        const auto ref = reference(name.constData())->classify(text.toStdString(), 0, true);

        const auto& r = *page.result();
        QCOMPARE(labels(r.tokens), labels(ref.tokens));
        QCOMPARE(r.predicted, ref.predicted);
        QCOMPARE(int(r.probabilities.size()), int(ref.probabilities.size()));
        for (size_t i = 0; i < r.probabilities.size(); ++i)
            QVERIFY(std::abs(r.probabilities[i] - ref.probabilities[i]) <= 1e-6);
        QVERIFY2(page.probabilityText().contains(QString::fromStdString(ref.predictedLabel)),
                 qPrintable(page.probabilityText()));

        for (int l = 0; l < int(ref.attention.size()); ++l) {
            for (int h = 0; h < int(ref.attention[size_t(l)].size()); ++h) {
                page.selectView(l, h);
                compareMatrix(page.mainHeatmap()->matrix(), ref.attention[size_t(l)][size_t(h)]);
                QCOMPARE(page.mainHeatmap()->rowLabels(), labels(ref.tokens));
                QCOMPARE(page.mainHeatmap()->columnLabels(), labels(ref.tokens));
                compareMatrix(page.thumbnail(l, h)->matrix(), ref.attention[size_t(l)][size_t(h)]);
            }
        }

        // Mean over the heads of the last layer, computed here in double.
        const int last = int(ref.attention.size()) - 1;
        page.selectView(last, -1);
        const auto& maps = ref.attention[size_t(last)];
        attn::Matrix mean(maps[0].rows(), maps[0].cols());
        for (Eigen::Index i = 0; i < mean.rows(); ++i)
            for (Eigen::Index j = 0; j < mean.cols(); ++j) {
                double s = 0.0;
                for (const auto& m : maps)
                    s += m(i, j);
                mean(i, j) = float(s / double(maps.size()));
            }
        compareMatrix(page.mainHeatmap()->matrix(), mean);

        // Pooled weights: CLS row, or the column means over the (all real) query rows.
        const QVector<double> pooled = page.pooledWeights();
        QCOMPARE(pooled.size(), int(mean.cols()));
        const bool cls = model.contains(QStringLiteral("cls"));
        for (int j = 0; j < pooled.size(); ++j) {
            double want = 0.0;
            if (cls) {
                want = mean(0, j);
            } else {
                for (Eigen::Index i = 0; i < mean.rows(); ++i)
                    want += mean(i, j);
                want /= double(mean.rows());
            }
            QVERIFY(std::abs(pooled[j] - want) <= 1e-6);
        }
        QVERIFY(page.errorText().isEmpty());
    }

    void thumbnailClickEnlargesIt() {
        SentimentPage page;
        loadInto(page, "tc_pre_relu_cls_sinusoidal");
        classify(page, QStringLiteral("a very bad plot"));
        HeatmapView* thumb = page.thumbnail(1, 2);
        QVERIFY(thumb);
        Q_EMIT thumb->cellClicked(0, 0);
        QCOMPARE(page.selectedLayer(), 1);
        QCOMPARE(page.selectedHead(), 2);
        compareMatrix(page.mainHeatmap()->matrix(), page.result()->attention[1][2]);
    }

    void paddingMaskZeroesPadColumns() {
        SentimentPage page;
        loadInto(page, "tc_post_relu_mean_sinusoidal");
        auto ref = reference("tc_post_relu_mean_sinusoidal");
        const QString text = QStringLiteral("good acting");
        page.setPadTo(8);
        page.setMaskPadding(true);
        classify(page, text);
        const auto on = ref->classify(text.toStdString(), 8, true);
        const auto off = ref->classify(text.toStdString(), 8, false);
        const auto& r = *page.result();
        QCOMPARE(int(r.tokens.size()), 8);
        const std::string pad = ref->settings().padToken;
        QCOMPARE(r.tokens.back(), pad);
        for (const auto& layer : r.attention)
            for (const auto& m : layer)
                for (Eigen::Index j = 0; j < m.cols(); ++j)
                    if (r.tokens[size_t(j)] == pad)
                        for (Eigen::Index i = 0; i < m.rows(); ++i)
                            QCOMPARE(m(i, j), 0.0f); // exactly zero when masked
        QCOMPARE(page.mainHeatmap()->columnLabels().back(), QString::fromStdString(pad));
        for (size_t i = 0; i < r.probabilities.size(); ++i) {
            QVERIFY(std::abs(r.probabilities[i] - on.probabilities[i]) <= 1e-6);
            QVERIFY(std::abs(page.oppositeResult()->probabilities[i] - off.probabilities[i]) <= 1e-6);
        }
        const QString cmp = page.comparisonText();
        QVERIFY2(cmp.contains(QStringLiteral("mask on:")) && cmp.contains(QStringLiteral("mask off:")),
                 qPrintable(cmp));
        QVERIFY2(cmp.contains(QString::fromStdString(on.predictedLabel)), qPrintable(cmp));

        // Mask off: the pads receive weight, as the engine says.
        page.setMaskPadding(false);
        QVERIFY(waitUntilIdle(page.jobs()));
        page.selectView(0, 0);
        compareMatrix(page.mainHeatmap()->matrix(), off.attention[0][0]);
        double padWeight = 0.0;
        const auto& m = page.result()->attention[0][0];
        for (Eigen::Index i = 0; i < m.rows(); ++i)
            padWeight += m(i, m.cols() - 1);
        QVERIFY(padWeight > 0.0);
    }

    void staleResultIsDropped() {
        SentimentPage page;
        loadInto(page, "tc_pre_gelu_cls_learned");
        QVERIFY(waitUntilIdle(page.jobs())); // the run the loaded model started is out of the way
        const int droppedBefore = page.jobs()->droppedCount();
        QSignalSpy delivered(page.jobs(), &JobRunner::delivered);
        page.setText(QStringLiteral("the film was bad"));
        page.runNow();
        page.setText(QStringLiteral("i liked it"));
        page.runNow();
        // Both jobs were started before either could come back (outcomes arrive through the event loop),
        // so the first one's outcome must be dropped, not shown and then replaced.
        QVERIFY(waitUntilIdle(page.jobs()));
        QCOMPARE(page.jobs()->droppedCount() - droppedBefore, 1);
        QCOMPARE(delivered.count(), 1);
        QCOMPARE(delivered.at(0).at(0).value<quint64>(), page.jobs()->latestId());
        QCOMPARE(page.resultText(), QStringLiteral("i liked it"));
        const auto ref = reference("tc_pre_gelu_cls_learned")->classify("i liked it");
        QCOMPARE(labels(page.result()->tokens), labels(ref.tokens));
    }

    // The Explain tab follows the review: a new text clears the old explanation (the tab is hidden
    // here, so it waits to be shown).
    void explainTabDropsTheOldReviewsExplanation() {
        SentimentPage page;
        loadInto(page, "tc_pre_gelu_cls_learned");
        classify(page, QStringLiteral("the film was bad"));
        auto* explain = page.findChild<ExplainPanel*>();
        QVERIFY(explain);
        explain->setMethods({"rollout"});
        explain->explainNow();
        QSignalSpy done(explain, &ExplainPanel::finished);
        QVERIFY(done.wait(60000));
        QVERIFY(explain->outcome());
        classify(page, QStringLiteral("i liked it"));
        QVERIFY(!explain->outcome());
        QVERIFY(explain->isStale());
    }

    void wrongArchitectureShowsErrorAndKeepsModel() {
        SentimentPage page;
        loadInto(page, "tc_pre_gelu_cls_learned");
        classify(page, QStringLiteral("good film"));
        const auto before = page.modelSlot()->textClassifier();
        page.modelSlot()->load(fixture("vit_pre_gelu_learned_gray"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY2(page.errorText().contains(
                     QStringLiteral("is a vit model; this page needs transformer_classifier")),
                 qPrintable(page.errorText()));
        QCOMPARE(page.modelSlot()->textClassifier(), before);
        QVERIFY(page.result().has_value());
        QCOMPARE(page.resultText(), QStringLiteral("good film"));
    }

    void brokenCheckpointShowsErrorAndKeepsModel() {
        QTemporaryDir tmp;
        const std::string dest = (tmp.path() + QStringLiteral("/broken")).toStdString();
        std::filesystem::copy(fixture("tc_pre_gelu_cls_learned").toStdString(), dest,
                              std::filesystem::copy_options::recursive);
        const auto file = std::filesystem::path(dest) / "model.safetensors";
        std::filesystem::resize_file(file, std::filesystem::file_size(file) - 100);
        SentimentPage page;
        loadInto(page, "tc_pre_gelu_cls_learned");
        const auto before = page.modelSlot()->textClassifier();
        page.modelSlot()->load(QString::fromStdString(dest));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY(!page.errorText().isEmpty());
        QCOMPARE(page.modelSlot()->textClassifier(), before);
        // The load error stays visible while the old model keeps working, until a load succeeds.
        const QString message = page.errorText();
        classify(page, QStringLiteral("bad plot"));
        QCOMPARE(page.errorText(), message);
        loadInto(page, "tc_post_gelu_mean_learned");
        QVERIFY(page.errorText().isEmpty());
    }

    void regressionEveryTickLabelWhenTheTabIsFirstShown() {
        // Bug seen in the main window: the page computed its heatmap while its tab was hidden, and
        // once the tab was opened the axes showed only the first token.
        QTabWidget tabs;
        tabs.addTab(new QWidget, QStringLiteral("first"));
        auto* page = new SentimentPage;
        tabs.addTab(page, QStringLiteral("sentiment"));
        tabs.resize(1400, 900);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        loadInto(*page, "tc_post_gelu_mean_learned");
        classify(*page, QStringLiteral("the acting was good but the plot was very bad"));
        const int n = int(page->mainHeatmap()->matrix().rows());
        QVERIFY(n >= 10);
        tabs.setCurrentIndex(1);
        QTRY_COMPARE(page->mainHeatmap()->plot()->yAxis->tickVectorLabels().size(), n);
        QTRY_COMPARE(page->mainHeatmap()->plot()->xAxis->tickVectorLabels().size(), n);
    }

    // Teaching mode at 1280 x 800 with the shipped 2 x 4-head model: the head grid fits its column
    // (its one-line "layer 1 · head 4" captions made it scroll sideways and cut off the last head).
    void headGridDoesNotScrollSidewaysInTeachingMode() {
        SentimentPage page;
        page.modelSlot()->load(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/sentiment"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        classify(page, QStringLiteral("the film was wonderful and the actors were great ."));
        page.setTeachingMode(true);
        page.resize(1280, 800);
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.thumbnail(1, 3));
        QScrollArea* grid = nullptr;
        for (QWidget* w = page.thumbnail(1, 3); w && !grid; w = w->parentWidget())
            grid = qobject_cast<QScrollArea*>(w);
        QVERIFY(grid);
        QCOMPARE(grid->horizontalScrollBar()->maximum(), 0);
    }

    // heightOfWholeLines: at every cap the view ends between two lines, and shows as many lines as fit.
    void wholeLinesHeightEndsBetweenLines() {
        QTextBrowser view;
        view.setAttribute(Qt::WA_DontShowOnScreen);
        QString html;
        for (int p = 0; p < 4; ++p)
            html += QStringLiteral("<p>paragraph %1: the acting was good but the plot was very bad, and the "
                                   "ending was long</p>")
                        .arg(p);
        view.setHtml(html);
        view.resize(300, 400);
        view.show();
        QCoreApplication::processEvents();
        const int whole = int(std::ceil(view.document()->size().height())) + 2 * view.frameWidth();
        QVERIFY2(whole > 150, qPrintable(QString::number(whole))); // several lines, so the caps cut some
        for (int cap = 30; cap <= whole + 20; ++cap) {
            const int h = heightOfWholeLines(view, cap);
            QVERIFY2(h <= cap, qPrintable(QStringLiteral("cap %1: %2").arg(cap).arg(h)));
            if (cap >= whole) {
                QCOMPARE(h, whole); // all of it fits: the text's own height
                continue;
            }
            view.setFixedHeight(h);
            QCoreApplication::processEvents();
            QVERIFY2(view.viewport()->height() == h - 2 * view.frameWidth(),
                     qPrintable(QString::number(cap)));
            QVERIFY2(cutLine(view) < 0,
                     qPrintable(
                         QStringLiteral("cap %1: line %2 cut at %3 px").arg(cap).arg(cutLine(view)).arg(h)));
            // As many lines as fit: the first line not shown would not have fitted under the cap.
            const auto lines = textLines(view);
            for (const auto& line : lines)
                if (line.first >= view.viewport()->height() - 0.5) {
                    QVERIFY2(std::ceil(line.second) + 2 * view.frameWidth() > cap,
                             qPrintable(QStringLiteral("cap %1: a line ending at %2 was left out")
                                            .arg(cap)
                                            .arg(line.second)));
                    break;
                }
        }
    }

    // The pooled-weights text under the maps (chips, then the note on the pooling rule) ends at a line
    // in teaching mode at 1280 x 800 and 1400 x 900: it showed the top half of the note's first line.
    void pooledShadingShowsWholeLines_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("teaching");
        for (bool teaching : {false, true}) {
            QTest::addRow("1280x800%s", teaching ? " teaching" : "") << QSize(1280, 800) << teaching;
            QTest::addRow("1400x900%s", teaching ? " teaching" : "") << QSize(1400, 900) << teaching;
        }
    }
    void pooledShadingShowsWholeLines() {
        QFETCH(QSize, size);
        QFETCH(bool, teaching);
        SentimentPage page;
        page.modelSlot()->load(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/sentiment"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        classify(page, QStringLiteral("the film was wonderful and the actors were great ."));
        page.setTeachingMode(teaching);
        page.resize(size);
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        QVERIFY(waitUntilIdle(page));
        auto* shaded = page.findChild<QTextBrowser*>(QStringLiteral("pooledShading"));
        QVERIFY(shaded);
        QTRY_VERIFY(shaded->viewport()->height() > 0);
        QCoreApplication::processEvents();
        QCOMPARE(cutLine(*shaded), -1);
        // The chips' paragraph is shown whole.
        const QTextBlock chips = shaded->document()->begin();
        const double chipsBottom = shaded->document()->documentLayout()->blockBoundingRect(chips).bottom();
        QVERIFY2(chipsBottom <= shaded->viewport()->height() + 0.5,
                 qPrintable(QStringLiteral("%1 > %2").arg(chipsBottom).arg(shaded->viewport()->height())));
    }

    // Issue 49 point 16: head thumbnails lost their axis labels beyond a few words. At 1400 x 900 and
    // 1280 x 800, normal and in teaching mode, every thumbnail of a 12-word sentence keeps labels on both
    // axes (thinned to every k-th word, abbreviated), each the start of one of the sentence's tokens.
    void headThumbnailsLostTheirLabelsBeyondAFewWords() {
        const QString text = QStringLiteral("the film was long and slow but the actors were truly great .");
        for (const QSize size : {QSize(1400, 900), QSize(1280, 800)})
            for (const bool teaching : {false, true}) {
                SentimentPage page;
                page.modelSlot()->load(
                    QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/sentiment"));
                QVERIFY(waitUntilIdle(page.modelSlot()));
                classify(page, text);
                page.setTeachingMode(teaching);
                page.resize(size);
                page.setAttribute(Qt::WA_DontShowOnScreen);
                page.show();
                QVERIFY(waitUntilIdle(page));
                QVERIFY(page.result()->tokens.size() >= 8);
                QStringList tokens;
                for (const auto& t : page.result()->tokens)
                    tokens << QString::fromStdString(t);
                HeatmapView* thumb = page.thumbnail(1, 3);
                QVERIFY(thumb);
                QTRY_VERIFY2(thumb->compactLabelsShown(),
                             qPrintable(QStringLiteral("%1x%2 teaching %3: %4 x %5 px")
                                            .arg(size.width())
                                            .arg(size.height())
                                            .arg(teaching)
                                            .arg(thumb->width())
                                            .arg(thumb->height())));
                thumb->plot()->replot();
                for (QCPAxis* axis : {thumb->plot()->xAxis, thumb->plot()->yAxis}) {
                    QStringList drawn;
                    for (const QString& l : axis->tickVectorLabels())
                        if (!l.isEmpty())
                            drawn << l;
                    QVERIFY2(drawn.size() >= 2, qPrintable(drawn.join(QLatin1Char('|'))));
                    for (QString l : drawn) {
                        l.remove(QChar(0x2026)); // elided: the start of a token
                        QVERIFY2(std::any_of(tokens.begin(), tokens.end(),
                                             [&](const QString& t) { return t.startsWith(l); }),
                                 qPrintable(l));
                    }
                }
            }
    }

    // Issue 49 point 16: the head-test cell said 0.565 where the text said "changes p by −0.565". The text
    // now gives the cell's number with the cell's sign and states the convention (the drop in p,
    // p − p(after), core's HeadAblation::effect).
    void headTestCellAndTextDisagreedInSign() {
        SentimentPage page;
        page.modelSlot()->load(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/sentiment"));
        QVERIFY(waitUntilIdle(page.modelSlot()));
        classify(page, QStringLiteral("the food was not good but the service was great ."));
        auto* panel = page.findChild<ExplainPanel*>();
        QVERIFY(panel);
        panel->setMethods({"rollout", "ablation"});
        panel->explainNow();
        QTRY_VERIFY_WITH_TIMEOUT(panel->outcome() && panel->outcome()->explanation.ablation, 60000);
        const auto& a = *panel->outcome()->explanation.ablation;
        bool sawNegative = false;
        for (int l = 0; l < panel->ablationGrid()->rowCount(); ++l)
            for (int h = 0; h < panel->ablationGrid()->columnCount(); ++h) {
                panel->selectHead(l, h);
                const QString cell = panel->ablationGrid()->item(l, h)->text();
                const double effect = a.effect[std::size_t(l)][std::size_t(h)];
                sawNegative = sawNegative || effect < 0;
                QVERIFY(std::abs(cell.toDouble() - effect) <= 5e-4 || std::abs(effect) < 1e-3);
                QVERIFY2(panel->headTitle().contains(QStringLiteral("zeroed %1;").arg(cell)),
                         qPrintable(cell + QStringLiteral(" / ") + panel->headTitle()));
                QVERIFY(panel->headTitle().contains(QStringLiteral("Drop in p, p − p(after)")));
                QVERIFY(panel->ablationGrid()->item(l, h)->toolTip().startsWith(QStringLiteral("Drop in p")));
            }
        Q_UNUSED(sawNegative);
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestSentimentPage)
#include "tst_sentiment_page.moc"
