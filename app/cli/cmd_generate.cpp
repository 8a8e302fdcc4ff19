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

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/hf_cli.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "services/model_handle.hpp"

#include <QString>
#include <attn/hf/load.hpp>
#include <attn/hf/prompt.hpp>
#include <iostream>

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

} // namespace

int runGenerate(const Argv& argv) {
    Args args("generate", "continue a prompt greedily with a Hugging Face decoder (gpt2, llama)");
    args.option("model", "DIR", "Hugging Face directory (config.json with model_type, model.safetensors)",
                true)
        .option("prompt", "TEXT",
                "prompt text, read as the Generate page reads it: through the directory's tokenizer "
                "files (BOS added as they say); without them, or after 'ids:', token ids separated by "
                "spaces or commas (the sorting model also takes A, B, C)")
        .option("token-ids", "LIST", "prompt token ids, e.g. 5,9,2 (no special tokens are added)")
        .option("max-new", "N", "largest number of tokens to generate (default 20)")
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)");
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "generate", std::cerr))
        return 2;
    if (args.has("prompt") == args.has("token-ids")) {
        std::cerr << "attnviz generate: give exactly one of --prompt or --token-ids\n" << args.usage();
        return 2;
    }
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
        auto reading = attn::hf::readPrompt(*lm, *args.value("prompt"));
        if (reading.problem)
            throw std::runtime_error(
                dir + ": " + attn::hf::describePromptProblem(*reading.problem) +
                (reading.problem->kind == attn::hf::PromptProblem::Kind::NotATokenId && !model->tokenizer()
                     ? " (no tokenizer file: tokenizer.json, vocab.json + merges.txt, "
                       "tokenizer.model or vocab.txt)"
                     : ""));
        prompt = std::move(reading.ids);
    }

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
    const auto g = [&] {
        try {
            return attn::hf::generateGreedy(*lm, prompt, static_cast<int>(*maxNew), onStep);
        } catch (...) {
            if (stream) // end the echoed line, so that the message does not continue it
                std::cout << std::endl;
            throw;
        }
    }();
    if (stream) {
        std::cout << '\n';
        for (const auto& w : g.warnings)
            std::cerr << "warning: " << w << '\n';
        return 0;
    }

    nlohmann::json out;
    out["architecture"] = model->modelType();
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
    writeJson(*jsonOut, out);
    if (*jsonOut != "-")
        std::cout << out["generated_text"].get<std::string>() << '\n';
    return 0;
}

} // namespace cli
