// explain --png (explain_png.hpp).
#include "cli/explain_png.hpp"

#include "cli/headless.hpp"
#include "pages/explain/explain_panel.hpp"
#include "services/wait.hpp"
#include "widgets/widget_export.hpp"

#include <stdexcept>

namespace cli {

namespace {
constexpr int kTimeoutMs = 300000; // head ablation of a 12-layer ViT takes a while in a Debug build
} // namespace

attn::explain::Explanation renderExplainPanel(const ExplainPngRequest& request) {
    ensureHeadlessApp();
    const auto choice = attn::explain::parseMethods(request.methods); // unknown names throw here
    auto names = choice.relevance;
    if (choice.ablation)
        names.emplace_back("ablation");

    ExplainPanel panel;
    panel.resize(request.width, request.height);
    panel.setMethods(names);
    const explainview::Input input{request.model, QString::fromStdString(request.text), request.image,
                                   request.shown};
    panel.setInputProvider([&input]() -> std::optional<explainview::Input> { return input; });
    panel.setAttribute(Qt::WA_DontShowOnScreen); // as render does: laid out, but no platform window
    panel.show();
    panel.explainNow();
    if (!waitUntilIdle(panel, kTimeoutMs))
        throw std::runtime_error("explain: the explanation did not finish within " +
                                 std::to_string(kTimeoutMs / 1000) + " s");
    if (!panel.outcome())
        throw std::runtime_error(panel.errorText().toStdString());

    QString error;
    if (!exportWidgetImage(&panel, QString::fromStdString(request.path), &error, 2)) // 2x, as before
        throw std::runtime_error(error.toStdString());
    return panel.outcome()->explanation;
}

} // namespace cli
