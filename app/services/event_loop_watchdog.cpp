#include "services/event_loop_watchdog.hpp"

#include <algorithm>
#include <ctime>

namespace {

/// CPU time of the calling thread, ns (the ticks run on the thread the watchdog lives in).
qint64 threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

} // namespace

EventLoopWatchdog::EventLoopWatchdog(int intervalMs, QObject* parent)
    : EventLoopWatchdog(intervalMs, Clock(), Clock(threadCpuNs), parent) {
    elapsed_.start();
    clock_ = [this] { return elapsed_.nsecsElapsed(); };
}

EventLoopWatchdog::EventLoopWatchdog(int intervalMs, Clock clock, Clock cpuClock, QObject* parent)
    : QObject(parent), clock_(std::move(clock)), cpuClock_(cpuClock ? std::move(cpuClock) : clock_) {
    timer_.setInterval(std::max(1, intervalMs));
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &EventLoopWatchdog::tick);
}

void EventLoopWatchdog::start() {
    longest_ = 0.0;
    longestBusy_ = 0.0;
    ticks_ = 0;
    last_ = clock_();
    lastCpu_ = cpuClock_();
    timer_.start();
}

void EventLoopWatchdog::stop() {
    if (!timer_.isActive())
        return;
    tick();
    timer_.stop();
}

void EventLoopWatchdog::tick() {
    const qint64 now = clock_();
    const qint64 cpu = cpuClock_();
    longest_ = std::max(longest_, double(now - last_) / 1e6);
    longestBusy_ = std::max(longestBusy_, double(cpu - lastCpu_) / 1e6);
    last_ = now;
    lastCpu_ = cpu;
    ++ticks_;
}
