// attnviz explain --model DIR (--text TEXT | --image PATH [--index N])
//                 --method raw|rollout|flow|valuenorm|gradient|ablation|all [--json OUT]
//                 [--png OUT [--width PX --height PX]]
//
// Explanation methods side by side (issue 17; the methods are core/include/attn/explain/). JSON keys:
//   model_input {tokens, unknown (indices of the tokens not in the vocabulary) | patches}, prediction {label,
//   index, probability}, relevance {method: [one value per word / patch]}, deletion_curve {method: [p_c after
//   removing the k most relevant, k = 0..n-1]}, deletion_order {method: [...]}, aopc {method: x},
//   rank_correlation {a: {b: Spearman ρ}}, head_effect [layer][head] (ablation: p_c - p_c with the head
//   zeroed), uniform_effect [layer][head] (Jain & Wallace: the head's weights made uniform),
//   permuted_effect [layer][head] (Jain & Wallace: each row of the head's weights permuted over the real
//   keys, seed permutation_seed), ablated/uniform/permuted_prediction [layer][head],
//   removal ("pad token, masked" for text, "patch set to 0 after normalisation (the dataset mean)" for vit).
// --model takes attnviz's transformer_classifier and vit checkpoints and Hugging Face
// BertForSequenceClassification / ViTForImageClassification directories (attn/explain/hf_subject.hpp:
// the inputs of a bert are the tokens between [CLS] and [SEP]).
// `gradient` is Chefer et al. 2021's gradient-weighted relevance (core/include/attn/explain/
// gradient_relevance.hpp) on the encoder backward pass (core/include/attn/layers/backward.hpp).
// --png draws the pages' explanation panel (explain_png.hpp); the JSON then holds the panel's numbers.

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/explain_png.hpp"
#include "cli/headless.hpp"
#include "cli/image_option.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "pages/explain/explain_job.hpp"
#include "services/model_handle.hpp"

#include <attn/checkpoint.hpp>
#include <attn/explain/explain.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cli {

