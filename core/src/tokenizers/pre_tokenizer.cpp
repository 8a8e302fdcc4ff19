#include "json_util.hpp"

#include <algorithm>
#include <attn/config.hpp>
#include <attn/tokenizers/byte_level_bpe.hpp>
#include <attn/tokenizers/pre_tokenizer.hpp>
#include <unicode/regex.h>
#include <unicode/unistr.h>
#include <utility>

namespace attn::tokenizers {

struct PreTokenizer::Step {
    bool byteLevel = false;
    // Split
    std::unique_ptr<icu::RegexPattern> re; // null for a literal pattern
    icu::UnicodeString literal;
    SplitBehavior behavior = SplitBehavior::Isolated;
    bool invert = false;
    // ByteLevel
    bool addPrefixSpace = false, useRegex = true;
};

namespace {

// Oniguruma's \s / \S are Unicode White_Space; ICU's \s is [\t\n\f\r\p{Z}] (no U+000B, U+0085).
// \h / \H mean hex digits in Oniguruma and horizontal space in ICU: refused rather than misread.
std::string onigToIcu(const std::string& p, const std::string& file, const std::string& key) {
    std::string out;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i] != '\\' || i + 1 == p.size()) {
            out += p[i];
            continue;
        }
        const char n = p[++i];
        if (n == 's')
            out += "\\p{White_Space}";
        else if (n == 'S')
            out += "\\P{White_Space}";
        else if (n == 'h' || n == 'H')
            detail::failKey(file, key,
                            "regex '" + p + "': \\" + std::string(1, n) +
                                " is not supported (Oniguruma's hex-digit class has no ICU equivalent)");
        else
            out.append({'\\', n});
    }
    return out;
}

// Alternating stretches of `u` (UTF-16 offsets) with a flag: true for a match of the pattern.
std::vector<std::pair<std::pair<int32_t, int32_t>, bool>> findMatches(const PreTokenizer::Step& s,
                                                                      const icu::UnicodeString& u) {
    std::vector<std::pair<std::pair<int32_t, int32_t>, bool>> out;
    int32_t prev = 0;
    auto match = [&](int32_t b, int32_t e) {
        if (prev != b)
            out.push_back({{prev, b}, false});
        out.push_back({{b, e}, true});
        prev = e;
    };
    if (u.isEmpty())
        return {{{0, 0}, false}};
    if (s.re) {
        UErrorCode st = U_ZERO_ERROR;
        std::unique_ptr<icu::RegexMatcher> m(s.re->matcher(u, st));
        if (U_FAILURE(st))
            throw ConfigError(std::string("Split pre-tokenizer: ICU regex matcher: ") + u_errorName(st));
        while (m->find(st)) {
            const int32_t b = m->start(st), e = m->end(st);
            match(b, e);
        }
        if (U_FAILURE(st))
            throw ConfigError(std::string("Split pre-tokenizer: ICU regex: ") + u_errorName(st));
    } else if (!s.literal.isEmpty()) {
        for (int32_t f = u.indexOf(s.literal); f >= 0; f = u.indexOf(s.literal, f + s.literal.length()))
            match(f, f + s.literal.length());
    }
    if (prev != u.length())
        out.push_back({{prev, u.length()}, false});
    if (s.invert)
        for (auto& m : out)
            m.second = !m.second;
    return out;
}

// NormalizedString::split's behaviours: (stretch, remove?) then the kept, non-empty stretches.
void split(const PreTokenizer::Step& s, const icu::UnicodeString& u,
           std::vector<icu::UnicodeString>& pieces) {
    const auto matches = findMatches(s, u);
    std::vector<std::pair<std::pair<int32_t, int32_t>, bool>> spans; // (offsets, remove)
    using B = SplitBehavior;
    bool prevMatch = false;
    switch (s.behavior) {
    case B::Isolated:
        for (const auto& m : matches)
            spans.push_back({m.first, false});
        break;
    case B::Removed:
        spans = matches;
        break;
    case B::Contiguous:
        for (const auto& [o, isMatch] : matches) {
            if (!spans.empty() && isMatch == prevMatch)
                spans.back().first.second = o.second;
            else
                spans.push_back({o, false});
            prevMatch = isMatch;
        }
        break;
    case B::MergedWithPrevious:
        for (const auto& [o, isMatch] : matches) {
            if (!spans.empty() && isMatch && !prevMatch)
                spans.back().first.second = o.second;
            else
                spans.push_back({o, false});
            prevMatch = isMatch;
        }
        break;
    case B::MergedWithNext:
        for (auto it = matches.rbegin(); it != matches.rend(); ++it) {
            const auto& [o, isMatch] = *it;
            if (!spans.empty() && isMatch && !prevMatch)
                spans.back().first.first = o.first;
            else
                spans.push_back({o, false});
            prevMatch = isMatch;
        }
        std::reverse(spans.begin(), spans.end());
        break;
    }
    for (const auto& [o, remove] : spans)
        if (!remove && o.second > o.first)
            pieces.emplace_back(u, o.first, o.second - o.first); // a copy, not an alias of `u`
}

