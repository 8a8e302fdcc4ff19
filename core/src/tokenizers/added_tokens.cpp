#include <attn/tokenizers/added_tokens.hpp>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace attn::tokenizers {

namespace {

// The code point that ends at byte `end` of `s` (U+FFFD for invalid UTF-8), and the one at `begin`.
UChar32 before(const std::string& s, std::size_t end) {
    const auto* b = reinterpret_cast<const uint8_t*>(s.data());
    auto i = static_cast<int32_t>(end);
    UChar32 c = 0;
    U8_PREV_OR_FFFD(b, 0, i, c);
    return c;
}
UChar32 at(const std::string& s, std::size_t begin) {
    const auto* b = reinterpret_cast<const uint8_t*>(s.data());
    auto i = static_cast<int32_t>(begin);
    UChar32 c = 0;
    U8_NEXT_OR_FFFD(b, i, static_cast<int32_t>(s.size()), c);
    return c;
}
std::size_t nextIndex(const std::string& s, std::size_t begin) {
    const auto* b = reinterpret_cast<const uint8_t*>(s.data());
    auto i = static_cast<int32_t>(begin);
    UChar32 c = 0;
    U8_NEXT_OR_FFFD(b, i, static_cast<int32_t>(s.size()), c);
    return static_cast<std::size_t>(i);
}
std::size_t prevIndex(const std::string& s, std::size_t end) {
    const auto* b = reinterpret_cast<const uint8_t*>(s.data());
    auto i = static_cast<int32_t>(end);
    UChar32 c = 0;
    U8_PREV_OR_FFFD(b, 0, i, c);
    return static_cast<std::size_t>(i);
}

// Rust regex's Unicode \w (the library's ENDS_WITH_WORD / STARTS_WITH_WORD) and \s (White_Space).
bool isWordChar(UChar32 c) {
    const auto mask = U_GET_GC_MASK(c);
    return u_hasBinaryProperty(c, UCHAR_ALPHABETIC) || (mask & (U_GC_M_MASK | U_GC_ND_MASK | U_GC_PC_MASK)) ||
           u_hasBinaryProperty(c, UCHAR_JOIN_CONTROL);
}
bool isSpace(UChar32 c) {
    return u_isUWhiteSpace(c) != 0;
}

} // namespace

AddedTokenSplitter::AddedTokenSplitter(std::vector<AddedToken> tokens, Normalizer normalize)
    : all_(std::move(tokens)), normalize_(std::move(normalize)) {
    for (std::size_t i = 0; i < all_.size(); ++i) {
        if (all_[i].content.empty())
            continue;
        if (all_[i].normalized) {
            auto n = normalize_ ? normalize_(all_[i].content) : all_[i].content;
            if (!n.empty())
                normalizedTokens_.push_back({std::move(n), i});
        } else {
            raw_.push_back({all_[i].content, i});
        }
    }
}

bool AddedTokenSplitter::isSpecial(int id) const {
    for (const auto& t : all_)
        if (t.id == id && t.special)
            return true;
    return false;
}

void AddedTokenSplitter::pass(const std::string& text, const std::vector<Entry>& set,
                              std::vector<TextSegment>& out) const {
    std::size_t done = 0; // start of what no match has taken yet
    std::size_t pos = 0;
    auto ordinary = [&](std::size_t from, std::size_t to) {
        if (to > from)
            out.push_back({text.substr(from, to - from), -1});
    };
    while (pos < text.size()) {
        // The longest token starting at `pos`.
        const Entry* best = nullptr;
        for (const auto& e : set)
            if (text.compare(pos, e.pattern.size(), e.pattern) == 0 &&
                (!best || e.pattern.size() > best->pattern.size()))
                best = &e;
        if (!best) {
            ++pos;
            continue;
        }
        const AddedToken& t = all_[best->token];
        std::size_t start = pos, stop = pos + best->pattern.size();
        pos = stop; // the next match starts after this one, used or not
        if (t.singleWord) {
            const bool wordBefore = start > 0 && isWordChar(before(text, start));
            const bool wordAfter = stop < text.size() && isWordChar(at(text, stop));
            if (wordBefore || wordAfter)
                continue;
        }
        if (t.lstrip) {
            std::size_t s = start;
            while (s > done && isSpace(before(text, s)))
                s = prevIndex(text, s);
            start = s;
        }
        if (t.rstrip) {
            while (stop < text.size() && isSpace(at(text, stop)))
                stop = nextIndex(text, stop);
            pos = stop;
        }
        ordinary(done, start);
        out.push_back({text.substr(start, stop - start), t.id});
        done = stop;
    }
    ordinary(done, text.size());
}

std::vector<TextSegment> AddedTokenSplitter::split(const std::string& text) const {
    std::vector<TextSegment> first;
    pass(text, raw_, first);
    std::vector<TextSegment> out;
    for (auto& seg : first) {
        if (seg.id >= 0) {
            out.push_back(std::move(seg));
            continue;
        }
        pass(normalize_ ? normalize_(seg.text) : seg.text, normalizedTokens_, out);
    }
    return out;
}

} // namespace attn::tokenizers
