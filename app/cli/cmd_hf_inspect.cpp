// attnviz inspect --model DIR (--text TEXT | --token-ids 5,9,2 | --image PATH [--index N]) [--json OUT]
// for Hugging Face directories
//
// Keys (the contract of the Hugging Face issue; add, never rename):
//   architecture (the config's model_type), input_tokens, input_ids (text models),
//   encoders (bert, vit): attention {encoder: [layer][head][T][T]}, with a classification head
//     prediction {label, index, probabilities} (labels from config.json id2label);
//   vit: input_tokens "[CLS]" then "r{row}c{col}" per patch; the image through the directory's
//     preprocessor_config.json (attn::hf::ImagePreprocessor); image {path, height, width, channels} as read;
//   decoders (gpt2, llama): attention {decoder: [layer][head][T][T]} (cells above the diagonal 0),
//     next_token {id, token, top: min(10, vocab) x {id, token, probability}, best first};
// Extra keys: logits (of the last position), warnings.
// Long contexts (issue 56; decoders): form "full" (the maps above) or "long" with form_reason and
// attention_long instead of attention (cli/attention_long_json.hpp: --long-context, or by itself when
// the whole maps would exceed the memory budget); tile {layer, head, rows, keys, form, values} with
// --tile L H r0 r1 c0 c1 (either form). --prompt-file F: the text of F as --text.

#include "cli/args.hpp"
#include "cli/attention_long_json.hpp"
#include "cli/headless.hpp"
#include "cli/hf_cli.hpp"
#include "cli/image_option.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "services/model_handle.hpp"

#include <QString>
#include <attn/hf/load.hpp>
#include <attn/memory_budget.hpp>
#include <cctype>
#include <fstream>
#include <iostream>

namespace cli {

std::optional<std::string> peekOption(const Argv& argv, const std::string& name) {
    const std::string flag = "--" + name;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == flag && i + 1 < argv.size())
            return argv[i + 1];
        if (argv[i].rfind(flag + "=", 0) == 0)
            return argv[i].substr(flag.size() + 1);
    }
    return std::nullopt;
}

