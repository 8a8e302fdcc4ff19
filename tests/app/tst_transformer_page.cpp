// The Transformer page on the shipped sentiment model: every number it shows is the engine's traced
// forward (compared with a trace computed here) and equals what `attnviz layer` writes for the same
// sentence and what-if (the CLI run as a user would, its JSON read back).
#include "attnviz_test_exe.hpp"
#include "attnviz_test_paths.hpp"
#include "pages/transformer/transformer_cost_panel.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_whatif_panel.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "widgets/heatmap_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

using transformer::AttentionPart;
using transformer::Step;

namespace {

const QString kSentence = QString::fromLatin1(TransformerPage::kDefaultSentence);

void compareMatrix(const attn::Matrix& got, const attn::Matrix& want, double tol = 0) {
    QCOMPARE(got.rows(), want.rows());
    QCOMPARE(got.cols(), want.cols());
    for (Eigen::Index i = 0; i < got.rows(); ++i)
        for (Eigen::Index j = 0; j < got.cols(); ++j)
            QVERIFY2(
                std::abs(double(got(i, j)) - double(want(i, j))) <= tol,
                qPrintable(QStringLiteral("(%1,%2): %3 vs %4").arg(i).arg(j).arg(got(i, j)).arg(want(i, j))));
}

/// The JSON [T][n] array as a matrix (the CLI writes float32 values as JSON numbers; they read back exactly).
attn::Matrix fromJson(const nlohmann::json& j) {
    attn::Matrix m(Eigen::Index(j.size()), Eigen::Index(j.at(0).size()));
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(r, c) = j[std::size_t(r)][std::size_t(c)].get<float>();
    return m;
}

nlohmann::json runCli(const QStringList& extra) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("layer.json"));
    QProcess p;
    p.start(QStringLiteral(ATTNVIZ_EXE),
            QStringList{QStringLiteral("layer"), QStringLiteral("--model"),
                        QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/sentiment"),
                        QStringLiteral("--text"), kSentence, QStringLiteral("--json"), out} +
                extra);
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning() << p.readAllStandardError();
        return {};
    }
    std::ifstream in(out.toStdString());
    return nlohmann::json::parse(in);
}

bool settle(TransformerPage& page) {
    return waitUntilIdle(page, 120000);
}

} // namespace

class TransformerPageTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void startLoadsTheSentimentModelAndSelectsShe() {
        TransformerPage page;
        QSignalSpy busy(&page, &TransformerPage::busyChanged);
        page.start();
        QVERIFY(settle(page));
        QVERIFY(busy.count() >= 2); // true, then false
        QVERIFY(page.trace().has_value());
        const auto& tokens = page.trace()->result.tokens;
        QCOMPARE(int(tokens.size()), 8);
        QCOMPARE(QString::fromStdString(tokens[std::size_t(page.token())]), QStringLiteral("she"));
        QVERIFY(page.tokenPanelHtml().contains(QStringLiteral("she")));
        QCOMPARE(page.largeView()->rowMarker(), page.token()); // the followed token's row is outlined
        page.setToken(2);
        QCOMPARE(page.largeView()->rowMarker(), 2);
    }

    // Issue 49 point 13: the side panel counted positions from 0 ("position 6" was the 7th word); on
    // screen every page counts from 1, as Generate does.
    void positionWasCountedFromZero() {
        TransformerPage page;
        page.start();
        QVERIFY(settle(page));
        const auto& tokens = page.trace()->result.tokens;
        page.setStep(Step::Embeddings);
        page.setToken(0);
        const QString first = QStringLiteral("“%1” (position 1)").arg(QString::fromStdString(tokens[0]));
        QVERIFY2(page.tokenPanelHtml().contains(first), qPrintable(page.tokenPanelHtml()));
        QVERIFY2(page.tokenPanelHtml().contains(QStringLiteral("+ position 1")),
                 qPrintable(page.tokenPanelHtml()));
        page.setToken(6);
        const QString seventh = QStringLiteral("“%1” (position 7)").arg(QString::fromStdString(tokens[6]));
        QVERIFY2(page.tokenPanelHtml().contains(seventh), qPrintable(page.tokenPanelHtml()));
        // The heatmap's hover text counts rows and columns from 1 too.
        QVERIFY2(page.largeView()->cellToolTip(6, 0).contains(QStringLiteral("(row 7)")),
                 qPrintable(page.largeView()->cellToolTip(6, 0)));
        QVERIFY2(page.largeView()->cellToolTip(6, 0).contains(QStringLiteral("(column 1)")),
                 qPrintable(page.largeView()->cellToolTip(6, 0)));
    }

    void everyStepShowsTheEnginesAndTheCliNumbers() {
        TransformerPage page;
        page.start();
        QVERIFY(settle(page));
        auto model = page.modelSlot()->tracedTextEncoder();
        QVERIFY(model);
        const auto engine = model->traceText(kSentence.toStdString());
        const auto cli = runCli({});
        QVERIFY(!cli.is_null());
        const auto& L = engine.layers[0];
        // The page's trace is the engine's, bit for bit.
        compareMatrix(page.trace()->layers[0].output, L.output);
        // Each step's large view against the engine and the CLI's JSON.
        page.setStep(Step::Embeddings);
        compareMatrix(page.largeView()->matrix(), engine.positions);
        compareMatrix(page.largeView()->matrix(), fromJson(cli["positions"]));
        compareMatrix(page.thumbnail(0)->matrix(), fromJson(cli["embeddings"]));
        page.setStep(Step::Attention);
        for (int h = 0; h < 4; ++h) {
            page.setHead(h);
            page.setAttentionPart(AttentionPart::Weights);
            compareMatrix(page.largeView()->matrix(), fromJson(cli["weights"][std::size_t(h)]));
            page.setAttentionPart(AttentionPart::Scores);
            compareMatrix(page.largeView()->matrix(), fromJson(cli["scores"][std::size_t(h)]));
        }
        page.setStep(Step::Concat);
        compareMatrix(page.largeView()->matrix(), fromJson(cli["attn_out"]));
        page.setStep(Step::Norm1);
        compareMatrix(page.largeView()->matrix(), fromJson(cli["norm1"])); // post-LN: norm1 is selected
        // The side panel prints the engine's mean and variance of "she" (4 decimals).
        const int she = page.token();
        QVERIFY(page.tokenPanelHtml().contains(QString::number(L.norm1Mean(she), 'f', 4)));
        QVERIFY(page.tokenPanelHtml().contains(
            QString::number(cli["var"]["norm1"][std::size_t(she)].get<float>(), 'f', 4)));
        page.setStep(Step::FeedForward);
        compareMatrix(page.largeView()->matrix(), fromJson(cli["ff_hidden"]));
        const auto zeros = (L.ffHidden.array() == 0.0f).count();
        QVERIFY(page.explanationText().contains(QString::number(zeros)));
        page.setStep(Step::Output);
        compareMatrix(page.largeView()->matrix(), fromJson(cli["output"]));
        page.nextStep();
        QCOMPARE(page.step(), Step::WhatIf);
        page.previousStep();
        QCOMPARE(page.step(), Step::Output);
    }

    void ablatingAHeadOnThePageIsTheCliWhatIf() {
        TransformerPage page;
        page.start();
        QVERIFY(settle(page));
        // The page counts layers and heads from 1, as the other pages do; the engine and the CLI from 0.
        page.setStep(Step::Heads); // the embedding step belongs to no layer
        QVERIFY2(page.headingText().endsWith(QStringLiteral("layer 1")), qPrintable(page.headingText()));
        QCOMPARE(page.whatIfPanel()->ablate()->itemText(2), QStringLiteral("head 2"));
        QCOMPARE(page.whatIfPanel()->ablate()->itemData(2).toInt(), 1);
        page.whatIfPanel()->ablate()->setCurrentIndex(2);
        QVERIFY(settle(page));
        const auto cli = runCli({QStringLiteral("--ablate-head"), QStringLiteral("1")});
        QVERIFY(!cli.is_null());
        QVERIFY(page.whatIfTrace().has_value());
        const auto& after = page.whatIfTrace()->result;
        QCOMPARE(after.probabilities[1], cli["prediction"]["after"]["probabilities"][1].get<float>());
        QCOMPARE(page.trace()->result.probabilities[1],
                 cli["prediction"]["before"]["probabilities"][1].get<float>());
        QVERIFY(page.whatIfTrace()->layers[0].attn.headsOut[1].isZero(0));
        compareMatrix(page.whatIfTrace()->layers[0].output, fromJson(cli["output"]));
        QVERIFY(page.whatIfPanel()->predictionText().contains(QStringLiteral("positive")));
    }

    void shuffleWithoutPositionsOnlyPermutesTheAttention() {
        TransformerPage page;
        page.start();
        QVERIFY(settle(page));
        page.whatIfPanel()->noPositions()->setChecked(true);
        page.whatIfPanel()->shuffle()->setChecked(true);
        QVERIFY(settle(page));
        const auto cli =
            runCli({QStringLiteral("--no-positions"), QStringLiteral("--shuffle"), QStringLiteral("1")});
        QVERIFY(!cli.is_null());
        compareMatrix(page.whatIfPanel()->afterView()->matrix(), fromJson(cli["weights"][0]));
        QCOMPARE(page.whatIfTrace()->result.probabilities[1],
                 cli["prediction"]["after"]["probabilities"][1].get<float>());
    }

    void costIsMeasuredInTheWorkerForEveryLength() {
        TransformerPage page;
        page.start();
        QVERIFY(settle(page));
        page.setStep(Step::Cost);
        QVERIFY(page.isBusy());
        QVERIFY(settle(page));
        const auto& c = page.costPanel()->cost();
        QCOMPARE(int(c.points.size()), 10); // 8 … 4,096 (issue 51)
        QCOMPARE(c.points.back().length, 4096);
        QCOMPARE(c.points.back().scores, 4.0 * 4096 * 4096);
        QVERIFY(page.costPanel()->tableText().contains(QStringLiteral("67,108,864")));
    }
};

QTEST_MAIN(TransformerPageTest)
#include "tst_transformer_page.moc"
