// Qt Test for EventLoopWatchdog. The gaps it reports are checked exactly on a clock the test moves
// itself (the loop's own timer still drives the ticks); on the real clock only what a stall guarantees
// is checked (a 150 ms sleep is at least 150 ms), never how fast a busy machine turns its loop, which
// is a benchmark's question (attnviz_bench_gui), not a test's.

#include "services/event_loop_watchdog.hpp"

#include <QTest>
#include <QThread>
#include <QTimer>
#include <ctime>

namespace {
constexpr qint64 kMs = 1'000'000; // ns
} // namespace

class TestEventLoopWatchdog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void longestGapIsTheLongestBetweenTicks();
    void stopCountsTheGapUpToNow();
    void startClearsTheRecord();
    void realStallIsAtLeastItsLength();
    void busyIsTheThreadsOwnCpuTimeBetweenTicks();
    void aSleepIsAGapButNotBusyAndASpinIsBoth();
};

// Ticks at 0 → 5 → 155 → 160 ms: the longest gap is the 150 ms between the second and third.
void TestEventLoopWatchdog::longestGapIsTheLongestBetweenTicks() {
    qint64 now = 0;
    EventLoopWatchdog dog(1, [&now] { return now; });
    dog.start();
    for (const qint64 next : {5 * kMs, 155 * kMs, 160 * kMs}) {
        now = next;
        const int before = dog.ticks();
        QVERIFY(QTest::qWaitFor([&] { return dog.ticks() > before; }, 5000));
    }
    const int ticks = dog.ticks();
    dog.stop(); // at 160 ms still: a 0 ms last gap
    QCOMPARE(dog.longestGapMs(), 150.0);
    QCOMPARE(dog.ticks(), ticks + 1);
    QVERIFY(!dog.isRunning());
}

void TestEventLoopWatchdog::stopCountsTheGapUpToNow() {
    qint64 now = 10 * kMs;
    EventLoopWatchdog dog(1000, [&now] { return now; }); // no tick of its own within the test
    dog.start();
    now += 42 * kMs;
    dog.stop();
    QCOMPARE(dog.longestGapMs(), 42.0);
    QCOMPARE(dog.ticks(), 1);
    dog.stop(); // stopping twice changes nothing
    QCOMPARE(dog.ticks(), 1);
}

void TestEventLoopWatchdog::startClearsTheRecord() {
    qint64 now = 0;
    EventLoopWatchdog dog(1000, [&now] { return now; });
    dog.start();
    now += 120 * kMs;
    dog.stop();
    QCOMPARE(dog.longestGapMs(), 120.0);
    now += 500 * kMs; // stopped: not a gap of the next record
    dog.start();
    QCOMPARE(dog.longestGapMs(), 0.0);
    QCOMPARE(dog.ticks(), 0);
    now += 7 * kMs;
    dog.stop();
    QCOMPARE(dog.longestGapMs(), 7.0);
}

// On the real clock: the GUI thread blocked for 150 ms shows a gap of at least that.
void TestEventLoopWatchdog::realStallIsAtLeastItsLength() {
    EventLoopWatchdog dog(5);
    dog.start();
    bool stalled = false;
    QTimer::singleShot(20, [&stalled] {
        QThread::msleep(150);
        stalled = true;
    });
    QVERIFY(QTest::qWaitFor([&] { return stalled; }, 10000));
    dog.stop();
    QVERIFY2(dog.longestGapMs() >= 149.0, qPrintable(QString::number(dog.longestGapMs())));
    QVERIFY(dog.ticks() >= 1);
}

// Wall clock 0 → 200 ms with the thread's CPU clock 0 → 30 ms (it waited for a core), then 200 → 260 ms
// with 55 ms of CPU: the longest gap is 200 ms, the longest busy stretch 55 ms.
void TestEventLoopWatchdog::busyIsTheThreadsOwnCpuTimeBetweenTicks() {
    qint64 now = 0;
    qint64 cpu = 0;
    EventLoopWatchdog dog(
        1, [&now] { return now; }, [&cpu] { return cpu; });
    dog.start();
    for (const auto& [wall, used] : {std::pair{200 * kMs, 30 * kMs}, std::pair{260 * kMs, 85 * kMs}}) {
        now = wall;
        cpu = used;
        const int before = dog.ticks();
        QVERIFY(QTest::qWaitFor([&] { return dog.ticks() > before; }, 5000));
    }
    dog.stop();
    QCOMPARE(dog.longestGapMs(), 200.0);
    QCOMPARE(dog.longestBusyMs(), 55.0);
    dog.start();
    QCOMPARE(dog.longestBusyMs(), 0.0);
}

// On the real clocks: a 150 ms sleep on the GUI thread is a gap of at least 150 ms and almost no CPU
// time; spinning until the thread has used 150 ms of CPU is at least 150 ms of both.
void TestEventLoopWatchdog::aSleepIsAGapButNotBusyAndASpinIsBoth() {
    EventLoopWatchdog dog(5);
    dog.start();
    bool done = false;
    QTimer::singleShot(20, [&done] {
        QThread::msleep(150);
        done = true;
    });
    QVERIFY(QTest::qWaitFor([&] { return done; }, 10000));
    dog.stop();
    QVERIFY2(dog.longestGapMs() >= 149.0, qPrintable(QString::number(dog.longestGapMs())));
    QVERIFY2(dog.longestBusyMs() < 100.0, qPrintable(QString::number(dog.longestBusyMs())));

    const auto threadCpuMs = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    };
    dog.start();
    done = false;
    QTimer::singleShot(20, [&] {
        const double until = threadCpuMs() + 150.0;
        while (threadCpuMs() < until) {
        }
        done = true;
    });
    QVERIFY(QTest::qWaitFor([&] { return done; }, 10000));
    dog.stop();
    QVERIFY2(dog.longestBusyMs() >= 149.0, qPrintable(QString::number(dog.longestBusyMs())));
    QVERIFY2(dog.longestGapMs() >= 149.0, qPrintable(QString::number(dog.longestGapMs())));
}

QTEST_MAIN(TestEventLoopWatchdog)
#include "tst_event_loop_watchdog.moc"
