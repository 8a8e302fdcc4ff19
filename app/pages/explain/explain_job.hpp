#pragma once
// The work behind the explanation views (issue 17): builds the core Subject for one input and runs the
// chosen methods of attn::explain one by one, so that the JobRunner can report progress and stop
// between methods. Every number comes from core (relevanceOf, deletionCurve, spearman, headAblation).

#include "services/job_runner.hpp"

#include <QString>
#include <attn/explain/explain.hpp>
#include <attn/image.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace explainview {

/// What to explain: a text model and a review, or a vit and an image. The model is attnviz's own
/// (transformer_classifier, vit) or a Hugging Face classifier of services/hf_classifiers.hpp (BERT, ViT).
struct Input {
    std::shared_ptr<const attn::Model> model; // keeps the model alive while the job runs
    QString text;                             // text classifier
    std::optional<attn::Image> image;         // image classifier: the image as given
    attn::Image shown;                        // vit: what the model sees before normalisation (overlays)
};

struct Outcome {
    attn::explain::Explanation explanation;
    std::vector<std::string> labels; // one per input (words / "r0c1" patches)
    std::vector<bool> unknown;       // text: per input, not in the vocabulary (the model saw unk_token)
    std::vector<int> positions;      // sequence position of each input
    bool clsPooled = true;
    std::optional<attn::Image> shown; // vit only
    int patchesPerSide = 0;           // vit only
    std::vector<std::string> methods; // the relevance methods in the order asked
};

/// The core subject of `model` for a text (text classifiers) or an image (image classifiers):
/// attn::explain::textSubject / imageSubject, or hfTextSubject / hfImageSubject on a Hugging Face
/// classifier's model. Throws std::invalid_argument when the model is of another kind, has no input of
/// its kind, or cannot be explained (hf_subject.hpp says which).
std::unique_ptr<attn::explain::Subject> makeSubject(const attn::Model& model, const QString& text,
                                                    const std::optional<attn::Image>& image);
/// Patches per side of an image classifier (0 for a text model).
int patchesPerSide(const attn::Model& model);

/// Runs `methods` (names from attn::explain::relevanceMethods()) and, with `ablation`, the head tests.
/// Throws when the input does not fit the model; returns early (partial) when the job is cancelled.
Outcome run(const Input& input, const std::vector<std::string>& methods, bool ablation,
            const JobContext& job);

/// Words the model's vocabulary lacks (text models): each such input of `o` gets the word as typed
/// for its label, as on the Attention tab, and `o.unknown` marks it. The classifier's own reading of
/// `text` (TextClassifier::classify) says which positions hold the unknown token and what was typed
/// there; `o.positions` maps the inputs onto those positions. No-op for other models.
void markUnknownWords(const std::shared_ptr<const attn::Model>& model, const QString& text, Outcome& o);

/// A head's map as token relevance (the pooled row(s) of A_{l,h}, as explain/relevance.hpp reads maps).
std::vector<double> headRelevance(const Outcome& o, int layer, int head);

} // namespace explainview
