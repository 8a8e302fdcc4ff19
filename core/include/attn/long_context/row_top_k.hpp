#pragma once
// The k most probable keys of every query row of one head, kept while the tiled pass computes the
// probabilities (attn/long_context/tiled_attention.hpp): the rows a page lists when the map is too large
// to keep, with their exact probabilities.
//
// Order: probability descending, ties to the lower key index — the rule of attn/top_k.hpp. Only the
// keys a row may attend to are candidates (a causal row q has q + 1 of them); a row with fewer than k
// candidates leaves its last slots at key -1, probability 0.

#include <attn/matrix.hpp>
#include <cstdint>
#include <span>
#include <vector>

namespace attn::long_context {

struct RowTopK {
    int k = 0;                        ///< slots per row
    int rows = 0;                     ///< T
    std::vector<std::int32_t> keys;   ///< rows x k, best first; -1 = empty slot
    std::vector<float> probabilities; ///< rows x k

    RowTopK() = default;
    RowTopK(int rowCount, int slots);
    std::span<const std::int32_t> rowKeys(int row) const;
    std::span<const float> rowProbabilities(int row) const;
    /// Bytes held.
    std::size_t bytes() const {
        return keys.size() * sizeof(std::int32_t) + probabilities.size() * sizeof(float);
    }
};

/// Writes the min(k, n) largest of p[0 .. n) into keys[0 .. k) / probabilities[0 .. k) (the order above;
/// unused slots -1 / 0). One pass over p, k comparisons only when a value beats the current k-th.
void selectTopK(const float* p, Eigen::Index n, int k, std::int32_t* keys, float* probabilities);

} // namespace attn::long_context
