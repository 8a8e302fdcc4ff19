#pragma once
// A head survey as a plain value and as JSON (issue 54): what `attnviz heads --json` writes, what the
// Heads page shows and exports and what its cache keeps on disk. One writer and one reader, so that the
// CLI's file, the page's export and the cache are the same text.
//
//   SurveySource source{.modelDirectory = dir, .family = "transformer_classifier",
//                       .corpusFile = file, .corpusKind = "text", .lines = lines};
//   const SurveyReport r = makeReport(plan, runSurvey(plan), source);
//   const nlohmann::json j = reportJson(r);        // the CLI's JSON
//   const SurveyReport back = parseReport(j, path); // strict: every key checked, attn::Error naming it
//
// JSON keys (layers and heads counted from 1, inputs and positions from 0): model {directory, family,
// capability, layers, heads}, corpus {file, kind ("text" | "images"), inputs, skipped, blank_lines},
// induction {run_length, inputs, bos, seed} | null, distance_unit ("tokens" | "patches"), metrics
// [names], definitions {metric: formula, rows}, notes [...], threads, seconds, heads: [{layer, head,
// <metric>: mean | null, rows {<metric>: count}, top {<metric>: [{input, line | image | induction,
// position, token, value, tokens}]}}] (layer-major), skipped_inputs [{input, line | image | induction,
// reason}] (the first 20), warnings [...] (the first 20).
//
// Every number is core's: the means are HeadMetrics::mean (NaN = no row, null in JSON) and come back
// from the JSON as the same doubles (nlohmann writes the shortest text that reads back to the same bits).

#include <array>
#include <attn/analysis/head_metrics.hpp>
#include <attn/analysis/head_survey.hpp>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::analysis {

/// Where an input came from: a line of a text file (from 1), an image of an image file (from 0), or the
/// k-th generated induction input (from 0).
struct InputPlace {
    enum class Kind { Line, Image, Induction };
    Kind kind = Kind::Line;
    std::size_t index = 0;
    bool operator==(const InputPlace&) const = default;
};

/// What the survey ran on, beside the plan: the model folder, the corpus file and each input's line.
struct SurveySource {
    std::string modelDirectory;
    std::string family; ///< LoadedModel::kind.family
    std::string corpusFile;
    std::string corpusKind = "text";  ///< "text" | "images"
    std::vector<std::size_t> lines;   ///< text: per corpus input, its line in the file (from 1)
    std::size_t blankLines = 0;       ///< text: blank lines the corpus reader skipped
    std::uint64_t inductionSeed = 54; ///< InductionOptions::seed
};

struct ReportExample {
    std::size_t input = 0; ///< the plan's input (from 0)
    InputPlace place;
    int position = 0;  ///< the query row (from 0)
    std::string token; ///< the token at `position`
    double value = 0;  ///< the row's value of the metric
    std::vector<std::string> tokens;
    bool operator==(const ReportExample&) const = default;
};

struct ReportHead {
    int layer = 1, head = 1;                                  ///< from 1, as on screen
    std::array<double, kMetricCount> mean{};                  ///< NaN when no row was counted
    std::array<std::int64_t, kMetricCount> rows{};            ///< counted rows per metric
    std::array<std::vector<ReportExample>, kMetricCount> top; ///< best first; empty without examples
};

struct SkippedInput {
    std::size_t input = 0;
    InputPlace place;
    std::string reason;
    bool operator==(const SkippedInput&) const = default;
};

struct SurveyReport {
    std::string modelDirectory, family, capability;
    int layers = 0, heads = 0;
    std::string corpusFile, corpusKind = "text";
    std::size_t corpusInputs = 0, skipped = 0, blankLines = 0;
    int inductionRun = 0; ///< 0 with inductionInputs == 0: no induction inputs (null in JSON)
    std::size_t inductionInputs = 0;
    int inductionBos = -1;
    std::uint64_t inductionSeed = 54;
    std::string distanceUnit = "tokens";
    std::vector<std::string> notes;
    unsigned threads = 0;
    double seconds = 0;
    std::vector<ReportHead> headList; ///< layer-major, layers * heads entries
    std::vector<SkippedInput> skippedInputs;
    std::vector<std::string> warnings;

    /// The head at 0-based (layer, head); throws std::out_of_range outside the model.
    const ReportHead& at(int layer, int head) const;
    /// The mean of `m` at 0-based (layer, head).
    double mean(int layer, int head, Metric m) const { return at(layer, head).mean[index(m)]; }
    /// True when some head has a defined mean of `m` (e.g. [CLS] only where the model has one).
    bool measured(Metric m) const;
    static std::size_t index(Metric m) { return static_cast<std::size_t>(m); }
};

inline constexpr std::size_t kReportSkippedShown = 20;
inline constexpr std::size_t kReportWarningsShown = 20;

/// The formula of `m` in one English sentence (the JSON's "definitions").
std::string_view metricDefinition(Metric m);
/// The metric of name `name` (metricName's names), or nullopt.
std::optional<Metric> metricOfName(std::string_view name);

/// The report of `survey` (run on `plan`): means, rows, examples with their tokens and places.
SurveyReport makeReport(const SurveyPlan& plan, const HeadSurvey& survey, const SurveySource& source);

/// The JSON of the keys above.
nlohmann::json reportJson(const SurveyReport& report);

/// Reads reportJson's form back. Strict: every key above must be there with its type (an unknown key is
/// refused too), layers * heads heads in layer-major order, positions inside their tokens. Throws
/// attn::Error naming `source` and the key (e.g. "heads[3].top.previous[0].value").
SurveyReport parseReport(const nlohmann::json& json, const std::string& source);

/// The heads ranked by `m`, highest first (lowest first for entropy), heads without a value left out:
/// (layer, head) 0-based. Ties: the lower layer, then the lower head.
std::vector<std::pair<int, int>> rankHeads(const SurveyReport& report, Metric m);

} // namespace attn::analysis
