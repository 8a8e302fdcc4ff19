// The head survey and the Transformer page's what-ifs on the Universal Sentence Encoder lite (issues 54
// and 55), and the Heads page's example maps:
//   - the Heads page surveys USE over a sentence corpus: every head's previous / self / sink / entropy
//     mean equals core's metrics of the maps UniversalSentenceEncoder::encode gives directly (summed here
//     with HeadMetrics, not through the survey's plan), and the previous-token mean a hand loop over
//     those maps; `attnviz heads` writes the same numbers;
//   - each top example's small map is the head's map of encode(that sentence), bit for bit;
//   - a click on an example opens the Similarity page with that sentence first, at that layer and head;
//   - the status line names the capability in the interface's words;
//   - the Transformer page on USE disables "Pad to" and "Padding mask off" with the reason, and enables
//     them again for the shipped classifier (the page asks TracedTextEncoder::canPad()).
// Skips when the model is not installed (tests/common/use_reference.hpp).

#include "../common/use_reference.hpp"
#include "attnviz_test_exe.hpp"
#include "main_window.hpp"
#include "pages/heads/heads_examples_panel.hpp"
#include "pages/heads/heads_page.hpp"
#include "pages/heads/heads_session.hpp"
#include "pages/heads/heads_setup_panel.hpp"
#include "pages/heads/heads_table.hpp"
#include "pages/similarity/similarity_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_whatif_panel.hpp"
#include "services/head_survey_run.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "services/survey_cache.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"

#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/analysis/head_metrics.hpp>
#include <attn/analysis/text_corpus.hpp>
#include <cmath>
#include <fstream>

using attn::analysis::Metric;

namespace {

constexpr int kInputs = 30;

bool installed() {
    return attn::UniversalSentenceEncoder::looksLikeModel(attn::UniversalSentenceEncoder::defaultDirectory());
}

#define REQUIRE_MODEL()                                                                                      \
    do {                                                                                                     \
        if (!installed())                                                                                    \
            QSKIP(testref::useNotInstalled().c_str());                                                       \
    } while (false)

QString useDir() {
    return QString::fromStdString(attn::UniversalSentenceEncoder::defaultDirectory().string());
}

std::shared_ptr<const attn::UniversalSentenceEncoder> coreModel() {
    static const auto m =
        attn::UniversalSentenceEncoder::open(attn::UniversalSentenceEncoder::defaultDirectory());
    return m;
}

/// The first `n` sentences of the shipped corpus.
std::vector<std::string> sentences(int n) {
    std::vector<std::string> out;
    for (const auto& in : attn::analysis::readTextCorpus(defaultTextCorpus().toStdString(), {}, n).inputs)
        out.push_back(in.text);
    return out;
}

QString writeCorpus(const QTemporaryDir& dir, const std::vector<std::string>& lines) {
    const QString path = dir.filePath(QStringLiteral("use-corpus.txt"));
    std::ofstream out(path.toStdString(), std::ios::binary);
    for (const auto& l : lines)
        out << l << '\n';
    return path;
}

bool run(HeadsPage& page, const QString& corpus) {
    page.setup()->chooseModelDirectory(useDir());
    page.setup()->setCorpusFile(corpus);
    page.setup()->setLimit(kInputs);
    page.runSurvey();
    return waitUntilIdle(page, 300000);
}

} // namespace

class TestHeadsUse : public QObject {
    Q_OBJECT
    QTemporaryDir config_, files_;
    QString corpus_;

private Q_SLOTS:
    void initTestCase() {
        testutil::isolateSettings(config_);
        qputenv("ATTNVIZ_CACHE_DIR", files_.filePath(QStringLiteral("cache")).toUtf8());
        corpus_ = writeCorpus(files_, sentences(kInputs));
    }

