#include "services/model_handle.hpp"

#include <mutex>

namespace {

std::mutex& logMutex() {
    static std::mutex m;
    return m;
}

QStringList& readLog() {
    static QStringList log;
    return log;
}

} // namespace

ModelHandle readModel(const QString& dir, const attn::OpenOptions& options) {
    {
        std::lock_guard lock(logMutex());
        readLog() << dir;
    }
    return attn::openModel(dir.toStdString(), options);
}

QStringList modelReadLog() {
    std::lock_guard lock(logMutex());
    return readLog();
}

void resetModelReadLog() {
    std::lock_guard lock(logMutex());
    readLog().clear();
}
