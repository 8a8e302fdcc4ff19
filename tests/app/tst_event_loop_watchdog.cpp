// Qt Test for EventLoopWatchdog: a GUI thread blocked for a known time shows that gap (within the
// timer's slack), a free-running loop shows gaps near the interval, and a stop records the last gap.

#include "services/event_loop_watchdog.hpp"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>
#include <QTimer>

class TestEventLoopWatchdog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void blockedLoopShowsTheStall();
    void freeLoopShowsOnlyTheInterval();
    void startClearsTheRecord();
};

void TestEventLoopWatchdog::blockedLoopShowsTheStall() {
    EventLoopWatchdog dog(5);
    dog.start();
    QTimer::singleShot(40, [] { QThread::msleep(150); }); // a 150 ms stall on the GUI thread
    QTest::qWait(400);
    dog.stop();
    QVERIFY2(dog.longestGapMs() >= 148.0, qPrintable(QString::number(dog.longestGapMs())));
    QVERIFY2(dog.longestGapMs() < 400.0, qPrintable(QString::number(dog.longestGapMs())));
    QVERIFY(dog.ticks() > 10);
}

void TestEventLoopWatchdog::freeLoopShowsOnlyTheInterval() {
    EventLoopWatchdog dog(5);
    dog.start();
    QTest::qWait(200);
    dog.stop();
    // Nothing blocks: far below a 100 ms stall (the interval plus scheduling slack on a busy machine).
    QVERIFY2(dog.longestGapMs() < 60.0, qPrintable(QString::number(dog.longestGapMs())));
    QVERIFY(dog.longestGapMs() >= 4.0);
}

void TestEventLoopWatchdog::startClearsTheRecord() {
    EventLoopWatchdog dog(5);
    dog.start();
    QThread::msleep(120); // before the loop turns: the first tick sees this gap
    QTest::qWait(30);
    dog.stop();
    QVERIFY(dog.longestGapMs() >= 118.0);
    dog.start();
    QTest::qWait(50);
    dog.stop();
    QVERIFY2(dog.longestGapMs() < 60.0, qPrintable(QString::number(dog.longestGapMs())));
    QVERIFY(!dog.isRunning());
}

QTEST_MAIN(TestEventLoopWatchdog)
#include "tst_event_loop_watchdog.moc"
