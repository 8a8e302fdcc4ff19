#pragma once
// The exponent of a power law t = c n^k read off measurements: the least-squares line through the points
// (log n, log t), whose slope is k. A time that doubles with n has slope 1, one that quadruples has
// slope 2 ("double the sentence, four times the scores").
//
//   attn::PowerLawFit f = attn::fitPowerLaw(lengths, seconds); // f.slope ≈ 2 for the scores
//
// The fit over the top octaves (the largest sizes) is what the cost step shows: at small n fixed costs
// (a call, a loop's set-up) flatten every curve, and only the long lengths show how the work grows.

#include <vector>

namespace attn {

struct PowerLawFit {
    double slope = 0;       // k: the least-squares slope of log t against log n
    double coefficient = 0; // c: t = c n^k at the fitted line (exp of the intercept)
    int points = 0;         // how many points the line went through (0: fewer than two usable ones)
    double fromLength = 0;  // the smallest and largest n fitted
    double toLength = 0;
    bool valid() const { return points >= 2; }
};

/// Fits log t = log c + k log n by least squares. Points whose n or t is not > 0 (or not finite) are
/// left out; with fewer than two distinct n left the fit is invalid (points = 0). Throws
/// std::invalid_argument when the two lists differ in size.
PowerLawFit fitPowerLaw(const std::vector<double>& lengths, const std::vector<double>& times);

/// fitPowerLaw over the `top` largest lengths only (all of them when there are fewer); the lists need
/// not be sorted.
PowerLawFit fitTopPowerLaw(const std::vector<double>& lengths, const std::vector<double>& times, int top = 3);

} // namespace attn
