#include "cli/commands.hpp"
#include "main_window.hpp"

#include <QApplication>

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
    window.show();
    return QApplication::exec();
}
