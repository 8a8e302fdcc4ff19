#pragma once
// EventLoopWatchdog: measures how long the GUI thread's event loop went without turning. A QTimer
// ticks every `intervalMs` on the thread the watchdog lives in; each tick records the time since the
// previous one, and the longest such gap is kept. A loop that never blocks shows gaps close to the
// interval; a 150 ms computation on the GUI thread shows a gap of about 150 ms. Used by the benchmarks
// ("the GUI thread never stalls more than 100 ms while a model runs").
//
// A gap also grows when the machine is busy elsewhere and the thread simply waits for a core, so a test
// asserts the other figure: the thread's own CPU time between two turns (longestBusyMs), which only the
// work done on that thread adds to. (A thread blocked on a lock or a wait adds no CPU time: that kind of
// freeze shows in the gap only.)
//
//   EventLoopWatchdog dog;
//   dog.start();
//   page.runNow(); waitUntilIdle(page.jobs());
//   dog.stop();
//   dog.longestGapMs();   // the worst stall, in milliseconds of wall time
//   dog.longestBusyMs();  // the most CPU time the thread spent between two turns

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <functional>

class EventLoopWatchdog : public QObject {
    Q_OBJECT
public:
    /// Nanoseconds from any fixed origin; the default reads a monotonic clock.
    using Clock = std::function<qint64()>;

    explicit EventLoopWatchdog(int intervalMs = 5, QObject* parent = nullptr);
    /// With other clocks: a test gives ones it moves itself, so the figures it checks are exact. Without
    /// `cpuClock` the thread's CPU time is read from `clock` too.
    EventLoopWatchdog(int intervalMs, Clock clock, Clock cpuClock = {}, QObject* parent = nullptr);

    /// Clears the record and starts ticking.
    void start();
    /// Stops ticking; the gap up to now counts too.
    void stop();
    bool isRunning() const { return timer_.isActive(); }
    /// Longest time between two turns of the event loop since start(), in milliseconds.
    double longestGapMs() const { return longest_; }
    /// Most CPU time the watchdog's thread used between two turns of its loop since start(), in ms.
    double longestBusyMs() const { return longestBusy_; }
    /// Number of ticks seen since start().
    int ticks() const { return ticks_; }
    int intervalMs() const { return timer_.interval(); }

private:
    void tick();

    QTimer timer_;
    QElapsedTimer elapsed_; // the default clock
    Clock clock_;
    Clock cpuClock_;     // this thread's CPU time, ns
    qint64 last_ = 0;    // ns, clock_ at the previous tick
    qint64 lastCpu_ = 0; // ns, cpuClock_ at the previous tick
    double longest_ = 0.0;
    double longestBusy_ = 0.0;
    int ticks_ = 0;
};
