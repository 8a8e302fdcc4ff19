#include "cli/commands.hpp"
#include "main_window.hpp"
#include "services/language.hpp"
#include "startup_options.hpp"

#include <QApplication>
#include <attn/threads.hpp>
#include <iostream>

int main(int argc, char** argv) {
    attn::useEveryCoreByDefault(); // the CLI's --threads and the View menu may change it
    bool startGui = false;
    const int code = cli::dispatch(argc, argv, &startGui);
    if (!startGui)
        return code;
    // The startup options are checked before the QApplication, which needs a display: without one a
    // mistyped --page aborted in Qt ("could not connect to display", exit 134) instead of listing the pages.
    if (const int rc = startup::check(startup::argumentsOf(argc, argv), std::cerr); rc != 0)
        return rc;

    // --session is ours; Qt would take it as its X11 session-management option.
    const QString sessionFile = startup::requestedSession(startup::argumentsOf(argc, argv));
    std::vector<char*> qtArgv = startup::withoutSessionOption(argc, argv);
    int qtArgc = static_cast<int>(qtArgv.size()) - 1;
    QApplication app(qtArgc, qtArgv.data());
    QApplication::setOrganizationName("attnviz");
    QApplication::setApplicationName("attnviz");
    QApplication::setApplicationVersion(ATTNVIZ_VERSION);
    // The interface language before any widget exists: --language, else the saved choice, else the
    // system locale. (The subcommands above never get here: the command line stays English.)
    const QString wanted = startup::requestedLanguage(QApplication::arguments());
    language::install(wanted.isEmpty() ? language::initial() : wanted);
    MainWindow window;
    if (!sessionFile.isEmpty()) {
        QString error;
        if (!window.openSession(sessionFile, &error, /*quiet=*/true)) {
            std::cerr << "attnviz: --session: " << error.toStdString() << '\n';
            return 1;
        }
        for (const QString& problem : window.sessionProblems())
            std::cerr << "attnviz: --session: " << problem.toStdString() << '\n';
    }
    if (const int rc = startup::apply(QApplication::arguments(), window, std::cerr); rc != 0)
        return rc;
    window.show();
    return QApplication::exec();
}
