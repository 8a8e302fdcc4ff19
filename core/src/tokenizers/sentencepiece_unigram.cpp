#include <algorithm>
#include <attn/config.hpp>
#include <attn/json_parse.hpp>
#include <attn/tokenizers/sentencepiece_unigram.hpp>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace attn::tokenizers {

namespace {

constexpr char32_t kMetaspace = 0x2581; // "▁"

[[noreturn]] void failEntry(const std::string& file, std::size_t index, const std::string& what,
                            const std::string& expected, const std::string& found) {
    const std::string key = "[" + std::to_string(index) + "]";
    throw ConfigError(file + ": entry " + std::to_string(index) + ": " + what,
                      ErrorInfo{.path = file, .key = key, .expected = expected, .found = found});
}

[[noreturn]] void failFile(const std::string& file, const std::string& what, ErrorInfo info) {
    info.path = file;
    throw ConfigError(file + ": " + what, std::move(info));
}

// Code points of valid UTF-8 (nlohmann has checked the pieces; text goes through ICU first).
std::vector<char32_t> codePoints(const std::string& s) {
    std::vector<char32_t> out;
    const auto* b = reinterpret_cast<const uint8_t*>(s.data());
    const auto n = static_cast<int32_t>(s.size());
    for (int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(b, i, n, c);
        out.push_back(c < 0 ? char32_t{0xFFFD} : static_cast<char32_t>(c));
    }
    return out;
}

// NFKC of `text` (invalid UTF-8 becomes U+FFFD first) as code points.
std::vector<char32_t> nfkc(const std::string& text) {
    UErrorCode err = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(err);
    if (U_FAILURE(err) || !n)
        throw std::runtime_error("ICU NFKC normaliser unavailable");
    const icu::UnicodeString normalized = n->normalize(icu::UnicodeString::fromUTF8(text), err);
    if (U_FAILURE(err))
        throw std::runtime_error("ICU NFKC normalisation failed");
    std::vector<char32_t> out;
    out.reserve(static_cast<std::size_t>(normalized.length()));
    for (int32_t i = 0; i < normalized.length(); i = normalized.moveIndex32(i, 1))
        out.push_back(static_cast<char32_t>(normalized.char32At(i)));
    return out;
}

std::uint64_t edgeKey(int node, char32_t c) {
    return (static_cast<std::uint64_t>(node) << 21) | static_cast<std::uint64_t>(c);
}

} // namespace

int SentencePieceUnigram::child(int node, char32_t c) const {
    const auto it = edges_.find(edgeKey(node, c));
    return it == edges_.end() ? -1 : it->second;
}

