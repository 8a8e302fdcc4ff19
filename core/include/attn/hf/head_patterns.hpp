#pragma once
// Head patterns of a decoder: for each layer and head, how much of a query's attention goes to the
// first token (the "attention sink"), to the previous token and to the query itself.
//
// For a causal row a (query position q, a has q + 1 entries): first = a[0], previous = a[q - 1],
// self = a[q]. A pattern is the mean over the rows with q >= 1 (row 0 can only attend to itself, so it
// says nothing about the head). For q == 1 the first and the previous token are the same position and
// count for both. These are the sink / previous / self figures and counted rows of
// attn/analysis/head_metrics.hpp (one definition for this table and the head survey).

#include <attn/matrix.hpp>
#include <vector>

namespace attn::hf {

struct HeadShares {
    double firstToken = 0;    ///< mean a[0]
    double previousToken = 0; ///< mean a[q - 1]
    double self = 0;          ///< mean a[q]
    int rows = 0;             ///< rows averaged (q >= 1); all shares 0 when none
};

/// Over causal rows of any query positions: row r's position is r.size() - 1.
HeadShares headShares(const std::vector<std::vector<float>>& rows);
/// Over a causal T x T map (rows = queries; the cells above the diagonal are not read).
HeadShares headShares(const Matrix& causal);

struct HeadPattern {
    int layer = 0, head = 0;
    HeadShares shares;
};

/// One pattern per (layer, head) of `maps` ([layer][head] T x T causal), layer-major.
std::vector<HeadPattern> headPatterns(const AttentionStack& maps);

} // namespace attn::hf
