#pragma once
// The cost of attention (the chapter's limitations table: "double the sentence, four times the
// scores"): for each length n, the number of attention scores one encoder layer computes
// (heads x n x n) and the measured wall time of one forward of that layer on an n x d input.
//
//   auto points = attn::measureAttentionCost(model.encoder().layers[0], {8, 16, ..., 512}, progress);
//
// The input is a fixed pseudo-random matrix (the values do not change the work). Each length is run
// once to warm up, then repeated until `minSecondsPerLength` has passed (at least `minRepeats` times);
// the reported time is the fastest run (the least disturbed by other work on the machine).

#include <attn/layers/encoder_layer.hpp>
#include <functional>
#include <vector>

namespace attn {

struct AttentionCostPoint {
    int length = 0;     // n
    double scores = 0;  // heads * n * n
    double seconds = 0; // fastest measured forward of the layer
    int repeats = 0;    // timed runs behind `seconds`
};

struct AttentionCost {
    std::vector<AttentionCostPoint> points; // one per measured length, in the order asked
    bool cancelled = false;                 // progress returned false: `points` holds those done
};

/// The lengths 8, 16, 32, ..., 512.
std::vector<int> defaultCostLengths();

/// `progress(fraction)` is called after each length; returning false stops early (cancelled = true).
/// Throws std::invalid_argument on a length < 1.
AttentionCost measureAttentionCost(const layers::TransformerEncoderLayer& layer,
                                   const std::vector<int>& lengths,
                                   const std::function<bool(double)>& progress = {},
                                   double minSecondsPerLength = 0.02, int minRepeats = 3);

} // namespace attn
