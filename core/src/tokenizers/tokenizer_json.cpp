#include "json_util.hpp"

#include <attn/config.hpp>
#include <attn/tokenizers/byte_level_bpe.hpp>
#include <attn/tokenizers/metaspace_bpe.hpp>
#include <attn/tokenizers/pre_tokenizer.hpp>
#include <attn/tokenizers/tokenizer_json.hpp>
#include <attn/tokenizers/wordpiece.hpp>

namespace attn::tokenizers {

namespace fs = std::filesystem;
using detail::failKey;
using nlohmann::json;

namespace {

const std::string kMeta = "\xE2\x96\x81"; // U+2581 "▁"

struct Reader {
    std::string file;

    const json& member(const json& obj, const std::string& name, const std::string& key) const {
        if (!obj.is_object() || !obj.contains(name))
            failKey(file, key, "missing");
        return obj[name];
    }
    std::string str(const json& obj, const std::string& name, const std::string& key) const {
        const auto& v = member(obj, name, key);
        if (!v.is_string())
            failKey(file, key, "expected a string, got " + v.dump());
        return v.get<std::string>();
    }
    std::string optStr(const json& obj, const std::string& name, const std::string& key) const {
        if (!obj.contains(name) || obj[name].is_null())
            return "";
        return str(obj, name, key);
    }
    bool optBool(const json& obj, const std::string& name, const std::string& key, bool fallback) const {
        if (!obj.contains(name) || obj[name].is_null())
            return fallback;
        if (!obj[name].is_boolean())
            failKey(file, key, "expected true or false, got " + obj[name].dump());
        return obj[name].get<bool>();
    }
    int id(const json& v, const std::string& key) const {
        if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= detail::kMaxVocab)
            failKey(file, key,
                    "expected a token id in [0, " + std::to_string(detail::kMaxVocab) + "), got " + v.dump());
        return static_cast<int>(v.get<std::int64_t>());
    }
    /// The component's "type" ("" for null).
    std::string type(const json& component, const std::string& key) const {
        if (component.is_null())
            return "";
        if (!component.is_object())
            failKey(file, key, "expected an object or null, got " + component.dump());
        return str(component, "type", key + ".type");
    }
    [[noreturn]] void unsupported(const std::string& key, const std::string& what) const {
        failKey(file, key,
                what + " is not supported (attnviz reads WordPiece and BPE tokenizer.json files: "
                       "ByteLevel, Split, Metaspace, Bert components)");
    }
};

struct Added {
    std::vector<AddedToken> tokens;
};

Added readAdded(const Reader& r, const json& j) {
    Added a;
    if (!j.contains("added_tokens") || j["added_tokens"].is_null())
        return a;
    const auto& arr = j["added_tokens"];
    if (!arr.is_array())
        failKey(r.file, "added_tokens", "expected an array");
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const std::string key = "added_tokens[" + std::to_string(i) + "]";
        AddedToken t;
        t.id = r.id(r.member(arr[i], "id", key + ".id"), key + ".id");
        t.content = r.str(arr[i], "content", key + ".content");
        if (t.content.empty())
            failKey(r.file, key + ".content", "empty token");
        // The library's defaults (AddedToken::default): an ordinary, normalized token.
        t.special = r.optBool(arr[i], "special", key + ".special", false);
        t.singleWord = r.optBool(arr[i], "single_word", key + ".single_word", false);
        t.lstrip = r.optBool(arr[i], "lstrip", key + ".lstrip", false);
        t.rstrip = r.optBool(arr[i], "rstrip", key + ".rstrip", false);
        t.normalized = r.optBool(arr[i], "normalized", key + ".normalized", true);
        a.tokens.push_back(std::move(t));
    }
    return a;
}

/// Model vocabulary with the added tokens laid over it (an added id beyond the model's grows it).
std::vector<std::string> vocabulary(const Reader& r, const json& model, const Added& added) {
    auto v = detail::vocabFromJson(r.member(model, "vocab", "model.vocab"), r.file, "model.vocab");
    for (const auto& t : added.tokens) {
        const int id = t.id;
        const auto& content = t.content;
        const auto i = static_cast<std::size_t>(id);
        if (i >= v.size())
            v.resize(i + 1);
        if (!v[i].empty() && v[i] != content)
            failKey(r.file, "added_tokens",
                    "id " + std::to_string(id) + " is '" + content + "' but model.vocab says '" + v[i] + "'");
        v[i] = content;
    }
    return v;
}

