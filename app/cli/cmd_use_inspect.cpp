// attnviz inspect --model USE_DIR (--text TEXT | --token-ids 728,446,31) [--json OUT]
// for the Universal Sentence Encoder lite (attn::UniversalSentenceEncoder, TensorFlow.js files).
//
// Keys (add, never rename): architecture ("universal-sentence-encoder-lite"), input_tokens (the pieces,
// "▁" kept), input_ids, attention {encoder: [layer][head][T][T]}, sentence_vector (512 floats, unit
// length), warnings (e.g. the text truncated to 128 pieces).

#include "cli/args.hpp"
#include "cli/hf_cli.hpp"
#include "cli/json_out.hpp"
#include "cli/memory_budget_option.hpp"
#include "cli/use_cli.hpp"

#include <attn/models/universal_sentence_encoder.hpp>
#include <iostream>

namespace cli {

std::optional<int> runUseInspect(const Argv& argv) {
    const auto dir = peekOption(argv, "model");
    if (!dir || !attn::UniversalSentenceEncoder::looksLikeModel(*dir))
        return std::nullopt;
    Args args("inspect",
              "run the Universal Sentence Encoder lite on a text and dump its attention and vector");
    args.option("model", "DIR",
                "TensorFlow.js sentence encoder folder (model.json, its shards, vocab.json; "
                "cmake/install-use-model.sh installs one)",
                true)
        .option("text", "TEXT", "input sentence (at most 128 pieces are read)")
        .option("token-ids", "LIST", "input piece ids, e.g. 728,446,31,19,54 (used as given)")
        .option("json", "OUT", "write the result as JSON to OUT ('-' = stdout)");
    addMemoryBudgetOption(args);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    if (!applyMemoryBudget(args, "inspect", std::cerr))
        return 2;
    if (args.has("text") == args.has("token-ids")) {
        std::cerr << "attnviz inspect: give exactly one of --text or --token-ids\n" << args.usage();
        return 2;
    }
    const auto model = attn::UniversalSentenceEncoder::open(*dir);
    const attn::SentenceEncoding r =
        args.has("text") ? model->encode(*args.value("text"))
                         : model->encodeIds(parseTokenIds(*args.value("token-ids"), "token-ids"));
    nlohmann::json out;
    out["architecture"] = "universal-sentence-encoder-lite";
    out["input_tokens"] = r.tokens;
    out["input_ids"] = r.ids;
    out["attention"] = {{"encoder", stackJson(r.attention)}};
    out["sentence_vector"] = r.vector;
    out["warnings"] = r.warnings;
    const auto jsonOut = args.value("json");
    if (jsonOut)
        writeJson(*jsonOut, out);
    if (!jsonOut || *jsonOut != "-") {
        std::cout << "universal-sentence-encoder-lite: " << r.ids.size() << " pieces, " << r.attention.size()
                  << " layers x " << (r.attention.empty() ? 0 : r.attention[0].size()) << " heads, a "
                  << r.vector.size() << "-d sentence vector\n";
        for (const auto& w : r.warnings)
            std::cout << "warning: " << w << '\n';
    }
    return 0;
}

} // namespace cli
