#pragma once
// A long-context head's summary figures over its rows (issue 56): the head-pattern shares and the mean
// entropy from the per-row figures a LongContextPass keeps, counted over the rows q >= 1 as
// attn/hf/head_patterns.hpp counts them on a whole map (row 0 can only attend to itself).

#include <attn/hf/head_patterns.hpp>
#include <attn/long_context/long_context_pass.hpp>

namespace attn::long_context {

/// Means of the kept first / previous / self figures over the rows q >= 1; all 0 (rows 0) when the head
/// has fewer than two rows.
attn::hf::HeadShares headShares(const HeadSummary& head);
/// Mean entropy (nats) over the same rows; 0 when none.
double meanEntropy(const HeadSummary& head);

} // namespace attn::long_context
