#include "cli/attention_long_json.hpp"

#include "cli/json_out.hpp"

#include <algorithm>
#include <attn/memory_budget.hpp>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace cli {

namespace {

namespace lc = attn::long_context;

constexpr long kMaxPyramidFinest = 4096;
constexpr long kMaxTopK = 256;
constexpr std::uintmax_t kMaxPromptFileBytes = 64u * 1000u * 1000u;

long parseLong(const std::string& text, const std::string& option, const std::string& what) {
    long v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || text.empty())
        throw std::runtime_error("--" + option + ": '" + text + "' is not " + what);
    return v;
}

nlohmann::json vectorJson(const attn::Vector& v) {
    return std::vector<float>(v.data(), v.data() + v.size());
}

nlohmann::json headJson(const lc::HeadSummary& s) {
    nlohmann::json pyramid = nlohmann::json::array();
    for (const auto& level : s.pyramid.levels)
        pyramid.push_back(
            {{"blocks", level.blocks}, {"max", matrixJson(level.max)}, {"mean", matrixJson(level.mean)}});
    nlohmann::json keys = nlohmann::json::array(), probabilities = nlohmann::json::array();
    for (int r = 0; r < s.topK.rows && s.topK.k > 0; ++r) {
        const auto k = s.topK.rowKeys(r);
        const auto p = s.topK.rowProbabilities(r);
        keys.push_back(std::vector<std::int32_t>(k.begin(), k.end()));
        probabilities.push_back(std::vector<float>(p.begin(), p.end()));
    }
    return {{"pyramid", std::move(pyramid)},
            {"top_k", {{"keys", std::move(keys)}, {"probabilities", std::move(probabilities)}}},
            {"rows",
             {{"log_sum_exp", vectorJson(s.logSumExp)},
              {"entropy", vectorJson(s.entropy)},
              {"first", vectorJson(s.first)},
              {"previous", vectorJson(s.previous)},
              {"self", vectorJson(s.self)}}}};
}

} // namespace

Args& addLongContextOptions(Args& args) {
    return args
        .flag("long-context",
              "keep long-context summaries instead of whole attention maps (also chosen by itself when the "
              "maps would exceed the memory budget): the JSON's attention_long object")
        .option("pyramid-finest", "N",
                "long context: the finest pooled level written has min(T, N) blocks per side (default 256; "
                "coarser levels halve down to 64)")
        .option("top-k", "K",
                "long context: the K most probable keys of every query row (default 8; 0 = none)")
        .option("tile", "L H R0 R1 C0 C1",
                "exact cells of layer L, head H: query rows R0..R1-1, keys C0..C1-1 (at most 256 per side; "
                "numbered from 0)");
}

Argv joinTileValues(const Argv& argv) {
    Argv out;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] != "--tile") {
            out.push_back(argv[i]);
            continue;
        }
        out.push_back(argv[i]);
        // "--tile L,H,R0,R1,C0,C1" passes unchanged; six separate words are joined.
        if (i + 1 < argv.size() && argv[i + 1].find(',') != std::string::npos) {
            out.push_back(argv[++i]);
            continue;
        }
        std::string joined;
        int taken = 0;
        while (taken < 6 && i + 1 < argv.size() && argv[i + 1].rfind("--", 0) != 0) {
            joined += (taken ? "," : "") + argv[++i];
            ++taken;
        }
        if (taken != 6)
            throw std::runtime_error("--tile: expected six numbers L H R0 R1 C0 C1 (layer, head, first and "
                                     "past-the-last query row, first and past-the-last key), got " +
                                     std::to_string(taken));
        out.push_back(joined);
    }
    return out;
}

