#include <attn/config.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/tokenizers/wordpiece.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

namespace attn::tokenizers {

namespace fs = std::filesystem;

namespace {

bool isWhitespace(UChar32 c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || u_charType(c) == U_SPACE_SEPARATOR;
}

bool isControl(UChar32 c) {
    if (c == '\t' || c == '\n' || c == '\r')
        return false;
    switch (u_charType(c)) { // Unicode general category C*: Cc, Cf, Cs, Co, Cn
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
        return true;
    default:
        return false;
    }
}

bool isPunctuation(UChar32 c) {
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126))
        return true;
    switch (u_charType(c)) { // P*
    case U_DASH_PUNCTUATION:
    case U_START_PUNCTUATION:
    case U_END_PUNCTUATION:
    case U_CONNECTOR_PUNCTUATION:
    case U_OTHER_PUNCTUATION:
    case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION:
        return true;
    default:
        return false;
    }
}

// The CJK Unified Ideographs blocks, as transformers' BasicTokenizer._is_chinese_char lists them.
bool isCjk(UChar32 c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
           (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) ||
           (c >= 0x2B820 && c <= 0x2CEAF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

std::string utf8(const icu::UnicodeString& s) {
    std::string out;
    s.toUTF8String(out);
    return out;
}

std::vector<UChar32> codepoints(const icu::UnicodeString& s) {
    std::vector<UChar32> out;
    for (int32_t i = 0; i < s.length();) {
        const UChar32 c = s.char32At(i);
        out.push_back(c);
        i += U16_LENGTH(c);
    }
    return out;
}

const icu::Normalizer2& normalizer(bool nfd) {
    UErrorCode err = U_ZERO_ERROR;
    const icu::Normalizer2* n =
        nfd ? icu::Normalizer2::getNFDInstance(err) : icu::Normalizer2::getNFCInstance(err);
    if (U_FAILURE(err) || !n)
        throw std::runtime_error("ICU normaliser unavailable");
    return *n;
}

icu::UnicodeString icuNormalize(const icu::UnicodeString& s, bool nfd) {
    UErrorCode err = U_ZERO_ERROR;
    auto out = normalizer(nfd).normalize(s, err);
    if (U_FAILURE(err))
        throw std::runtime_error("ICU normalisation failed");
    return out;
}

} // namespace

std::shared_ptr<WordPiece> WordPiece::load(const fs::path& dir) {
    const auto vocabPath = dir / "vocab.txt";
    std::ifstream in(vocabPath, std::ios::binary);
    if (!in)
        throw ConfigError(vocabPath.string() + ": cannot open file");
    std::vector<std::string> vocab;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        vocab.push_back(line);
    }
    WordPieceOptions o;
    const auto cfgPath = dir / "tokenizer_config.json";
    if (fs::exists(cfgPath)) {
        const auto j = readConfigJson(cfgPath);
        const hf::HfConfig c(j, cfgPath.string());
        o.doLowerCase = c.boolean("do_lower_case", true);
        if (c.has("strip_accents"))
            o.stripAccents = c.boolean("strip_accents", false) ? 1 : 0;
        o.tokenizeChineseChars = c.boolean("tokenize_chinese_chars", true);
        auto special = [&](const char* key, std::string& v) {
            if (!c.has(key))
                return;
            const auto& t = j[key];
            if (t.is_string())
                v = t.get<std::string>();
            else if (t.is_object() && t.contains("content") && t["content"].is_string())
                v = t["content"].get<std::string>(); // AddedToken form
            else
                c.fail(key, "expected a string");
        };
        special("unk_token", o.unk);
        special("cls_token", o.cls);
        special("sep_token", o.sep);
        special("pad_token", o.pad);
        special("mask_token", o.mask);
        o.splitSpecialTokens = c.boolean("split_special_tokens", false);
        if (c.has("never_split") && !j["never_split"].is_null()) {
            const auto& ns = j["never_split"];
            if (!ns.is_array())
                c.fail("never_split", "expected an array of strings");
            for (const auto& t : ns) {
                if (!t.is_string())
                    c.fail("never_split", "expected an array of strings, got " + t.dump());
                o.neverSplit.push_back(t.get<std::string>());
            }
        }
        if (j.contains("added_tokens_decoder") && j["added_tokens_decoder"].is_object())
            for (const auto& [id, t] : j["added_tokens_decoder"].items())
                if (t.is_object() && t.contains("content") && t["content"].is_string())
                    o.added.push_back(AddedToken{.id = -1, .content = t["content"].get<std::string>()});
    }
    return std::make_shared<WordPiece>(std::move(vocab), o, vocabPath.string());
}

