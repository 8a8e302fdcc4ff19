#pragma once
// Options of the GUI itself (not of a subcommand), for a classroom start and for screenshots:
//
//   attnviz [--session FILE] [--page walkthrough|translation|sentiment|vision|transformer|...] [--teaching]
//   [--size WxH]
//           [--language zh_CN|en]
//
// Qt's own options (-platform, -style ...) are taken out by QApplication before apply() reads these.
// main() checks them with check() before the QApplication exists: QApplication needs a display, and a
// mistyped --page must list the pages and exit 2 where there is none (issue 49), not abort in Qt.

#include <QStringList>
#include <ostream>
#include <string>
#include <vector>

class MainWindow;
class Page;

namespace startup {

/// A page's name for --page: its class name without "Page", lower case ("WalkthroughPage" -> "walkthrough").
QString pageName(const Page& page);

/// The pages' names for --page, in the order of the window's tabs (MainWindow::createPages; a test
/// holds the two together). Known before any widget exists.
QStringList pageNames();

/// The command line as main() received it (no Qt option taken out yet).
QStringList argumentsOf(int argc, const char* const* argv);

/// Checks the startup options before the QApplication exists: unknown options and arguments, --page
/// against pageNames(), --size and --language, with Qt's documented command-line options (-platform,
/// -style, -reverse ...) let through. Returns 0, or 2 after writing what was wrong to `err`, as apply()
/// does.
int check(const QStringList& arguments, std::ostream& err);

/// One line per startup option, for `attnviz --help` (the pages and languages named).
std::string helpText();

/// The value of --session (empty without it). main() opens it once the window is built.
QString requestedSession(const QStringList& arguments);
/// argv without --session and its value, for QApplication (Qt would take it as its X11 session-management
/// option and drop it); null-terminated, size() - 1 arguments.
std::vector<char*> withoutSessionOption(int argc, char** argv);

/// The value of --language (not checked; apply() rejects an unknown one), empty without the option.
/// main() installs it before the window is built; it is not remembered (View → Language is).
QString requestedLanguage(const QStringList& arguments);

/// Applies --page, --teaching and --size to `window` (before it is shown) and checks --language.
/// Returns 0, or 2 after writing what was wrong (an unknown option, page or language, a malformed
/// size) to `err`.
int apply(const QStringList& arguments, MainWindow& window, std::ostream& err);

} // namespace startup
