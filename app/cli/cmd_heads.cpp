// attnviz heads --model DIR [--corpus FILE] [--limit N] [--induction L] [--induction-inputs N] [--top K]
//               [--threads N] --json OUT
//
// The head survey (issue 54; core/include/attn/analysis/head_survey.hpp): every input of a corpus through
// the model's forward, and per layer and head the metrics of core/include/attn/analysis/head_metrics.hpp
// with each head's strongest inputs. Text models (attnviz's classifier, Hugging Face BERT, GPT-2, Llama)
// read a text file, one input per line (default: the shipped resources/corpora/english-sentences.txt);
// the Universal Sentence Encoder lite (its TensorFlow.js folder) reads the same text corpus;
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
#include "services/head_survey_run.hpp"
#include "services/model_handle.hpp"

#include <QString>
#include <algorithm>
#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/survey_report.hpp>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cli {

namespace {
using attn::analysis::Metric;
} // namespace

int runHeads(const Argv& argv) {
    Args args("heads",
              "what each attention head does: metrics per layer and head over a corpus, with examples");
    args.option("model", "DIR",
                "a model folder attnviz opens: its own transformer_classifier or vit, a Hugging Face "
                "bert, gpt2, llama or vit directory, or the Universal Sentence Encoder lite's folder",
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
    if (!surveyable(model))
        throw std::runtime_error(*args.value("model") + " is a " + model.kind.family +
                                 " model; the head survey needs self-attention (a text classifier, text "
                                 "or sentence encoder, decoder or ViT)");
    const SurveyCorpus corpus =
        readSurveyCorpus(model, args.valueOr("corpus", ""), static_cast<std::size_t>(*limit));
    HeadSurveyOptions options;
    options.inductionRun = args.has("induction") ? static_cast<int>(*induction) : -1;
    options.inductionInputs = static_cast<std::size_t>(*inductionInputs);
    options.topK = static_cast<int>(*top);
    // --threads (addMemoryBudgetOption) sets the core's thread count and the survey's workers alike.
    options.threads = static_cast<unsigned>(*threads);
    const attn::analysis::SurveyReport report = runHeadSurvey(model, *args.value("model"), corpus, options);

    const std::string path = *args.value("json");
    writeJson(path, attn::analysis::reportJson(report), 1);
    if (path == "-")
        return 0;

    // A summary: per metric, the three heads that score highest (lowest for entropy).
    std::cout << "attnviz heads: " << report.corpusInputs << " inputs";
    if (report.inductionInputs > 0)
        std::cout << " + " << report.inductionInputs << " induction inputs (L = " << report.inductionRun
                  << ")";
    std::cout << " through " << report.layers << " x " << report.heads << " heads (" << report.capability
              << ") in " << std::fixed << std::setprecision(2) << report.seconds << " s on " << report.threads
              << " threads";
    if (report.skipped > 0)
        std::cout << "; " << report.skipped << " skipped";
    std::cout << '\n';
    for (Metric m : attn::analysis::kMetrics) {
        const auto ranked = attn::analysis::rankHeads(report, m);
        if (ranked.empty())
            continue;
        std::ostringstream line;
        line << std::fixed << std::setprecision(3);
        for (std::size_t k = 0; k < std::min<std::size_t>(3, ranked.size()); ++k)
            line << (k ? ", " : "") << 'L' << ranked[k].first + 1 << 'H' << ranked[k].second + 1 << ' '
                 << report.mean(ranked[k].first, ranked[k].second, m);
        std::cout << "  " << std::left << std::setw(10) << attn::analysis::metricName(m)
                  << (m == Metric::Entropy ? "lowest: " : "highest: ") << line.str() << '\n';
    }
    std::cout << "  written to " << path << '\n';
    return 0;
}

} // namespace cli