std::vector<int> parseTokenIds(const std::string& text, const std::string& option) {
    std::vector<int> ids;
    std::string cur;
    auto flush = [&](bool last) {
        std::string t;
        for (char c : cur)
            if (!std::isspace(static_cast<unsigned char>(c)))
                t += c;
        cur.clear();
        if (t.empty()) {
            if (last && ids.empty())
                throw std::runtime_error("--" + option + ": expected a comma-separated list of token ids");
            if (!last)
                throw std::runtime_error("--" + option + ": empty entry in '" + text + "'");
            return;
        }
        std::size_t used = 0;
        long v = -1;
        try {
            v = std::stol(t, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != t.size() || v < 0 || v > 2147483647L)
            throw std::runtime_error("--" + option + ": '" + t + "' is not a non-negative integer token id");
        ids.push_back(static_cast<int>(v));
    };
    for (char c : text) {
        if (c == ',')
            flush(false);
        else
            cur += c;
    }
    flush(true);
    return ids;
}

namespace {

/// --token-ids as given (no BOS / [CLS] added), else --text (or --prompt-file's text) through the model's
/// tokenizer.
std::vector<int> inputIds(const ModelHandle& model, const Args& args) {
    if (const auto ids = args.value("token-ids"))
        return parseTokenIds(*ids, "token-ids");
    const std::string text =
        args.has("prompt-file") ? readPromptFile(*args.value("prompt-file")) : *args.value("text");
    if (model.textEncoder)
        return model.textEncoder->tokenIds(text);
    const auto* tok = model.causalLm ? model.causalLm->tokenizer() : nullptr;
    if (!tok)
        throw std::runtime_error(
            model.directory.string() +
            ": no tokenizer file (tokenizer.json, vocab.json + merges.txt, tokenizer.model "
            "or vocab.txt); give --token-ids instead of --text");
    return tok->encode(text);
}

/// --image PATH [--index N]: a picture (QImage) or image N of an IDX / CIFAR-10 file (app/services/image_io).
attn::Image readImage(const Args& args) {
    const auto path = *args.value("image");
    long index = 0;
    if (const auto i = args.value("index")) {
        std::size_t used = 0;
        try {
            index = std::stol(*i, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != i->size() || index < 0)
            throw std::runtime_error("--index: '" + *i + "' is not a non-negative integer");
    }
    ensureHeadlessApp(); // QImage's format plugins need an application object
    return readImageOption(path, args.has("index") ? std::optional<long>(index) : std::nullopt);
}

nlohmann::json encoderJson(const attn::ClassifierResult& r, std::string& summary) {
    nlohmann::json j;
    j["attention"] = {{"encoder", stackJson(r.attention)}};
    if (!r.logits.empty()) {
        j["prediction"] = {
            {"label", r.predictedLabel}, {"index", r.predicted}, {"probabilities", r.probabilities}};
        j["logits"] = r.logits;
        summary = r.predictedLabel +
                  " (p=" + std::to_string(r.probabilities[static_cast<std::size_t>(r.predicted)]) + ")";
    } else {
        summary = std::to_string(r.attention.size()) + " layers of attention (no classification head)";
    }
    return j;
}

/// The long form's pass, kept to be written after the rest of the JSON (writeAttentionLong).
struct LongForm {
    attn::long_context::LongContextPass pass;
    attn::long_context::LongContextOptions options;
};

/// Whole maps below the memory budget, else (or with --long-context) the long-context summaries; with
/// `writeMaps` false (no --json) neither is formatted. The long form's pass goes to `longForm`.
nlohmann::json decoderJson(const attn::hf::CausalLm& lm, const std::vector<int>& ids,
                           const LongContextRequest& request, bool writeMaps,
                           std::optional<LongForm>& longForm, std::string& summary) {
    const int T = static_cast<int>(ids.size());
    if (request.tile)
        checkTile(*request.tile, lm.numLayers(), lm.numHeads(), T);
    const auto reason =
        request.forced ? std::optional<std::string>("--long-context") : fullMapsRefusal(lm, T);
    nlohmann::json j;
    attn::RowVector lastLogits; // 1 x vocab
    if (!reason) {
        const auto pass = lm.forward(ids);
        j["form"] = "full";
        if (writeMaps)
            j["attention"] = {{"decoder", stackJson(pass.attention)}};
        lastLogits = pass.logits.row(pass.logits.rows() - 1);
        if (const auto& t = request.tile)
            j["tile"] = tileJson(
                *t,
                pass.attention[static_cast<std::size_t>(t->layer)][static_cast<std::size_t>(t->head)].block(
                    t->r0, t->c0, t->r1 - t->r0, t->c1 - t->c0),
                "full");
    } else {
        if (!lm.hasLongContext())
            throw std::runtime_error(*reason + "; and model_type '" + lm.modelType() +
                                     "' has no long-context forward");
        auto options = longContextOptions(request);
        auto pass = [&] {
            try {
                return lm.forwardLongContext(ids, options); // the last position's logits only
            } catch (const attn::MemoryBudgetError&) {
                if (!request.forced) // neither form fits: the whole maps' refusal, as without this form
                    lm.checkMemory(T, 0);
                throw;
            }
        }();
        options.attention.causal = true; // as the decoder ran it
        j["form"] = "long";
        j["form_reason"] = *reason;
        lastLogits = pass.logits.row(0);
        if (const auto& t = request.tile)
            j["tile"] = tileJson(*t, pass.tile(t->layer, t->head, t->r0, t->r1, t->c0, t->c1), "long");
        if (writeMaps) // attention_long is written last, one head at a time
            longForm = LongForm{std::move(pass), options};
    }
    const auto p = attn::hf::softmax(lastLogits);
    const auto top = attn::hf::topK(p, std::min(10, lm.vocabSize()));
    nlohmann::json topJson = nlohmann::json::array();
    for (const auto& t : top)
        topJson.push_back(
            {{"id", t.id}, {"token", lm.tokenLabels({t.id}).front()}, {"probability", t.probability}});
    const auto best = top.front();
    j["next_token"] = {{"id", best.id}, {"token", lm.tokenLabels({best.id}).front()}, {"top", topJson}};
    j["logits"] = std::vector<float>(lastLogits.data(), lastLogits.data() + lastLogits.size());
    summary = "next token " + j["next_token"]["token"].get<std::string>() + " (id " +
              std::to_string(best.id) + ", p=" + std::to_string(best.probability) + ")" +
              (reason ? " [long-context form]" : "");
    return j;
}

} // namespace

std::optional<int> runHfInspect(const Argv& givenArgv) {
    const auto dir = peekOption(givenArgv, "model");
    if (!dir || !attn::hf::isHfDirectory(*dir))
        return std::nullopt;
    const Argv argv = joinTileValues(givenArgv); // --tile L H r0 r1 c0 c1: one value for Args
    Args args("inspect", "run a Hugging Face model directory on a text or token ids and dump its attention");
    args.option("model", "DIR", "Hugging Face directory (config.json with model_type, model.safetensors)",
                true)
        .option("text", "TEXT", "input text (needs the directory's tokenizer files)")
        .option("prompt-file", "FILE", "input text read from FILE (UTF-8; one final line break dropped)")
        .option("token-ids", "LIST", "input token ids, e.g. 5,9,2 (no special tokens are added)")
        .option("image", "PATH", "input image (vit): PNG, JPEG, IDX (MNIST-style) or CIFAR-10 .bin")
        .option("index", "N", "which image of an IDX / CIFAR-10 file, counted from 0 (default 0)")
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)");
    addMemoryBudgetOption(args);
    addLongContextOptions(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "inspect", std::cerr))
        return 2;
    const int inputs = int(args.has("text")) + int(args.has("prompt-file")) + int(args.has("token-ids")) +
                       int(args.has("image"));
    if (inputs != 1) {
        std::cerr
            << "attnviz inspect: give exactly one of --text, --prompt-file, --token-ids (text models) or "
               "--image (vit)\n"
            << args.usage();
        return 2;
    }
    if (args.has("index") && !args.has("image")) {
        std::cerr << "attnviz inspect: --index goes with --image\n" << args.usage();
        return 2;
    }
    const LongContextRequest longContext = readLongContextOptions(args);
    const bool longOptions =
        longContext.forced || longContext.tile || args.has("pyramid-finest") || args.has("top-k");
    const ModelHandle model = readModel(QString::fromStdString(*args.value("model")));
    const std::string config = (model.directory / "config.json").string();
    const std::string& type = model.kind.family;
    nlohmann::json out;
    std::optional<LongForm> longForm;
    std::string summary;
    if (longOptions && !model.causalLm)
        throw std::runtime_error(config +
                                 ": --long-context, --pyramid-finest, --top-k and --tile are for "
                                 "decoders (gpt2, llama), not model_type '" +
                                 type + "'");
    if (model.imageClassifier) {
        if (!args.has("image"))
            throw std::runtime_error(config + ": this model (vit) takes --image");
        const auto img = readImage(args);
        const auto r = model.imageClassifier->classify(img);
        out = encoderJson(r, summary);
        out["input_tokens"] = r.tokens;
        out["image"] = {{"path", *args.value("image")},
                        {"height", img.height},
                        {"width", img.width},
                        {"channels", img.channels}};
    } else {
        if (args.has("image"))
            throw std::runtime_error(config + ": this model (" + type +
                                     ") takes --text or --token-ids, not --image");
        const auto ids = inputIds(model, args);
        if (ids.empty())
            throw std::runtime_error("the input has no tokens");
        if (model.causalLm) {
            out = decoderJson(*model.causalLm, ids, longContext, args.has("json"), longForm, summary);
            out["input_tokens"] = model.causalLm->tokenLabels(ids);
        } else if (model.textEncoder) {
            const auto r = model.textEncoder->encodeIds(ids);
            out = encoderJson(r, summary);
            out["input_tokens"] = r.tokens;
        } else {
            throw std::runtime_error(config + ": model_type '" + type + "' cannot be inspected yet");
        }
        out["input_ids"] = ids;
    }
    out["architecture"] = type;
    if (!out.contains("warnings"))
        out["warnings"] = nlohmann::json::array();
    const auto jsonOut = args.value("json");
    if (jsonOut && longForm)
        writeJsonWith(*jsonOut, out, "attention_long",
                      [&](std::ostream& o) { writeAttentionLong(o, longForm->pass, longForm->options); });
    else if (jsonOut)
        writeJson(*jsonOut, out);
    if (!jsonOut || *jsonOut != "-")
        std::cout << type << ": " << summary << '\n';
    return 0;
}

} // namespace cli
