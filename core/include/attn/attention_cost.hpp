#pragma once
// The cost of attention (the chapter's limitations table: "double the sentence, four times the
// scores"): for each length n, one encoder layer's forward on an n x d input, one thread, with its two
// kinds of work timed apart (attn/layer_in_blocks.hpp):
//   the scores + softmax part (Q_h K_h^T, the softmax, the weighted sum of V: ∝ heads × n²)
//   the projections + FFN part (W_in, W_o, linear1, linear2, norms, residuals: ∝ n)
// and the least-squares log–log slope of each over the top octaves (the largest lengths measured),
// which should come out near 2 and near 1.
//
//   auto cost = attn::measureAttentionCost(model.encoder().layers[0], attn::costLengths(4096), progress);
//
// Before a length runs, the memory it needs is estimated (layerBlockBytes: the maps heads × n² × 4 B plus
// n × (…) × 4 B for the rest) and a length whose estimate is above the memory budget
// (attn/memory_budget.hpp) is skipped and listed in `skipped` instead of being allocated.
//
// The input is a fixed pseudo-random matrix (the values do not change the work). Each length is run
// once to warm up, then repeated until `minSecondsPerLength` has passed (at least `minRepeats` times);
// each reported time is the fastest run (the least disturbed by other work on the machine).

#include <attn/layers/encoder_layer.hpp>
#include <attn/power_law_fit.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace attn {

struct AttentionCostPoint {
    int length = 0;                // n
    double scores = 0;             // heads * n * n
    double seconds = 0;            // fastest whole forward of the layer (both parts)
    int repeats = 0;               // timed runs behind the times
    double scoreSeconds = 0;       // fastest scores + softmax part (with the weighted sum of V)
    double linearSeconds = 0;      // fastest projections + FFN part
    std::uint64_t memoryBytes = 0; // layerBlockBytes(layer, n): what the run holds
    std::uint64_t mapBytes = 0;    // one layer's attention maps: heads × n² × 4 B
    std::uint64_t inputBytes = 0;  // the layer's input: n × d × 4 B
};

/// A length not measured because its estimate is above the memory budget.
struct SkippedCostLength {
    int length = 0;
    std::uint64_t memoryBytes = 0; // layerBlockBytes(layer, n)
    std::uint64_t mapBytes = 0;    // heads × n² × 4 B of it
};

struct AttentionCost {
    std::vector<AttentionCostPoint> points;     // one per measured length, in the order asked
    std::vector<SkippedCostLength> skipped;     // lengths above the memory budget, in the order asked
    bool cancelled = false;                     // progress returned false: `points` holds those done
    std::uint64_t budgetBytes = 0;              // the memory budget the estimates were checked against
    std::string budgetOrigin;                   // memoryBudgetOrigin() at the time
    int heads = 0, modelWidth = 0, ffWidth = 0; // the measured layer's shape
    PowerLawFit scoreFit, linearFit;            // slopes over the top kCostFitPoints measured lengths
};

/// How many of the largest measured lengths the slopes are fitted over (the top octaves).
inline constexpr int kCostFitPoints = 3;

/// The lengths 8, 16, 32, ..., 512 (the CLI's `layer --cost`).
std::vector<int> defaultCostLengths();
/// The lengths 8, 16, 32, ..., up to `longest` (powers of two; the Transformer page asks for 4,096).
std::vector<int> costLengths(int longest);

/// Sets cost.scoreFit and cost.linearFit from cost.points (fitTopPowerLaw over kCostFitPoints).
void fitAttentionCost(AttentionCost& cost);

struct AttentionCostOptions {
    double minSecondsPerLength = 0.02;
    int minRepeats = 3;
    /// Polled between runs: true stops the measurement (cancelled = true; `points` holds the lengths done).
    std::function<bool()> stop;
};

/// `progress(fraction)` is called after each length (measured or skipped), the fraction weighted by each
/// length's estimated work; returning false stops early (cancelled = true). The slopes are fitted over
/// what was measured. Throws std::invalid_argument on a length < 1.
AttentionCost measureAttentionCost(const layers::TransformerEncoderLayer& layer,
                                   const std::vector<int>& lengths,
                                   const std::function<bool(double)>& progress,
                                   const AttentionCostOptions& options);
AttentionCost measureAttentionCost(const layers::TransformerEncoderLayer& layer,
                                   const std::vector<int>& lengths,
                                   const std::function<bool(double)>& progress = {},
                                   double minSecondsPerLength = 0.02, int minRepeats = 3);

} // namespace attn
