// JobRunner (app/services/job_runner.hpp): every job gets an increasing id, only the newest job's
// outcome is delivered (older ones are counted as dropped and their cancel flag is set), cancel() drops
// everything started so far, an exception comes back as its message, and busyChanged says true once when
// work starts and false once when the last job has come back.
#include "services/job_runner.hpp"
#include "services/wait.hpp"

#include <QSignalSpy>
#include <QThread>
#include <QtTest>
#include <atomic>
#include <stdexcept>

class TestJobRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachJobGetsTheNextIdAndSeesIt() {
        JobRunner runner;
        QCOMPARE(runner.latestId(), quint64(0));
        std::atomic<quint64> seen{0};
        const quint64 first = runner.run<int>([](const JobContext&) { return 1; }, {});
        const quint64 second = runner.run<quint64>(
            [&](const JobContext& job) {
                seen = job.id;
                return job.id;
            },
            {});
        QCOMPARE(first, quint64(1));
        QCOMPARE(second, quint64(2));
        QCOMPARE(runner.latestId(), second);
        QVERIFY(waitUntilIdle(runner, 10000));
        QCOMPARE(seen.load(), second);
    }

    void deliversOnlyTheNewestResult() {
        JobRunner runner;
        QList<int> delivered;
        QSignalSpy deliveredSignal(&runner, &JobRunner::delivered);
        runner.run<int>(
            [](const JobContext&) {
                QThread::msleep(300);
                return 1;
            },
            [&](int v) { delivered << v; });
        const quint64 newest =
            runner.run<int>([](const JobContext&) { return 2; }, [&](int v) { delivered << v; });
        QVERIFY(runner.isBusy());
        QVERIFY(waitUntilIdle(runner, 10000));
        QCOMPARE(delivered, QList<int>{2});
        QCOMPARE(runner.droppedCount(), 1);
        QVERIFY(!runner.isBusy());
        QCOMPARE(deliveredSignal.count(), 1); // not for the dropped job
        QCOMPARE(deliveredSignal.at(0).at(0).value<quint64>(), newest);
    }

    void staleResultIsDroppedEvenWhenItComesBackFirst() {
        // The older job finishes first (the newer one waits for it): its outcome is still dropped.
        JobRunner runner;
        QList<int> delivered;
        std::atomic<bool> firstDone{false};
        runner.run<int>(
            [&](const JobContext&) {
                firstDone = true;
                return 1;
            },
            [&](int v) { delivered << v; });
        runner.run<int>(
            [&](const JobContext&) {
                while (!firstDone.load())
                    QThread::msleep(1);
                QThread::msleep(50);
                return 2;
            },
            [&](int v) { delivered << v; });
        QVERIFY(waitUntilIdle(runner, 10000));
        QCOMPARE(delivered, QList<int>{2});
        QCOMPARE(runner.droppedCount(), 1);
    }

    void cancelFlagIsSetForSupersededJobs() {
        JobRunner runner;
        std::atomic<bool> sawCancel{false};
        std::atomic<bool> started{false};
        runner.run<int>(
            [&](const JobContext& job) {
                started = true;
                for (int i = 0; i < 500 && !job.cancelled(); ++i)
                    QThread::msleep(5);
                sawCancel = job.cancelled();
                return 1;
            },
            [](int) { QFAIL("superseded job delivered"); });
        QTRY_VERIFY(started.load());
        runner.run<int>([](const JobContext&) { return 2; }, {});
        QVERIFY(waitUntilIdle(runner, 10000));
        QVERIFY(sawCancel.load());
    }

    void turnsExceptionsIntoMessages() {
        JobRunner runner;
        QString error;
        bool gotResult = false;
        runner.run<int>([](const JobContext&) -> int { throw std::runtime_error("tensor 'x' is missing"); },
                        [&](int) { gotResult = true; }, [&](const QString& m) { error = m; });
        QVERIFY(waitUntilIdle(runner, 10000));
        QVERIFY(!gotResult);
        QCOMPARE(error, QStringLiteral("tensor 'x' is missing"));

        // Something that is not a std::exception still comes back as a message, never as a crash.
        error.clear();
        runner.run<int>([](const JobContext&) -> int { throw 42; }, [&](int) { gotResult = true; },
                        [&](const QString& m) { error = m; });
        QVERIFY(waitUntilIdle(runner, 10000));
        QVERIFY(!gotResult);
        QCOMPARE(error, QStringLiteral("unknown error"));
    }

    void aStaleFailureIsDroppedToo() {
        JobRunner runner;
        QStringList errors;
        runner.run<int>(
            [](const JobContext&) -> int {
                QThread::msleep(100);
                throw std::runtime_error("old failure");
            },
            {}, [&](const QString& m) { errors << m; });
        runner.run<int>([](const JobContext&) { return 2; }, {}, [&](const QString& m) { errors << m; });
        QVERIFY(waitUntilIdle(runner, 10000));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(runner.droppedCount(), 1);
    }

    void cancelDropsEverything() {
        JobRunner runner;
        bool gotResult = false;
        QSignalSpy deliveredSignal(&runner, &JobRunner::delivered);
        std::atomic<bool> sawCancel{false};
        runner.run<int>(
            [&](const JobContext& job) {
                for (int i = 0; i < 500 && !job.cancelled(); ++i)
                    QThread::msleep(5);
                sawCancel = job.cancelled();
                return 1;
            },
            [&](int) { gotResult = true; });
        runner.cancel();
        QVERIFY(runner.isBusy()); // the cancelled job still has to come back
        QVERIFY(waitUntilIdle(runner, 10000));
        QVERIFY(!gotResult);
        QVERIFY(sawCancel.load());
        QCOMPARE(runner.droppedCount(), 1);
        QCOMPARE(deliveredSignal.count(), 0);
    }

    void busyChangedSaysTrueOnceAndFalseOnce() {
        JobRunner runner;
        QSignalSpy busy(&runner, &JobRunner::busyChanged);
        runner.run<int>(
            [](const JobContext&) {
                QThread::msleep(100);
                return 1;
            },
            {});
        runner.run<int>([](const JobContext&) { return 2; }, {});
        QCOMPARE(busy.count(), 1); // the second job does not repeat "busy"
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QVERIFY(waitUntilIdle(runner, 10000));
        QCOMPARE(busy.count(), 2); // "idle" only when both have come back
        QCOMPARE(busy.at(1).at(0).toBool(), false);
        QVERIFY(!runner.isBusy());
    }

    void progressIsReportedForTheNewestJobOnly() {
        JobRunner runner;
        QSignalSpy progress(&runner, &JobRunner::progress);
        std::atomic<bool> release{false};
        const quint64 old = runner.run<int>(
            [&](const JobContext& job) {
                while (!release.load())
                    QThread::msleep(1);
                job.reportProgress(0.25); // after the newer job started: not shown
                return 1;
            },
            {});
        const quint64 newest = runner.run<int>(
            [&](const JobContext& job) {
                const bool goOn = job.reportProgress(0.5);
                release = true;
                return goOn ? 2 : 0;
            },
            {});
        QVERIFY(old != newest);
        QVERIFY(waitUntilIdle(runner, 10000));
        QCOMPARE(progress.count(), 1);
        QCOMPARE(progress.at(0).at(0).value<quint64>(), newest);
        QCOMPARE(progress.at(0).at(1).toDouble(), 0.5);
    }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_job_runner.moc"