std::vector<std::pair<std::string, std::string>> readMerges(const Reader& r, const json& model) {
    const auto& m = r.member(model, "merges", "model.merges");
    if (!m.is_array())
        failKey(r.file, "model.merges", "expected an array");
    std::vector<std::pair<std::string, std::string>> out;
    for (std::size_t i = 0; i < m.size(); ++i) {
        const std::string key = "model.merges[" + std::to_string(i) + "]";
        if (m[i].is_string()) { // "a b"
            const auto s = m[i].get<std::string>();
            const auto sp = s.find(' ');
            if (sp == std::string::npos || sp == 0 || sp + 1 == s.size() ||
                s.find(' ', sp + 1) != std::string::npos)
                failKey(r.file, key, "expected two tokens separated by one space, got '" + s + "'");
            out.emplace_back(s.substr(0, sp), s.substr(sp + 1));
        } else if (m[i].is_array() && m[i].size() == 2 && m[i][0].is_string() && m[i][1].is_string()) {
            out.emplace_back(m[i][0].get<std::string>(), m[i][1].get<std::string>());
        } else {
            failKey(r.file, key, "expected \"a b\" or [\"a\", \"b\"], got " + m[i].dump());
        }
    }
    return out;
}

/// Special ids of the post-processor before and after the text.
void postProcessor(const Reader& r, const json& pp, const std::string& key, std::vector<int>& prefix,
                   std::vector<int>& suffix) {
    const auto t = r.type(pp, key);
    if (t.empty() || t == "ByteLevel")
        return;
    if (t == "Sequence") {
        const auto& list = r.member(pp, "processors", key + ".processors");
        if (!list.is_array())
            failKey(r.file, key + ".processors", "expected an array");
        for (std::size_t i = 0; i < list.size(); ++i)
            postProcessor(r, list[i], key + ".processors[" + std::to_string(i) + "]", prefix, suffix);
        return;
    }
    if (t == "BertProcessing" || t == "RobertaProcessing") {
        for (const char* which : {"cls", "sep"}) {
            const auto& v = r.member(pp, which, key + "." + which);
            if (!v.is_array() || v.size() != 2 || !v[0].is_string())
                failKey(r.file, key + "." + which, "expected [token, id], got " + v.dump());
            (which == std::string("cls") ? prefix : suffix).push_back(r.id(v[1], key + "." + which + "[1]"));
        }
        return;
    }
    if (t == "TemplateProcessing") {
        const auto& single = r.member(pp, "single", key + ".single");
        const auto& specials = r.member(pp, "special_tokens", key + ".special_tokens");
        if (!single.is_array())
            failKey(r.file, key + ".single", "expected an array");
        bool seenSequence = false;
        for (std::size_t i = 0; i < single.size(); ++i) {
            const std::string k = key + ".single[" + std::to_string(i) + "]";
            const auto& item = single[i];
            if (item.is_object() && item.contains("Sequence")) {
                if (seenSequence)
                    failKey(r.file, k, "a second $A sequence");
                seenSequence = true;
            } else if (item.is_object() && item.contains("SpecialToken")) {
                const auto name = r.str(item["SpecialToken"], "id", k + ".SpecialToken.id");
                const auto& st = r.member(specials, name, key + ".special_tokens." + name);
                const auto& ids = r.member(st, "ids", key + ".special_tokens." + name + ".ids");
                if (!ids.is_array())
                    failKey(r.file, key + ".special_tokens." + name + ".ids", "expected an array");
                for (const auto& v : ids)
                    (seenSequence ? suffix : prefix)
                        .push_back(r.id(v, key + ".special_tokens." + name + ".ids"));
            } else {
                failKey(r.file, k,
                        "expected {\"Sequence\": ...} or {\"SpecialToken\": ...}, got " + item.dump());
            }
        }
        if (!seenSequence)
            failKey(r.file, key + ".single", "no $A sequence");
        return;
    }
    r.unsupported(key + ".type", "post-processor '" + t + "'");
}

/// A Sequence pre-tokenizer of one element is that element.
const json& unwrapSequence(const Reader& r, const json& c, const std::string& listName, std::string& key) {
    if (r.type(c, key) == "Sequence") {
        const auto& list = r.member(c, listName, key + "." + listName);
        if (list.is_array() && list.size() == 1) {
            key += "." + listName + "[0]";
            return list[0];
        }
    }
    return c;
}

