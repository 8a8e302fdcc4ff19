// Issue 12, the Walkthrough's teaching points: step 3 compares the softmax with and without scaling,
// step 1 shows Wq, Wk, Wv and Q, K, V, the function-word artefact is pointed out, the OOV hint names
// where one-letter words are, the preset says "Custom", and teaching mode grows the page without
// clipping titles or dropping labels at 1280 x 800. Every number is checked against an independent
// double-precision computation from the engine's own scores.
#include "pages/walkthrough/walkthrough_page.hpp"
#include "pages/walkthrough/walkthrough_projection_panel.hpp"
#include "pages/walkthrough/walkthrough_scaling_panel.hpp"
#include "services/embedding_store.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_readout.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/teaching.hpp"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBrowser>
#include <QtTest>
#include <cmath>
#include <qcustomplot.h>
#include <tuple>

namespace {

int indexOf(const std::vector<std::string>& v, const std::string& s) {
    auto it = std::find(v.begin(), v.end(), s);
    return it == v.end() ? -1 : static_cast<int>(it - v.begin());
}

/// Softmax of row `row` of `scores` times `factor` over the present (non-NaN) cells, in double.
std::vector<double> softmaxRow(const attn::Matrix& scores, Eigen::Index row, double factor) {
    double max = -INFINITY;
    for (Eigen::Index j = 0; j < scores.cols(); ++j)
        if (!std::isnan(scores(row, j)))
            max = std::max(max, double(scores(row, j)) * factor);
    std::vector<double> out(static_cast<std::size_t>(scores.cols()), NAN);
    double sum = 0;
    for (Eigen::Index j = 0; j < scores.cols(); ++j)
        if (!std::isnan(scores(row, j)))
            sum += out[std::size_t(j)] = std::exp(double(scores(row, j)) * factor - max);
    for (double& v : out)
        v /= sum;
    return out;
}

void compareRow(const attn::Matrix& got, Eigen::Index row, const std::vector<double>& want) {
    QCOMPARE(std::size_t(got.cols()), want.size());
    for (Eigen::Index j = 0; j < got.cols(); ++j) {
        if (std::isnan(want[std::size_t(j)])) {
            QVERIFY(std::isnan(got(row, j)));
            continue;
        }
        QVERIFY2(
            std::abs(got(row, j) - want[std::size_t(j)]) < 1e-5,
            qPrintable(
                QStringLiteral("column %1: %2 vs %3").arg(j).arg(got(row, j)).arg(want[std::size_t(j)])));
    }
}

double maxPresent(const attn::Matrix& m, Eigen::Index row) {
    double best = -1;
    for (Eigen::Index j = 0; j < m.cols(); ++j)
        if (!std::isnan(m(row, j)))
            best = std::max(best, double(m(row, j)));
    return best;
}

} // namespace

