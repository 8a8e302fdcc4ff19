#include "bpe_merges.hpp"
#include "json_util.hpp"

#include <array>
#include <attn/config.hpp>
#include <attn/tokenizers/byte_level_bpe.hpp>
#include <fstream>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace attn::tokenizers {

namespace fs = std::filesystem;

namespace {

void appendUtf8(std::string& out, UChar32 c) {
    char buf[4];
    int32_t n = 0;
    U8_APPEND_UNSAFE(buf, n, c);
    out.append(buf, static_cast<std::size_t>(n));
}

// GPT-2's bytes_to_unicode (encoder.py): bytes '!'..'~', 0xA1..0xAC and 0xAE..0xFF stand for the code
// point of the same value; the remaining 68 bytes, in increasing order, for U+0100, U+0101, ...
struct ByteMap {
    std::array<UChar32, 256> toChar{};
    std::unordered_map<UChar32, unsigned char> toByte;
    ByteMap() {
        int next = 0;
        for (int b = 0; b < 256; ++b) {
            const bool printable =
                (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            toChar[static_cast<std::size_t>(b)] = printable ? b : 256 + next++;
            toByte[toChar[static_cast<std::size_t>(b)]] = static_cast<unsigned char>(b);
        }
    }
};

const ByteMap& byteMap() {
    static const ByteMap m;
    return m;
}

std::vector<UChar32> codepoints(const std::string& text) {
    const auto u = icu::UnicodeString::fromUTF8(text); // invalid sequences become U+FFFD
    std::vector<UChar32> out;
    for (int32_t i = 0; i < u.length();) {
        const UChar32 c = u.char32At(i);
        out.push_back(c);
        i += U16_LENGTH(c);
    }
    return out;
}

bool isLetter(UChar32 c) {
    return (U_GET_GC_MASK(c) & U_GC_L_MASK) != 0;
}
bool isNumber(UChar32 c) {
    return (U_GET_GC_MASK(c) & U_GC_N_MASK) != 0;
}
bool isSpace(UChar32 c) {
    return u_isUWhiteSpace(c) != 0;
} // Python regex's \s: White_Space
bool isOther(UChar32 c) {
    return !isSpace(c) && !isLetter(c) && !isNumber(c);
}

// Length of GPT-2's contraction at `i` ('s 't 're 've 'm 'll 'd, lower case only), 0 when none.
std::size_t contraction(const std::vector<UChar32>& c, std::size_t i) {
    if (c[i] != '\'' || i + 1 >= c.size())
        return 0;
    const UChar32 a = c[i + 1];
    if (a == 's' || a == 't' || a == 'm' || a == 'd')
        return 2;
    const UChar32 b = i + 2 < c.size() ? c[i + 2] : 0;
    if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l'))
        return 3;
    return 0;
}

} // namespace

std::vector<std::string> ByteLevelBpe::preTokenize(const std::string& text) {
    const auto c = codepoints(text);
    std::vector<std::string> out;
    std::size_t i = 0;
    const std::size_t n = c.size();
    auto run = [&](std::size_t from, bool (*pred)(UChar32)) {
        while (from < n && pred(c[from]))
            ++from;
        return from;
    };
    while (i < n) {
        std::size_t end = i;
        if (const std::size_t k = contraction(c, i)) {
            end = i + k;
        } else {
            // ' ?\p{L}+', ' ?\p{N}+', ' ?[^\s\p{L}\p{N}]+', tried in that order.
            const std::size_t j = c[i] == ' ' && i + 1 < n ? i + 1 : i;
            if (isLetter(c[j]))
                end = run(j, isLetter);
            else if (isNumber(c[j]))
                end = run(j, isNumber);
            else if (isOther(c[j]))
                end = run(j, isOther);
            else {
                // '\s+(?!\S)' then '\s+': a run of whitespace gives up its last character to the word
                // that follows it (when there is one and the run is longer than one).
                const std::size_t e = run(i, isSpace);
                end = (e < n && e - i > 1) ? e - 1 : e;
            }
        }
        std::string piece;
        for (std::size_t k = i; k < end; ++k)
            appendUtf8(piece, c[k]);
        out.push_back(std::move(piece));
        i = end;
    }
    return out;
}

std::string ByteLevelBpe::bytesToUnicode(const std::string& bytes) {
    std::string out;
    for (unsigned char b : bytes)
        appendUtf8(out, byteMap().toChar[b]);
    return out;
}

std::string ByteLevelBpe::unicodeToBytes(const std::string& mapped) {
    std::string out;
    const auto& m = byteMap().toByte;
    for (UChar32 c : codepoints(mapped)) {
        const auto it = m.find(c);
        if (it != m.end())
            out.push_back(static_cast<char>(it->second));
        else
            appendUtf8(out, c); // not a byte character (an added token's own text)
    }
    return out;
}

std::shared_ptr<ByteLevelBpe> ByteLevelBpe::load(const fs::path& dir) {
    ByteLevelBpeParts p;
    const auto vocabPath = dir / "vocab.json", mergesPath = dir / "merges.txt";
    p.vocabFile = vocabPath.string();
    p.mergesFile = mergesPath.string();
    p.vocab = detail::vocabFromJson(readConfigJson(vocabPath), p.vocabFile, "");

    std::ifstream in(mergesPath, std::ios::binary);
    if (!in)
        throw ConfigError(p.mergesFile + ": cannot open file", ErrorInfo{.path = p.mergesFile});
    std::string line;
    std::size_t lineNo = 0, blankAt = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (lineNo == 1 && line.rfind("#version", 0) == 0)
            continue;
        if (line.empty()) { // only allowed at the end of the file
            if (!blankAt)
                blankAt = lineNo;
            continue;
        }
        auto bad = [&](const std::string& what) {
            throw ConfigError(p.mergesFile + ":" + std::to_string(lineNo) + ": " + what,
                              ErrorInfo{.path = p.mergesFile,
                                        .line = lineNo,
                                        .expected = "two tokens separated by one space",
                                        .found = line});
        };
        if (blankAt)
            bad("merge after an empty line " + std::to_string(blankAt));
        const auto sp = line.find(' ');
        if (sp == std::string::npos || sp == 0 || sp + 1 == line.size() ||
            line.find(' ', sp + 1) != std::string::npos)
            bad("expected two tokens separated by one space, got '" + line + "'");
        p.merges.emplace_back(line.substr(0, sp), line.substr(sp + 1));
        p.mergeLines.push_back(lineNo);
    }

