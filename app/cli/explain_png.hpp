#pragma once
// `attnviz explain --png OUT`: the Sentiment / Vision pages' explanation panel (pages/explain/) run
// offscreen on one input and drawn to a file, so a figure of the methods side by side needs no window.
// The panel computes through explainview::run, the same engine call as the JSON path; the explanation
// it showed is returned so the CLI writes its JSON from the very numbers in the picture.

#include "services/model_handle.hpp"

#include <attn/explain/explain.hpp>
#include <attn/image.hpp>
#include <attn/models/model.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cli {

struct ExplainPngRequest {
    ModelHandle model;
    std::string text;                 // text classifier
    std::optional<attn::Image> image; // vit: the image as read
    attn::Image shown;                // vit: the model's view before normalisation (the overlays)
    std::vector<std::string> methods; // as given to --method ("all" allowed)
    std::string path;                 // PNG / SVG / PDF by suffix
    int width = 1400;
    int height = 900;
};

/// Runs the panel and writes the image. Throws std::runtime_error with the panel's message when the
/// explanation fails, or when the file cannot be written (the message names the file).
attn::explain::Explanation renderExplainPanel(const ExplainPngRequest& request);

} // namespace cli
