// attnviz layer --model DIR --text TEXT [--layer N] [--json OUT] [what-if options]
//
// One encoder layer of a text checkpoint (transformer_classifier), every intermediate of the engine's
// traced forward (attn::TransformerClassifier::traceWords, the same forward the Transformer page shows).
// JSON keys (fixed by issue 14; add, never rename), each [T][d] unless noted:
//   input_tokens, embeddings, positions, input (the layer's input), q, k, v [head][T][d/h], scores,
//   scaled [head][T][T], mask [T][T] (1 = may attend), weights [head][T][T], heads_out [head][T][d/h],
//   concat, attn_out, residual1, norm1, ff_hidden [T][ff_dim], ff_out, residual2, norm2, output,
//   mean / var {norm1: [T], norm2: [T]}, prediction {before, after: {label, index, probabilities, logits}}.
// Extra keys: model, layer, n_layers, n_heads, d_model, ff_dim, norm_first, activation, positional, ids,
//   key_allowed, cost [{n, scores, seconds, repeats}] (with --cost), encoder_input, attn_input, ff_input,
//   ff_pre [T][ff_dim], scale, norms {norm1, norm2: {gain, bias, eps}}, what_if {...}, order (with
//   --shuffle), weights_before [head][T][T], warnings.
// What-ifs act on --layer N (positions, shuffle and the mask on the whole model); "before" is the
// sentence as typed through the unchanged model (same padding).

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "services/model_handle.hpp"

#include <QString>
#include <attn/attention_cost.hpp>
#include <attn/checkpoint.hpp>
#include <attn/hf/load.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cli {

namespace {

nlohmann::json vec(const attn::Vector& v) {
    return std::vector<float>(v.data(), v.data() + v.size());
}

nlohmann::json maskJson(const attn::Mask& m) {
    nlohmann::json rows = nlohmann::json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.push_back(static_cast<int>(m(r, c)));
        rows.push_back(std::move(row));
    }
    return rows;
}

nlohmann::json predictionJson(const attn::ClassifierResult& r) {
    return {{"label", r.predictedLabel},
            {"index", r.predicted},
            {"probabilities", r.probabilities},
            {"logits", r.logits}};
}

/// Reads an integer option that must lie in [lo, hi]; -1 (absent) when not given.
bool intOption(const Args& args, const std::string& name, long lo, long hi, long& out) {
    out = -1;
    if (!args.has(name))
        return true;
    auto v = args.integer(name, -1, std::cerr);
    if (!v)
        return false;
    if (*v < lo || *v > hi) {
        std::cerr << "attnviz layer: --" << name << " must be in [" << lo << ", " << hi << "], got " << *v
                  << '\n';
        return false;
    }
    out = *v;
    return true;
}

} // namespace