    std::string cfgFile;
    const auto cfg = detail::readTokenizerConfig(dir, cfgFile);
    p.unk = detail::specialToken(cfg, cfgFile, "unk_token").value_or("<|endoftext|>");
    p.addPrefixSpace = detail::configBool(cfg, cfgFile, "add_prefix_space", false);
    std::unordered_map<std::string, int> ids;
    for (std::size_t i = 0; i < p.vocab.size(); ++i)
        if (!p.vocab[i].empty())
            ids.emplace(p.vocab[i], static_cast<int>(i));
    for (const char* key : {"bos_token", "eos_token", "unk_token", "pad_token"}) {
        const auto t = key == std::string("unk_token") ? std::optional<std::string>(p.unk)
                                                       : detail::specialToken(cfg, cfgFile, key);
        if (t && ids.count(*t))
            p.specials.push_back(*t);
    }
    if (cfg.contains("added_tokens_decoder") && cfg["added_tokens_decoder"].is_object())
        for (const auto& [id, t] : cfg["added_tokens_decoder"].items())
            if (t.is_object() && t.contains("content") && t["content"].is_string() &&
                ids.count(t["content"].get<std::string>()))
                p.specials.push_back(t["content"].get<std::string>());
    if (detail::configBool(cfg, cfgFile, "add_bos_token", false)) {
        const auto bos = detail::specialToken(cfg, cfgFile, "bos_token").value_or("<|endoftext|>");
        const auto it = ids.find(bos);
        if (it == ids.end())
            detail::failKey(cfgFile, "bos_token", "'" + bos + "' is not in " + p.vocabFile);
        p.prefixIds.push_back(it->second);
    }
    if (!ids.count(p.unk))
        p.unk.clear();
    return std::make_shared<ByteLevelBpe>(std::move(p));
}

