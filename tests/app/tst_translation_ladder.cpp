// The Translation page's ladder chart (issue 51 point 3): its bars are the committed figures of
// resources/models/translation-ladder.json as core reads them, one pair per rung; a malformed file is a
// message naming the key, and the chart is then hidden.
#include "attnviz_test_paths.hpp"
#include "pages/translation/ladder_chart.hpp"
#include "pages/translation/translation_page.hpp"
#include "services/language.hpp"
#include "services/wait.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <attn/models/translation_ladder.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

class TestTranslationLadder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void barsAreTheCommittedFigures() {
        const std::string file = ATTNVIZ_RESOURCE_DIR "/models/translation-ladder.json";
        const auto ladder = attn::readTranslationLadder(file);
        LadderChart chart;
        chart.load(file);
        QVERIFY(chart.ladderShown());
        const auto with = chart.bars(true), without = chart.bars(false);
        QCOMPARE(with.size(), static_cast<int>(ladder.rungs.size()));
        QCOMPARE(without.size(), static_cast<int>(ladder.rungs.size()));
        for (int r = 0; r < with.size(); ++r) {
            QCOMPARE(with[r].first, r);
            QCOMPARE(with[r].second, ladder.rungs[static_cast<std::size_t>(r)].chrF.at("translation-en-es"));
            QCOMPARE(without[r].second,
                     ladder.rungs[static_cast<std::size_t>(r)].chrF.at("translation-en-es-noattn"));
        }
        // The note's figures are the file's: rungs where attention is ahead, the top rung's sentence.
        int ahead = 0;
        for (const auto& rung : ladder.rungs)
            ahead += rung.chrF.at("translation-en-es") > rung.chrF.at("translation-en-es-noattn");
        QVERIFY(chart.noteText().contains(
            QStringLiteral("ahead on %1 of %2 rungs").arg(ahead).arg(ladder.rungs.size())));
        QVERIFY(chart.noteText().contains(QString::fromStdString(ladder.rungs.back().source)));
        QVERIFY(ladder.rungs.front().source == "The book that I bought is very interesting");
    }

    void aMalformedFileIsAMessage() {
        QTemporaryDir dir;
        const std::string file = (dir.path() + QStringLiteral("/ladder.json")).toStdString();
        std::ifstream in(ATTNVIZ_RESOURCE_DIR "/models/translation-ladder.json");
        auto j = nlohmann::json::parse(in);
        j["ladder"][0].erase("reference");
        std::ofstream(file) << j.dump();
        LadderChart chart;
        chart.load(ATTNVIZ_RESOURCE_DIR "/models/translation-ladder.json");
        QVERIFY(chart.ladderShown());
        chart.load(file);
        QVERIFY(!chart.ladderShown());
        QVERIFY2(chart.message().contains(QStringLiteral("ladder[0].reference")),
                 qPrintable(chart.message()));
        QVERIFY(chart.bars(true).isEmpty());
    }

    void thePageShowsItInTheHeldOutTab() {
        TranslationPage page;
        QVERIFY(page.ladderChart()->ladderShown());
    }

    // With ATTNVIZ_SHOTS set: the held-out tab with the ladder beside it, both models loaded, teaching mode,
    // English and Chinese, at the page size of a 1400 x 900 and a 1280 x 800 window (looked at).
    void shots() {
        const QString dir = qEnvironmentVariable("ATTNVIZ_SHOTS");
        if (dir.isEmpty())
            QSKIP("ATTNVIZ_SHOTS is not set");
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(language::install(lang));
            for (const QSize size : {QSize(1400, 810), QSize(1280, 710)}) {
                TranslationPage page;
                page.resize(size);
                page.setTeachingMode(true);
                page.start();
                page.show();
                QVERIFY(waitUntilIdle(page, 120000));
                page.showHeldOutTable();
                QTest::qWait(300);
                page.grab().save(
                    dir +
                    QStringLiteral("/ladder-%1-%2x%3.png").arg(lang).arg(size.width()).arg(size.height()));
            }
        }
        QVERIFY(language::install(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestTranslationLadder)
#include "tst_translation_ladder.moc"