LongContextRequest readLongContextOptions(const Args& args) {
    LongContextRequest r;
    r.forced = args.has("long-context");
    if (const auto v = args.value("pyramid-finest")) {
        const long n = parseLong(*v, "pyramid-finest", "an integer from 1 to 4096");
        if (n < 1 || n > kMaxPyramidFinest)
            throw std::runtime_error("--pyramid-finest: " + *v + " is outside 1 .. 4096");
        r.pyramidFinest = static_cast<int>(n);
    }
    if (const auto v = args.value("top-k")) {
        const long k = parseLong(*v, "top-k", "an integer from 0 to 256");
        if (k < 0 || k > kMaxTopK)
            throw std::runtime_error("--top-k: " + *v + " is outside 0 .. 256");
        r.topK = static_cast<int>(k);
    }
    if (const auto v = args.value("tile")) {
        std::vector<int> n;
        std::size_t start = 0;
        while (start <= v->size()) {
            const auto comma = v->find(',', start);
            const std::string part =
                v->substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            const long x = parseLong(part, "tile", "a non-negative integer (expected L H R0 R1 C0 C1)");
            if (x < 0 || x > 2147483647L)
                throw std::runtime_error("--tile: '" + part + "' is not a non-negative integer");
            n.push_back(static_cast<int>(x));
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        if (n.size() != 6)
            throw std::runtime_error("--tile: expected six numbers L H R0 R1 C0 C1, got " +
                                     std::to_string(n.size()));
        r.tile = TileRequest{n[0], n[1], n[2], n[3], n[4], n[5]};
    }
    return r;
}

void checkTile(const TileRequest& t, int layers, int heads, int length) {
    const std::string T = std::to_string(length);
    if (t.layer >= layers)
        throw std::runtime_error("--tile: layer " + std::to_string(t.layer) + " is outside 0 .. " +
                                 std::to_string(layers - 1) + " (the model has " + std::to_string(layers) +
                                 " layers)");
    if (t.head >= heads)
        throw std::runtime_error("--tile: head " + std::to_string(t.head) + " is outside 0 .. " +
                                 std::to_string(heads - 1) + " (the model has " + std::to_string(heads) +
                                 " heads)");
    const auto range = [&](const char* what, int a, int b) {
        if (a >= b || b > length)
            throw std::runtime_error(
                "--tile: " + std::string(what) + " " + std::to_string(a) + " .. " + std::to_string(b) +
                " (past the last) is not a non-empty range within the " + T + " positions of the input");
        if (b - a > lc::kMaxTileSide)
            throw std::runtime_error("--tile: " + std::string(what) + " " + std::to_string(a) + " .. " +
                                     std::to_string(b) + " spans " + std::to_string(b - a) +
                                     " positions; at most " + std::to_string(lc::kMaxTileSide) + " per tile");
    };
    range("rows", t.r0, t.r1);
    range("keys", t.c0, t.c1);
}

lc::LongContextOptions longContextOptions(const LongContextRequest& request) {
    lc::LongContextOptions o;
    o.attention.pyramidFinest = request.pyramidFinest;
    o.attention.pyramidCoarsest = std::min(64, request.pyramidFinest);
    o.attention.keepTopK = request.topK > 0;
    o.attention.topK = std::max(1, request.topK);
    return o;
}

std::optional<std::string> fullMapsRefusal(const attn::hf::CausalLm& model, int length) {
    try {
        model.checkMemory(length, 0);
    } catch (const attn::MemoryBudgetError& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

namespace {

constexpr auto kReplace = nlohmann::json::error_handler_t::replace;

/// attention_long without its maps ("maps": null).
nlohmann::json attentionLongHeader(const lc::LongContextPass& pass, const lc::LongContextOptions& options) {
    return {{"form", "long"},
            {"length", pass.length},
            {"layers", pass.layers.size()},
            {"heads", pass.heads},
            {"kv_heads", pass.kvHeads},
            {"head_dim", pass.headDim},
            {"causal", options.attention.causal},
            {"block_rule",
             "a level of n blocks covers the T positions with block b = positions floor(b*T/n) .. "
             "floor((b+1)*T/n)-1 (rows and keys alike)"},
            {"pyramid_finest", options.attention.pyramidFinest},
            {"pyramid_coarsest", options.attention.pyramidCoarsest},
            {"top_k", options.attention.keepTopK ? options.attention.topK : 0},
            {"maps", nullptr},
            {"logits", {{"rows", pass.logitRows}, {"values", matrixJson(pass.logits)}}}};
}

/// `text` split around the compact `"key":null` (unique: a quote inside a string is escaped).
std::pair<std::string, std::string> splitAtNull(const std::string& text, const std::string& key) {
    const std::string mark = "\"" + key + "\":null";
    const auto at = text.find(mark);
    if (at == std::string::npos)
        throw std::logic_error("writeJsonWith: no key " + key);
    return {text.substr(0, at + mark.size() - 4), text.substr(at + mark.size())};
}

} // namespace

nlohmann::json attentionLongJson(const lc::LongContextPass& pass, const lc::LongContextOptions& options) {
    nlohmann::json j = attentionLongHeader(pass, options);
    nlohmann::json maps = nlohmann::json::array();
    for (std::size_t l = 0; l < pass.layers.size(); ++l) {
        nlohmann::json heads = nlohmann::json::array();
        for (int h = 0; h < pass.heads; ++h)
            heads.push_back(headJson(pass.head(static_cast<int>(l), h)));
        maps.push_back(std::move(heads));
    }
    j["maps"] = std::move(maps);
    return j;
}

void writeAttentionLong(std::ostream& out, const lc::LongContextPass& pass,
                        const lc::LongContextOptions& options) {
    const auto [before, after] =
        splitAtNull(attentionLongHeader(pass, options).dump(-1, ' ', false, kReplace), "maps");
    out << before << '[';
    for (std::size_t l = 0; l < pass.layers.size(); ++l) {
        out << (l ? ",[" : "[");
        for (int h = 0; h < pass.heads; ++h)
            out << (h ? "," : "")
                << headJson(pass.head(static_cast<int>(l), h)).dump(-1, ' ', false, kReplace);
        out << ']';
    }
    out << ']' << after;
}

void writeJsonWith(const std::string& path, const nlohmann::json& j, const std::string& key,
                   const std::function<void(std::ostream&)>& writeValue) {
    nlohmann::json withKey = j;
    withKey[key] = nullptr;
    const auto parts = splitAtNull(withKey.dump(-1, ' ', false, kReplace), key); // before, after the value
    const auto write = [&](std::ostream& out) {
        out << parts.first;
        writeValue(out);
        out << parts.second << '\n';
    };
    if (path == "-") {
        write(std::cout);
        std::cout.flush();
        return;
    }
    std::ofstream f(path, std::ios::binary);
    if (!f)
        throw std::runtime_error(path + ": cannot write");
    write(f);
    f.flush();
    if (!f)
        throw std::runtime_error(path + ": write failed");
}

nlohmann::json tileJson(const TileRequest& t, const attn::Matrix& cells, const std::string& form) {
    return {{"layer", t.layer},     {"head", t.head}, {"rows", {t.r0, t.r1}},
            {"keys", {t.c0, t.c1}}, {"form", form},   {"values", matrixJson(cells)}};
}

std::string readPromptFile(const std::string& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        throw std::runtime_error(path + ": cannot read the prompt file (" + ec.message() + ")");
    if (size > kMaxPromptFileBytes)
        throw std::runtime_error(path + ": the prompt file has " + attn::formatBytes(size) +
                                 "; at most 64.0 MB are read");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error(path + ": cannot read the prompt file");
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (!in)
        throw std::runtime_error(path + ": cannot read the prompt file");
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    if (!text.empty() && text.back() == '\r')
        text.pop_back();
    if (text.empty())
        throw std::runtime_error(path + ": the prompt file is empty");
    return text;
}

} // namespace cli
