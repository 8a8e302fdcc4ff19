#pragma once
// The answers of a lesson's questions (issue 52), computed from what the engine computed for the stop's
// state — never from numbers written in the lesson file. The app (and `attnviz lesson --json`) hands in
// the stop's matrices and probabilities; these functions say what the options are, which one is right and
// with which numbers, so that the rule lives here, once, for the GUI and the CLI alike.

#include "attn/analysis/survey_report.hpp"
#include "attn/matrix.hpp"

#include <string>
#include <vector>

namespace attn::session {

struct QuestionAnswer {
    std::vector<std::string> options; ///< what the student chooses from, in the order shown
    int answer = -1;                  ///< index in options of the right one
    std::vector<double> numbers;      ///< the engine's number for each option (same order)
    std::string unit;                 ///< what the numbers are: "weight", "probability", "chrF", ...
};

/// top_key: which key does `query` attend to most. `weights` is rows (queries) x columns (keys), rows in
/// [0, 1]; `query` is matched against rowLabels (case-insensitive; the first match), or `row` is used when
/// query is empty. Options: every key in order that has a weight (a NaN cell — a word not in the
/// vocabulary, excluded — is left out); numbers: the row's weights; answer: the largest (the first of
/// equals). Throws attn::Error when the query is not a
/// row or the shapes disagree.
QuestionAnswer topKey(const Matrix& weights, const std::vector<std::string>& rowLabels,
                      const std::vector<std::string>& columnLabels, const std::string& query, int row = -1);

/// prediction: the class with the largest probability. Options: the labels; numbers: the probabilities.
QuestionAnswer prediction(const std::vector<double>& probabilities, const std::vector<std::string>& labels);

/// changes_prediction: options {"yes", "no"}; answer "yes" when the argmax of `after` differs from the
/// argmax of `before`; numbers: {probability of before's class before, the same class's after}.
QuestionAnswer changesPrediction(const std::vector<double>& before, const std::vector<double>& after);

/// better_model: which of two models scores higher; options: the names; numbers: the scores (higher
/// better; a tie goes to the first).
QuestionAnswer betterModel(const std::string& firstName, double firstScore, const std::string& secondName,
                           double secondScore, const std::string& unit);

/// top_head: which head has the highest value of the metric. `maps[h]` is head h's T x T attention
/// (rows sum to 1), `names[h]` its name ("layer 1 · head 2"). metric "attention_to": the mean over rows
/// of the weight on the column of token `query` (matched in tokenLabels as topKey matches a query);
/// "entropy": the mean row entropy in nats (query unused). Throws attn::Error for an unknown metric, a
/// token not found, no maps or maps of different shapes.
QuestionAnswer topHead(const std::vector<Matrix>& maps, const std::vector<std::string>& names,
                       const std::string& metric, const std::vector<std::string>& tokenLabels,
                       const std::string& query);

/// top_survey_head: which head has the highest mean of a head-survey metric over the whole corpus
/// (attn/analysis/survey_report.hpp; "previous": the head that looks at the previous token). `names` holds
/// every head's name, layer-major ("layer 1 · head 2"). Options: the heads the survey measured (a head
/// without a value is left out); numbers: the survey's means; answer: the largest (the first of equals).
/// Throws attn::Error for a metric that is not a survey metric, names of another count, or a metric the
/// survey did not measure (e.g. "cls" on a model without [CLS]).
QuestionAnswer topSurveyHead(const analysis::SurveyReport& survey, const std::string& metric,
                             const std::vector<std::string>& names);

} // namespace attn::session
