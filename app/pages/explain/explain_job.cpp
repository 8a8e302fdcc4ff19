// The explanation job (explain_job.hpp).
#include "pages/explain/explain_job.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <attn/explain/relevance.hpp>
#include <attn/explain/use_subject.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <stdexcept>

namespace explainview {

namespace {
const attn::UniversalSentenceEncoder* useLite(const ModelHandle& model) {
    return dynamic_cast<const attn::UniversalSentenceEncoder*>(model.sentenceEncoder.get());
}
} // namespace

std::unique_ptr<attn::explain::Subject> makeSubject(const ModelHandle& model, const QString& text,
                                                    const std::optional<attn::Image>& image,
                                                    const QString& other) {
    if (model.textClassifier)
        return model.textClassifier->explainSubject(text.toStdString());
    if (const auto* use = useLite(model))
        return attn::explain::useSimilaritySubject(*use, text.toStdString(), other.toStdString());
    if (model.imageClassifier) {
        if (!image)
            throw std::invalid_argument("no image to explain");
        return model.imageClassifier->explainSubject(*image);
    }
    throw std::invalid_argument(
        "explanations need a text classifier (transformer_classifier, Hugging Face "
        "bert), an image classifier (vit, Hugging Face vit) or the Universal Sentence "
        "Encoder lite");
}

std::vector<std::pair<std::string, QString>> unavailableMethods(const ModelHandle& model) {
    if (!useLite(model))
        return {};
    return {{"gradient",
             QCoreApplication::translate(
                 "ExplainJob", "gradient does not apply to this model: it needs the backward pass of the "
                               "first layer, which widens 256 → 512 through a projected residual, and "
                               "attnviz's backward has no such layer. The other methods and the head tests "
                               "need no backward and run.")}};
}

int patchesPerSide(const ModelHandle& model) {
    return model.imageClassifier ? model.imageClassifier->settings().patchesPerSide() : 0;
}

QString refusalText(const std::optional<attn::ExplainRefusal>& refusal) {
    if (!refusal)
        return {};
    return QCoreApplication::translate(
               "ExplainJob",
               "The Explain methods differentiate the model, and attnviz's backward pass implements only the "
               "exact gelu and relu activations; this Hugging Face %1 model uses hidden_act '%2'. Its "
               "attention, heads and rollout are on the Attention tab.")
        .arg(QString::fromStdString(refusal->modelType), QString::fromStdString(refusal->activation));
}

void markUnknownWords(const ModelHandle& model, const QString& text, Outcome& o) {
    const auto& classifier = model.textClassifier;
    if (!classifier)
        return;
    const attn::ClassifierResult typed = classifier->classify(text.toStdString(), 0, true);
    o.unknown.assign(o.labels.size(), false);
    for (std::size_t i = 0; i < o.labels.size() && i < o.positions.size(); ++i) {
        const auto at = static_cast<std::size_t>(o.positions[i]);
        if (at < typed.ids.size() && at < typed.tokens.size() && classifier->isUnknown(typed.ids[at])) {
            o.labels[i] = typed.tokens[at];
            o.unknown[i] = true;
        }
    }
}

Outcome run(const Input& input, const std::vector<std::string>& methods, bool ablation,
            const JobContext& job) {
    namespace ex = attn::explain;
    if (input.model.empty())
        throw std::invalid_argument("no model to explain");
    const std::unique_ptr<ex::Subject> subject =
        makeSubject(input.model, input.text, input.image, input.other);
    Outcome o;
    o.similarity = useLite(input.model) != nullptr;
    o.other = input.other;
    o.patchesPerSide = patchesPerSide(input.model);
    if (o.patchesPerSide > 0)
        o.shown = input.shown;
    o.labels = subject->inputLabels();
    o.positions = subject->inputPositions();
    if (o.patchesPerSide == 0)
        markUnknownWords(input.model, input.text, o);
    o.clsPooled = subject->clsPooled();
    // Core's explain() runs the methods in order and reports progress between them (cancel stops there).
    std::vector<std::string> names = methods;
    for (const auto& [name, why] : unavailableMethods(input.model))
        names.erase(std::remove(names.begin(), names.end(), name), names.end());
    if (ablation)
        names.push_back("ablation");
    o.explanation = ex::explain(*subject, names, [&job](double f) { return job.reportProgress(f); });
    o.methods = o.explanation.order;
    return o;
}

std::vector<double> headRelevance(const Outcome& o, int layer, int head) {
    const auto& att = o.explanation.base.attention;
    const auto& map = att.at(static_cast<std::size_t>(layer)).at(static_cast<std::size_t>(head));
    return attn::explain::tokenRelevance(map.cast<double>(), o.explanation.base.keyAllowed, o.clsPooled,
                                         o.positions);
}

} // namespace explainview
