#include "cli/headless.hpp"

namespace cli {

QApplication* ensureHeadlessApp() {
    if (auto* existing = qobject_cast<QApplication*>(QCoreApplication::instance()))
        return existing;
    // Rendering to a file must work on a machine without a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "attnviz";
    static char* argv[] = {name, nullptr};
    static std::unique_ptr<QApplication> app = std::make_unique<QApplication>(argc, argv);
    return app.get();
}

} // namespace cli