namespace {

std::vector<std::string> splitMethods(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

} // namespace

int runExplain(const Argv& argv) {
    Args args("explain", "explanation methods side by side: relevance, deletion curves, AOPC, head ablation");
    args.option("model", "DIR",
                "checkpoint directory (transformer_classifier or vit) or Hugging Face bert / vit classifier",
                true)
        .option("text", "TEXT", "input sentence (transformer_classifier, bert)")
        .option("image", "PATH", "input image (vit): PNG, JPEG, IDX (MNIST-style) or CIFAR-10 .bin")
        .option("index", "N", "which image of an IDX / CIFAR-10 file, counted from 0 (default 0)")
        .option("method", "M",
                "raw|rollout|flow|valuenorm|gradient|ablation|all (comma-separated list allowed)", true)
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)")
        .option("png", "OUT",
                "draw the explanation panel (methods side by side, deletion curves, head "
                "grid) to OUT (.png, .svg or .pdf)")
        .option("width", "PX", "picture width with --png (default 1400)")
        .option("height", "PX", "picture height with --png (default 900)");
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "explain", std::cerr))
        return 2;
    const auto index = args.integer("index", 0, std::cerr);
    const auto width = args.integer("width", 1400, std::cerr),
               height = args.integer("height", 900, std::cerr);
    if (!index || !width || !height)
        return 2;
    if (*width < 200 || *height < 200 || *width > 8000 || *height > 8000) {
        std::cerr << "attnviz explain: --width and --height must be between 200 and 8000\n";
        return 2;
    }
    if (args.has("text") == args.has("image")) {
        std::cerr << "attnviz explain: give exactly one of --text or --image\n" << args.usage();
        return 2;
    }
    const auto methods = splitMethods(*args.value("method"));

    const ModelHandle handle = readModel(QString::fromStdString(*args.value("model")));
    const auto& model = handle;
    const bool huggingFace = handle.kind.huggingFace;
    std::unique_ptr<attn::explain::Subject> subject;
    ExplainPngRequest png{model,
                          args.valueOr("text", ""),
                          std::nullopt,
                          {},
                          methods,
                          args.valueOr("png", ""),
                          static_cast<int>(*width),
                          static_cast<int>(*height)};
    std::string removal;
    nlohmann::json out;
    if (handle.textClassifier) {
        if (!args.has("text"))
            throw std::runtime_error("this model (" + handle.kind.family + ") takes --text");
        subject = explainview::makeSubject(model, QString::fromStdString(*args.value("text")), std::nullopt);
        removal = huggingFace ? "token replaced by pad_token_id and masked like padding (attention_mask 0)"
                              : "word replaced by the pad token and masked like padding";
        // Words the vocabulary lacks: as typed (the model read its unknown token) and listed by index.
        explainview::Outcome words;
        words.labels = subject->inputLabels();
        words.positions = subject->inputPositions();
        explainview::markUnknownWords(model, QString::fromStdString(*args.value("text")), words);
        std::vector<std::size_t> unknown;
        for (std::size_t i = 0; i < words.unknown.size(); ++i)
            if (words.unknown[i])
                unknown.push_back(i);
        out["model_input"] = {{"tokens", words.labels}, {"unknown", unknown}};
    } else if (handle.imageClassifier) {
        if (!args.has("image"))
            throw std::runtime_error("this model (" + handle.kind.family + ") takes --image");
        ensureHeadlessApp(); // QImage's format plugins (JPEG ...) need an application object
        png.image = readImageOption(*args.value("image"),
                                    args.has("index") ? std::optional<long>(*index) : std::nullopt);
        png.shown = handle.imageClassifier->resized(*png.image);
        subject = explainview::makeSubject(model, {}, png.image);
        removal = "patch set to 0 after normalisation (the dataset mean pixel)";
        out["model_input"] = {{"patches", subject->inputLabels()}};
    } else {
        throw std::runtime_error("explain works on transformer_classifier and vit checkpoints and on Hugging "
                                 "Face bert and vit classifiers");
    }

    const auto e = args.has("png") ? renderExplainPanel(png) : attn::explain::explain(*subject, methods);
    const auto c = static_cast<std::size_t>(e.base.predicted);
    out["prediction"] = {{"label", e.base.predictedLabel},
                         {"index", e.base.predicted},
                         {"probability", e.base.probabilities[c]}};
    out["removal"] = removal;
    out["relevance"] = nlohmann::json::object();
    out["deletion_curve"] = nlohmann::json::object();
    out["deletion_order"] = nlohmann::json::object();
    out["aopc"] = nlohmann::json::object();
    for (const auto& [name, r] : e.methods) {
        out["relevance"][name] = r.relevance;
        out["deletion_curve"][name] = r.deletion.probability;
        out["deletion_order"][name] = r.deletion.order;
        out["aopc"][name] = r.deletion.aopc;
    }
    out["rank_correlation"] = e.rankCorrelation;
    if (e.ablation) {
        out["head_effect"] = e.ablation->effect;
        out["uniform_effect"] = e.ablation->uniform;
        out["ablated_prediction"] = e.ablation->ablatedPrediction;
        out["uniform_prediction"] = e.ablation->uniformPrediction;
        out["permuted_effect"] = e.ablation->permuted;
        out["permuted_prediction"] = e.ablation->permutedPrediction;
        out["permutation_seed"] = e.ablation->permutationSeed;
    }
    out["warnings"] = e.base.warnings;

    if (auto path = args.value("json")) {
        writeJson(*path, out, 1);
        if (*path == "-")
            return 0;
    }
    std::cout << "prediction: " << e.base.predictedLabel << " p=" << std::fixed << std::setprecision(4)
              << e.base.probabilities[c] << ", " << subject->inputCount() << " inputs\n";
    for (const auto& [name, r] : e.methods)
        std::cout << "  " << std::setw(10) << std::left << name << " AOPC " << r.deletion.aopc << '\n';
    if (e.ablation)
        std::cout << "  head ablation: " << e.ablation->effect.size() << " layers x "
                  << (e.ablation->effect.empty() ? 0 : e.ablation->effect.front().size()) << " heads\n";
    return 0;
}

} // namespace cli
