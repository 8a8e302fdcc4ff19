// renderGenerate (cli/render_page.hpp): the Generate page after N tokens, written as an image.
#include "cli/headless.hpp"
#include "cli/render_page.hpp"
#include "pages/generate/generate_page.hpp"
#include "services/model_handle.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "widgets/widget_export.hpp"

#include <ostream>

namespace cli {

namespace {
constexpr int kTimeoutMs = 120000;
}

int renderGenerate(const RenderRequest& req, const QString& modelDir, std::ostream& err,
                   const char* command) {
    const std::string prefix = std::string("attnviz ") + command + ": ";
    ensureHeadlessApp();
    GeneratePage page;
    if (!modelDir.isEmpty()) {
        try {
            attn::OpenOptions options;
            options.required = attn::Capability::CausalLm;
            page.modelSlot()->setModel(readModel(modelDir, options), modelDir);
        } catch (const std::exception& e) {
            err << prefix << e.what() << '\n';
            return 1;
        }
    }
    page.start(); // loads the shipped stories260K only when no model was given
    if (!waitUntilIdle(page, kTimeoutMs)) {
        err << prefix << "loading timed out\n";
        return 1;
    }
    if (!page.modelSlot()->hasModel()) {
        err << prefix << "no model: " << page.modelSlot()->lastError().toStdString() << '\n';
        return 1;
    }
    if (req.tokenIds)
        page.setPromptText(QStringLiteral("ids: ") + *req.tokenIds);
    else if (!req.text.isEmpty())
        page.setPromptText(req.text);
    if (!page.reset()) {
        err << prefix << "generate failed: " << page.errorText().toStdString() << '\n';
        return 1;
    }
    page.generateSteps(req.steps);
    if (req.teaching)
        page.setTeachingMode(true);
    if (!waitUntilIdle(page, kTimeoutMs)) {
        err << prefix << "the generate page did not finish\n";
        return 1;
    }
    if (const QString error = page.errorText(); !error.isEmpty()) {
        err << prefix << "generate failed: " << error.toStdString() << '\n';
        return 1;
    }
    page.resize(req.width, req.height);
    page.setAttribute(Qt::WA_DontShowOnScreen);
    page.show();
    waitUntilIdle(page, kTimeoutMs);
    QString error;
    if (!exportWidgetImage(&page, req.png, &error, req.scale)) {
        err << prefix << error.toStdString() << '\n';
        return 1;
    }
    return 0;
}

} // namespace cli
