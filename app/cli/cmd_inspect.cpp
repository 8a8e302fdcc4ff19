// attnviz inspect --model DIR (--text TEXT | --image PATH [--index N]) [--json OUT] [--png OUT]
//
// Runs a checkpoint directory (attn::loadModel) on a text or an image and writes what it predicts plus
// every attention map as JSON. Keys (fixed by the checkpoint-engine issue; add, never rename):
//   architecture, input_tokens ("[CLS]" then "r{row}c{col}" per patch for vit), prediction {label, index,
//   probabilities} (classifiers), output_tokens (seq2seq), attention {encoder: [layer][head][T][T]} or
//   {alignment: [output step][source token]} (absent for seq2seq with attention "none").
// Extra keys: logits, source_ids / input_ids, key_allowed, warnings; seq2seq also input_words,
// output_words, output_text (the words the tokens spell: a SentencePiece model's pieces joined, eos
// left out), input_word_of / output_word_of (each token's word index, -1 for eos), pieces (true for
// SentencePiece tokens) and, with attention, attention.alignment_words [output word][source word]
// (columns summed over a word's pieces, rows averaged: attn::wordAlignment).
// Images: PNG / JPEG (through QImage, here only), IDX image files (MNIST-style) and CIFAR-10 binary
// batches (also .gz), picking image --index N (default 0); decoding is shared with the Vision page
// (app/services/image_io).

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/headless.hpp"
#include "cli/hf_cli.hpp"
#include "cli/image_option.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "cli/render_page.hpp"
#include "cli/use_cli.hpp"
#include "services/model_handle.hpp"

#include <QCoreApplication>
#include <QImage>
#include <QString>
#include <array>
#include <attn/checkpoint.hpp>
#include <attn/datasets/cifar10.hpp>
#include <attn/datasets/idx.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>

