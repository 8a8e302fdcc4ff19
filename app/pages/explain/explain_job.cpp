// The explanation job (explain_job.hpp).
#include "pages/explain/explain_job.hpp"

#include "services/hf_classifiers.hpp"
#include "services/text_classifier.hpp"

#include <attn/explain/faithfulness.hpp>
#include <attn/explain/hf_subject.hpp>
#include <attn/explain/relevance.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <stdexcept>

namespace explainview {

std::unique_ptr<attn::explain::Subject> makeSubject(const attn::Model& model, const QString& text,
                                                    const std::optional<attn::Image>& image) {
    namespace ex = attn::explain;
    const auto needImage = [&image]() -> const attn::Image& {
        if (!image)
            throw std::invalid_argument("no image to explain");
        return *image;
    };
    if (const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(&model))
        return ex::textSubject(*tc, text.toStdString());
    if (const auto* hf = dynamic_cast<const HfTextClassifier*>(&model))
        return ex::hfTextSubject(hf->core(), text.toStdString());
    if (const auto* vit = dynamic_cast<const attn::VitModel*>(&model))
        return ex::imageSubject(*vit, needImage());
    if (const auto* hf = dynamic_cast<const HfImageClassifier*>(&model))
        return ex::hfImageSubject(hf->core(), needImage());
    throw std::invalid_argument("explanations need a text classifier (transformer_classifier, Hugging Face "
                                "bert) or an image classifier (vit, Hugging Face vit)");
}

int patchesPerSide(const attn::Model& model) {
    if (const auto* vit = dynamic_cast<const attn::VitModel*>(&model))
        return vit->settings().patchesPerSide();
    if (const auto* hf = dynamic_cast<const HfImageClassifier*>(&model))
        return hf->settings().patchesPerSide();
    return 0;
}

void markUnknownWords(const std::shared_ptr<const attn::Model>& model, const QString& text, Outcome& o) {
    const auto classifier = textClassifierOf(toHandle(model));
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
    if (!input.model)
        throw std::invalid_argument("no model to explain");
    const std::unique_ptr<ex::Subject> subject = makeSubject(*input.model, input.text, input.image);
    Outcome o;
    o.patchesPerSide = patchesPerSide(*input.model);
    if (o.patchesPerSide > 0)
        o.shown = input.shown;
    o.labels = subject->inputLabels();
    o.positions = subject->inputPositions();
    if (o.patchesPerSide == 0)
        markUnknownWords(input.model, input.text, o);
    o.clsPooled = subject->clsPooled();
    auto& e = o.explanation;
    std::vector<attn::layers::LayerTrace> traces;
    e.base = subject->run({}, {}, &traces);
    const double steps = static_cast<double>(methods.size()) + (ablation ? 1.0 : 0.0);
    double done = 0;
    for (const auto& m : methods) {
        if (!job.reportProgress(done / steps))
            return o;
        ex::MethodResult r;
        r.relevance = ex::relevanceOf(*subject, e.base, traces, m);
        r.deletion = ex::deletionCurve(*subject, r.relevance);
        e.methods[m] = std::move(r);
        o.methods.push_back(m);
        done += 1;
    }
    for (const auto& [a, ra] : e.methods)
        for (const auto& [b, rb] : e.methods)
            if (a != b)
                e.rankCorrelation[a][b] = ex::spearman(ra.relevance, rb.relevance);
    if (ablation && job.reportProgress(done / steps))
        e.ablation = ex::headAblation(*subject);
    job.reportProgress(1.0);
    return o;
}

std::vector<double> headRelevance(const Outcome& o, int layer, int head) {
    const auto& att = o.explanation.base.attention;
    const auto& map = att.at(static_cast<std::size_t>(layer)).at(static_cast<std::size_t>(head));
    return attn::explain::tokenRelevance(map.cast<double>(), o.explanation.base.keyAllowed, o.clsPooled,
                                         o.positions);
}

} // namespace explainview