std::string utf8(const icu::UnicodeString& u) {
    std::string s;
    u.toUTF8String(s);
    return s;
}

} // namespace

PreTokenizer::PreTokenizer() = default;
PreTokenizer::~PreTokenizer() = default;
PreTokenizer::PreTokenizer(PreTokenizer&&) noexcept = default;
PreTokenizer& PreTokenizer::operator=(PreTokenizer&&) noexcept = default;

SplitBehavior parseSplitBehavior(const std::string& name, const std::string& file, const std::string& key) {
    using B = SplitBehavior;
    for (const auto& [n, b] : {std::pair<const char*, B>{"Removed", B::Removed},
                               {"Isolated", B::Isolated},
                               {"MergedWithPrevious", B::MergedWithPrevious},
                               {"MergedWithNext", B::MergedWithNext},
                               {"Contiguous", B::Contiguous}})
        if (name == n)
            return b;
    detail::failKey(file, key,
                    "expected Removed, Isolated, MergedWithPrevious, MergedWithNext or Contiguous, got '" +
                        name + "'");
}

void PreTokenizer::addSplit(const std::string& pattern, bool regex, SplitBehavior behavior, bool invert,
                            const std::string& file, const std::string& key) {
    if (!steps_.empty() && steps_.back()->byteLevel)
        detail::failKey(file, key, "a Split after the ByteLevel pre-tokenizer is not supported");
    auto s = std::make_unique<Step>();
    s->behavior = behavior;
    s->invert = invert;
    if (regex) {
        const auto icuPattern = icu::UnicodeString::fromUTF8(onigToIcu(pattern, file, key));
        UParseError pe{};
        UErrorCode st = U_ZERO_ERROR;
        s->re.reset(icu::RegexPattern::compile(icuPattern, 0, pe, st));
        if (U_FAILURE(st) || !s->re)
            detail::failKey(file, key,
                            "regex '" + pattern + "' is not supported by attnviz's regex engine (ICU: " +
                                u_errorName(st) + " at character " + std::to_string(pe.offset) +
                                "); the text is not split differently instead");
    } else {
        s->literal = icu::UnicodeString::fromUTF8(pattern);
    }
    steps_.push_back(std::move(s));
}

void PreTokenizer::addByteLevel(bool addPrefixSpace, bool useRegex) {
    auto s = std::make_unique<Step>();
    s->byteLevel = true;
    s->addPrefixSpace = addPrefixSpace;
    s->useRegex = useRegex;
    steps_.push_back(std::move(s));
}

std::vector<std::string> PreTokenizer::apply(const std::string& text) const {
    std::vector<icu::UnicodeString> pieces;
    const auto whole = icu::UnicodeString::fromUTF8(text); // invalid UTF-8 -> U+FFFD
    if (!whole.isEmpty())
        pieces.push_back(whole);
    for (const auto& s : steps_) {
        std::vector<icu::UnicodeString> next;
        for (auto& p : pieces) {
            if (!s->byteLevel) {
                split(*s, p, next);
                continue;
            }
            if (s->addPrefixSpace && p.charAt(0) != u' ')
                p.insert(0, u' ');
            if (!s->useRegex) {
                next.push_back(std::move(p));
                continue;
            }
            for (const auto& w : ByteLevelBpe::preTokenize(utf8(p)))
                next.push_back(icu::UnicodeString::fromUTF8(w));
        }
        pieces = std::move(next);
    }
    std::vector<std::string> out;
    out.reserve(pieces.size());
    for (const auto& p : pieces)
        out.push_back(utf8(p));
    return out;
}

} // namespace attn::tokenizers