    void theSurveyOfUseIsCoresMetricsOfTheEncodersMaps() {
        REQUIRE_MODEL();
        HeadsPage page;
        QVERIFY(run(page, corpus_));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        QVERIFY(page.result().has_value());
        const auto& rep = page.result()->report;
        QCOMPARE(rep.capability, std::string("sentence encoder"));
        QCOMPARE(rep.layers, 2);
        QCOMPARE(rep.heads, 4);
        QCOMPARE(rep.corpusInputs, std::size_t(kInputs));
        QVERIFY(!rep.measured(Metric::Cls)); // USE has no [CLS] / [SEP]
        QVERIFY(!rep.measured(Metric::Sep));
        // Independent: the maps straight from UniversalSentenceEncoder::encode, summed with core's
        // HeadMetrics, and the previous-token weight summed by hand.
        attn::analysis::HeadMetrics want(2, 4);
        std::vector<double> prevSum(8, 0.0);
        std::vector<long> prevRows(8, 0);
        std::size_t i = 0;
        for (const auto& s : sentences(kInputs)) {
            const attn::SentenceEncoding e = coreModel()->encode(s);
            want.addInput(e.attention, {}, i++);
            for (int l = 0; l < 2; ++l)
                for (int h = 0; h < 4; ++h) {
                    const attn::Matrix& a = e.attention[std::size_t(l)][std::size_t(h)];
                    for (Eigen::Index q = 1; q < a.rows(); ++q) {
                        prevSum[std::size_t(l * 4 + h)] += a(q, q - 1);
                        ++prevRows[std::size_t(l * 4 + h)];
                    }
                }
        }
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 4; ++h) {
                for (Metric m :
                     {Metric::Sink, Metric::Previous, Metric::Self, Metric::Entropy, Metric::Distance})
                    QVERIFY2(std::abs(rep.mean(l, h, m) - want.mean(l, h, m)) <= 1e-9,
                             qPrintable(QStringLiteral("L%1 H%2 %3: %4 vs %5")
                                            .arg(l + 1)
                                            .arg(h + 1)
                                            .arg(QString::fromUtf8(attn::analysis::metricName(m).data()))
                                            .arg(rep.mean(l, h, m))
                                            .arg(want.mean(l, h, m))));
                const double byHand =
                    prevSum[std::size_t(l * 4 + h)] / double(prevRows[std::size_t(l * 4 + h)]);
                QVERIFY2(std::abs(rep.mean(l, h, Metric::Previous) - byHand) <= 1e-6,
                         qPrintable(QStringLiteral("L%1 H%2: %3 vs %4")
                                        .arg(l + 1)
                                        .arg(h + 1)
                                        .arg(rep.mean(l, h, Metric::Previous))
                                        .arg(byHand)));
                // The table shows the same number.
                const int column = page.table()->columnOf(Metric::Previous);
                bool found = false;
                for (int r = 0; r < page.table()->rowCount(); ++r)
                    if (page.table()->headAt(r) == std::pair{l, h}) {
                        found = true;
                        QCOMPARE(page.table()->item(r, column)->data(Qt::UserRole).toDouble(),
                                 rep.mean(l, h, Metric::Previous));
                    }
                QVERIFY(found);
            }
        // The status line names the capability in words.
        QVERIFY2(page.setup()->statusText().contains(QStringLiteral("sentence encoder")),
                 qPrintable(page.setup()->statusText()));
    }

    void theExampleMapsAreTheEncodersMaps() {
        REQUIRE_MODEL();
        HeadsPage page;
        QVERIFY(run(page, corpus_));
        for (const auto& [l, h] : {std::pair{0, 1}, std::pair{1, 3}}) {
            page.selectMetric(Metric::Previous);
            page.selectHead(l, h);
            QVERIFY(waitUntilIdle(page, 120000));
            const auto& top =
                page.result()->report.at(l, h).top[attn::analysis::SurveyReport::index(Metric::Previous)];
            QVERIFY(!top.empty());
            QCOMPARE(page.examples()->table()->rowCount(), int(top.size()));
            for (int r = 0; r < int(top.size()); ++r) {
                const auto& e = top[std::size_t(r)];
                const auto& shown = page.examples()->mapOfRow(r);
                QVERIFY2(shown.has_value(), qPrintable(QStringLiteral("row %1 has no map").arg(r)));
                const std::string text = page.result()->textOfLine(e.place.index).toStdString();
                const attn::SentenceEncoding encoding = coreModel()->encode(text);
                const attn::Matrix& want = encoding.attention[std::size_t(l)][std::size_t(h)];
                // The same forward on another thread: equal to float rounding (1e-6).
                testutil::compareMatrix(*shown, want, 1e-6);
                if (QTest::currentTestFailed())
                    return;
                // The example's value is its row's weight on the previous token in that map.
                QVERIFY(std::abs(double(want(e.position, e.position - 1)) - e.value) <= 1e-6);
                const QVariant icon = page.examples()
                                          ->table()
                                          ->item(r, HeadsExamplesPanel::kMapColumn)
                                          ->data(Qt::DecorationRole);
                QVERIFY(icon.isValid());
            }
        }
    }

    void anExampleOpensOnTheSimilarityPage() {
        REQUIRE_MODEL();
        MainWindow window;
        HeadsPage* heads = nullptr;
        for (int i = 0; i < window.tabs()->count(); ++i)
            if (auto* p = qobject_cast<HeadsPage*>(window.tabs()->widget(i)))
                heads = p;
        QVERIFY(heads);
        QVERIFY(testutil::settlePages(window.tabs()));
        QVERIFY(run(*heads, corpus_));
        heads->selectMetric(Metric::Previous);
        heads->selectHead(1, 2);
        QVERIFY(waitUntilIdle(*heads, 120000));
        const auto& e =
            heads->result()->report.at(1, 2).top[attn::analysis::SurveyReport::index(Metric::Previous)].at(0);
        const QString text = heads->result()->textOfLine(e.place.index);
        Q_EMIT heads->examples()->table()->cellClicked(0, 3);
        QVERIFY(testutil::settlePages(window.tabs()));
        auto* similarity = qobject_cast<SimilarityPage*>(window.currentPage());
        QVERIFY(similarity);
        QVERIFY(similarity->sentences().size() >= 2);
        QCOMPARE(similarity->sentences().front(), text);
        const auto state = std::get<attn::session::SimilarityState>(similarity->saveState());
        QCOMPARE(state.selected, 0);
        QCOMPARE(state.layer, 1);
        QCOMPARE(state.head, 2);
    }

    void theCliWritesTheSameSurvey() {
        REQUIRE_MODEL();
        HeadsPage page;
        QVERIFY(run(page, corpus_));
        const QString out = files_.filePath(QStringLiteral("use-heads.json"));
        QProcess p;
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("heads"), QStringLiteral("--model"), useDir(), QStringLiteral("--corpus"),
                 corpus_, QStringLiteral("--json"), out});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(j["model"].toObject()["capability"].toString(), QStringLiteral("sentence encoder"));
        const QJsonArray headList = j["heads"].toArray();
        QCOMPARE(headList.size(), 8);
        for (const auto& v : headList) {
            const QJsonObject h = v.toObject();
            const int l = h["layer"].toInt() - 1, hd = h["head"].toInt() - 1;
            QCOMPARE(h["previous"].toDouble(), page.result()->report.mean(l, hd, Metric::Previous));
        }
    }

    void missingFashionMnistIsAGuiSentence() {
        if (QFileInfo::exists(QString::fromLatin1(kDefaultSurveyImages)))
            QSKIP("Fashion-MNIST's test images are installed: the message cannot be shown");
        HeadsPage page;
        page.setup()->chooseModelDirectory(shippedModelDir(QStringLiteral("vit-fashion-mnist")));
        page.setup()->setCorpusFile({});
        page.runSurvey();
        QVERIFY(waitUntilIdle(page, 120000));
        const QString e = page.errorText();
        QVERIFY2(e.contains(QStringLiteral("Open corpus…")), qPrintable(e)); // the button's name
        QVERIFY2(e.contains(QStringLiteral("dataset-fashion-mnist")), qPrintable(e));
        QVERIFY2(!e.contains(QStringLiteral("--corpus")), qPrintable(e)); // no command-line wording
        QVERIFY(!page.result().has_value());
    }

    void theTransformerPageDisablesPaddingOnUse() {
        REQUIRE_MODEL();
        TransformerPage page;
        page.modelSlot()->load(useDir());
        QVERIFY(waitUntilIdle(page, 120000));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        TransformerWhatIfPanel* w = page.whatIfPanel();
        QVERIFY(!w->paddingApplies());
        QVERIFY(!w->padTo()->isEnabled());
        QVERIFY(!w->noMask()->isEnabled());
        QCOMPARE(w->padTo()->toolTip(), TransformerWhatIfPanel::noPaddingReason());
        QCOMPARE(w->noMask()->toolTip(), TransformerWhatIfPanel::noPaddingReason());
        QVERIFY(w->noMask()->toolTip().contains(QStringLiteral("no padding token")));
        // Even a value set behind the disabled box never reaches the engine (USE refuses padTo).
        w->padTo()->setValue(20);
        QCOMPARE(w->whatIf(0).padTo, 0);
        QVERIFY(w->whatIf(0).maskPadding);
        QVERIFY(waitUntilIdle(page, 120000));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        // The other switches still apply: positions off changes the maps.
        w->noPositions()->setChecked(true);
        QVERIFY(waitUntilIdle(page, 120000));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        QVERIFY(page.whatIfTrace().has_value());
        // The shipped classifier pads: the switches come back, with their own tooltips.
        page.modelSlot()->load(shippedModelDir(QStringLiteral("sentiment")));
        QVERIFY(waitUntilIdle(page, 120000));
        QVERIFY(w->paddingApplies());
        QVERIFY(w->padTo()->isEnabled());
        QVERIFY(w->noMask()->isEnabled());
        QVERIFY(w->noMask()->toolTip() != TransformerWhatIfPanel::noPaddingReason());
        w->padTo()->setValue(20);
        QCOMPARE(w->whatIf(0).padTo, 20);
    }
};

QTEST_MAIN(TestHeadsUse)
#include "tst_heads_use.moc"