SentencePieceUnigram SentencePieceUnigram::fromVocabJson(const std::filesystem::path& vocabJson) {
    const std::string file = vocabJson.string();
    std::ifstream in(vocabJson, std::ios::binary);
    if (!in)
        failFile(file, "cannot open file", {});
    std::error_code sizeError;
    const auto bytes = std::filesystem::file_size(vocabJson, sizeError);
    if (!sizeError && bytes > kMaxBytes)
        failFile(file,
                 std::to_string(bytes) + " bytes, more than the " + std::to_string(kMaxBytes) +
                     " a vocab.json may have",
                 {.byte = kMaxBytes,
                  .expected = "at most " + std::to_string(kMaxBytes) + " bytes",
                  .found = std::to_string(bytes) + " bytes"});
    std::string text;
    text.reserve(static_cast<std::size_t>(sizeError ? 0 : bytes));
    // Read at most kMaxBytes + 1 (a file that grows or has no size must not be read whole).
    char buf[1 << 16];
    while (in && text.size() <= kMaxBytes) {
        in.read(buf, sizeof buf);
        text.append(buf, static_cast<std::size_t>(in.gcount()));
    }
    if (text.size() > kMaxBytes)
        failFile(file, "more than the " + std::to_string(kMaxBytes) + " bytes a vocab.json may have",
                 {.byte = kMaxBytes, .expected = "at most " + std::to_string(kMaxBytes) + " bytes"});

    JsonParseFailure failure;
    const auto j = tryParseJson(text, &failure);
    if (!j)
        failFile(file, "invalid JSON at byte " + std::to_string(failure.position) + ": " + failure.reason,
                 {.byte = failure.offset, .expected = "JSON", .found = failure.reason});
    if (!j->is_array())
        failFile(file, std::string("expected an array of [piece, score] entries, got ") + j->type_name(),
                 {.byte = 0, .expected = "a JSON array", .found = j->type_name()});
    const std::size_t n = j->size();
    if (n <= static_cast<std::size_t>(kReservedIds) || n > kMaxPieces)
        failFile(
            file,
            std::to_string(n) + " entries; a vocabulary has the " + std::to_string(kReservedIds) +
                " reserved ids and at least one piece, at most " + std::to_string(kMaxPieces) + " entries",
            {.expected = std::to_string(kReservedIds + 1) + " to " + std::to_string(kMaxPieces) + " entries",
             .found = std::to_string(n) + " entries"});

    SentencePieceUnigram t;
    t.pieces_.reserve(n);
    t.scores_.reserve(n);
    std::size_t characters = 0;
    std::vector<std::vector<char32_t>> chars(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& e = (*j)[i];
        if (!e.is_array() || e.size() != 2 || !e[0].is_string())
            failEntry(file, i, "expected [piece, score] with a string piece, got " + describeJson(e),
                      "[string, number or null]", describeJson(e));
        if (!e[1].is_number() && !e[1].is_null())
            failEntry(file, i, "the score must be a number or null, got " + describeJson(e[1]),
                      "a number or null", describeJson(e[1]));
        const double score = e[1].is_null() ? 0.0 : e[1].get<double>();
        if (!std::isfinite(score))
            failEntry(file, i, "the score is not finite", "a finite number", describeJson(e[1]));
        std::string piece = e[0].get<std::string>();
        chars[i] = codePoints(piece);
        if (i == static_cast<std::size_t>(kUnknownId) && chars[i].size() != 1)
            failEntry(file, i,
                      "the unknown piece (id 0) must be one character, got '" + piece + "' (" +
                          std::to_string(chars[i].size()) + ")",
                      "one character", std::to_string(chars[i].size()) + " characters");
        if (i >= static_cast<std::size_t>(kReservedIds)) {
            if (chars[i].empty())
                failEntry(file, i, "the piece is empty", "a non-empty piece", "\"\"");
            characters += chars[i].size();
            if (characters > kMaxPieceCharacters)
                failEntry(file, i,
                          "the pieces up to here hold " + std::to_string(characters) +
                              " characters, more than the " + std::to_string(kMaxPieceCharacters) +
                              " a vocabulary may have",
                          "at most " + std::to_string(kMaxPieceCharacters) + " characters in all",
                          std::to_string(characters));
        }
        t.pieces_.push_back(std::move(piece));
        t.scores_.push_back(score);
    }

    // The trie, inserted in id order so that a later duplicate overwrites (as the package's does).
    t.terminal_.push_back(-1);
    std::map<std::string, std::vector<int>> seen;
    for (std::size_t i = kReservedIds; i < n; ++i) {
        int node = 0;
        for (char32_t c : chars[i]) {
            const auto [it, added] =
                t.edges_.try_emplace(edgeKey(node, c), static_cast<int>(t.terminal_.size()));
            if (added)
                t.terminal_.push_back(-1);
            node = it->second;
        }
        t.terminal_[static_cast<std::size_t>(node)] = static_cast<int>(i);
        seen[t.pieces_[i]].push_back(static_cast<int>(i));
    }
    for (auto& [piece, ids] : seen)
        if (ids.size() > 1)
            t.duplicates_.emplace_back(piece, std::move(ids));
    return t;
}

std::vector<int> SentencePieceUnigram::encode(const std::string& text) const {
    std::vector<char32_t> sym = nfkc(text);
    if (sym.empty())
        return {};
    for (char32_t& c : sym)
        if (c == U' ')
            c = kMetaspace;
    sym.insert(sym.begin(), kMetaspace);
    const std::size_t n = sym.size();

    // Lattice edges by end position: (start, score, id), starts ascending as the package visits them.
    struct Edge {
        std::size_t start;
        double score;
        int id;
    };
    std::vector<std::vector<Edge>> into(n + 1);
    for (std::size_t i = 0; i < n; ++i) {
        bool any = false;
        int node = child(0, sym[i]);
        for (std::size_t k = i; node >= 0;) {
            const int id = terminal_[static_cast<std::size_t>(node)];
            if (id >= 0) {
                into[k + 1].push_back({i, scores_[static_cast<std::size_t>(id)], id});
                any = true;
            }
            if (++k >= n)
                break;
            node = child(node, sym[k]);
        }
        if (!any)
            into[i + 1].push_back({i, 0.0, kUnknownId});
    }
    // Edges are added in increasing start order, so each list is already sorted by start.

    // Viterbi with the package's rules (a best of exactly 0 takes any edge; ties go to the later edge).
    // A position that no edge reaches keeps id 0 and a step of one character (the package's words[] and
    // the length of piece 0).
    std::vector<double> best(n + 1, 0.0);
    std::vector<int> word(n + 1, kUnknownId);
    std::vector<std::size_t> step(n + 1, 1);
    for (std::size_t end = 1; end <= n; ++end)
        for (const Edge& e : into[end]) {
            const double score = e.score + best[e.start];
            if (best[end] == 0.0 || score >= best[end]) {
                best[end] = score;
                word[end] = e.id;
                step[end] = end - e.start;
            }
        }

    std::vector<int> reversed;
    for (std::size_t at = n; at > 0; at -= std::min(step[at], at)) {
        const int id = word[at];
        if (!(id == kUnknownId && !reversed.empty() && reversed.back() == kUnknownId))
            reversed.push_back(id);
    }
    return {reversed.rbegin(), reversed.rend()};
}

std::vector<std::string> SentencePieceUnigram::pieces(const std::vector<int>& ids) const {
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (int id : ids)
        out.push_back(id >= 0 && id < vocabularySize() ? pieces_[static_cast<std::size_t>(id)]
                                                       : "<id " + std::to_string(id) + ">");
    return out;
}

} // namespace attn::tokenizers
