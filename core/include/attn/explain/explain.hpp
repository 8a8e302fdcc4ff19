#pragma once
// Side-by-side explanation methods on one subject (issue 17): each method's token relevance, deletion
// curve and AOPC, the rank correlation between methods, and the head-ablation grid.
//
//   "raw"       last layer, mean of heads (attention as read off the map)
//   "rollout"   attn::attentionRollout with weight 0.5 (= (A + I) / row sum), core/src/rollout.cpp
//   "flow"      attention flow, explain/flow.hpp
//   "valuenorm" last layer's ‖Σ_h α^h_ij f^h(x_j)‖, explain/value_norm.hpp
//   "gradient"  Chefer et al. 2021 gradient-weighted relevance, explain/gradient_relevance.hpp
//   "ablation"  head_effect grid (no token relevance), explain/head_ablation.hpp

#include <attn/explain/faithfulness.hpp>
#include <attn/explain/head_ablation.hpp>
#include <attn/explain/subject.hpp>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace attn::explain {

/// The token-relevance methods in the order "all" runs them.
const std::vector<std::string>& relevanceMethods();

struct MethodResult {
    std::vector<double> relevance; // one per input
    DeletionCurve deletion;
};

struct Explanation {
    ClassifierResult base;
    std::map<std::string, MethodResult> methods;
    std::vector<std::string> order; ///< the relevance methods computed, in the order asked
    std::map<std::string, std::map<std::string, double>> rankCorrelation; // [a][b], a != b
    std::optional<HeadAblation> ablation;
    bool cancelled = false; ///< progress returned false: the methods before it only, no head tests
};

/// What a list of method names asks for: relevance methods in order (duplicates dropped) and whether
/// the head tests run. Names: relevanceMethods(), "ablation", or "all" (every method and the head tests).
struct MethodChoice {
    std::vector<std::string> relevance;
    bool ablation = false;
};
/// Unknown names throw std::invalid_argument.
MethodChoice parseMethods(const std::vector<std::string>& methods);

/// `methods` as parseMethods() reads them.
Explanation explain(const Subject& subject, const std::vector<std::string>& methods);
/// The same, reporting progress in [0, 1] before each method and the head tests (one unit each) and 1 at
/// the end. When `progress` returns false it stops there: the methods done so far (with their rank
/// correlations only if all were done), cancelled = true.
Explanation explain(const Subject& subject, const std::vector<std::string>& methods,
                    const std::function<bool(double)>& progress);

/// One method's relevance alone (no deletion curve).
std::vector<double> relevanceOf(const Subject& subject, const ClassifierResult& base,
                                const std::vector<layers::LayerTrace>& traces, const std::string& method);

} // namespace attn::explain
