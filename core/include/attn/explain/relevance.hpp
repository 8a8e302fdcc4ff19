#pragma once
// A token's relevance from a T x T map (rows = output positions, columns = input tokens), per issue 17:
// the row of the [CLS] position for [CLS]-pooled models, the mean of the rows of the real (non-padding)
// positions for mean-pooled models; then the columns of the subject's inputs (words or patches).

#include <attn/explain/subject.hpp>
#include <vector>

namespace attn::explain {

/// `keyAllowed` (T entries, 1 = real position) picks the rows for mean pooling. Throws
/// std::invalid_argument when the map is not T x T or an input position is out of range.
std::vector<double> tokenRelevance(const Eigen::MatrixXd& map, const std::vector<std::uint8_t>& keyAllowed,
                                   bool clsPooled, const std::vector<int>& inputPositions);

/// The rows tokenRelevance reads: {0} or every real position.
std::vector<int> relevanceRows(const std::vector<std::uint8_t>& keyAllowed, bool clsPooled);

} // namespace attn::explain
