#include <algorithm>
#include <array>
#include <attn/function_words.hpp>
#include <cctype>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attn {

namespace {

// Sorted, for binary search.
constexpr std::array<std::string_view, 70> kFunctionWords = {
    "a",     "about", "above", "after",   "against", "am",     "an",      "and",    "are",     "as",
    "at",    "be",    "been",  "before",  "being",   "below",  "between", "but",    "by",      "can",
    "could", "did",   "do",    "does",    "down",    "during", "for",     "from",   "had",     "has",
    "have",  "if",    "in",    "into",    "is",      "may",    "might",   "must",   "nor",     "not",
    "of",    "off",   "on",    "onto",    "or",      "over",   "shall",   "should", "so",      "than",
    "that",  "the",   "then",  "though",  "through", "to",     "under",   "until",  "up",      "upon",
    "was",   "were",  "when",  "whether", "while",   "will",   "with",    "within", "without", "would",
};

std::string lower(std::string_view w) {
    std::string s(w);
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

bool isFunctionWord(std::string_view word) {
    return std::binary_search(kFunctionWords.begin(), kFunctionWords.end(), std::string_view(lower(word)));
}

std::vector<FunctionWordPair> functionWordPairs(const std::vector<std::string>& queryTokens,
                                                const std::vector<std::string>& keyTokens,
                                                const Matrix& scores, std::size_t maxPairs) {
    const auto tq = static_cast<Eigen::Index>(queryTokens.size());
    const auto tk = static_cast<Eigen::Index>(keyTokens.size());
    if (scores.rows() != tq || scores.cols() != tk)
        throw std::invalid_argument("functionWordPairs: scores expected " + std::to_string(tq) + " x " +
                                    std::to_string(tk) + ", got " + std::to_string(scores.rows()) + " x " +
                                    std::to_string(scores.cols()));
    std::vector<FunctionWordPair> pairs;
    for (Eigen::Index i = 0; i < tq; ++i) {
        const std::string& q = queryTokens[static_cast<std::size_t>(i)];
        if (!isFunctionWord(q))
            continue;
        // The row's two highest present scores (NaN = absent never compares greater).
        float first = -std::numeric_limits<float>::infinity(), second = first;
        for (Eigen::Index j = 0; j < tk; ++j) {
            const float v = scores(i, j);
            if (v != v)
                continue;
            if (v > first) {
                second = first;
                first = v;
            } else if (v > second) {
                second = v;
            }
        }
        for (Eigen::Index j = 0; j < tk; ++j) {
            const std::string& k = keyTokens[static_cast<std::size_t>(j)];
            const float v = scores(i, j);
            if (v != v || v < second || lower(k) == lower(q) || !isFunctionWord(k))
                continue;
            pairs.push_back({static_cast<std::size_t>(i), static_cast<std::size_t>(j), v});
        }
    }
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const FunctionWordPair& a, const FunctionWordPair& b) { return a.score > b.score; });
    // One cell per pair of words: a long sentence repeats "the" ↔ "to" in many rows, and listing the
    // same two words three times says nothing more than the highest of them (issue 49 point 11).
    std::vector<std::pair<std::string, std::string>> seen;
    std::erase_if(pairs, [&](const FunctionWordPair& p) {
        auto words = std::make_pair(lower(queryTokens[p.query]), lower(keyTokens[p.key]));
        if (std::find(seen.begin(), seen.end(), words) != seen.end())
            return true;
        seen.push_back(std::move(words));
        return false;
    });
    if (pairs.size() > maxPairs)
        pairs.resize(maxPairs);
    return pairs;
}

} // namespace attn
