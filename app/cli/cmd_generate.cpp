// attnviz generate --model DIR (--prompt TEXT | --token-ids LIST) [--max-new N] [--json OUT]
//
// Greedy decoding of a Hugging Face decoder (gpt2, llama) with a KV cache; stops at EOS (config.json
// eos_token_id) or after N tokens (default 20) or at the model's position limit. --prompt is read by the
// Generate page's rule (attn::hf::readPrompt); a prompt that leaves no room to generate is refused before
// anything is printed. Keys (the contract of the Hugging Face issue; add, never rename):
//   architecture, prompt_ids, prompt_tokens, generated_ids, generated_tokens, generated_text (the
//   generated ids decoded; ids joined by spaces when the model has no tokenizer), steps: one per
//   generated token {id, token, probability, attention [layer][head][T_context]} = the attention row of
//   the position that produced it (T_context = prompt length + step index).
// Extra keys: stopped_at_eos, warnings. Without --json the text is printed as it is generated.
// Long contexts (issue 56): form "full" (the keys above) or "long" (--long-context, or by itself when the
// prompt's whole maps would exceed the memory budget), with form_reason and the prompt's attention_long
// (cli/attention_long_json.hpp); each step then has, instead of its whole row, attention_top {keys,
// probabilities: [layer][head][k]} (the row's k most probable keys, ties to the lower key) and
// attention_rows {entropy, first, previous, self: [layer][head]} (head_metrics' row figures). tile with
// --tile L H r0 r1 c0 c1 (cells of the prompt's maps). --prompt-file F: the prompt read from F.

#include "cli/args.hpp"
#include "cli/attention_long_json.hpp"
#include "cli/commands.hpp"
#include "cli/hf_cli.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "services/model_handle.hpp"

#include <QString>
#include <attn/analysis/head_metrics.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/prompt.hpp>
#include <attn/memory_budget.hpp>
#include <iostream>
#include <sstream>

