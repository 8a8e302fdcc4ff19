// Qt Test for issue 52's lessons in the window: the shipped chapter lesson is given from its first stop to
// its last with PageDown only; every question gets its options and answer from the engine when its stop
// opens; a student run (answers given here) ends with the expected score, is kept in the settings and
// resumes; authoring a stop from the page in front and saving the lesson round-trips.

#include "lesson/lesson_bar.hpp"
#include "lesson/lesson_player.hpp"
#include "main_window.hpp"
#include "pages/page.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/language.hpp"
#include "services/wait.hpp"

#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <attn/session/lesson_file.hpp>

namespace {

/// Waits until the current stop's question has its answer (or its error) and every page is idle.
bool stopReady(MainWindow& window) {
    LessonPlayer* player = window.lessonPlayer();
    return QTest::qWaitFor(
        [&] {
            const attn::session::Stop* stop = player->currentStop();
            Page* page = window.currentPage();
            if (!stop || !page || page->isBusy() || page->hasPendingFollowUp())
                return false;
            return !stop->question || player->answer() || !player->answerError().isEmpty();
        },
        120000);
}

void pressPageDown(MainWindow& window) {
    QTest::keyClick(window.tabs()->currentWidget(), Qt::Key_PageDown);
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        qputenv("ATTNVIZ_VISION_DATASET", "");
        QVERIFY(language::install(QStringLiteral("en")));
    }

