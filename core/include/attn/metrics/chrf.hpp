#pragma once
// chrF (Popović 2015), as training/common.py computes it for the model cards: character n-grams of
// n = 1..6 over Unicode code points with spaces removed, clipped matches and totals summed over the
// whole corpus per n, precision and recall averaged over n, then F-beta with beta = 2, times 100.
// One sentence is a corpus of one. Invalid UTF-8 bytes count as one character each.

#include <string>
#include <vector>

namespace attn {

/// Corpus chrF of `hypotheses` against `references` (same length; std::invalid_argument otherwise).
double chrF(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references);
/// chrF of one sentence.
double chrF(const std::string& hypothesis, const std::string& reference);

} // namespace attn
