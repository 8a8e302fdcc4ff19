#include "services/event_loop_watchdog.hpp"

#include <algorithm>

EventLoopWatchdog::EventLoopWatchdog(int intervalMs, QObject* parent)
    : EventLoopWatchdog(intervalMs, Clock(), parent) {
    elapsed_.start();
    clock_ = [this] { return elapsed_.nsecsElapsed(); };
}

EventLoopWatchdog::EventLoopWatchdog(int intervalMs, Clock clock, QObject* parent)
    : QObject(parent), clock_(std::move(clock)) {
    timer_.setInterval(std::max(1, intervalMs));
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &EventLoopWatchdog::tick);
}

void EventLoopWatchdog::start() {
    longest_ = 0.0;
    ticks_ = 0;
    last_ = clock_();
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
    longest_ = std::max(longest_, double(now - last_) / 1e6);
    last_ = now;
    ++ticks_;
}
