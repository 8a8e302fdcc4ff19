#include "cli/commands.hpp"
#include "main_window.hpp"
#include "startup_options.hpp"

#include <QApplication>
#include <iostream>

int main(int argc, char** argv) {
    bool startGui = false;
    const int code = cli::dispatch(argc, argv, &startGui);
    if (!startGui)
        return code;

    QApplication app(argc, argv);
    QApplication::setOrganizationName("attnviz");
    QApplication::setApplicationName("attnviz");
    QApplication::setApplicationVersion(ATTNVIZ_VERSION);
    MainWindow window;
    if (const int rc = startup::apply(QApplication::arguments(), window, std::cerr); rc != 0)
        return rc;
    window.show();
    return QApplication::exec();
}