int runLayer(const Argv& argv) {
    Args args("layer",
              "Every intermediate of one encoder layer of a text checkpoint (transformer_classifier):\n"
              "embeddings, positions, q/k/v per head, scores, mask, softmax weights, head outputs,\n"
              "Wo, both residuals and layer norms (mean, variance), the feed-forward hidden layer and\n"
              "the output, with optional what-if switches and the prediction before and after.");
    args.option("model", "DIR", "checkpoint directory (config.json, model.safetensors, vocab.txt)", true)
        .option("text", "TEXT", "the sentence", true)
        .option("layer", "N",
                "the layer to dump and to apply layer switches to, counted from 0 (default 0; the page's "
                "layer N+1)")
        .option("json", "OUT", "write every intermediate as JSON ('-' = stdout)")
        .flag("no-positions", "what-if: add no positional encoding")
        .option("shuffle", "SEED", "what-if: shuffle the words (seeded; combine with --no-positions)")
        .option("no-residual", "1|2", "what-if: remove the residual around attention (1) or the FFN (2)")
        .option("ablate-head", "H",
                "what-if: zero head H's output before Wo (H counted from 0; the page's head H+1)")
        .option(
            "uniform-head", "H",
            "what-if: head H attends uniformly over the allowed keys (H counted from 0; the page's head H+1)")
        .flag("no-mask", "what-if: do not mask the padding (use with --pad-to)")
        .option("pad-to", "N", "pad the sentence with the pad token up to N positions")
        .flag("cost", "also measure the cost of attention: one forward of the layer for n = 8 ... 512");
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "layer", std::cerr))
        return 2;
    // A Hugging Face directory has model_type, not architecture: say what `layer` reads and where that
    // model goes instead ("key 'architecture' is missing" told neither).
    if (attn::hf::isHfDirectory(*args.value("model"))) {
        std::cerr << "attnviz layer: " << *args.value("model")
                  << " is a Hugging Face model (config.json has model_type, not architecture); 'layer' "
                     "dumps attnviz's own text encoders (architecture transformer_classifier, e.g. "
                     "resources/models/sentiment). For a Hugging Face model's attention use 'attnviz inspect "
                     "--model DIR --text TEXT'\n";
        return 1;
    }
    std::shared_ptr<const attn::TransformerClassifier> loaded;
    try {
        attn::OpenOptions options;
        options.required = attn::Capability::TracedTextEncoder;
        loaded = std::dynamic_pointer_cast<const attn::TransformerClassifier>(
            readModel(QString::fromStdString(*args.value("model")), options).tracedTextEncoder);
        if (!loaded)
            throw attn::CapabilityMismatch("not attnviz's own encoder", {}, options.required.value(), {});
    } catch (const attn::CapabilityMismatch&) {
        std::cerr << "attnviz layer: " << *args.value("model")
                  << " is not a text encoder (architecture transformer_classifier)\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "attnviz layer: " << e.what() << '\n';
        return 1;
    }
    const attn::TransformerClassifier* model = loaded.get();
    const auto& cfg = model->settings();
    const int nLayers = static_cast<int>(model->encoder().layers.size());
    long layer = 0, residual = -1, ablate = -1, uniform = -1, padTo = -1, seed = -1;
    if (args.has("layer") && !intOption(args, "layer", 0, nLayers - 1, layer))
        return 2;
    if (!intOption(args, "no-residual", 1, 2, residual) ||
        !intOption(args, "ablate-head", 0, cfg.encoder.nHeads - 1, ablate) ||
        !intOption(args, "uniform-head", 0, cfg.encoder.nHeads - 1, uniform) ||
        !intOption(args, "pad-to", 0, cfg.maxLen, padTo) || !intOption(args, "shuffle", 0, 0xFFFFFFFFL, seed))
        return 2;

    attn::WhatIf before;
    before.padTo = padTo < 0 ? 0 : static_cast<int>(padTo);
    attn::WhatIf after = before;
    after.positions = !args.has("no-positions");
    after.maskPadding = !args.has("no-mask");
    after.encoder.layer = static_cast<int>(layer);
    after.encoder.switches.residual1 = residual != 1;
    after.encoder.switches.residual2 = residual != 2;
    after.encoder.switches.heads.ablateHead = static_cast<int>(ablate);
    after.encoder.switches.heads.uniformHead = static_cast<int>(uniform);

    std::vector<std::string> words = attn::tokenize(*args.value("text"));
    if (words.empty()) {
        std::cerr << "attnviz layer: the text has no tokens\n";
        return 2;
    }
    std::vector<std::size_t> order;
    std::vector<std::string> shuffled = words;
    if (seed >= 0) {
        order = attn::shuffledOrder(words.size(), static_cast<std::uint32_t>(seed));
        for (std::size_t i = 0; i < order.size(); ++i)
            shuffled[i] = words[order[i]];
    }
    attn::EncoderTrace base, t;
    try {
        base = model->traceWords(words, before);
        t = model->traceWords(shuffled, after);
    } catch (const std::exception& e) {
        std::cerr << "attnviz layer: " << e.what() << '\n';
        return 1;
    }
    const auto& L = t.layers[static_cast<std::size_t>(layer)];
    const auto& enc = model->encoder().layers[static_cast<std::size_t>(layer)];

    nlohmann::json out;
    out["model"] = *args.value("model");
    out["layer"] = layer;
    out["n_layers"] = nLayers;
    out["n_heads"] = cfg.encoder.nHeads;
    out["d_model"] = cfg.encoder.dModel;
    out["ff_dim"] = cfg.encoder.ffDim;
    out["norm_first"] = cfg.encoder.normFirst;
    out["activation"] = cfg.encoder.activation == attn::Activation::Gelu ? "gelu" : "relu";
    out["positional"] = cfg.positional == attn::Positional::Learned ? "learned" : "sinusoidal";
    out["input_tokens"] = t.result.tokens;
    out["ids"] = t.result.ids;
    out["key_allowed"] = t.result.keyAllowed;
    out["embeddings"] = matrixJson(t.embeddings);
    out["positions"] = matrixJson(t.positions);
    out["encoder_input"] = matrixJson(t.input);
    out["input"] = matrixJson(L.input);
    out["attn_input"] = matrixJson(L.attnInput);
    out["q"] = matricesJson(L.attn.q);
    out["k"] = matricesJson(L.attn.k);
    out["v"] = matricesJson(L.attn.v);
    out["scores"] = matricesJson(L.attn.scores);
    out["scale"] = L.attn.scale;
    out["scaled"] = matricesJson(L.attn.scaled);
    out["mask"] = maskJson(L.attn.mask);
    out["weights"] = matricesJson(L.weights);
    out["heads_out"] = matricesJson(L.attn.headsOut);
    out["concat"] = matrixJson(L.attn.concat);
    out["attn_out"] = matrixJson(L.attnOut);
    out["residual1"] = matrixJson(L.residual1);
    out["norm1"] = matrixJson(L.norm1);
    out["ff_input"] = matrixJson(L.ffInput);
    out["ff_pre"] = matrixJson(L.ffPre);
    out["ff_hidden"] = matrixJson(L.ffHidden);
    out["ff_out"] = matrixJson(L.ffOut);
    out["residual2"] = matrixJson(L.residual2);
    out["norm2"] = matrixJson(L.norm2);
    out["output"] = matrixJson(L.output);
    out["mean"] = {{"norm1", vec(L.norm1Mean)}, {"norm2", vec(L.norm2Mean)}};
    out["var"] = {{"norm1", vec(L.norm1Var)}, {"norm2", vec(L.norm2Var)}};
    out["norms"] = {
        {"norm1", {{"gain", vec(enc.norm1.weight)}, {"bias", vec(enc.norm1.bias)}, {"eps", enc.norm1.eps}}},
        {"norm2", {{"gain", vec(enc.norm2.weight)}, {"bias", vec(enc.norm2.bias)}, {"eps", enc.norm2.eps}}}};
    out["prediction"] = {{"before", predictionJson(base.result)}, {"after", predictionJson(t.result)}};
    out["what_if"] = {{"positions", after.positions},
                      {"mask_padding", after.maskPadding},
                      {"residual1", after.encoder.switches.residual1},
                      {"residual2", after.encoder.switches.residual2},
                      {"ablate_head", ablate},
                      {"uniform_head", uniform},
                      {"shuffle_seed", seed},
                      {"pad_to", before.padTo}};
    if (!order.empty())
        out["order"] = order;
    out["weights_before"] = matricesJson(base.layers[static_cast<std::size_t>(layer)].weights);
    out["warnings"] = t.result.warnings;
    attn::AttentionCost cost;
    if (args.has("cost")) {
        cost = attn::measureAttentionCost(enc, attn::defaultCostLengths());
        nlohmann::json points = nlohmann::json::array();
        for (const auto& p : cost.points)
            points.push_back(
                {{"n", p.length}, {"scores", p.scores}, {"seconds", p.seconds}, {"repeats", p.repeats}});
        out["cost"] = points;
    }

    if (auto path = args.value("json")) {
        writeJson(*path, out, 1);
        if (*path == "-")
            return 0;
    }
    std::cout << "layer " << layer << " of " << nLayers
              << (cfg.encoder.normFirst ? " (pre-LN)" : " (post-LN)") << ", " << t.result.tokens.size()
              << " tokens\n";
    std::cout << "prediction before: " << base.result.predictedLabel << " " << std::fixed
              << std::setprecision(4)
              << base.result.probabilities[static_cast<std::size_t>(base.result.predicted)]
              << "   after: " << t.result.predictedLabel << " "
              << t.result.probabilities[static_cast<std::size_t>(t.result.predicted)] << '\n';
    for (const auto& p : cost.points)
        std::cout << "n = " << std::setw(3) << p.length << ": " << std::setw(9)
                  << static_cast<long long>(p.scores) << " scores, " << std::setprecision(3)
                  << p.seconds * 1000.0 << " ms per layer forward\n";
    return 0;
}

} // namespace cli
