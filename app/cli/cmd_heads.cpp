// attnviz heads --model DIR [--corpus FILE] [--limit N] [--induction L] [--induction-inputs N] [--top K]
//               [--threads N] --json OUT
//
// The head survey (issue 54; core/include/attn/analysis/head_survey.hpp): every input of a corpus through
// the model's forward, and per layer and head the metrics of core/include/attn/analysis/head_metrics.hpp
// with each head's strongest inputs. Text models (attnviz's classifier, Hugging Face BERT, GPT-2, Llama)
// read a text file, one input per line (default: the shipped resources/corpora/english-sentences.txt);
// image models (attnviz's ViT, Hugging Face ViT) read an IDX image file (default: Debian's Fashion-MNIST
// test images when installed). Decoders also get --induction-inputs inputs BOS + r + r (default 100,
// L = 20, or what the model's positions allow).
//
// JSON keys: model {directory, family, capability, layers, heads}, corpus {file, kind ("text" |
// "images"), inputs, skipped, blank_lines}, induction {run_length, inputs, bos, seed} | null,
// distance_unit ("tokens" | "patches"), metrics [names], definitions {metric: formula}, notes [...],
// threads, seconds, heads: [{layer, head (both from 1), <metric>: mean | null, rows {<metric>: count},
// top {<metric>: [{input (from 0), line (text, from 1) | image (from 0), position (from 0), token,
// value, tokens}]}}] (layer-major), skipped_inputs [{input, line | image, reason}] (the first 20),
// warnings [...].

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "services/model_handle.hpp"
#include "services/resource_paths.hpp"

#include <QString>
#include <algorithm>
#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/text_corpus.hpp>
#include <attn/datasets/idx.hpp>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cli {

