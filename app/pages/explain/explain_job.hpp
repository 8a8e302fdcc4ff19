#pragma once
// The work behind the explanation views (issue 17): builds the core Subject for one input and runs the
// chosen methods of attn::explain one by one, so that the JobRunner can report progress and stop
// between methods. Every number comes from core (relevanceOf, deletionCurve, spearman, headAblation).

#include "services/job_runner.hpp"
#include "services/model_handle.hpp"

#include <QString>
#include <attn/explain/explain.hpp>
#include <attn/image.hpp>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace explainview {

/// What to explain: a text classifier and a review, or an image classifier and an image (attnviz's own
/// models or Hugging Face BERT / ViT: the capability hands out its explanation subject).
struct Input {
    ModelHandle model;                // keeps the model alive while the job runs
    QString text;                     // text classifier
    std::optional<attn::Image> image; // image classifier: the image as given
    attn::Image shown;                // vit: what the model sees before normalisation (overlays)
    QString other{};                  // sentence encoder: the sentence compared with (empty: itself)
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
    /// Sentence encoder: the number explained is a cosine similarity (explanation.base.probabilities[0])
    /// with `other` (empty: the sentence's own vector), not a class probability.
    bool similarity = false;
    QString other;
};

/// The core subject of `model` for a text (a text classifier's TextClassifier::explainSubject), an
/// image (ImageClassifier::explainSubject) or, for the Universal Sentence Encoder lite, a sentence and
/// the sentence `other` it is compared with (attn::explain::useSimilaritySubject: the cosine). Throws
/// std::invalid_argument when the model has no classifier of the input's kind, the input is missing, or
/// the model cannot be explained (explainRefusal()).
std::unique_ptr<attn::explain::Subject> makeSubject(const ModelHandle& model, const QString& text,
                                                    const std::optional<attn::Image>& image,
                                                    const QString& other = {});
/// The relevance methods that cannot run on `model`, each with why in the interface's language (USE
/// lite: "gradient"); empty when all can.
std::vector<std::pair<std::string, QString>> unavailableMethods(const ModelHandle& model);
/// Patches per side of an image classifier (0 for a text model).
int patchesPerSide(const ModelHandle& model);
/// Why the Explain methods cannot run on `refusal`'s model, in the interface's language (empty: they can).
QString refusalText(const std::optional<attn::ExplainRefusal>& refusal);

/// Runs `methods` (names from attn::explain::relevanceMethods()) and, with `ablation`, the head tests.
/// Throws when the input does not fit the model; returns early (partial) when the job is cancelled.
Outcome run(const Input& input, const std::vector<std::string>& methods, bool ablation,
            const JobContext& job);

/// Words the model's vocabulary lacks (text models): each such input of `o` gets the word as typed
/// for its label, as on the Attention tab, and `o.unknown` marks it. The classifier's own reading of
/// `text` (TextClassifier::classify) says which positions hold the unknown token and what was typed
/// there; `o.positions` maps the inputs onto those positions. No-op for other models.
void markUnknownWords(const ModelHandle& model, const QString& text, Outcome& o);

/// A head's map as token relevance (the pooled row(s) of A_{l,h}, as explain/relevance.hpp reads maps).
std::vector<double> headRelevance(const Outcome& o, int layer, int head);

} // namespace explainview