namespace cli {

namespace {

std::string decodeIds(const attn::hf::HfModel& model, const std::vector<int>& ids) {
    if (const auto* tok = model.tokenizer())
        return tok->decode(ids);
    std::string s;
    for (int id : ids)
        s += (s.empty() ? "" : " ") + std::to_string(id);
    return s;
}

using StepRows = std::vector<std::vector<std::vector<float>>>; // [layer][head][T_context]

/// A step's attention in the long form from its whole rows (a cached step: 1 x T_context per head).
nlohmann::json longStepFromRows(const StepRows& rows, int query, int k) {
    nlohmann::json keys = nlohmann::json::array(), probabilities = nlohmann::json::array(),
                   figures = nlohmann::json::object();
    for (const char* name : {"entropy", "first", "previous", "self"})
        figures[name] = nlohmann::json::array();
    for (const auto& layer : rows) {
        nlohmann::json lk = nlohmann::json::array(), lp = nlohmann::json::array();
        std::vector<double> entropy, first, previous, self;
        for (const auto& row : layer) {
            std::vector<std::int32_t> kk(static_cast<std::size_t>(k));
            std::vector<float> pp(static_cast<std::size_t>(k));
            if (k > 0)
                attn::long_context::selectTopK(row.data(), static_cast<Eigen::Index>(row.size()), k,
                                               kk.data(), pp.data());
            lk.push_back(std::move(kk));
            lp.push_back(std::move(pp));
            const auto f = attn::analysis::rowFigures(row, query, {});
            entropy.push_back(f.entropy);
            first.push_back(f.sink);
            previous.push_back(f.previous);
            self.push_back(f.self);
        }
        keys.push_back(std::move(lk));
        probabilities.push_back(std::move(lp));
        figures["entropy"].push_back(entropy);
        figures["first"].push_back(first);
        figures["previous"].push_back(previous);
        figures["self"].push_back(self);
    }
    return {{"attention_top", {{"keys", std::move(keys)}, {"probabilities", std::move(probabilities)}}},
            {"attention_rows", std::move(figures)}};
}

/// The same for the prompt's last row, read from the long-context pass's summaries.
nlohmann::json longStepFromPass(const attn::long_context::LongContextPass& pass, int k) {
    const int row = pass.length - 1;
    nlohmann::json keys = nlohmann::json::array(), probabilities = nlohmann::json::array(),
                   figures = nlohmann::json::object();
    for (const char* name : {"entropy", "first", "previous", "self"})
        figures[name] = nlohmann::json::array();
    for (std::size_t l = 0; l < pass.layers.size(); ++l) {
        nlohmann::json lk = nlohmann::json::array(), lp = nlohmann::json::array();
        std::vector<double> entropy, first, previous, self;
        for (int h = 0; h < pass.heads; ++h) {
            const auto& s = pass.head(static_cast<int>(l), h);
            if (k > 0) {
                const auto kk = s.topK.rowKeys(row);
                const auto pp = s.topK.rowProbabilities(row);
                lk.push_back(std::vector<std::int32_t>(kk.begin(), kk.end()));
                lp.push_back(std::vector<float>(pp.begin(), pp.end()));
            } else {
                lk.push_back(nlohmann::json::array());
                lp.push_back(nlohmann::json::array());
            }
            entropy.push_back(s.entropy(row));
            first.push_back(s.first(row));
            previous.push_back(s.previous(row));
            self.push_back(s.self(row));
        }
        keys.push_back(std::move(lk));
        probabilities.push_back(std::move(lp));
        figures["entropy"].push_back(entropy);
        figures["first"].push_back(first);
        figures["previous"].push_back(previous);
        figures["self"].push_back(self);
    }
    return {{"attention_top", {{"keys", std::move(keys)}, {"probabilities", std::move(probabilities)}}},
            {"attention_rows", std::move(figures)}};
}

struct LongGeneration {
    std::string attentionLongText; // the attention_long object's JSON text (writeAttentionLong)
    nlohmann::json tile;
    std::vector<int> generatedIds;
    std::vector<nlohmann::json> steps; // {id, probability, attention_top, attention_rows}
    bool stoppedAtEos = false;
    std::vector<std::string> warnings;
};

/// Greedy decoding as attn::hf::generateGreedy (argmax, ties to the lower id; stops at EOS, after maxNew
/// tokens or at the position limit), with the prompt run by forwardLongContext: its first token comes
/// from that pass; the KV cache is then filled by extend() in chunks of rows whose maps stay within a
/// quarter of the memory budget, and each later token is one extend() on the cache.
LongGeneration generateLong(const attn::hf::CausalLm& lm, const std::vector<int>& prompt, int maxNew,
                            const LongContextRequest& request, bool writeMaps,
                            const std::function<bool(const attn::hf::GenerationStep&)>& onStep) {
    LongGeneration g;
    const int T = static_cast<int>(prompt.size());
    const int k = request.topK;
    const auto choose = [&](const attn::RowVector& logits, nlohmann::json step) {
        const auto p = attn::hf::softmax(logits);
        attn::hf::GenerationStep s;
        s.id = attn::hf::topK(p, 1).front().id;
        s.probability = p[static_cast<std::size_t>(s.id)];
        step["id"] = s.id;
        step["probability"] = s.probability;
        g.generatedIds.push_back(s.id);
        g.steps.push_back(std::move(step));
        return s;
    };
    attn::hf::GenerationStep made;
    {
        auto options = longContextOptions(request);
        const auto pass = [&] {
            try {
                return lm.forwardLongContext(prompt, options);
            } catch (const attn::MemoryBudgetError&) {
                if (!request.forced) // neither form fits: the whole maps' refusal, as without this form
                    lm.checkMemory(T, 0);
                throw;
            }
        }();
        options.attention.causal = true;
        if (writeMaps) {
            std::ostringstream text;
            writeAttentionLong(text, pass, options);
            g.attentionLongText = std::move(text).str();
        }
        if (const auto& t = request.tile)
            g.tile = tileJson(*t, pass.tile(t->layer, t->head, t->r0, t->r1, t->c0, t->c1), "long");
        made = choose(pass.logits.row(0), longStepFromPass(pass, k));
    } // the pass's queries, keys and pyramids are released before the cache grows
    const auto eos = lm.eosId();
    const int limit = lm.maxPositions();
    attn::hf::KvCache cache;
    for (int step = 0;; ++step) {
        if (onStep && !onStep(made))
            break;
        if (eos && made.id == *eos) {
            g.stoppedAtEos = true;
            break;
        }
        if (step + 1 == maxNew)
            break;
        if (limit > 0 && T + step >= limit) {
            g.warnings.push_back("stopped after " + std::to_string(step + 1) +
                                 " tokens: the model's position limit of " + std::to_string(limit) +
                                 " is reached");
            break;
        }
        if (step == 0) { // fill the cache with the prompt, a chunk of rows at a time
            cache = lm.newCache();
            const std::uint64_t perRow = attn::attentionMapBytes(static_cast<std::uint64_t>(lm.numLayers()),
                                                                 static_cast<std::uint64_t>(lm.numHeads()), 1,
                                                                 static_cast<std::uint64_t>(T));
            const std::uint64_t rows = std::max<std::uint64_t>(1, attn::memoryBudgetBytes() / 4 / perRow);
            const int chunk = static_cast<int>(std::min<std::uint64_t>(rows, 256));
            for (int start = 0; start < T; start += chunk)
                lm.extend(cache, std::vector<int>(prompt.begin() + start,
                                                  prompt.begin() + std::min(T, start + chunk)));
        }
        const auto pass = lm.extend(cache, {made.id});
        StepRows rows;
        for (const auto& layer : pass.attention) {
            std::vector<std::vector<float>> heads;
            for (const auto& h : layer)
                heads.emplace_back(h.data(), h.data() + h.cols()); // 1 x T_context
            rows.push_back(std::move(heads));
        }
        made = choose(pass.logits.row(0), longStepFromRows(rows, cache.length - 1, k));
    }
    return g;
}

} // namespace

int runGenerate(const Argv& givenArgv) {
    const Argv argv = joinTileValues(givenArgv); // --tile L H r0 r1 c0 c1: one value for Args
    Args args("generate", "continue a prompt greedily with a Hugging Face decoder (gpt2, llama)");
    args.option("model", "DIR", "Hugging Face directory (config.json with model_type, model.safetensors)",
                true)
        .option("prompt", "TEXT",
                "prompt text, read as the Generate page reads it: through the directory's tokenizer "
                "files (BOS added as they say); without them, or after 'ids:', token ids separated by "
                "spaces or commas (the sorting model also takes A, B, C)")
        .option("prompt-file", "FILE",
                "the prompt read from FILE (UTF-8; one final line break dropped), as --prompt")
        .option("token-ids", "LIST", "prompt token ids, e.g. 5,9,2 (no special tokens are added)")
        .option("max-new", "N", "largest number of tokens to generate (default 20)")
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)");
    addMemoryBudgetOption(args);
    addLongContextOptions(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "generate", std::cerr))
        return 2;
    if (int(args.has("prompt")) + int(args.has("prompt-file")) + int(args.has("token-ids")) != 1) {
        std::cerr << "attnviz generate: give exactly one of --prompt, --prompt-file or --token-ids\n"
                  << args.usage();
        return 2;
    }
    const LongContextRequest longContext = readLongContextOptions(args);
    const auto maxNew = args.integer("max-new", 20, std::cerr);
    if (!maxNew)
        return 2;
    if (*maxNew < 1 || *maxNew > 100000) {
        std::cerr << "attnviz generate: --max-new must be between 1 and 100000\n";
        return 2;
    }
    const std::string dir = *args.value("model");
    if (!attn::hf::isHfDirectory(dir))
        throw std::runtime_error(dir +
                                 "/config.json: not a Hugging Face decoder directory (no model_type key)");
    std::shared_ptr<const attn::hf::CausalLm> model;
    try {
        attn::OpenOptions options;
        options.required = attn::Capability::CausalLm; // refused before the weights are read
        model = readModel(QString::fromStdString(dir), options).causalLm;
    } catch (const attn::CapabilityMismatch& e) {
        throw std::runtime_error(dir + "/config.json: model_type '" + e.found().family +
                                 "' is not a decoder; 'generate' needs gpt2 or llama");
    }
    const attn::hf::CausalLm* lm = model.get();
    // The prompt is read and checked before anything is printed: a refused prompt is one line on stderr
    // (it used to follow the echoed prompt on the same line).
    std::vector<int> prompt;
    if (const auto ids = args.value("token-ids")) {
        prompt = parseTokenIds(*ids, "token-ids");
        if (const auto problem = attn::hf::checkPromptLength(*lm, prompt.size()))
            throw std::runtime_error(dir + ": " + attn::hf::describePromptProblem(*problem));
    } else {
        // One rule with the Generate page (attn::hf::readPrompt): "C A B" for the sorting model.
        const std::string text =
            args.has("prompt-file") ? readPromptFile(*args.value("prompt-file")) : *args.value("prompt");
        auto reading = attn::hf::readPrompt(*lm, text);
        if (reading.problem)
            throw std::runtime_error(
                dir + ": " + attn::hf::describePromptProblem(*reading.problem) +
                (reading.problem->kind == attn::hf::PromptProblem::Kind::NotATokenId && !model->tokenizer()
                     ? " (no tokenizer file: tokenizer.json, vocab.json + merges.txt, "
                       "tokenizer.model or vocab.txt)"
                     : ""));
        prompt = std::move(reading.ids);
    }

    const int T = static_cast<int>(prompt.size());
    if (longContext.tile)
        checkTile(*longContext.tile, lm->numLayers(), lm->numHeads(), T);
    const auto reason =
        longContext.forced ? std::optional<std::string>("--long-context") : fullMapsRefusal(*lm, T);
    if (reason && !lm->hasLongContext())
        throw std::runtime_error(*reason + "; and model_type '" + lm->modelType() +
                                 "' has no long-context forward");

    const auto jsonOut = args.value("json");
    const bool stream = !jsonOut;
    std::vector<int> soFar;
    std::string printed;
    if (stream)
        std::cout << decodeIds(*model, prompt) << std::flush;
    const auto onStep = [&](const attn::hf::GenerationStep& step) {
        if (stream) {
            soFar.push_back(step.id);
            const std::string text = decodeIds(*model, soFar);
            if (model->tokenizer()) {
                if (text.size() >= printed.size() && text.compare(0, printed.size(), printed) == 0)
                    std::cout << text.substr(printed.size());
                else
                    std::cout << text; // decoding changed earlier text (rare): print it whole
            } else {
                std::cout << ' ' << step.id;
            }
            printed = text;
            std::cout << std::flush;
        }
        return true;
    };
    const auto endLine = [&] {
        if (stream) // end the echoed line, so that the message does not continue it
            std::cout << std::endl;
    };
    nlohmann::json out;
    out["architecture"] = model->modelType();
    if (reason) {
        const auto g = [&] {
            try {
                return generateLong(*lm, prompt, static_cast<int>(*maxNew), longContext, !stream, onStep);
            } catch (...) {
                endLine();
                throw;
            }
        }();
        if (stream) {
            std::cout << '\n';
            for (const auto& w : g.warnings)
                std::cerr << "warning: " << w << '\n';
            return 0;
        }
        out["form"] = "long";
        out["form_reason"] = *reason;
        if (longContext.tile)
            out["tile"] = g.tile;
        out["prompt_ids"] = prompt;
        out["prompt_tokens"] = model->tokenLabels(prompt);
        out["generated_ids"] = g.generatedIds;
        out["generated_tokens"] = model->tokenLabels(g.generatedIds);
        out["generated_text"] = decodeIds(*model, g.generatedIds);
        nlohmann::json steps = nlohmann::json::array();
        for (auto s : g.steps) {
            s["token"] = model->tokenLabels({s["id"].get<int>()}).front();
            steps.push_back(std::move(s));
        }
        out["steps"] = std::move(steps);
        out["stopped_at_eos"] = g.stoppedAtEos;
        out["warnings"] = g.warnings;
        writeJsonWith(*jsonOut, out, "attention_long", [&](std::ostream& o) { o << g.attentionLongText; });
        if (*jsonOut != "-")
            std::cout << out["generated_text"].get<std::string>() << '\n';
        return 0;
    } else {
        const auto g = [&] {
            try {
                return attn::hf::generateGreedy(*lm, prompt, static_cast<int>(*maxNew), onStep);
            } catch (...) {
                endLine();
                throw;
            }
        }();
        if (stream) {
            std::cout << '\n';
            for (const auto& w : g.warnings)
                std::cerr << "warning: " << w << '\n';
            return 0;
        }
        out["form"] = "full";
        if (const auto& t = longContext.tile) // the prompt's maps (one more forward of the prompt)
            out["tile"] =
                tileJson(*t,
                         lm->forward(prompt)
                             .attention[static_cast<std::size_t>(t->layer)][static_cast<std::size_t>(t->head)]
                             .block(t->r0, t->c0, t->r1 - t->r0, t->c1 - t->c0),
                         "full");
        out["prompt_ids"] = g.promptIds;
        out["prompt_tokens"] = model->tokenLabels(g.promptIds);
        out["generated_ids"] = g.generatedIds;
        out["generated_tokens"] = model->tokenLabels(g.generatedIds);
        out["generated_text"] = decodeIds(*model, g.generatedIds);
        nlohmann::json steps = nlohmann::json::array();
        for (const auto& s : g.steps)
            steps.push_back({{"id", s.id},
                             {"token", model->tokenLabels({s.id}).front()},
                             {"probability", s.probability},
                             {"attention", s.attention}});
        out["steps"] = std::move(steps);
        out["stopped_at_eos"] = g.stoppedAtEos;
        out["warnings"] = g.warnings;
    }
    writeJson(*jsonOut, out);
    if (*jsonOut != "-")
        std::cout << out["generated_text"].get<std::string>() << '\n';
    return 0;
}

} // namespace cli
