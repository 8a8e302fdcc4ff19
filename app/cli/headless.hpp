#pragma once
// Qt without a display, for subcommands that render widgets to files (--png).

#include <QApplication>
#include <memory>

namespace cli {

/// Creates the QApplication on the offscreen platform if none exists yet (idempotent), with a
/// message handler that drops the platform's known noise (isOffscreenNoise) and passes the rest on.
QApplication* ensureHeadlessApp();

/// Qt messages that a headless run always gets and that say nothing about the run: the offscreen
/// plugin's "does not support propagateSizeHints()" and QStandardPaths' missing XDG_RUNTIME_DIR.
bool isOffscreenNoise(const QString& message);

} // namespace cli
