#pragma once
// renderPage: what a page shows for an input, written as an image without a display. Used by
// `attnviz render` and `attnviz inspect --png`; both read the model themselves (once) and hand it in,
// so the page never touches its shipped default model when a model was given.
//
//   RenderRequest req;
//   req.view = "sentiment"; req.text = "a good film"; req.png = "out.png";
//   const int rc = renderPage(req, readModel(dir), dir, std::cerr);

#include "services/model_handle.hpp"

#include <QString>
#include <attn/attention.hpp>
#include <attn/sentence_attention.hpp>
#include <iosfwd>
#include <optional>
#include <string>

namespace cli {

struct RenderRequest {
    std::string view;            ///< walkthrough | translation | sentiment | vision | generate | transformer
    QString text;                ///< the sentence (walkthrough: the query sentence); "" = the page's example
    std::optional<QString> keys; ///< walkthrough: the key sentence
    bool self = false;           ///< walkthrough: self-attention
    std::optional<attn::Scoring> scoring; ///< walkthrough: nullopt = the page's default
    attn::ProjectionMode projection = attn::ProjectionMode::None; ///< walkthrough: Learned = pronoun-head
    int step = 4;                       ///< walkthrough: the step shown, 1..5 (4 = the softmax weights)
    std::optional<int> transformerStep; ///< transformer: the step shown, 1..9; nullopt = the page's first
    std::optional<int> decodeStep;   ///< translation: the decoding step shown, 1-based; nullopt = the page's
    std::optional<QString> given;    ///< translation: a translation given to both decoders (teacher forcing)
    std::optional<int> choose;       ///< translation: at decodeStep, take this candidate (1-based) instead
    std::string tab;                 ///< translation: "" / "alignment", "context" or "scores"
    bool perplexity = false;         ///< translation, tab "scores": the reference perplexity, not chrF
    bool teaching = false;           ///< teaching mode on any page (Page::setTeachingMode)
    std::optional<QString> image;    ///< vision: PNG / JPEG / IDX / CIFAR-10 file
    int index = 0;                   ///< vision: the record of an IDX / CIFAR-10 file
    std::optional<QString> tokenIds; ///< generate: the prompt as ids ("2,0,1"); else `text` is the prompt
    int steps = 8;                   ///< generate: tokens to generate (fewer when the model stops first)
    int width = 1400, height = 900;  ///< page size in pixels
    int scale = 1;                   ///< PNG: scale x the page size in pixels (1..4, exportWidgetImage)
    QString png;                     ///< the file to write (PNG, SVG or PDF by suffix)
};

/// The page `view` that shows `model` (sentiment, translation, vision, generate), by its capabilities.
const char* viewFor(const ModelHandle& model);

/// Builds the page, gives it `model` (read from `modelDir`; empty = the page loads its shipped
/// default), runs the request's input, waits until the page is idle and writes the image. Messages go
/// to `err` prefixed "attnviz <command>: ". Returns the exit code (0, 1 on failure, 2 for a bad view).
int renderPage(const RenderRequest& request, const ModelHandle& model, const QString& modelDir,
               std::ostream& err, const char* command = "render");

/// `attnviz render --session FILE`: the page `view` (empty = the session's page in front) restored to
/// the session's state, in its language, teaching mode (or request.teaching), zoom and paragraphs, at
/// request.width x height and scale, written to request.png. Exit codes as renderPage (1 for a bad file).
int renderSession(const QString& sessionFile, const std::string& view, const RenderRequest& request,
                  std::ostream& err);
/// The Generate page (view "generate"): reads the Hugging Face decoder `modelDir` once (empty = the
/// shipped gpt-nano-sort), sets the prompt (default: the model's first preset), generates
/// request.steps tokens and writes the image. Same messages and exit codes as renderPage.
int renderGenerate(const RenderRequest& request, const QString& modelDir, std::ostream& err,
                   const char* command = "render");

} // namespace cli
