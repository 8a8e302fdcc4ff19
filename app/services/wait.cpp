#include "services/wait.hpp"

#include <QDeadlineTimer>

namespace detail {

bool runUntilIdle(QEventLoop& loop, const std::function<bool()>& busy, int ms) {
    QDeadlineTimer deadline(ms);
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    // A job may finish and a follow-up start inside one delivery: look again after every wake-up, and
    // after the posted events (a queued follow-up, such as a language switch's, may start more work).
    for (;;) {
        while (busy() && !deadline.hasExpired()) {
            timeout.start(static_cast<int>(std::max<qint64>(1, deadline.remainingTime())));
            loop.exec();
        }
        QCoreApplication::processEvents();
        if (!busy() || deadline.hasExpired())
            return !busy();
    }
}

} // namespace detail