/// The ByteLevel flavour's pre-tokenizer: ByteLevel alone, or a Sequence of Splits that ends in
/// ByteLevel (Llama 3). `is` false when the pre-tokenizer does not end in ByteLevel. `pre` stays null
/// for ByteLevel(use_regex = true) alone: ByteLevelBpe's own GPT-2 regex.
struct ByteLevelPre {
    bool is = false;
    std::shared_ptr<PreTokenizer> pre;
    bool addPrefixSpace = false;
};

ByteLevelPre byteLevelPre(const Reader& r, const json& c) {
    std::vector<std::pair<const json*, std::string>> steps;
    if (r.type(c, "pre_tokenizer") == "Sequence") {
        const auto& list = r.member(c, "pretokenizers", "pre_tokenizer.pretokenizers");
        if (!list.is_array())
            failKey(r.file, "pre_tokenizer.pretokenizers", "expected an array");
        for (std::size_t i = 0; i < list.size(); ++i)
            steps.emplace_back(&list[i], "pre_tokenizer.pretokenizers[" + std::to_string(i) + "]");
    } else {
        steps.emplace_back(&c, "pre_tokenizer");
    }
    if (steps.empty() || r.type(*steps.back().first, steps.back().second) != "ByteLevel")
        return {};
    const auto& [bl, blKey] = steps.back();
    ByteLevelPre out;
    out.is = true;
    const bool useRegex = r.optBool(*bl, "use_regex", blKey + ".use_regex", true);
    const bool prefixSpace = r.optBool(*bl, "add_prefix_space", blKey + ".add_prefix_space", false);
    if (steps.size() == 1 && useRegex) {
        out.addPrefixSpace = prefixSpace;
        return out;
    }
    out.pre = std::make_shared<PreTokenizer>();
    for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
        const auto& [step, key] = steps[i];
        if (const auto t = r.type(*step, key); t != "Split")
            r.unsupported(key + ".type", "pre-tokenizer '" + t + "' before ByteLevel");
        const auto& pat = r.member(*step, "pattern", key + ".pattern");
        const bool isRegex = pat.is_object() && pat.contains("Regex");
        if (!pat.is_object() || pat.size() != 1 || !(isRegex || pat.contains("String")))
            failKey(r.file, key + ".pattern",
                    "expected {\"Regex\": ...} or {\"String\": ...}, got " + pat.dump());
        const auto pattern = r.str(pat, isRegex ? "Regex" : "String", key + ".pattern");
        const auto behavior =
            parseSplitBehavior(r.str(*step, "behavior", key + ".behavior"), r.file, key + ".behavior");
        out.pre->addSplit(pattern, isRegex, behavior, r.optBool(*step, "invert", key + ".invert", false),
                          r.file, key + ".pattern");
    }
    out.pre->addByteLevel(prefixSpace, useRegex);
    return out;
}

std::shared_ptr<const Tokenizer> wordPiece(const Reader& r, const json& j, const json& model,
                                           const Added& added) {
    WordPieceOptions o;
    const auto& norm = j.contains("normalizer") ? j["normalizer"] : json();
    const auto nt = r.type(norm, "normalizer");
    if (nt == "BertNormalizer") {
        o.doLowerCase = r.optBool(norm, "lowercase", "normalizer.lowercase", true);
        o.tokenizeChineseChars =
            r.optBool(norm, "handle_chinese_chars", "normalizer.handle_chinese_chars", true);
        if (norm.contains("strip_accents") && !norm["strip_accents"].is_null())
            o.stripAccents = r.optBool(norm, "strip_accents", "normalizer.strip_accents", false) ? 1 : 0;
        if (!r.optBool(norm, "clean_text", "normalizer.clean_text", true))
            r.unsupported("normalizer.clean_text", "clean_text false");
    } else {
        r.unsupported("normalizer.type", "normaliser '" + nt + "' with a WordPiece model");
    }
    const auto& pre = j.contains("pre_tokenizer") ? j["pre_tokenizer"] : json();
    if (const auto pt = r.type(pre, "pre_tokenizer"); pt != "BertPreTokenizer")
        r.unsupported("pre_tokenizer.type", "pre-tokenizer '" + pt + "' with a WordPiece model");
    if (const auto prefix = r.optStr(model, "continuing_subword_prefix", "model.continuing_subword_prefix");
        !prefix.empty() && prefix != "##")
        r.unsupported("model.continuing_subword_prefix", "prefix '" + prefix + "'");
    o.unk = r.str(model, "unk_token", "model.unk_token");
    if (model.contains("max_input_chars_per_word"))
        o.maxCharsPerWord = r.id(model["max_input_chars_per_word"], "model.max_input_chars_per_word");
    auto vocab = vocabulary(r, model, added);
    std::vector<int> prefix, suffix;
    postProcessor(r, j.contains("post_processor") ? j["post_processor"] : json(), "post_processor", prefix,
                  suffix);
    if (prefix.size() != 1 || suffix.size() != 1)
        r.unsupported("post_processor", "a WordPiece post-processor other than [CLS] $A [SEP]");
    for (int id : {prefix[0], suffix[0]})
        if (static_cast<std::size_t>(id) >= vocab.size() || vocab[static_cast<std::size_t>(id)].empty())
            failKey(r.file, "post_processor", "special id " + std::to_string(id) + " is not in model.vocab");
    o.cls = vocab[static_cast<std::size_t>(prefix[0])];
    o.sep = vocab[static_cast<std::size_t>(suffix[0])];
    // The added tokens (not the config's unk/cls/...: a tokenizer.json lists what it splits out).
    o.added = added.tokens;
    o.normalizedAdded = true;
    o.configSpecials = false;
    return std::make_shared<WordPiece>(std::move(vocab), o, r.file);
}

