#include "cli/headless.hpp"

namespace cli {

namespace {

QtMessageHandler previousHandler = nullptr;

void headlessMessageHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type != QtCriticalMsg && type != QtFatalMsg && isOffscreenNoise(message))
        return;
    if (previousHandler)
        previousHandler(type, context, message);
}

} // namespace

bool isOffscreenNoise(const QString& message) {
    // The offscreen platform cannot pass size hints to a window manager (QWidget::show() asks it to);
    // Qt says so on every shown top-level widget. And without a login session there is no
    // XDG_RUNTIME_DIR, which QStandardPaths reports before falling back to a private folder.
    return message.startsWith(QLatin1String("This plugin does not support propagateSizeHints()")) ||
           message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")) ||
           (message.startsWith(QLatin1String("QStandardPaths: ")) &&
            message.contains(QLatin1String("runtime directory")));
}

QApplication* ensureHeadlessApp() {
    if (auto* existing = qobject_cast<QApplication*>(QCoreApplication::instance()))
        return existing;
    // Rendering to a file must work on a machine without a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // A normal command-line run prints nothing on stderr but its own messages: drop the platform's
    // known noise, let every other Qt message through.
    previousHandler = qInstallMessageHandler(headlessMessageHandler);
    static int argc = 1;
    static char name[] = "attnviz";
    static char* argv[] = {name, nullptr};
    static std::unique_ptr<QApplication> app = std::make_unique<QApplication>(argc, argv);
    return app.get();
}

} // namespace cli
