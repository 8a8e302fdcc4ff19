#pragma once
// Options of the GUI itself (not of a subcommand), for a classroom start and for screenshots:
//
//   attnviz [--page walkthrough|translation|sentiment|vision|transformer|...] [--teaching] [--size WxH]
//           [--language zh_CN|en]
//
// Qt's own options (-platform, -style ...) are taken out by QApplication before these are read.

#include <QStringList>
#include <ostream>

class MainWindow;
class Page;

namespace startup {

/// A page's name for --page: its class name without "Page", lower case ("WalkthroughPage" -> "walkthrough").
QString pageName(const Page& page);

/// The value of --language (not checked; apply() rejects an unknown one), empty without the option.
/// main() installs it before the window is built; it is not remembered (View → Language is).
QString requestedLanguage(const QStringList& arguments);

/// Applies --page, --teaching and --size to `window` (before it is shown) and checks --language.
/// Returns 0, or 2 after writing what was wrong (an unknown option, page or language, a malformed
/// size) to `err`.
int apply(const QStringList& arguments, MainWindow& window, std::ostream& err);

} // namespace startup
