// The Heads page, the head finder (issue 54): its table and heat grid show core's survey of the same
// inputs (attn::analysis::runSurvey through the shipped sentiment classifier), sorting, the cache (a
// second run runs no forward and gives the same numbers, also read back from disk; a corrupt cache file
// is ignored with a warning), cancel, the GUI thread never stalled, a click on an example restores the
// Sentiment page with that layer, head and token, a bad corpus keeps the previous survey, the page state
// round trip and the CSV / JSON exports (the JSON the CLI writes).

#include "main_window.hpp"
#include "pages/heads/heads_examples_panel.hpp"
#include "pages/heads/heads_page.hpp"
#include "pages/heads/heads_session.hpp"
#include "pages/heads/heads_setup_panel.hpp"
#include "pages/heads/heads_table.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "services/event_loop_watchdog.hpp"
#include "services/head_survey_run.hpp"
#include "services/resource_paths.hpp"
#include "services/survey_cache.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/text_corpus.hpp>
#include <attn/open_model.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

using attn::analysis::Metric;

namespace {

constexpr int kInputs = 40;

QString sentimentDir() {
    return shippedModelDir(QStringLiteral("sentiment"));
}

/// The first `n` lines of the shipped corpus in a file of the test's own.
QString smallCorpus(const QTemporaryDir& dir, int n, const char* name = "small.txt") {
    const auto corpus = attn::analysis::readTextCorpus(defaultTextCorpus().toStdString(), {}, n);
    const QString path = dir.filePath(QString::fromLatin1(name));
    std::ofstream out(path.toStdString(), std::ios::binary);
    for (const auto& in : corpus.inputs)
        out << in.text << '\n';
    return path;
}

/// core's survey of the same texts through the same model, read independently of the app.
attn::analysis::HeadSurvey coreSurvey(const QString& corpus) {
    const auto model = attn::openModel(sentimentDir().toStdString());
    const auto texts = attn::analysis::readTextCorpus(corpus.toStdString());
    std::vector<std::string> lines;
    for (const auto& in : texts.inputs)
        lines.push_back(in.text);
    attn::analysis::SurveyOptions options;
    options.topK = 10;
    return attn::analysis::runSurvey(attn::analysis::planTextSurvey(model, lines), options);
}

bool run(HeadsPage& page, const QString& corpus, int limit) {
    page.setup()->chooseModelDirectory(sentimentDir());
    page.setup()->setCorpusFile(corpus);
    page.setup()->setLimit(limit);
    page.runSurvey();
    return waitUntilIdle(page, 120000);
}

/// Every (layer, head, metric) of the table against `want` (the same bits).
void compareTable(const HeadsTable& table, const attn::analysis::HeadMetrics& want) {
    QCOMPARE(table.rowCount(), want.layers() * want.heads());
    int compared = 0;
    for (int r = 0; r < table.rowCount(); ++r) {
        const auto [l, h] = table.headAt(r);
        for (Metric m : attn::analysis::kMetrics) {
            const int c = table.columnOf(m);
            const double expected = want.mean(l, h, m);
            if (c < 0) {
                QVERIFY2(std::isnan(expected), qPrintable(QStringLiteral("metric %1 left out").arg(int(m))));
                continue;
            }
            const double got = table.item(r, c)->data(Qt::UserRole).toDouble();
            QVERIFY2(got == expected || (std::isnan(got) && std::isnan(expected)),
                     qPrintable(QStringLiteral("L%1 H%2 metric %3: %4 vs core %5")
                                    .arg(l + 1)
                                    .arg(h + 1)
                                    .arg(int(m))
                                    .arg(got, 0, 'g', 17)
                                    .arg(expected, 0, 'g', 17)));
            QCOMPARE(table.item(r, c)->text(), HeadsTable::formatValue(expected));
            ++compared;
        }
    }
    QVERIFY(compared >= table.rowCount() * 5);
}

} // namespace

class TestHeadsPage : public QObject {
    Q_OBJECT

    QTemporaryDir config_, cache_, files_;
    QString corpus_;

private Q_SLOTS:
    void initTestCase() {
        testutil::isolateSettings(config_);
        qputenv("ATTNVIZ_CACHE_DIR", cache_.path().toLocal8Bit());
        corpus_ = smallCorpus(files_, kInputs);
    }