WordPiece::WordPiece(std::vector<std::string> vocab, WordPieceOptions options, const std::string& file)
    : vocab_(std::move(vocab)), opt_(std::move(options)) {
    for (std::size_t i = 0; i < vocab_.size(); ++i)
        ids_.emplace(vocab_[i], static_cast<int>(i)); // first occurrence wins
    auto need = [&](const std::string& t, const char* key) {
        const auto it = ids_.find(t);
        if (it == ids_.end())
            throw ConfigError(file + ": " + key + " '" + t + "' is not in the vocabulary");
        return it->second;
    };
    unkId_ = need(opt_.unk, "unk_token");
    clsId_ = need(opt_.cls, "cls_token");
    sepId_ = need(opt_.sep, "sep_token");
    neverSplit_.insert(opt_.neverSplit.begin(), opt_.neverSplit.end());
    std::vector<AddedToken> added;
    for (const auto* t : {&opt_.unk, &opt_.sep, &opt_.pad, &opt_.cls, &opt_.mask})
        if (opt_.configSpecials && ids_.count(*t))
            added.push_back(AddedToken{.id = ids_.at(*t), .content = *t});
    for (auto t : opt_.added) {
        if (t.id < 0) { // tokenizer_config.json's added_tokens_decoder: the id is the vocabulary's
            const auto it = ids_.find(t.content);
            if (it == ids_.end())
                continue;
            t.id = it->second;
        }
        if (t.id >= vocabSize() || vocab_[static_cast<std::size_t>(t.id)] != t.content)
            throw ConfigError(file + ": added token '" + t.content + "' is not id " + std::to_string(t.id) +
                              " of the vocabulary");
        added.push_back(t);
    }
    for (const auto& t : added)
        if (t.special)
            specialIds_.insert(t.id);
    if (opt_.splitSpecialTokens)
        added.clear();
    AddedTokenSplitter::Normalizer norm;
    if (opt_.normalizedAdded)
        norm = [o = opt_](const std::string& text) { return normalize(text, o); };
    added_ = AddedTokenSplitter(std::move(added), std::move(norm));
}

std::string WordPiece::normalize(const std::string& text, const WordPieceOptions& opt) {
    icu::UnicodeString cleaned;
    for (UChar32 c : codepoints(icu::UnicodeString::fromUTF8(text))) {
        if (c == 0 || c == 0xFFFD || isControl(c))
            continue;
        if (isWhitespace(c))
            cleaned.append(static_cast<UChar32>(' '));
        else if (opt.tokenizeChineseChars && isCjk(c))
            cleaned.append(static_cast<UChar32>(' ')).append(c).append(static_cast<UChar32>(' '));
        else
            cleaned.append(c);
    }
    cleaned = icuNormalize(cleaned, false); // NFC
    if (opt.doLowerCase)
        cleaned.toLower(icu::Locale::getRoot());
    if (opt.stripAccents == 1 || (opt.stripAccents == -1 && opt.doLowerCase)) {
        const auto nfd = icuNormalize(cleaned, true);
        cleaned.remove();
        for (UChar32 c : codepoints(nfd))
            if (u_charType(c) != U_NON_SPACING_MARK)
                cleaned.append(c);
    }
    return utf8(cleaned);
}

int WordPiece::idOf(const std::string& t) const {
    const auto it = ids_.find(t);
    return it == ids_.end() ? -1 : it->second;
}

std::string WordPiece::piece(int id) const {
    return id >= 0 && id < vocabSize() ? vocab_[static_cast<std::size_t>(id)] : std::string();
}