void checkPlainBpe(const Reader& r, const json& model) {
    if (model.contains("dropout") && !model["dropout"].is_null() &&
        !(model["dropout"].is_number() && model["dropout"].get<double>() == 0.0))
        r.unsupported("model.dropout", "BPE dropout");
    for (const char* k : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (!r.optStr(model, k, std::string("model.") + k).empty())
            r.unsupported(std::string("model.") + k, std::string("a non-empty ") + k);
}

std::shared_ptr<const Tokenizer> bpe(const Reader& r, const json& j, const json& model, const Added& added,
                                     const fs::path& dir) {
    checkPlainBpe(r, model);
    auto vocab = vocabulary(r, model, added);
    auto merges = readMerges(r, model);
    std::vector<int> prefix, suffix;
    postProcessor(r, j.contains("post_processor") ? j["post_processor"] : json(), "post_processor", prefix,
                  suffix);
    const auto unk = r.optStr(model, "unk_token", "model.unk_token");

    std::string preKey = "pre_tokenizer", normKey = "normalizer";
    const json none;
    const auto& preTop = j.contains("pre_tokenizer") ? j["pre_tokenizer"] : none;
    const auto& norm = j.contains("normalizer") ? j["normalizer"] : none;
    const auto nt = r.type(norm, normKey);

    if (auto bl = byteLevelPre(r, preTop); bl.is) {
        if (!nt.empty())
            r.unsupported(normKey + ".type", "normaliser '" + nt + "' with a ByteLevel pre-tokenizer");
        ByteLevelBpeParts p;
        p.vocab = std::move(vocab);
        p.merges = std::move(merges);
        p.vocabFile = p.mergesFile = r.file;
        p.added = added.tokens; // no normaliser: normalized tokens match the raw text too
        p.unk = unk;
        p.addPrefixSpace = bl.addPrefixSpace;
        p.preTokenizer = std::move(bl.pre);
        p.ignoreMerges = r.optBool(model, "ignore_merges", "model.ignore_merges", false);
        p.prefixIds = std::move(prefix);
        p.suffixIds = std::move(suffix);
        return std::make_shared<ByteLevelBpe>(std::move(p));
    }
    const auto& pre = unwrapSequence(r, preTop, "pretokenizers", preKey);
    const auto pt = r.type(pre, preKey);

    MetaspaceBpeParts p;
    if (pt == "Metaspace") {
        if (!nt.empty())
            r.unsupported(normKey + ".type", "normaliser '" + nt + "' with a Metaspace pre-tokenizer");
        p.replacement = r.str(pre, "replacement", preKey + ".replacement");
        p.splitWords = r.optBool(pre, "split", preKey + ".split", true);
        if (pre.contains("prepend_scheme") && !pre["prepend_scheme"].is_null()) {
            const auto s = r.str(pre, "prepend_scheme", preKey + ".prepend_scheme");
            if (s == "always")
                p.prepend = MetaspaceBpeParts::Prepend::Always;
            else if (s == "first")
                p.prepend = MetaspaceBpeParts::Prepend::First;
            else if (s == "never")
                p.prepend = MetaspaceBpeParts::Prepend::Never;
            else
                failKey(r.file, preKey + ".prepend_scheme",
                        "expected always, first or never, got '" + s + "'");
        } else { // older files: add_prefix_space
            p.prepend = r.optBool(pre, "add_prefix_space", preKey + ".add_prefix_space", true)
                            ? MetaspaceBpeParts::Prepend::Always
                            : MetaspaceBpeParts::Prepend::Never;
        }
    } else if (pt.empty() && nt == "Sequence") {
        // Llama 2's Sequence[Prepend("▁"), Replace(" ", "▁")], in that order.
        const auto& list = r.member(norm, "normalizers", "normalizer.normalizers");
        bool ok = list.is_array() && list.size() == 2;
        if (ok) {
            ok = r.type(list[0], "normalizer.normalizers[0]") == "Prepend" &&
                 r.str(list[0], "prepend", "normalizer.normalizers[0].prepend") == kMeta &&
                 r.type(list[1], "normalizer.normalizers[1]") == "Replace" &&
                 r.optStr(list[1], "content", "normalizer.normalizers[1].content") == kMeta &&
                 list[1].contains("pattern") && list[1]["pattern"].is_object() &&
                 list[1]["pattern"].contains("String") && list[1]["pattern"]["String"] == " ";
        }
        if (!ok)
            r.unsupported("normalizer.normalizers",
                          "a normaliser sequence other than Prepend(\"▁\"), Replace(\" \", \"▁\")");
        for (std::size_t i = 0; i < added.tokens.size(); ++i)
            if (added.tokens[i].normalized)
                r.unsupported("added_tokens[" + std::to_string(i) + "].normalized",
                              "a normalized added token ('" + added.tokens[i].content +
                                  "') with the Prepend/Replace normaliser");
        p.replacement = kMeta;
        p.prepend = MetaspaceBpeParts::Prepend::Unconditional;
        p.splitWords = false;
    } else {
        r.unsupported(pt.empty() ? normKey + ".type" : preKey + ".type",
                      pt.empty() ? "normaliser '" + nt + "' with a BPE model and no pre-tokenizer"
                                 : "pre-tokenizer '" + pt + "'");
    }
    p.vocab = std::move(vocab);
    p.merges = std::move(merges);
    p.file = r.file;
    p.added = added.tokens;
    p.unk = unk;
    p.byteFallback = r.optBool(model, "byte_fallback", "model.byte_fallback", false);
    p.fuseUnk = r.optBool(model, "fuse_unk", "model.fuse_unk", false);
    p.ignoreMerges = r.optBool(model, "ignore_merges", "model.ignore_merges", false);

    // LlamaTokenizerFast rebuilds the template from tokenizer_config.json's add_bos_token/add_eos_token.
    std::string cfgFile;
    const auto cfg = detail::readTokenizerConfig(dir, cfgFile);
    auto idOf = [&](const char* key, const char* fallback) {
        const auto t = detail::specialToken(cfg, cfgFile, key).value_or(fallback);
        for (std::size_t i = 0; i < p.vocab.size(); ++i)
            if (p.vocab[i] == t)
                return static_cast<int>(i);
        failKey(cfgFile, key, "'" + t + "' is not in " + r.file);
    };
    if (cfg.contains("add_bos_token") && !cfg["add_bos_token"].is_null())
        prefix = detail::configBool(cfg, cfgFile, "add_bos_token", true)
                     ? std::vector<int>{idOf("bos_token", "<s>")}
                     : std::vector<int>{};
    if (cfg.contains("add_eos_token") && !cfg["add_eos_token"].is_null())
        suffix = detail::configBool(cfg, cfgFile, "add_eos_token", false)
                     ? std::vector<int>{idOf("eos_token", "</s>")}
                     : std::vector<int>{};
    p.prefixIds = std::move(prefix);
    p.suffixIds = std::move(suffix);
    return std::make_shared<MetaspaceBpe>(std::move(p));
}

} // namespace

std::shared_ptr<const Tokenizer> loadTokenizerJson(const fs::path& dir) {
    const auto path = dir / "tokenizer.json";
    const Reader r{path.string()};
    const auto j = readConfigJson(path);
    const auto& model = r.member(j, "model", "model");
    if (!model.is_object())
        failKey(r.file, "model", "expected an object");
    const auto type = r.str(model, "type", "model.type");
    const auto added = readAdded(r, j);
    if (type == "WordPiece")
        return wordPiece(r, j, model, added);
    if (type == "BPE")
        return bpe(r, j, model, added, dir);
    failKey(r.file, "model.type",
            "model type '" + type +
                "' is not supported (attnviz reads tokenizer.json files with a WordPiece or BPE model)");
}

} // namespace attn::tokenizers