    void theTableAndGridShowCoresSurveyOfTheSameInputs() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, kInputs));
        QVERIFY2(page.result().has_value(), qPrintable(page.errorText()));
        QCOMPARE(page.result()->report.corpusInputs, std::size_t(kInputs));
        const attn::analysis::HeadSurvey want = coreSurvey(corpus_);
        compareTable(*page.table(), want.metrics);
        // The shipped classifier has no [SEP] and is no decoder: those columns are left out.
        QCOMPARE(page.table()->columnOf(Metric::Sep), -1);
        QCOMPARE(page.table()->columnOf(Metric::Induction), -1);
        // The heat grid: layers x heads of the selected metric, each cell core's mean.
        page.selectMetric(Metric::Self);
        const attn::Matrix& grid = page.grid()->matrix();
        QCOMPARE(int(grid.rows()), want.metrics.layers());
        QCOMPARE(int(grid.cols()), want.metrics.heads());
        for (int l = 0; l < want.metrics.layers(); ++l)
            for (int h = 0; h < want.metrics.heads(); ++h)
                QCOMPARE(grid(l, h), static_cast<float>(want.metrics.mean(l, h, Metric::Self)));
        // The examples of a head: core's top inputs, positions and values, with their tokens.
        page.selectMetric(Metric::Previous);
        page.selectHead(1, 2);
        const auto& top = want.metrics.top(1, 2, Metric::Previous);
        QCOMPARE(page.examples()->table()->rowCount(), int(top.size()));
        QVERIFY(!top.empty());
        for (int r = 0; r < int(top.size()); ++r) {
            const auto& e = top[std::size_t(r)];
            QCOMPARE(page.examples()->table()->item(r, 0)->text(), HeadsTable::formatValue(e.value));
            QCOMPARE(page.examples()->table()->item(r, 2)->text(),
                     QStringLiteral("line %1").arg(e.input + 1));
            const auto& tokens = want.records[e.input].tokens;
            QVERIFY(page.examples()->table()->item(r, 4)->text().contains(
                QStringLiteral("«%1»").arg(QString::fromStdString(tokens[std::size_t(e.position)]))));
        }
    }

    void sortingOrdersTheRowsByTheMetric() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, kInputs));
        HeadsTable* t = page.table();
        auto column = [t](Metric m) {
            std::vector<double> v;
            for (int r = 0; r < t->rowCount(); ++r)
                v.push_back(t->item(r, t->columnOf(m))->data(Qt::UserRole).toDouble());
            return v;
        };
        t->sortByMetric(Metric::Previous);
        auto v = column(Metric::Previous);
        QVERIFY(std::is_sorted(v.rbegin(), v.rend()));
        QVERIFY(v.front() > v.back());
        t->sortByMetric(Metric::Entropy); // the sharpest head first
        v = column(Metric::Entropy);
        QVERIFY(std::is_sorted(v.begin(), v.end()));
        // A click on a header sorts by it and makes it the metric of the grid and examples.
        const int distance = t->columnOf(Metric::Distance);
        t->horizontalHeader()->sectionClicked(distance);
        QCOMPARE(page.selectedMetric(), Metric::Distance);
        QCOMPARE(page.metricBox()->currentText(), HeadsTable::metricTitle(Metric::Distance));
        // The head column sorts by layer, then head.
        t->sortItems(0, Qt::AscendingOrder);
        QCOMPARE(t->headAt(0), std::make_pair(0, 0));
        QCOMPARE(t->headAt(1), std::make_pair(0, 1));
    }

    void aSecondRunComesFromTheCacheWithoutAForward() {
        HeadsPage first;
        QVERIFY(run(first, corpus_, 30));
        const std::size_t forwards = headSurveysRun();
        const auto firstReport = first.result()->report;

        HeadsPage second; // another page: the memory cache is the process's
        QVERIFY(run(second, corpus_, 30));
        QCOMPARE(headSurveysRun(), forwards);
        QVERIFY(second.lastRunFromCache());
        QVERIFY(second.setup()->statusText().contains(QStringLiteral("cache")));
        compareTable(*second.table(), coreSurvey(smallCorpus(files_, 30, "thirty.txt")).metrics);

        // From disk: the JSON gives back the same doubles.
        survey_cache::clearMemory();
        HeadsPage third;
        QVERIFY(run(third, corpus_, 30));
        QCOMPARE(headSurveysRun(), forwards);
        QVERIFY(third.lastRunFromCache());
        for (int l = 0; l < firstReport.layers; ++l)
            for (int h = 0; h < firstReport.heads; ++h)
                for (Metric m : attn::analysis::kMetrics) {
                    const double a = firstReport.mean(l, h, m), b = third.result()->report.mean(l, h, m);
                    QVERIFY(a == b || (std::isnan(a) && std::isnan(b)));
                }
        QCOMPARE(third.result()->report.at(0, 1).top[1], firstReport.at(0, 1).top[1]);

        // Another limit is another survey.
        HeadsPage fourth;
        QVERIFY(run(fourth, corpus_, 29));
        QCOMPARE(headSurveysRun(), forwards + 1);
        QVERIFY(!fourth.lastRunFromCache());
    }

    void aCorruptCacheFileIsIgnoredWithAWarning() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, 20));
        survey_cache::clearMemory();
        const QDir dir(QString::fromStdString(survey_cache::directory().string()));
        const QStringList files = dir.entryList({QStringLiteral("*.json")});
        QVERIFY(!files.isEmpty());
        for (const QString& f : files) {
            QFile file(dir.filePath(f));
            QVERIFY(file.open(QIODevice::ReadWrite));
            const QByteArray text = file.readAll();
            file.resize(0);
            file.write(text.left(text.size() / 2)); // cut in the middle
        }
        const std::size_t forwards = headSurveysRun();
        HeadsPage again;
        QVERIFY(run(again, corpus_, 20));
        QVERIFY(again.result().has_value());
        QVERIFY(!again.lastRunFromCache());
        QCOMPARE(headSurveysRun(), forwards + 1);
        QVERIFY2(again.result()
                     ->warnings.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("ignored the cached survey")),
                 qPrintable(again.result()->warnings.join(QLatin1Char('\n'))));
        // The survey that ran replaced the bad file.
        survey_cache::clearMemory();
        HeadsPage third;
        QVERIFY(run(third, corpus_, 20));
        QVERIFY(third.lastRunFromCache());
    }

    void cancelStopsTheSurveyAndKeepsThePreviousOne() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, 10));
        const auto before = page.result()->report;
        page.setup()->setCorpusFile(QString()); // the shipped 2,400 sentences: long enough to stop
        page.setup()->setLimit(2400);
        QSignalSpy cancelled(page.session(), &HeadsSession::cancelled);
        QSignalSpy progress(page.session(), &HeadsSession::progress);
        page.runSurvey();
        QVERIFY(page.isBusy());
        QVERIFY(page.setup()->cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 20000); // the forwards are running
        QVERIFY(page.isBusy());
        page.setup()->cancelButton()->click();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(waitUntilIdle(page, 60000));
        QCOMPARE(page.result()->report.corpusInputs, before.corpusInputs);
        QCOMPARE(page.result()->report.corpusFile, before.corpusFile);
        QVERIFY(page.setup()->runButton()->isEnabled());
        QVERIFY(!page.setup()->cancelButton()->isEnabled());
        QVERIFY(page.setup()->statusText().contains(QStringLiteral("Cancelled")));
        QVERIFY(page.errorText().isEmpty());
    }

    void theGuiThreadNeverStallsDuringASurvey() {
        HeadsPage page;
        page.resize(1200, 800);
        page.show();
        EventLoopWatchdog dog;
        dog.start();
        QVERIFY(run(page, QString(), 600));
        dog.stop();
        QVERIFY(!page.lastRunFromCache());
        // The GUI thread's own work between two turns of its loop (CPU time, so a machine busy with
        // other tests does not count; the wall-clock gap is a benchmark's figure, tests/bench/gui).
        QVERIFY2(
            dog.longestBusyMs() < 100.0,
            qPrintable(
                QStringLiteral("busy %1 ms, gap %2 ms").arg(dog.longestBusyMs()).arg(dog.longestGapMs())));
    }

    void aBadCorpusGivesAClearMessageAndKeepsThePreviousSurvey() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, kInputs));
        const auto before = page.result()->report;
        const QString bad = files_.filePath(QStringLiteral("bad.txt"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("a good line\nnot \xC3\x28 UTF-8\n");
        }
        QVERIFY(run(page, bad, kInputs));
        QVERIFY2(page.errorText().contains(QStringLiteral("bad.txt:2")), qPrintable(page.errorText()));
        QVERIFY2(page.errorText().contains(QStringLiteral("UTF-8")), qPrintable(page.errorText()));
        QVERIFY(page.errorText().contains(QStringLiteral("previous survey is still shown")));
        QCOMPARE(page.result()->report.corpusFile, before.corpusFile);
        compareTable(*page.table(), coreSurvey(corpus_).metrics);
        // A missing file is named too.
        QVERIFY(run(page, files_.filePath(QStringLiteral("none.txt")), kInputs));
        QVERIFY2(page.errorText().contains(QStringLiteral("none.txt")), qPrintable(page.errorText()));
    }

    void aClickOnAnExampleOpensTheSentimentPageOnThatHeadAndToken() {
        MainWindow window;
        HeadsPage* heads = nullptr;
        for (int i = 0; i < window.tabs()->count(); ++i)
            if (auto* p = qobject_cast<HeadsPage*>(window.tabs()->widget(i)))
                heads = p;
        QVERIFY(heads);
        QVERIFY(testutil::settlePages(window.tabs()));
        QVERIFY(run(*heads, corpus_, kInputs));
        heads->selectMetric(Metric::Previous);
        heads->selectHead(1, 0);
        const auto example = heads->result()->report.at(1, 0).top[1].at(0);
        const QString text = heads->result()->textOfLine(example.place.index);
        QVERIFY(!text.isEmpty());
        Q_EMIT heads->examples()->table()->cellClicked(0, 3);
        QVERIFY(testutil::settlePages(window.tabs()));
        auto* sentiment = qobject_cast<SentimentPage*>(window.currentPage());
        QVERIFY(sentiment);
        QCOMPARE(sentiment->resultText(), text);
        QCOMPARE(sentiment->selectedLayer(), 1);
        QCOMPARE(sentiment->selectedHead(), 0);
        QCOMPARE(sentiment->selectedRow(), example.position);
        QVERIFY(sentiment->result().has_value());
        // The marked row is the example's token, and its weight on the previous token is the example's value.
        const auto& r = *sentiment->result();
        QCOMPARE(QString::fromStdString(r.tokens.at(std::size_t(example.position))),
                 QString::fromStdString(example.token));
        QCOMPARE(sentiment->mainHeatmap()->rowMarker(), example.position);
        const double weight = sentiment->mainHeatmap()->matrix()(example.position, example.position - 1);
        QVERIFY2(std::abs(weight - example.value) <= 1e-6,
                 qPrintable(QStringLiteral("%1 vs %2").arg(weight).arg(example.value)));
    }

    void theStateRoundTripsAndRestoresTheSurvey() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, kInputs));
        page.selectMetric(Metric::Sink);
        page.selectHead(1, 3);
        const auto state = page.saveState();
        const auto& s = std::get<attn::session::HeadsState>(state);
        QCOMPARE(s.metric, std::string("sink"));
        QCOMPARE(s.layer, 1);
        QCOMPARE(s.head, 3);
        QCOMPARE(s.limit, kInputs);
        QVERIFY(s.run);
        QCOMPARE(s.corpus, attn::session::FileRef::path(QFileInfo(corpus_).absoluteFilePath().toStdString()));
        QVERIFY(s.model.isDefault()); // the shipped sentiment classifier

        const std::size_t forwards = headSurveysRun();
        HeadsPage next;
        next.followUpWhenIdle(next.restoreState(state, page.modelsInMemory()));
        next.start();
        QVERIFY(waitUntilIdle(next));
        QTRY_VERIFY(!next.hasPendingFollowUp());
        QCOMPARE(headSurveysRun(), forwards); // from the cache
        QVERIFY(next.saveState() == state);
        QCOMPARE(next.metricBox()->currentText(), HeadsTable::metricTitle(Metric::Sink));
        QCOMPARE(next.grid()->rowMarker(), 1);
        QCOMPARE(next.grid()->columnMarker(), 3);
    }

    void theExportsAreTheTableAndTheClisJson() {
        HeadsPage page;
        QVERIFY(run(page, corpus_, kInputs));
        QString error;
        const QString csv = files_.filePath(QStringLiteral("heads.csv")),
                      json = files_.filePath(QStringLiteral("heads.json"));
        QVERIFY2(page.exportCsv(csv, &error), qPrintable(error));
        QVERIFY2(page.exportJson(json, &error), qPrintable(error));
        QFile c(csv);
        QVERIFY(c.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines = QString::fromUtf8(c.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.first(),
                 QStringLiteral("layer,head,sink,previous,self,cls,sep,entropy,distance,induction"));
        const auto& rep = page.result()->report;
        QCOMPARE(lines.size(), 1 + rep.layers * rep.heads);
        const QStringList second = lines[2].split(QLatin1Char(','));
        QCOMPARE(second[0], QStringLiteral("1"));
        QCOMPARE(second[1], QStringLiteral("2"));
        QCOMPARE(second[3].toDouble(), rep.mean(0, 1, Metric::Previous));
        QVERIFY(second[5].isEmpty()); // no [SEP]
        std::ifstream in(json.toStdString());
        const auto j = nlohmann::json::parse(in);
        QCOMPARE(j, attn::analysis::reportJson(rep));
        QCOMPARE(j["heads"][1]["previous"].get<double>(), rep.mean(0, 1, Metric::Previous));
        QCOMPARE(j["model"]["layers"].get<int>(), rep.layers);
    }
};

QTEST_MAIN(TestHeadsPage)
#include "tst_heads_page.moc"
