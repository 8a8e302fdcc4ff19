#pragma once
// The function-word artefact of raw word-vector attention. Frequent closed-class words (articles,
// prepositions, conjunctions, auxiliaries) have GloVe vectors that share a common direction, so with
// raw vectors they score high with each other whatever the sentence means: "the" ↔ "to", "of" ↔
// "the". This finds such pairs so that a page can point them out; it is the same artefact that makes
// "a" ↔ "the" the top pair in vectors that have "a".
//
// The word list is this project's own: English articles, common prepositions, conjunctions, auxiliary
// and modal verbs, "to" and "not". Personal pronouns are left out on purpose: "she" ↔ "her" is the
// chapter's (meaningful) answer, not an artefact.

#include <attn/matrix.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

/// True for a word of the list above (case-insensitive, ASCII).
bool isFunctionWord(std::string_view word);

struct FunctionWordPair {
    std::size_t query = 0; ///< row (query token)
    std::size_t key = 0;   ///< column (key token)
    float score = 0;       ///< scores(query, key)
};

/// Pairs (i, j) where query token i and key token j are both function words, are different words,
/// and the score is among the two highest present scores of row i. Each pair of words (query word,
/// key word; case-insensitive) once, at its highest-scoring cell. Sorted by score, highest first;
/// at most `maxPairs`. Absent (NaN) cells never count. `scores` is T_q x T_k and must match the
/// token counts (std::invalid_argument otherwise, "expected T_q x T_k, got R x C").
std::vector<FunctionWordPair> functionWordPairs(const std::vector<std::string>& queryTokens,
                                                const std::vector<std::string>& keyTokens,
                                                const Matrix& scores, std::size_t maxPairs = 3);

} // namespace attn
