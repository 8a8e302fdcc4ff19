#include "attn/tokenizers/glove_tokenizer.hpp"

#include <array>

namespace attn {
namespace {

constexpr std::string_view kRightQuote = "\xE2\x80\x99";  // ’
constexpr std::string_view kLeftQuote = "\xE2\x80\x98";   // ‘
constexpr std::string_view kLeftDouble = "\xE2\x80\x9C";  // “
constexpr std::string_view kRightDouble = "\xE2\x80\x9D"; // ”
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";    // …

bool isSpace(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isAlnum(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80;
}

// Punctuation that is split off at the edges of a word (ASCII, single bytes).
bool isEdgePunct(char c) {
    switch (c) {
    case '.':
    case ',':
    case ';':
    case ':':
    case '!':
    case '?':
    case '"':
    case '\'':
    case '`':
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
    case '<':
    case '>':
    case '*':
    case '$':
    case '%':
    case '#':
    case '@':
    case '+':
    case '=':
    case '|':
    case '~':
    case '^':
    case '&':
    case '/':
    case '\\':
    case '-':
    case '_':
        return true;
    default:
        return false;
    }
}

// Multi-byte punctuation handled like the ASCII one at the edges.
constexpr std::array<std::string_view, 5> kUnicodePunct = {kRightQuote, kLeftQuote, kLeftDouble, kRightDouble,
                                                           kEllipsis};

std::size_t unicodePunctAt(std::string_view s, std::size_t i) {
    for (auto p : kUnicodePunct)
        if (s.substr(i, p.size()) == p)
            return p.size();
    return 0;
}

std::size_t unicodePunctBefore(std::string_view s, std::size_t end) {
    for (auto p : kUnicodePunct)
        if (end >= p.size() && s.substr(end - p.size(), p.size()) == p)
            return p.size();
    return 0;
}

// Abbreviations that keep their final period in GloVe's vocabulary (besides "x.y." patterns).
bool keepsPeriod(std::string_view w) {
    static constexpr std::array<std::string_view, 34> abbrev = {
        "mr",  "mrs",  "ms",  "dr",  "st",   "jr",  "sr",   "vs",  "prof", "gen", "sen", "rep",
        "gov", "lt",   "col", "sgt", "capt", "inc", "corp", "ltd", "co",   "no",  "jan", "feb",
        "aug", "sept", "oct", "nov", "dec",  "mt",  "ft",   "etc", "rev",  "univ"};
    for (auto a : abbrev)
        if (w == a)
            return true;
    // Letter-period sequences: u.s, e.g, a.m (the word before the final period contains a period).
    return w.find('.') != std::string_view::npos && w.size() >= 3;
}

// Splits off clitics at the end of a (lower-cased, punctuation-free) word.
void pushWithClitics(std::string w, std::vector<std::string>& out) {
    // Typographic apostrophe -> ASCII, as in GloVe's "'s" / "n't".
    for (std::size_t p; (p = w.find(kRightQuote)) != std::string::npos;)
        w.replace(p, kRightQuote.size(), "'");
    if (w == "cannot") {
        out.emplace_back("can");
        out.emplace_back("not");
        return;
    }
    if (w.size() > 3 && w.compare(w.size() - 3, 3, "n't") == 0) {
        out.push_back(w.substr(0, w.size() - 3));
        out.emplace_back("n't");
        return;
    }
    static constexpr std::array<std::string_view, 6> clitics = {"'s", "'re", "'ve", "'ll", "'d", "'m"};
    for (auto c : clitics) {
        if (w.size() > c.size() && w.compare(w.size() - c.size(), c.size(), c) == 0) {
            out.push_back(w.substr(0, w.size() - c.size()));
            out.emplace_back(c);
            return;
        }
    }
    out.push_back(std::move(w));
}

// Splits a word without edge punctuation at inner characters that do not join (e.g. "a,b" or "x(y").
void splitInner(std::string_view w, std::vector<std::string>& out) {
    std::string cur;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const char c = w[i];
        const char prev = i > 0 ? w[i - 1] : '\0';
        const char next = i + 1 < w.size() ? w[i + 1] : '\0';
        bool joins = true;
        switch (c) {
        case '.':
        case ',':
        case ':':
            joins = (isDigit(prev) && isDigit(next)) || (c == '.' && isAlnum(prev) && isAlnum(next));
            break;
        case '-':
        case '/':
        case '&':
        case '\'':
        case '_':
            joins = isAlnum(prev) || isAlnum(next) || c == '\'';
            break;
        case ';':
        case '!':
        case '?':
        case '"':
        case '(':
        case ')':
        case '[':
        case ']':
        case '{':
        case '}':
            joins = false;
            break;
        default:
            break;
        }
        if (joins) {
            cur += c;
            continue;
        }
        if (!cur.empty())
            pushWithClitics(std::move(cur), out);
        cur.clear();
        out.emplace_back(1, c);
    }
    if (!cur.empty())
        pushWithClitics(std::move(cur), out);
}

void tokenizePiece(std::string_view s, std::vector<std::string>& out) {
    // Leading punctuation.
    std::size_t b = 0, e = s.size();
    while (b < e) {
        if (std::size_t u = unicodePunctAt(s, b)) {
            if (s.substr(b, u) == kRightQuote && b + u < e && isAlnum(s[b + u]))
                break; // ’s at the start: a clitic, handled below
            out.emplace_back(s.substr(b, u));
            b += u;
            continue;
        }
        const char c = s[b];
        if (!isEdgePunct(c))
            break;
        if (c == '\'' && b + 1 < e && isAlnum(s[b + 1])) {
            // "'s" or "'re" standing alone are tokens of their own; "'tis" keeps its apostrophe.
            break;
        }
        if (c == '.' && s.substr(b, 3) == "...") {
            out.emplace_back("...");
            b += 3;
            continue;
        }
        if (c == '-' && s.substr(b, 2) == "--") {
            out.emplace_back("--");
            b += 2;
            continue;
        }
        if ((c == '-' || c == '+' || c == '.') && b + 1 < e && isDigit(s[b + 1]))
            break; // -3.5, .5
        out.emplace_back(1, c);
        ++b;
    }
    // Trailing punctuation (collected in reverse).
    std::vector<std::string> tail;
    while (e > b) {
        if (std::size_t u = unicodePunctBefore(s, e)) {
            tail.emplace_back(s.substr(e - u, u));
            e -= u;
            continue;
        }
        const char c = s[e - 1];
        if (!isEdgePunct(c))
            break;
        if (c == '.' && e - b >= 3 && s.substr(e - 3, 3) == "...") {
            tail.emplace_back("...");
            e -= 3;
            continue;
        }
        if (c == '-' && e - b >= 2 && s.substr(e - 2, 2) == "--") {
            tail.emplace_back("--");
            e -= 2;
            continue;
        }
        if (c == '.' && e - 1 > b && keepsPeriod(s.substr(b, e - 1 - b))) {
            // Abbreviation: the period belongs to the word; a sentence-final one is not repeated.
            const std::size_t before = out.size();
            splitInner(s.substr(b, e - 1 - b), out);
            if (out.size() > before)
                out.back() += '.';
            for (auto it = tail.rbegin(); it != tail.rend(); ++it)
                out.push_back(std::move(*it));
            return;
        }
        if (c == '%' && e - 1 > b && isDigit(s[e - 2])) {
            tail.emplace_back("%");
            --e;
            continue;
        }
        tail.emplace_back(1, c);
        --e;
    }
    if (e > b)
        splitInner(s.substr(b, e - b), out);
    for (auto it = tail.rbegin(); it != tail.rend(); ++it)
        out.push_back(std::move(*it));
}

} // namespace

std::vector<std::string> tokenize(std::string_view text) {
    std::vector<std::string> out;
    std::string lower;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && isSpace(static_cast<unsigned char>(text[i])))
            ++i;
        std::size_t j = i;
        while (j < text.size() && !isSpace(static_cast<unsigned char>(text[j])))
            ++j;
        if (j > i) {
            lower.assign(text.substr(i, j - i));
            for (char& c : lower)
                if (c >= 'A' && c <= 'Z')
                    c = static_cast<char>(c - 'A' + 'a');
            tokenizePiece(lower, out);
        }
        i = j;
    }
    return out;
}

} // namespace attn
