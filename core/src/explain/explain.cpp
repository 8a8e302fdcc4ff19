// Runs the explanation methods of issue 17 side by side.
#include <algorithm>
#include <attn/explain/explain.hpp>
#include <attn/explain/flow.hpp>
#include <attn/explain/gradient_relevance.hpp>
#include <attn/explain/relevance.hpp>
#include <attn/explain/value_norm.hpp>
#include <attn/rollout.hpp>
#include <stdexcept>

namespace attn::explain {

const std::vector<std::string>& relevanceMethods() {
    static const std::vector<std::string> m = {"raw", "rollout", "flow", "valuenorm", "gradient"};
    return m;
}

std::vector<double> relevanceOf(const Subject& subject, const ClassifierResult& base,
                                const std::vector<layers::LayerTrace>& traces, const std::string& method) {
    const bool cls = subject.clsPooled();
    const auto& pos = subject.inputPositions();
    if (method == "raw")
        return tokenRelevance(meanOfHeads(base.attention.back()).cast<double>(), base.keyAllowed, cls, pos);
    if (method == "rollout")
        return tokenRelevance(attentionRollout(base.attention, -1, 0.5).cast<double>(), base.keyAllowed, cls,
                              pos);
    if (method == "flow")
        return tokenRelevance(attentionFlow(base.attention, relevanceRows(base.keyAllowed, cls)),
                              base.keyAllowed, cls, pos);
    if (method == "valuenorm") {
        if (traces.empty())
            throw std::invalid_argument("explain: valuenorm needs the traced forward");
        const auto vn = valueNorms(subject.encoder().layers.back().selfAttn, traces.back());
        return tokenRelevance(vn.summed, base.keyAllowed, cls, pos);
    }
    if (method == "gradient") {
        if (traces.empty())
            throw std::invalid_argument("explain: gradient needs the traced forward");
        const auto grads = subject.attentionGradients(base, traces);
        return tokenRelevance(gradientRelevance(base.attention, grads), base.keyAllowed, cls, pos);
    }
    throw std::invalid_argument("explain: unknown method '" + method +
                                "' (expected raw, rollout, flow, valuenorm, gradient, ablation or all)");
}

MethodChoice parseMethods(const std::vector<std::string>& methods) {
    MethodChoice c;
    const auto add = [&c](const std::string& m) {
        if (std::find(c.relevance.begin(), c.relevance.end(), m) == c.relevance.end())
            c.relevance.push_back(m);
    };
    const auto& known = relevanceMethods();
    for (const auto& m : methods) {
        if (m == "all") {
            for (const auto& k : known)
                add(k);
            c.ablation = true;
        } else if (m == "ablation") {
            c.ablation = true;
        } else if (std::find(known.begin(), known.end(), m) != known.end()) {
            add(m);
        } else {
            throw std::invalid_argument(
                "explain: unknown method '" + m +
                "' (expected raw, rollout, flow, valuenorm, gradient, ablation or all)");
        }
    }
    return c;
}

Explanation explain(const Subject& subject, const std::vector<std::string>& methods) {
    return explain(subject, methods, {});
}

Explanation explain(const Subject& subject, const std::vector<std::string>& methods,
                    const std::function<bool(double)>& progress) {
    const auto choice = parseMethods(methods);
    const auto& wanted = choice.relevance;
    const bool ablation = choice.ablation;
    // One unit per relevance method and one for the head tests (each reruns the model per head).
    const double units = static_cast<double>(wanted.size()) + (ablation ? 1.0 : 0.0);
    double done = 0;
    const auto goOn = [&] { return !progress || progress(units > 0 ? done / units : 1.0); };
    Explanation out;
    std::vector<layers::LayerTrace> traces;
    out.base = subject.run({}, {}, &traces);
    for (const auto& m : wanted) {
        if (!goOn()) {
            out.cancelled = true;
            return out;
        }
        MethodResult r;
        r.relevance = relevanceOf(subject, out.base, traces, m);
        r.deletion = deletionCurve(subject, r.relevance);
        out.methods[m] = std::move(r);
        out.order.push_back(m);
        done += 1;
    }
    for (const auto& [a, ra] : out.methods)
        for (const auto& [b, rb] : out.methods)
            if (a != b)
                out.rankCorrelation[a][b] = spearman(ra.relevance, rb.relevance);
    if (ablation) {
        if (!goOn()) {
            out.cancelled = true;
            return out;
        }
        out.ablation = headAblation(subject);
        done += 1;
    }
    if (progress)
        progress(1.0);
    return out;
}

} // namespace attn::explain
