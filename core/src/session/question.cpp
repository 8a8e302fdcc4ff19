#include "attn/session/question.hpp"

#include "attn/error.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

namespace attn::session {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// Index of the first label equal to `word` ignoring ASCII case; -1 when none.
int findLabel(const std::vector<std::string>& labels, const std::string& word) {
    const std::string wanted = lower(word);
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (lower(labels[i]) == wanted)
            return static_cast<int>(i);
    return -1;
}

int argmax(const std::vector<double>& values) {
    if (values.empty())
        return -1;
    return static_cast<int>(std::max_element(values.begin(), values.end()) - values.begin());
}

} // namespace

QuestionAnswer topKey(const Matrix& weights, const std::vector<std::string>& rowLabels,
                      const std::vector<std::string>& columnLabels, const std::string& query, int row) {
    if (static_cast<std::size_t>(weights.rows()) != rowLabels.size() ||
        static_cast<std::size_t>(weights.cols()) != columnLabels.size() || weights.size() == 0)
        throw Error("top_key: the map is " + std::to_string(weights.rows()) + " x " +
                    std::to_string(weights.cols()) + " but has " + std::to_string(rowLabels.size()) +
                    " row and " + std::to_string(columnLabels.size()) + " column labels");
    const int r = query.empty() ? row : findLabel(rowLabels, query);
    if (r < 0 || r >= weights.rows())
        throw Error(query.empty() ? "top_key: no query row is selected"
                                  : "top_key: \"" + query + "\" is not a query word of this map");
    // A key without a weight (a word not in the vocabulary: excluded, its cell NaN) is not an option.
    QuestionAnswer a;
    a.unit = "weight";
    for (Eigen::Index c = 0; c < weights.cols(); ++c) {
        const double w = static_cast<double>(weights(r, c));
        if (!std::isfinite(w))
            continue;
        a.options.push_back(columnLabels[static_cast<std::size_t>(c)]);
        a.numbers.push_back(w);
    }
    if (a.options.empty())
        throw Error("top_key: \"" + rowLabels[static_cast<std::size_t>(r)] + "\" has no key with a weight");
    a.answer = argmax(a.numbers);
    return a;
}

QuestionAnswer prediction(const std::vector<double>& probabilities, const std::vector<std::string>& labels) {
    if (probabilities.empty() || probabilities.size() != labels.size())
        throw Error("prediction: " + std::to_string(probabilities.size()) + " probabilities for " +
                    std::to_string(labels.size()) + " labels");
    QuestionAnswer a;
    a.options = labels;
    a.numbers = probabilities;
    a.unit = "probability";
    a.answer = argmax(probabilities);
    return a;
}

QuestionAnswer changesPrediction(const std::vector<double>& before, const std::vector<double>& after) {
    if (before.empty() || before.size() != after.size())
        throw Error("changes_prediction: the two predictions have " + std::to_string(before.size()) +
                    " and " + std::to_string(after.size()) + " classes");
    const int was = argmax(before), now = argmax(after);
    QuestionAnswer a;
    a.options = {"yes", "no"};
    a.answer = was != now ? 0 : 1;
    a.numbers = {before[static_cast<std::size_t>(was)], after[static_cast<std::size_t>(was)]};
    a.unit = "probability of the class predicted before";
    return a;
}

QuestionAnswer betterModel(const std::string& firstName, double firstScore, const std::string& secondName,
                           double secondScore, const std::string& unit) {
    if (!std::isfinite(firstScore) || !std::isfinite(secondScore))
        throw Error("better_model: a score is not a number");
    QuestionAnswer a;
    a.options = {firstName, secondName};
    a.numbers = {firstScore, secondScore};
    a.answer = secondScore > firstScore ? 1 : 0;
    a.unit = unit;
    return a;
}

QuestionAnswer topSurveyHead(const analysis::SurveyReport& survey, const std::string& metric,
                             const std::vector<std::string>& names) {
    const std::optional<analysis::Metric> m = analysis::metricOfName(metric);
    if (!m)
        throw Error("top_survey_head: unknown metric \"" + metric +
                    "\" (sink, previous, self, cls, sep, entropy, distance or induction)");
    const auto heads = static_cast<std::size_t>(survey.layers) * static_cast<std::size_t>(survey.heads);
    if (names.size() != heads || survey.headList.size() != heads)
        throw Error("top_survey_head: " + std::to_string(names.size()) + " names for " +
                    std::to_string(heads) + " heads");
    QuestionAnswer a;
    for (std::size_t i = 0; i < heads; ++i) {
        const double v = survey.headList[i].mean[analysis::SurveyReport::index(*m)];
        if (!std::isfinite(v))
            continue;
        a.options.push_back(names[i]);
        a.numbers.push_back(v);
    }
    if (a.numbers.empty())
        throw Error("top_survey_head: the survey measured no head's " + metric);
    a.unit = *m == analysis::Metric::Entropy    ? "mean entropy (nats)"
             : *m == analysis::Metric::Distance ? "mean distance (" + survey.distanceUnit + ")"
                                                : "mean weight (" + metric + ")";
    a.answer = argmax(a.numbers);
    return a;
}

QuestionAnswer topHead(const std::vector<Matrix>& maps, const std::vector<std::string>& names,
                       const std::string& metric, const std::vector<std::string>& tokenLabels,
                       const std::string& query) {
    if (maps.empty() || maps.size() != names.size())
        throw Error("top_head: " + std::to_string(maps.size()) + " maps for " + std::to_string(names.size()) +
                    " names");
    const Eigen::Index t = maps.front().rows();
    for (const Matrix& m : maps)
        if (m.rows() != t || m.cols() != t || t == 0)
            throw Error("top_head: the heads' maps differ in shape or are not square");
    QuestionAnswer a;
    a.options = names;
    if (metric == "attention_to") {
        if (static_cast<Eigen::Index>(tokenLabels.size()) != t)
            throw Error("top_head: " + std::to_string(tokenLabels.size()) + " token labels for maps of " +
                        std::to_string(t) + " positions");
        const int column = findLabel(tokenLabels, query);
        if (column < 0)
            throw Error("top_head: \"" + query + "\" is not a token of this input");
        for (const Matrix& m : maps)
            a.numbers.push_back(static_cast<double>(m.col(column).cast<double>().mean()));
        a.unit = "mean weight on \"" + tokenLabels[static_cast<std::size_t>(column)] + "\"";
    } else if (metric == "entropy") {
        for (const Matrix& m : maps) {
            double total = 0;
            for (Eigen::Index r = 0; r < t; ++r)
                for (Eigen::Index c = 0; c < t; ++c) {
                    const double p = m(r, c);
                    if (p > 0)
                        total -= p * std::log(p);
                }
            a.numbers.push_back(total / static_cast<double>(t));
        }
        a.unit = "mean entropy (nats)";
    } else {
        throw Error("top_head: unknown metric \"" + metric + "\" (attention_to or entropy)");
    }
    a.answer = argmax(a.numbers);
    return a;
}

} // namespace attn::session
