#pragma once
// waitUntilIdle: the one way the CLI and the tests wait for background work. It runs a local event
// loop (no polling, no sleeps) until `object.isBusy()` is false, woken by `object.busyChanged(bool)`,
// or until `ms` milliseconds have passed; it returns !isBusy(). Afterwards the events already posted
// (queued replots, layouts) are processed, so a widget grabbed next shows the final state; when they
// start more work (a queued follow-up), it waits for that too, within the same `ms`.
//
//   page.loadModel(dir);
//   QVERIFY(waitUntilIdle(page));            // Page, ModelSlot, JobRunner, EmbeddingStore
//
// Works with anything that has `bool isBusy() const` and a signal `void busyChanged(bool)`.

#include <QCoreApplication>
#include <QEventLoop>
#include <QObject>
#include <QTimer>
#include <functional>

namespace detail {
/// Runs `loop` until `busy()` is false or the deadline passes; the caller connects the wake-up.
bool runUntilIdle(QEventLoop& loop, const std::function<bool()>& busy, int ms);
} // namespace detail

template <typename T> bool waitUntilIdle(T& object, int ms = 60000) {
    QEventLoop loop;
    const auto connection = QObject::connect(&object, &T::busyChanged, &loop, [&loop](bool busy) {
        if (!busy)
            loop.quit();
    });
    const bool idle = detail::runUntilIdle(
        loop, [&object] { return object.isBusy(); }, ms);
    QObject::disconnect(connection);
    return idle;
}

template <typename T> bool waitUntilIdle(T* object, int ms = 60000) {
    return waitUntilIdle(*object, ms);
}