    // The teacher at the front: PageDown only, from the first stop to the last; every question answered
    // by the engine, and R reveals it.
    void theChapterLessonRunsWithPageDownOnly() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.openLesson(MainWindow::chapterLessonPath(), &error, /*quiet=*/true),
                 qPrintable(error));
        LessonPlayer* player = window.lessonPlayer();
        const int count = player->stopCount();
        QVERIFY(count >= 20 && count <= 32);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(player->stopIndex(), i);
            QVERIFY2(stopReady(window), qPrintable(QStringLiteral("stop %1").arg(i + 1)));
            const attn::session::Stop* stop = player->currentStop();
            QCOMPARE(QString::fromStdString(attn::session::pageKey(stop->state)),
                     QString::fromStdString(
                         attn::session::pageKeys()[static_cast<std::size_t>(window.tabs()->currentIndex())]));
            QVERIFY2(
                window.currentPage()->errorText().isEmpty(),
                qPrintable(QStringLiteral("stop %1: %2").arg(i + 1).arg(window.currentPage()->errorText())));
            if (stop->question) {
                QVERIFY2(player->answer(),
                         qPrintable(QStringLiteral("stop %1: %2").arg(i + 1).arg(player->answerError())));
                QVERIFY(player->answer()->answer >= 0);
                QTest::keyClick(window.tabs()->currentWidget(), Qt::Key_R);
                QVERIFY(player->revealed());
                QVERIFY(window.lessonBar()->resultLabel()->text().contains(QStringLiteral("engine")));
            }
            if (i + 1 < count)
                pressPageDown(window);
        }
        pressPageDown(window); // at the last stop PageDown stays there
        QCOMPARE(player->stopIndex(), count - 1);
    }

    // The toy's question: "she" attends most to "improve" (softmax of 0.90 / 0.20), as the chapter says.
    void theToyQuestionIsTheChaptersNumbers() {
        MainWindow window;
        QString error;
        QVERIFY2(window.openLesson(MainWindow::chapterLessonPath(), &error, true), qPrintable(error));
        LessonPlayer* player = window.lessonPlayer();
        player->goTo(0);
        QVERIFY(stopReady(window));
        QVERIFY(player->answer());
        const auto& a = *player->answer();
        QCOMPARE(a.options[static_cast<std::size_t>(a.answer)], std::string("improve"));
        QVERIFY(std::abs(a.numbers[static_cast<std::size_t>(a.answer)] - 0.6681877721681662) < 1e-5);
    }

    // A student alone: each question is answered before the reveal (here: right at every other question),
    // the score at the end is the number answered right, and the progress survives a restart.
    void aStudentRunEndsWithTheExpectedScore() {
        int expected = 0, questions = 0;
        {
            MainWindow window;
            window.setStudentMode(true);
            QString error;
            QVERIFY2(window.openLesson(MainWindow::chapterLessonPath(), &error, true), qPrintable(error));
            LessonPlayer* player = window.lessonPlayer();
            player->resetProgress();
            for (int i = 0; i < player->stopCount(); ++i) {
                QCOMPARE(player->stopIndex(), i);
                QVERIFY(stopReady(window));
                if (player->currentStop()->question) {
                    QVERIFY(player->answer());
                    QVERIFY(!player->reveal()); // a student answers first
                    const auto& a = *player->answer();
                    const bool right = questions % 2 == 0;
                    const int wrong = (a.answer + 1) % static_cast<int>(a.options.size());
                    player->choose(right ? a.answer : wrong);
                    QVERIFY(player->reveal());
                    expected += right ? 1 : 0;
                    ++questions;
                }
                player->next();
            }
            QCOMPARE(player->questionCount(), questions);
            QCOMPARE(player->score(), expected);
            QVERIFY(window.lessonBar()->findChildren<QLabel*>().size() > 0);
        }
        MainWindow again; // the progress is in the settings: the lesson resumes at its last stop
        again.setStudentMode(true);
        QVERIFY(again.openLesson(MainWindow::chapterLessonPath(), nullptr, true));
        QCOMPARE(again.lessonPlayer()->stopIndex(), again.lessonPlayer()->stopCount() - 1);
        QCOMPARE(again.lessonPlayer()->score(), expected);
        again.lessonPlayer()->resetProgress();
        QCOMPARE(again.lessonPlayer()->score(), 0);
        QCOMPARE(again.lessonPlayer()->stopIndex(), 0);
    }

    // The buttons as a student uses them: clicking an option (which rebuilds the option row from inside
    // the click) and then Reveal.
    void clickingAnOptionAndRevealWorks() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setStudentMode(true);
        QVERIFY(window.openLesson(MainWindow::chapterLessonPath(), nullptr, true));
        LessonPlayer* player = window.lessonPlayer();
        player->resetProgress();
        QVERIFY(stopReady(window));
        QVERIFY(player->answer());
        LessonBar* bar = window.lessonBar();
        QVERIFY(!bar->revealButton()->isEnabled()); // a student answers first
        const int right = player->answer()->answer;
        QTest::mouseClick(bar->optionButtons()[static_cast<std::size_t>(right)], Qt::LeftButton);
        QCOMPARE(player->chosen(), right);
        QTRY_VERIFY(bar->revealButton()->isEnabled());
        QTest::mouseClick(bar->revealButton(), Qt::LeftButton);
        QVERIFY(player->revealed());
        QVERIFY2(bar->resultLabel()->text().startsWith(QStringLiteral("Right.")),
                 qPrintable(bar->resultLabel()->text()));
        QCOMPARE(player->score(), 1);
        QVERIFY(
            bar->optionButtons()[static_cast<std::size_t>(right)]->text().contains(QStringLiteral("0.668")));
    }

    // A lesson saved from the window reads back equal.
    void aLessonIsSavedAndReadBack() {
        QTemporaryDir folder;
        MainWindow window;
        QVERIFY(window.openLesson(MainWindow::chapterLessonPath(), nullptr, true));
        const QString path = folder.filePath(QStringLiteral("copy.attnviz-lesson"));
        attn::session::writeLesson(window.lessonPlayer()->lesson(), path.toStdString());
        const attn::session::Lesson read = attn::session::readLesson(path.toStdString());
        QCOMPARE(read.stops.size(), window.lessonPlayer()->lesson().stops.size());
        QVERIFY(read.stops.front().title == window.lessonPlayer()->lesson().stops.front().title);
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestLesson)
#include "tst_lesson.moc"