class TestWalkthroughSteps : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qputenv("ATTNVIZ_CACHE_DIR", QByteArray("/nonexistent-attnviz-cache")); }

    void scalingStepWasACopyOfStepTwo() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setStep(WalkthroughStep::Scaled);
        const auto& r = *page.result();
        const int she = indexOf(r.queryTokens, "she");
        QCOMPARE(page.selectedQuery(), she);
        QVERIFY(page.scalingPanel()->isVisibleTo(&page));
        const attn::Matrix& strips = page.scalingPanel()->strips()->matrix();
        QCOMPARE(strips.rows(), Eigen::Index(2));
        // Row 0: softmax(q·k); row 1: softmax(q·k / √100), both from the engine's raw scores.
        compareRow(strips, 0, softmaxRow(r.steps.scores, she, 1.0));
        compareRow(strips, 1, softmaxRow(r.steps.scores, she, 0.1));
        // The unscaled softmax saturates on "her"; the scaled one does not.
        QVERIFY2(maxPresent(strips, 0) > 0.999, qPrintable(QString::number(maxPresent(strips, 0))));
        QVERIFY2(maxPresent(strips, 1) < 0.6, qPrintable(QString::number(maxPresent(strips, 1))));
        QVERIFY(page.scalingPanel()->noteText().contains(QStringLiteral("saturates")));
        // The panel follows the selected query word.
        const int teacher = indexOf(r.queryTokens, "teacher");
        page.setSelectedQuery(teacher);
        compareRow(page.scalingPanel()->strips()->matrix(), 0, softmaxRow(r.steps.scores, teacher, 1.0));
        // Only on step 3.
        page.setStep(WalkthroughStep::Weights);
        QVERIFY(!page.scalingPanel()->isVisibleTo(&page));
    }

    void dotProductStepThreeSaysScalingIsOff() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setScoring(attn::Scoring::Dot);
        page.setStep(WalkthroughStep::Scaled);
        const auto& r = *page.result();
        const attn::Matrix& strips = page.scalingPanel()->strips()->matrix();
        QCOMPARE(strips.rows(), Eigen::Index(1));
        compareRow(strips, 0, softmaxRow(r.steps.scores, page.selectedQuery(), 1.0));
        QVERIFY(page.scalingPanel()->noteText().contains(QStringLiteral("Scaling is off")));
    }

    void projectionMatricesWereNotShown() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        page.applyPreset(WalkthroughPage::Preset::ChapterSelf);
        page.setStep(WalkthroughStep::Embeddings);
        QVERIFY(!page.projectionPanel()->isVisibleTo(&page)); // raw vectors: nothing to show
        page.setProjection(attn::ProjectionMode::Learned);
        const auto& r = *page.result();
        QVERIFY(page.projectionPanel()->isVisibleTo(&page));
        const attn::Matrix* want[6] = {&r.projections->wq, &r.projections->wk, &r.projections->wv,
                                       &r.steps.queries,   &r.steps.keys,      &r.steps.values};
        for (int k = 0; k < 6; ++k) {
            const attn::Matrix& got = page.projectionPanel()->view(k)->matrix();
            QCOMPARE(got.rows(), want[k]->rows());
            QCOMPARE(got.cols(), want[k]->cols());
            for (Eigen::Index i = 0; i < got.size(); ++i)
                QVERIFY(got.data()[i] == want[k]->data()[i] ||
                        (std::isnan(got.data()[i]) && std::isnan(want[k]->data()[i])));
        }
        // Q is (word vector + positional encoding) · Wq + bq: row of "she", first column, in double.
        const int she = indexOf(r.queryTokens, "she");
        double q0 = r.projections->bq.size() ? double(r.projections->bq(0)) : 0.0;
        for (Eigen::Index d = 0; d < r.queryInputs.cols(); ++d)
            q0 += double(r.queryInputs(she, d)) * double(r.projections->wq(d, 0));
        QVERIFY(std::abs(page.projectionPanel()->view(3)->matrix()(she, 0) - q0) < 1e-4);
        // The panel names the checkpoint; the caption above the step explains it (once: issue 49 point 10).
        const QString source = page.projectionPanel()->sourceText();
        QVERIFY2(source.contains(QStringLiteral("pronoun-head")), qPrintable(source));
    }

    void functionWordArtefactWasNotPointedOut() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setStep(WalkthroughStep::Scores);
        const auto& r = *page.result();
        const int the = indexOf(r.queryTokens, "the"), to = indexOf(r.keyTokens, "to");
        const auto marked = page.markedCells();
        QVERIFY(std::find(marked.begin(), marked.end(), std::make_pair(the, to)) != marked.end());
        // "to" is among the two highest scores of the row "the" (by the engine's numbers).
        int higher = 0;
        for (Eigen::Index j = 0; j < r.steps.scores.cols(); ++j)
            if (!std::isnan(r.steps.scores(the, j)) && r.steps.scores(the, j) > r.steps.scores(the, to))
                ++higher;
        QVERIFY(higher <= 1);
        const QString text = page.functionWordText();
        QVERIFY2(text.contains(QStringLiteral("the ↔ to (%1)").arg(r.steps.scores(the, to), 0, 'f', 2)),
                 qPrintable(text));
        // Never a pronoun pair: "she" ↔ "her" is the chapter's answer, not an artefact.
        const int she = indexOf(r.queryTokens, "she");
        for (const auto& [row, column] : marked)
            QVERIFY(row != she);
        // Learned projections: not the raw-vector artefact, nothing marked.
        page.setProjection(attn::ProjectionMode::Random);
        QVERIFY(page.markedCells().empty());
        QVERIFY(page.functionWordText().isEmpty());
    }

    void oovHintSuggestedAShippedSetThatLacksOneLetterWords() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        bool found = false;
        for (QLabel* label : page.findChildren<QLabel*>())
            if (label->text().startsWith(QStringLiteral("Not in the vocabulary"))) {
                found = true;
                QVERIFY2(label->text().contains(QStringLiteral("one-letter")) &&
                             label->text().contains(QStringLiteral("glove.6B")) &&
                             label->text().contains(QStringLiteral("View → Word vectors → Open")),
                         qPrintable(label->text()));
            }
        QVERIFY(found);
        page.setSelectedQuery(indexOf(page.result()->queryTokens, "a"));
        QVERIFY(page.explanationHtml().contains(QStringLiteral("glove.6B.100d.txt")));
        QVERIFY(!page.explanationHtml().contains(QStringLiteral("larger set of word vectors")));
    }

    void presetKeptItsNameWhenTheSentencesWereEdited() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Chapter);
        page.setSelfAttention(true); // was still "(cross-attention)"
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::ChapterSelf);
        page.setSelfAttention(false);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Chapter);
        page.setKeysText(QStringLiteral("The student thanked her teacher"));
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Custom);
        page.applyPreset(WalkthroughPage::Preset::Toy);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Toy);
        page.setQueryText(QStringLiteral("the"));
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Custom);
    }

    // Issue 49 point 3: changing Scoring kept "Chapter: …" although the page no longer showed the
    // chapter's numbers. A preset names its sentences and its scoring (the toy also raw vectors).
    void presetStillSaidChapterAfterTheScoringChanged() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QComboBox* combo = nullptr;
        for (QComboBox* c : page.findChildren<QComboBox*>())
            if (c->count() == 4 && c->itemText(0).startsWith(QStringLiteral("Chapter:")))
                combo = c;
        QVERIFY(combo);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Chapter);
        page.setScoring(attn::Scoring::Dot);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Custom);
        QVERIFY2(combo->currentText().startsWith(QStringLiteral("Custom")), qPrintable(combo->currentText()));
        page.setScoring(attn::Scoring::ScaledDot); // the chapter's set-up again
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Chapter);
        page.setSelfAttention(true);
        page.setScoring(attn::Scoring::Additive);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Custom);
        page.applyPreset(WalkthroughPage::Preset::ChapterSelf); // restores scaled dot
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::ChapterSelf);
        QCOMPARE(page.result()->steps.scale, 0.1f); // 1/√100
        // The toy's 0.90 and 0.20 are plain dot products of the raw vectors.
        page.applyPreset(WalkthroughPage::Preset::Toy);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Toy);
        page.setScoring(attn::Scoring::ScaledDot);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Custom);
        page.applyPreset(WalkthroughPage::Preset::Toy);
        page.setProjection(attn::ProjectionMode::Random);
        QCOMPARE(page.shownPreset(), WalkthroughPage::Preset::Custom);
        QVERIFY2(combo->currentText().startsWith(QStringLiteral("Custom")), qPrintable(combo->currentText()));
    }

    // Issue 49 point 12: step 5's table was ordered by weight while its last column is ‖weight × v‖,
    // so the rows looked mis-sorted. Now ordered by ‖weight × v‖ (marked ▼), checked on a row where the
    // two orders differ against a double-precision w·‖v‖ from the engine's weights and values.
    void mixTableLookedMisSortedByWeight() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setStep(WalkthroughStep::Outputs);
        const auto& r = *page.result();
        const auto& s = r.steps;
        struct Ref {
            std::size_t key;
            double weight, size;
        };
        const auto reference = [&](Eigen::Index i) {
            std::vector<Ref> out;
            for (std::size_t j = 0; j < r.keyTokens.size(); ++j) {
                if (r.keyOov[j])
                    continue;
                const auto c = static_cast<Eigen::Index>(j);
                double norm = 0;
                for (Eigen::Index d = 0; d < s.values.cols(); ++d)
                    norm += double(s.values(c, d)) * double(s.values(c, d));
                out.push_back({j, double(s.weights(i, c)), double(s.weights(i, c)) * std::sqrt(norm)});
            }
            return out;
        };
        int row = -1;
        std::vector<Ref> bySize;
        for (std::size_t i = 0; i < r.queryTokens.size() && row < 0; ++i) {
            if (r.queryOov[i])
                continue;
            auto byWeight = reference(static_cast<Eigen::Index>(i));
            bySize = byWeight;
            std::stable_sort(byWeight.begin(), byWeight.end(),
                             [](const Ref& a, const Ref& b) { return a.weight > b.weight; });
            std::stable_sort(bySize.begin(), bySize.end(),
                             [](const Ref& a, const Ref& b) { return a.size > b.size; });
            for (std::size_t n = 0; n < std::min<std::size_t>(5, bySize.size()); ++n)
                if (byWeight[n].key != bySize[n].key)
                    row = static_cast<int>(i);
        }
        QVERIFY2(row >= 0, "no row whose top five differ by weight and by size");
        page.setSelectedQuery(row);
        const QString html = page.explanationHtml();
        QVERIFY2(html.contains(QStringLiteral("‖weight × v‖ ▼</th>")), qPrintable(html));
        static const QRegularExpression rowRe(QStringLiteral(
            "<tr><td>([^<]*)</td><td align=right>([^<]*)</td><td align=right>([^<]*)</td></tr>"));
        std::vector<std::tuple<QString, double, double>> shown;
        for (auto it = rowRe.globalMatch(html); it.hasNext();) {
            const auto m = it.next();
            shown.emplace_back(m.captured(1), m.captured(2).toDouble(), m.captured(3).toDouble());
        }
        QCOMPARE(shown.size(), std::min<std::size_t>(5, bySize.size()));
        for (std::size_t n = 0; n < shown.size(); ++n) {
            const auto& [key, weight, size] = shown[n];
            QCOMPARE(key, QString::fromStdString(r.keyTokens[bySize[n].key]));
            QVERIFY2(std::abs(weight - bySize[n].weight) <= 5e-5 && std::abs(size - bySize[n].size) <= 5e-4,
                     qPrintable(QStringLiteral("%1: %2 %3 vs %4 %5")
                                    .arg(key)
                                    .arg(weight)
                                    .arg(size)
                                    .arg(bySize[n].weight)
                                    .arg(bySize[n].size)));
        }
    }

    void nearestNeighboursOfTheSelectedWord() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setStep(WalkthroughStep::Embeddings);
        const auto near = store.current()->nearest("she", 5);
        QCOMPARE(near.size(), std::size_t(5));
        const QString html = page.explanationHtml();
        for (const auto& n : near)
            QVERIFY2(
                html.contains(
                    QStringLiteral("%1 (%2)").arg(QString::fromStdString(n.word)).arg(n.cosine, 0, 'f', 3)),
                qPrintable(html));
    }

    void teachingModeClippedTheTitleAndDroppedRowLabels() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setStep(WalkthroughStep::Embeddings);
        const double before = page.findChild<QLineEdit*>()->font().pointSizeF();
        page.setTeachingMode(true);
        QVERIFY(page.teachingMode());
        // The sentences grow with the rest of the page.
        QVERIFY2(page.findChild<QLineEdit*>()->font().pointSizeF() >= before * 1.3,
                 qPrintable(QString::number(page.findChild<QLineEdit*>()->font().pointSizeF())));
        for (HeatmapView* view : {page.currentHeatmap(), page.keyVectorsHeatmap()}) {
            QCustomPlot* plot = view->plot();
            QTRY_VERIFY(plot->width() > 200);
            plot->replot();
            plot->replot(); // the fit uses the last layout
            // Every row label is drawn (the key heatmap used to drop every second one).
            QCOMPARE(plot->yAxis->tickVectorLabels().size(), int(view->matrix().rows()));
            // The title fits: not clipped ("tep 1 of 5 … dimensi").
            auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
            QVERIFY(title);
            QVERIFY2(QFontMetrics(title->font()).horizontalAdvance(title->text()) <= plot->width(),
                     qPrintable(title->text()));
            // The word vectors' colour scale says what it shows.
            const auto scales = plot->findChildren<QCPColorScale*>();
            QVERIFY(!scales.isEmpty());
            QCOMPARE(scales.front()->axis()->label(), QStringLiteral("vector component"));
        }
        page.setTeachingMode(false);
        QCOMPARE(page.findChild<QLineEdit*>()->font().pointSizeF(), before);
    }

    // The out-of-vocabulary note ("Not in the vocabulary … a") grows with the page: its error colour
    // came from a style sheet, which kept it at the normal size in teaching mode.
    void oovNoteGrowsInTeachingMode() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QLabel* note = nullptr;
        for (QLabel* l : page.findChildren<QLabel*>())
            if (l->text().startsWith(QStringLiteral("Not in the vocabulary")))
                note = l;
        QVERIFY(note);
        QVERIFY(note->styleSheet().isEmpty());
        const double before = QFontInfo(note->font()).pointSizeF();
        page.setTeachingMode(true);
        QVERIFY2(
            QFontInfo(note->font()).pointSizeF() >= before * 1.3,
            qPrintable(QStringLiteral("%1 -> %2 pt").arg(before).arg(QFontInfo(note->font()).pointSizeF())));
        QCOMPARE(note->palette().color(QPalette::WindowText), format::errorColor());
    }

    // Issue 49 point 9: in a 1280 x 800 window in teaching mode (the page gets about 1270 x 690 of it),
    // step 1's key map dropped every other word and the query words stayed at the smallest label size;
    // step 4's numbers needed scrolling.
    void teachingModeAt1280DroppedKeyLabelsAndScrolledTheNumbers() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.resize(1270, 690);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setTeachingMode(true);
        page.setStep(WalkthroughStep::Embeddings);
        for (HeatmapView* view : {page.currentHeatmap(), page.keyVectorsHeatmap()}) {
            QCustomPlot* plot = view->plot();
            QTRY_VERIFY(plot->width() > 200);
            plot->replot();
            plot->replot(); // the fit uses the last layout
            const QStringList drawn = plot->yAxis->tickVectorLabels();
            QCOMPARE(drawn.size(), int(view->matrix().rows()));
            for (int i = 0; i < drawn.size(); ++i)
                QVERIFY2(!drawn[i].isEmpty(),
                         qPrintable(QStringLiteral("%1: row %2 has no label").arg(view->title()).arg(i + 1)));
            // At teaching size, not shrunk to the smallest labels (7 pt).
            QVERIFY2(plot->yAxis->tickLabelFont().pointSizeF() >= 10.0,
                     qPrintable(QString::number(plot->yAxis->tickLabelFont().pointSizeF())));
        }
        page.setStep(WalkthroughStep::Weights);
        auto* numbers = page.findChild<QTextBrowser*>();
        QVERIFY(numbers);
        QCoreApplication::processEvents();
        QVERIFY2(numbers->verticalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("%1 px to scroll in %2 px")
                                .arg(numbers->verticalScrollBar()->maximum())
                                .arg(numbers->viewport()->height())));
    }

    // Issue 49 point 10: with learned projections, step 1's map titles were cut ("Step 1 of 5 · Word
    // vecto…") and the checkpoint's explanation was printed twice (caption and projection panel).
    void learnedStepOneCutTheTitlesAndPrintedTheNoteTwice() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.resize(1390, 830);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        page.setProjection(attn::ProjectionMode::Learned);
        page.setStep(WalkthroughStep::Embeddings);
        QVERIFY(page.projectionPanel()->isVisibleTo(&page));
        for (HeatmapView* view : {page.currentHeatmap(), page.keyVectorsHeatmap()}) {
            QCustomPlot* plot = view->plot();
            QTRY_VERIFY(plot->width() > 100);
            plot->replot();
            plot->replot();
            auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
            QVERIFY(title);
            QCOMPARE(title->text(), view->title()); // whole, not elided
            QVERIFY2(QFontMetrics(title->font()).horizontalAdvance(title->text()) <= plot->width(),
                     qPrintable(title->text()));
        }
        QCOMPARE(page.currentHeatmap()->title(), QStringLiteral("Query word vectors"));
        QCOMPARE(page.keyVectorsHeatmap()->title(), QStringLiteral("Key word vectors"));
        int shown = 0;
        for (QLabel* label : page.findChildren<QLabel*>())
            if (label->isVisibleTo(&page))
                shown += int(label->text().count(QStringLiteral("sinusoidal positional encoding")));
        QCOMPARE(shown, 1);
        QVERIFY2(page.projectionPanel()->sourceText().contains(QStringLiteral("pronoun-head")),
                 qPrintable(page.projectionPanel()->sourceText()));
    }

    // Issue 49 point 11: with a 120-word query the dashed-cell note named "the ↔ to" three times, and the
    // map had no zoom strip (readout bar) as Translation has.
    void longQueryRepeatedOnePairAndHadNoZoomStrip() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QStringList words;
        while (words.size() < 120)
            words << QStringLiteral("the man went to the store and then to the park with").split(' ');
        page.setQueryText(words.mid(0, 120).join(' '));
        page.setStep(WalkthroughStep::Scores);
        QCOMPARE(int(page.result()->queryTokens.size()), 120);
        const QString text = page.functionWordText();
        QVERIFY(!text.isEmpty());
        QStringList pairs;
        const QRegularExpression pair(QStringLiteral("(\\w+) ↔ (\\w+) \\("));
        for (auto it = pair.globalMatch(text.section(QStringLiteral(" — "), 1)); it.hasNext();) {
            const auto m = it.next();
            pairs << m.captured(1) + QStringLiteral(" ↔ ") + m.captured(2);
        }
        QVERIFY2(!pairs.isEmpty(), qPrintable(text));
        QStringList unique = pairs;
        unique.removeDuplicates();
        QVERIFY2(unique.size() == pairs.size(), qPrintable(text));
        QCOMPARE(int(page.markedCells().size()), pairs.size());
        QVERIFY(page.mainHeatmap()->readout()->isVisibleTo(page.mainHeatmap()));
    }

    // Issue 49 point 13: the query chooser said "she  (row 6)" for the 7th word; on screen rows count
    // from 1 as on Generate.
    void queryRowWasCountedFromZero() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        const int she = indexOf(page.result()->queryTokens, "she");
        QCOMPARE(she, 6);
        QComboBox* chooser = nullptr;
        for (QComboBox* c : page.findChildren<QComboBox*>())
            if (c->count() == 8 && c->itemText(0).contains(QStringLiteral("(row")))
                chooser = c;
        QVERIFY(chooser);
        QCOMPARE(chooser->itemText(0), QStringLiteral("the  (row 1)"));
        QCOMPARE(chooser->currentText(), QStringLiteral("she  (row 7)"));
        QVERIFY2(page.mainHeatmap()->cellToolTip(she, 0).contains(QStringLiteral("she (row 7)")),
                 qPrintable(page.mainHeatmap()->cellToolTip(she, 0)));
    }
};

QTEST_MAIN(TestWalkthroughSteps)
#include "tst_walkthrough_steps.moc"