std::vector<std::string> WordPiece::basicTokenize(const std::string& text) const {
    const auto in = icu::UnicodeString::fromUTF8(text);
    icu::UnicodeString cleaned;
    for (UChar32 c : codepoints(in)) {
        if (c == 0 || c == 0xFFFD || isControl(c))
            continue;
        if (isWhitespace(c))
            cleaned.append(static_cast<UChar32>(' '));
        else if (opt_.tokenizeChineseChars && isCjk(c))
            cleaned.append(static_cast<UChar32>(' ')).append(c).append(static_cast<UChar32>(' '));
        else
            cleaned.append(c);
    }
    cleaned = icuNormalize(cleaned, false); // NFC
    const bool strip = opt_.stripAccents == 1 || (opt_.stripAccents == -1 && opt_.doLowerCase);
    std::vector<std::string> out;
    auto flushWord = [&](icu::UnicodeString word) {
        if (word.isEmpty())
            return;
        if (!neverSplit_.empty() && neverSplit_.count(utf8(word))) {
            out.push_back(utf8(word));
            return;
        }
        if (opt_.doLowerCase)
            word.toLower(icu::Locale::getRoot());
        if (strip) {
            const auto nfd = icuNormalize(word, true);
            icu::UnicodeString kept;
            for (UChar32 c : codepoints(nfd))
                if (u_charType(c) != U_NON_SPACING_MARK)
                    kept.append(c);
            word = kept;
        }
        icu::UnicodeString cur;
        for (UChar32 c : codepoints(word)) {
            if (isPunctuation(c)) {
                if (!cur.isEmpty())
                    out.push_back(utf8(cur));
                out.push_back(utf8(icu::UnicodeString(c)));
                cur.remove();
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty())
            out.push_back(utf8(cur));
    };
    icu::UnicodeString word;
    for (UChar32 c : codepoints(cleaned)) {
        if (c == ' ') { // Python's str.split() also splits on the other whitespace, already mapped to ' '
            flushWord(word);
            word.remove();
        } else {
            word.append(c);
        }
    }
    flushWord(word);
    return out;
}

std::vector<std::string> WordPiece::wordPieces(const std::string& word) const {
    const auto cps = codepoints(icu::UnicodeString::fromUTF8(word));
    if (static_cast<int>(cps.size()) > opt_.maxCharsPerWord)
        return {opt_.unk};
    std::vector<std::string> chars;
    for (UChar32 c : cps)
        chars.push_back(utf8(icu::UnicodeString(c)));
    std::vector<std::string> pieces;
    std::size_t start = 0;
    while (start < chars.size()) {
        std::size_t end = chars.size();
        std::string found;
        while (start < end) {
            std::string sub = start > 0 ? "##" : "";
            for (std::size_t i = start; i < end; ++i)
                sub += chars[i];
            if (ids_.count(sub)) {
                found = std::move(sub);
                break;
            }
            --end;
        }
        if (found.empty())
            return {opt_.unk}; // one piece fails: the whole word is unknown
        pieces.push_back(std::move(found));
        start = end;
    }
    return pieces;
}

std::vector<int> WordPiece::encode(const std::string& text) const {
    std::vector<int> ids = {clsId_};
    auto segments = added_.split(text);
    if (opt_.configSpecials && opt_.doLowerCase && !added_.empty()) {
        // transformers' PreTrainedTokenizer.tokenize lower-cases all but the special tokens before it
        // splits them out (and before never_split is looked at): split the lower-cased rest again.
        std::vector<TextSegment> lowered;
        for (auto& seg : segments) {
            if (seg.id >= 0) {
                lowered.push_back(std::move(seg));
                continue;
            }
            std::string lower;
            icu::UnicodeString::fromUTF8(seg.text).toLower(icu::Locale::getRoot()).toUTF8String(lower);
            for (auto& s : added_.split(lower))
                lowered.push_back(std::move(s));
        }
        segments = std::move(lowered);
    }
    for (const auto& seg : segments) {
        if (seg.id >= 0) {
            ids.push_back(seg.id);
            continue;
        }
        for (const auto& w : basicTokenize(seg.text)) {
            if (!neverSplit_.empty() && neverSplit_.count(w)) {
                const auto it = ids_.find(w);
                ids.push_back(it == ids_.end() ? unkId_ : it->second);
                continue;
            }
            for (const auto& p : wordPieces(w))
                ids.push_back(ids_.at(p));
        }
    }
    ids.push_back(sepId_);
    return ids;
}

std::string WordPiece::decode(const std::vector<int>& ids) const {
    std::string out;
    for (int id : ids) {
        if (id == clsId_ || id == sepId_ || id == idOf(opt_.pad) || specialIds_.count(id))
            continue;
        const auto p = piece(id);
        if (p.rfind("##", 0) == 0)
            out += p.substr(2);
        else
            out += (out.empty() ? "" : " ") + p;
    }
    return out;
}

} // namespace attn::tokenizers