namespace cli {

namespace {

nlohmann::json classifierJson(const ModelHandle& model, const attn::ClassifierResult& r) {
    nlohmann::json j;
    j["architecture"] = model.kind.family;
    j["input_tokens"] = r.tokens;
    if (!r.ids.empty())
        j["input_ids"] = r.ids;
    j["prediction"] = {
        {"label", r.predictedLabel}, {"index", r.predicted}, {"probabilities", r.probabilities}};
    j["logits"] = r.logits;
    j["key_allowed"] = r.keyAllowed;
    j["attention"] = {{"encoder", stackJson(r.attention)}};
    j["warnings"] = r.warnings;
    return j;
}

} // namespace

int runInspect(const Argv& argv) {
    if (const auto rc = runHfInspect(argv)) // Hugging Face directories: app/cli/cmd_hf_inspect.cpp
        return *rc;
    if (const auto rc = runUseInspect(argv)) // TensorFlow.js sentence encoders: app/cli/cmd_use_inspect.cpp
        return *rc;
    Args args("inspect", "run a checkpoint on a text or an image and dump its prediction and attention");
    args.option("model", "DIR", "checkpoint directory (config.json, model.safetensors, vocab files)", true)
        .option("text", "TEXT", "input sentence (transformer_classifier, seq2seq_attention)")
        .option("image", "PATH", "input image (vit): PNG, JPEG, IDX (MNIST-style) or CIFAR-10 .bin")
        .option("index", "N", "which image of an IDX / CIFAR-10 file, counted from 0 (default 0)")
        .option("beam", "N", "seq2seq_attention: beam search of width N (1..64; default 1 = greedy)")
        .option("given", "TEXT",
                "seq2seq_attention: give the decoder this translation instead of letting it choose (teacher "
                "forcing); the JSON then holds each token's probability and the perplexity")
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)")
        .option("png", "OUT", "also write what the model's page shows for this input (as 'attnviz render')");
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "inspect", std::cerr))
        return 2;
    const auto index = args.integer("index", 0, std::cerr);
    if (!index)
        return 2;
    const auto beam = args.integer("beam", 1, std::cerr);
    if (!beam)
        return 2;
    if (*beam < 1 || *beam > 64) {
        std::cerr << "attnviz inspect: --beam must be between 1 and 64, got " << *beam << "\n";
        return 2;
    }
    if (args.has("text") == args.has("image")) {
        std::cerr << "attnviz inspect: give exactly one of --text or --image\n" << args.usage();
        return 2;
    }

    const QString modelDir = QString::fromStdString(*args.value("model"));
    const ModelHandle handle = readModel(modelDir); // the only read, also for --png
    const std::vector<std::string>& warnings = handle.warnings;

    nlohmann::json out;
    std::string summary;
    if (const auto& tc = handle.textClassifier) {
        if (!args.has("text"))
            throw std::runtime_error("this model (" + handle.kind.family + ") takes --text");
        const auto r = tc->classify(*args.value("text"));
        out = classifierJson(handle, r);
        summary = r.predictedLabel +
                  " (p=" + std::to_string(r.probabilities[static_cast<std::size_t>(r.predicted)]) + ")";
    } else if (const auto& s2s = handle.translator) {
        if (!args.has("text"))
            throw std::runtime_error("this model (" + handle.kind.family + ") takes --text");
        const std::optional<std::string> givenText = args.value("given");
        if (givenText && *beam != 1)
            throw std::runtime_error(
                "--given and --beam exclude each other: a given translation is not searched");
        const std::vector<int> given = givenText ? s2s->targetIds(*givenText) : std::vector<int>();
        if (givenText && given.empty())
            throw std::runtime_error("--given has no words to give the decoder");
        const auto r = givenText ? s2s->translateForced(*args.value("text"), given, false)
                                 : s2s->translate(*args.value("text"), 0, attn::Seq2SeqModel::kDefaultTopK,
                                                  static_cast<int>(*beam));
        out["architecture"] = handle.kind.family;
        out["beam_width"] = r.beamWidth;
        out["forced_steps"] = r.forcedSteps;
        out["output_probabilities"] = r.outputProbabilities;
        out["perplexity"] = attn::outputPerplexity(r);
        out["input_tokens"] = r.sourceTokens;
        out["source_ids"] = r.sourceIds;
        out["output_tokens"] = r.outputTokens;
        out["output_ids"] = r.outputIds;
        out["input_words"] = r.sourceWords;
        out["output_words"] = r.outputWords;
        out["input_word_of"] = r.sourceWordOf;
        out["output_word_of"] = r.outputWordOf;
        out["output_text"] = attn::outputText(r);
        out["pieces"] = r.pieces;
        if (r.hasAttention)
            out["attention"] = {{"alignment", matrixJson(r.alignment)},
                                {"alignment_words", matrixJson(attn::wordAlignment(r))}};
        out["warnings"] = r.warnings;
        summary = attn::outputText(r);
    } else if (const auto& vit = handle.imageClassifier) {
        if (!args.has("image"))
            throw std::runtime_error("this model (" + handle.kind.family + ") takes --image");
        ensureHeadlessApp(); // QImage's format plugins need an application object
        const auto img = readImageOption(*args.value("image"),
                                         args.has("index") ? std::optional<long>(*index) : std::nullopt);
        const auto r = vit->classify(img);
        out = classifierJson(handle, r);
        summary = r.predictedLabel +
                  " (p=" + std::to_string(r.probabilities[static_cast<std::size_t>(r.predicted)]) + ")";
    }
    for (const auto& w : warnings)
        out["warnings"].push_back(w);

    if (const auto png = args.value("png")) {
        // The picture is the page's: the same renderPage as `attnviz render`, with the model read above.
        RenderRequest req;
        req.view = viewFor(handle);
        req.text = QString::fromStdString(args.valueOr("text", ""));
        if (const auto image = args.value("image"))
            req.image = QString::fromStdString(*image);
        req.index = static_cast<int>(*index);
        req.png = QString::fromStdString(*png);
        if (const int rc = renderPage(req, handle, modelDir, std::cerr, "inspect"); rc != 0)
            return rc;
    }

    const auto jsonOut = args.value("json");
    if (jsonOut)
        writeJson(*jsonOut, out);
    if (!jsonOut || *jsonOut != "-") {
        std::cout << out["architecture"].get<std::string>() << ": " << summary << '\n';
        for (const auto& w : out["warnings"])
            std::cerr << "warning: " << w.get<std::string>() << '\n';
    }
    return 0;
}

} // namespace cli
