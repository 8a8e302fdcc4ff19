#pragma once
// Qt without a display, for subcommands that render widgets to files (--png).

#include <QApplication>
#include <memory>

namespace cli {

/// Creates the QApplication on the offscreen platform if none exists yet (idempotent).
QApplication* ensureHeadlessApp();

} // namespace cli
