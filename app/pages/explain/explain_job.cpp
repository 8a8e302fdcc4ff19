// The explanation job (explain_job.hpp).
#include "pages/explain/explain_job.hpp"

#include <attn/explain/faithfulness.hpp>
#include <attn/explain/relevance.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <stdexcept>

namespace explainview {

Outcome run(const Input& input, const std::vector<std::string>& methods, bool ablation,
            const JobContext& job) {
    namespace ex = attn::explain;
    std::unique_ptr<ex::Subject> subject;
    Outcome o;
    if (const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(input.model.get())) {
        subject = ex::textSubject(*tc, input.text.toStdString());
    } else if (const auto* vit = dynamic_cast<const attn::VitModel*>(input.model.get())) {
        if (!input.image)
            throw std::invalid_argument("no image to explain");
        subject = ex::imageSubject(*vit, *input.image);
        o.shown = input.shown;
        o.patchesPerSide = vit->settings().patchesPerSide();
    } else {
        throw std::invalid_argument("explanations need a transformer_classifier or vit model");
    }
    o.labels = subject->inputLabels();
    o.positions = subject->inputPositions();
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