namespace {

namespace fs = std::filesystem;
using attn::analysis::Metric;

const char* const kDefaultImages = "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz";

const char* definition(Metric m) {
    switch (m) {
    case Metric::Sink:
        return "mean a[q][0]: weight on the first token";
    case Metric::Previous:
        return "mean a[q][q-1]: weight on the previous token";
    case Metric::Self:
        return "mean a[q][q]: weight on the query itself";
    case Metric::Cls:
        return "mean a[q][c], c = the [CLS] position";
    case Metric::Sep:
        return "mean of the sum of a[q][s] over the [SEP] positions s";
    case Metric::Entropy:
        return "mean -sum_j a[q][j] ln a[q][j] over the real keys (nats)";
    case Metric::Distance:
        return "mean sum_j a[q][j] |q - j| (tokens); on a ViT's grid the Euclidean distance between patches, "
               "the class token left out and the rest renormalised (patches)";
    case Metric::Induction:
        return "inputs BOS + r + r, r = L random ids: mean a[i][i-L+1] over the second run i = L+1..2L";
    }
    return "";
}

nlohmann::json number(double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

struct Corpus {
    std::string file, kind;
    std::vector<std::string> texts;
    std::vector<std::size_t> lines; // per text, 1-based line in the file
    std::shared_ptr<const attn::datasets::Images> images;
    std::size_t blankLines = 0;
};

Corpus readCorpus(const ModelHandle& model, const std::string& given, std::size_t limit) {
    Corpus c;
    if (model.imageClassifier) {
        c.kind = "images";
        c.file = given.empty() ? std::string(kDefaultImages) : given;
        if (given.empty() && !fs::exists(c.file))
            throw std::runtime_error("no --corpus given and the default Fashion-MNIST test images (" +
                                     c.file +
                                     ") are not installed (Debian package dataset-fashion-mnist); give an "
                                     "IDX image file");
        auto images = attn::datasets::readIdxImages(c.file);
        if (limit > 0 && limit < images.count) {
            images.count = limit;
            images.pixels.resize(limit * images.imageSize());
        }
        c.images = std::make_shared<const attn::datasets::Images>(std::move(images));
        return c;
    }
    c.kind = "text";
    c.file = given.empty() ? (resourceDir() + QStringLiteral("/corpora/english-sentences.txt")).toStdString()
                           : given;
    const auto corpus = attn::analysis::readTextCorpus(c.file, {}, limit);
    c.blankLines = corpus.skippedBlank;
    for (const auto& in : corpus.inputs) {
        c.texts.push_back(in.text);
        c.lines.push_back(in.line);
    }
    return c;
}

/// Where input `i` came from: {"line": n} for a text, {"image": i} for an image, {"induction": k}.
void placeOf(nlohmann::json& j, std::size_t i, const Corpus& c, const attn::analysis::SurveyPlan& plan) {
    j["input"] = i;
    if (i >= plan.corpusInputs)
        j["induction"] = i - plan.corpusInputs;
    else if (c.kind == "text")
        j["line"] = c.lines[i];
    else
        j["image"] = i;
}

} // namespace

int runHeads(const Argv& argv) {
    Args args("heads",
              "what each attention head does: metrics per layer and head over a corpus, with examples");
    args.option("model", "DIR",
                "a model folder attnviz opens: its own transformer_classifier or vit, or a Hugging Face "
                "bert, gpt2, llama or vit directory",
                true)
        .option("corpus", "FILE",
                "text models: a UTF-8 text file, one input per line (default: the shipped "
                "resources/corpora/english-sentences.txt); image models: an IDX image file, plain or .gz "
                "(default: Fashion-MNIST's test images when installed)")
        .option("limit", "N", "only the first N inputs of the corpus (default: all)")
        .option("induction", "L",
                "decoders: the length of the random run r of the induction inputs BOS + r + r (default 20, "
                "or what the model's positions allow; 0 = none)")
        .option("induction-inputs", "N", "decoders: how many induction inputs (default 100)")
        .option("top", "K", "examples kept per head and metric (default 10)")
        .option("threads", "N", "worker threads (default: every core)")
        .option("json", "OUT", "write the survey as JSON to OUT ('-' = stdout)", true);
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "heads", std::cerr))
        return 2;
    const auto limit = args.integer("limit", 0, std::cerr), top = args.integer("top", 10, std::cerr),
               threads = args.integer("threads", 0, std::cerr),
               inductionInputs = args.integer("induction-inputs", 100, std::cerr),
               induction = args.integer("induction", -1, std::cerr);
    if (!limit || !top || !threads || !inductionInputs || !induction)
        return 2;
    auto refuse = [](const std::string& what) {
        std::cerr << "attnviz heads: " << what << '\n';
        return 2;
    };
    if (args.has("limit") && *limit < 1)
        return refuse("--limit must be 1 or more (or left out for the whole corpus)");
    if (*top < 1 || *top > 1000)
        return refuse("--top must be between 1 and 1000");
    if (*threads < 0 || *threads > 1024)
        return refuse("--threads must be between 1 and 1024 (or left out for every core)");
    if (*inductionInputs < 0 || *inductionInputs > 100000)
        return refuse("--induction-inputs must be between 0 and 100000");
    if (args.has("induction") && (*induction < 0 || *induction > 100000))
        return refuse("--induction must be between 0 and 100000");

    const ModelHandle model = readModel(QString::fromStdString(*args.value("model")));
    if (!model.causalLm && args.has("induction") && *induction > 0)
        return refuse("--induction is for decoders (gpt2, llama); " + *args.value("model") + " is a " +
                      model.kind.family + " model");
    if (!model.causalLm && !model.textClassifier && !model.textEncoder && !model.imageClassifier)
        throw std::runtime_error(*args.value("model") + " is a " + model.kind.family +
                                 " model; the head survey needs self-attention (a text classifier, text "
                                 "encoder, decoder or ViT)");
    const Corpus corpus = readCorpus(model, args.valueOr("corpus", ""), static_cast<std::size_t>(*limit));

    attn::analysis::InductionOptions io;
    if (model.causalLm) {
        const int positions = model.causalLm->maxPositions();
        io.run = args.has("induction") ? static_cast<int>(*induction)
                                       : (positions > 0 ? std::min(20, (positions - 1) / 2) : 20);
        io.inputs = io.run > 0 ? static_cast<std::size_t>(*inductionInputs) : 0;
    }
    const attn::analysis::SurveyPlan plan = corpus.images
                                                ? attn::analysis::planImageSurvey(model, corpus.images)
                                                : attn::analysis::planTextSurvey(model, corpus.texts, io);
    attn::analysis::SurveyOptions options;
    options.topK = static_cast<int>(*top);
    options.threads = static_cast<unsigned>(*threads);
    const attn::analysis::HeadSurvey s = attn::analysis::runSurvey(plan, options);
    if (s.skipped == s.records.size())
        throw std::runtime_error(
            "no input could be run; the first: " +
            (s.records.empty() ? std::string("(the corpus is empty)") : s.records[0].skipped));

    nlohmann::json out;
    out["model"] = {{"directory", *args.value("model")},
                    {"family", model.kind.family},
                    {"capability", plan.capability},
                    {"layers", plan.layers},
                    {"heads", plan.heads}};
    out["corpus"] = {{"file", corpus.file},
                     {"kind", corpus.kind},
                     {"inputs", plan.corpusInputs},
                     {"skipped", s.skipped},
                     {"blank_lines", corpus.blankLines}};
    out["induction"] = plan.inductionInputs > 0 ? nlohmann::json{{"run_length", plan.inductionRun},
                                                                 {"inputs", plan.inductionInputs},
                                                                 {"bos", plan.inductionBos},
                                                                 {"seed", io.seed}}
                                                : nlohmann::json(nullptr);
    out["distance_unit"] = plan.distanceUnit;
    out["metrics"] = nlohmann::json::array();
    out["definitions"] = nlohmann::json::object();
    for (Metric m : attn::analysis::kMetrics) {
        out["metrics"].push_back(std::string(attn::analysis::metricName(m)));
        out["definitions"][std::string(attn::analysis::metricName(m))] = definition(m);
    }
    out["definitions"]["rows"] = "every query position q >= 1 that is not padding; position 0 (BOS, [CLS], "
                                 "the first word) is no query row";
    out["notes"] = plan.notes;
    out["threads"] = s.threads;
    out["seconds"] = s.seconds;
    out["heads"] = nlohmann::json::array();
    const auto& hm = s.metrics;
    for (int l = 0; l < plan.layers; ++l)
        for (int h = 0; h < plan.heads; ++h) {
            nlohmann::json head = {{"layer", l + 1}, {"head", h + 1}};
            nlohmann::json rows = nlohmann::json::object(), tops = nlohmann::json::object();
            for (Metric m : attn::analysis::kMetrics) {
                const std::string name(attn::analysis::metricName(m));
                head[name] = number(hm.mean(l, h, m));
                rows[name] = hm.sum(l, h, m).rows;
                if (!attn::analysis::hasExamples(m))
                    continue;
                tops[name] = nlohmann::json::array();
                for (const auto& e : hm.top(l, h, m)) {
                    nlohmann::json ex;
                    placeOf(ex, e.input, corpus, plan);
                    const auto& tokens = s.records[e.input].tokens;
                    ex["position"] = e.position;
                    ex["token"] = static_cast<std::size_t>(e.position) < tokens.size()
                                      ? tokens[static_cast<std::size_t>(e.position)]
                                      : std::string();
                    ex["value"] = e.value;
                    ex["tokens"] = tokens;
                    tops[name].push_back(ex);
                }
            }
            head["rows"] = rows;
            head["top"] = tops;
            out["heads"].push_back(head);
        }
    out["skipped_inputs"] = nlohmann::json::array();
    std::vector<std::string> warnings;
    for (std::size_t i = 0; i < s.records.size(); ++i) {
        const auto& r = s.records[i];
        if (!r.skipped.empty() && out["skipped_inputs"].size() < 20) {
            nlohmann::json j;
            placeOf(j, i, corpus, plan);
            j["reason"] = r.skipped;
            out["skipped_inputs"].push_back(j);
        }
        for (const auto& w : r.warnings)
            if (warnings.size() < 20)
                warnings.push_back("input " + std::to_string(i) + ": " + w);
    }
    out["warnings"] = warnings;

    const std::string path = *args.value("json");
    writeJson(path, out, 1);
    if (path == "-")
        return 0;

    // A summary: per metric, the three heads that score highest (lowest for entropy).
    std::cout << "attnviz heads: " << plan.corpusInputs << " inputs";
    if (plan.inductionInputs > 0)
        std::cout << " + " << plan.inductionInputs << " induction inputs (L = " << plan.inductionRun << ")";
    std::cout << " through " << plan.layers << " x " << plan.heads << " heads (" << plan.capability << ") in "
              << std::fixed << std::setprecision(2) << s.seconds << " s on " << s.threads << " threads";
    if (s.skipped > 0)
        std::cout << "; " << s.skipped << " skipped";
    std::cout << '\n';
    for (Metric m : attn::analysis::kMetrics) {
        std::vector<std::pair<double, std::string>> ranked;
        for (int l = 0; l < plan.layers; ++l)
            for (int h = 0; h < plan.heads; ++h)
                if (const double v = hm.mean(l, h, m); std::isfinite(v))
                    ranked.push_back({m == Metric::Entropy ? -v : v,
                                      "L" + std::to_string(l + 1) + "H" + std::to_string(h + 1)});
        if (ranked.empty())
            continue;
        std::sort(ranked.begin(), ranked.end(),
                  [](const auto& a, const auto& b) { return a.first > b.first; });
        std::ostringstream line;
        line << std::fixed << std::setprecision(3);
        for (std::size_t k = 0; k < std::min<std::size_t>(3, ranked.size()); ++k)
            line << (k ? ", " : "") << ranked[k].second << ' '
                 << (m == Metric::Entropy ? -ranked[k].first : ranked[k].first);
        std::cout << "  " << std::left << std::setw(10) << attn::analysis::metricName(m)
                  << (m == Metric::Entropy ? "lowest: " : "highest: ") << line.str() << '\n';
    }
    std::cout << "  written to " << path << '\n';
    return 0;
}

} // namespace cli
