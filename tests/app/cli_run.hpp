#pragma once
// Running the attnviz binary from a Qt test, as a user or a script would (the CLI is part of the contract).

#include "attnviz_test_exe.hpp"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace testutil {

struct CliRun {
    int code = -1;
    QByteArray out, err;
};

/// Runs ATTNVIZ_EXE with `args`; code -1 when it did not finish within `timeoutMs`.
inline CliRun runAttnviz(const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.start(QStringLiteral(ATTNVIZ_EXE), args);
    const bool finished = p.waitForFinished(timeoutMs);
    return {finished ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace testutil