ByteLevelBpe::ByteLevelBpe(ByteLevelBpeParts p)
    : vocab_(std::move(p.vocab)), merges_(std::make_unique<detail::BpeMerges>()),
      addPrefixSpace_(p.addPrefixSpace), prefixIds_(std::move(p.prefixIds)),
      suffixIds_(std::move(p.suffixIds)) {
    for (std::size_t i = 0; i < vocab_.size(); ++i)
        if (!vocab_[i].empty())
            ids_.emplace(vocab_[i], static_cast<int>(i));
    for (std::size_t m = 0; m < p.merges.size(); ++m) {
        const auto& [a, b] = p.merges[m];
        const std::size_t line = m < p.mergeLines.size() ? p.mergeLines[m] : 0;
        const std::string where = line ? p.mergesFile + ":" + std::to_string(line)
                                       : p.mergesFile + ": key 'model.merges[" + std::to_string(m) + "]'";
        for (const auto& t : {a, b, a + b})
            if (!ids_.count(t))
                throw ConfigError(where + ": merge '" + a + " " + b + "': '" + t +
                                      "' is not in the vocabulary (" + p.vocabFile + ")",
                                  ErrorInfo{.path = p.mergesFile,
                                            .line = line ? std::optional<std::uint64_t>(line) : std::nullopt,
                                            .key = t});
        merges_->add(a, b); // a repeated merge keeps its first (better) rank
    }
    std::vector<AddedToken> added = std::move(p.added);
    for (const auto& s : p.specials) {
        const auto it = ids_.find(s);
        if (it == ids_.end())
            throw ConfigError(p.vocabFile + ": special token '" + s + "' is not in the vocabulary",
                              ErrorInfo{.path = p.vocabFile, .key = s});
        added.push_back(AddedToken{.id = it->second, .content = s});
    }
    for (const auto& t : added) {
        if (t.id < 0 || t.id >= vocabSize() || vocab_[static_cast<std::size_t>(t.id)] != t.content)
            throw ConfigError(p.vocabFile + ": added token '" + t.content + "' is not id " +
                                  std::to_string(t.id) + " of the vocabulary",
                              ErrorInfo{.path = p.vocabFile, .key = t.content});
        (t.special ? specialIds_ : addedIds_).insert(t.id);
    }
    added_ = AddedTokenSplitter(std::move(added), {});
    pre_ = std::move(p.preTokenizer);
    ignoreMerges_ = p.ignoreMerges;
    if (!p.unk.empty()) {
        const auto it = ids_.find(p.unk);
        if (it == ids_.end())
            throw ConfigError(p.vocabFile + ": unk_token '" + p.unk + "' is not in the vocabulary",
                              ErrorInfo{.path = p.vocabFile, .key = "unk_token"});
        unkId_ = it->second;
    }
    for (const auto* list : {&prefixIds_, &suffixIds_})
        for (int id : *list)
            if (id < 0 || id >= vocabSize())
                throw ConfigError(p.vocabFile + ": special id " + std::to_string(id) +
                                  " is outside the vocabulary of " + std::to_string(vocabSize()));
}

ByteLevelBpe::~ByteLevelBpe() = default;

int ByteLevelBpe::idOf(const std::string& t) const {
    const auto it = ids_.find(t);
    return it == ids_.end() ? -1 : it->second;
}

std::string ByteLevelBpe::piece(int id) const {
    return id >= 0 && id < vocabSize() ? vocab_[static_cast<std::size_t>(id)] : std::string();
}

std::vector<int> ByteLevelBpe::encodeOrdinary(const std::string& text) const {
    std::vector<int> ids;
    auto encodeWord = [&](const std::string& word) {
        std::string mapped;
        std::vector<std::string> symbols;
        for (unsigned char b : word) {
            symbols.emplace_back();
            appendUtf8(symbols.back(), byteMap().toChar[b]);
            mapped += symbols.back();
        }
        if (ignoreMerges_) {
            if (const auto it = ids_.find(mapped); it != ids_.end()) {
                ids.push_back(it->second);
                return;
            }
        }
        for (const auto& s : merges_->apply(std::move(symbols))) {
            const auto it = ids_.find(s);
            if (it != ids_.end())
                ids.push_back(it->second);
            else if (unkId_ >= 0)
                ids.push_back(unkId_);
            else
                throw ConfigError("byte-level BPE: '" + s +
                                  "' is not in the vocabulary and there is no unk_token");
        }
    };
    if (pre_) {
        for (const auto& word : pre_->apply(text))
            encodeWord(word);
        return ids;
    }
    const bool prefix = addPrefixSpace_ && !text.empty() && !isSpace(codepoints(text).front());
    for (const auto& word : preTokenize(prefix ? " " + text : text))
        encodeWord(word);
    return ids;
}

std::vector<int> ByteLevelBpe::encode(const std::string& text) const {
    std::vector<int> ids = prefixIds_;
    for (const auto& seg : added_.split(text)) {
        if (seg.id >= 0) {
            ids.push_back(seg.id);
            continue;
        }
        const auto more = encodeOrdinary(seg.text);
        ids.insert(ids.end(), more.begin(), more.end());
    }
    ids.insert(ids.end(), suffixIds_.begin(), suffixIds_.end());
    return ids;
}

std::string ByteLevelBpe::decode(const std::vector<int>& ids) const {
    std::string bytes;
    for (int id : ids)
        if (addedIds_.count(id))
            bytes += piece(id); // an added token's own text, not byte characters
        else if (!specialIds_.count(id))
            bytes += unicodeToBytes(piece(id));
    std::string out;
    icu::UnicodeString::fromUTF8(bytes).toUTF8String(out); // invalid UTF-8 -> U+FFFD
    return out;
}

std::vector<std::string> ByteLevelBpe::readable(const std::vector<int>& ids) const {
    std::vector<std::string> bytes;
    bytes.reserve(ids.size());
    for (int id : ids)
        bytes.push_back(specialIds_.count(id) || addedIds_.count(id) ? piece(id) : unicodeToBytes(piece(id)));
    return joinSplitUtf8(bytes);
}

} // namespace attn::tokenizers
