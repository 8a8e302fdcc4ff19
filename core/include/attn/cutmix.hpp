#pragma once
// CutMix (Yun et al. 2019, "CutMix: Regularization Strategy to Train Strong Classifiers with
// Localizable Features", eq. 1 and sec. 3.1): a box of image B is pasted into image A; the label is
// mixed in proportion to the areas, lambda = 1 - box area / image area for A's label.
//
// Box sampling as in the paper: lambda ~ Beta(alpha, alpha), box side ratio sqrt(1 - lambda), centre
// uniform over the image, box clipped to the image. Every random number comes from std::mt19937_64
// turned into doubles by this file (not by <random> distributions, whose algorithms differ between
// standard libraries), so a seed gives the same box everywhere.

#include <attn/image.hpp>
#include <cstdint>

namespace attn {

/// Half-open pixel box [x0, x1) x [y0, y1).
struct CutMixBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    int width() const { return x1 - x0; }
    int height() const { return y1 - y0; }
    long long area() const { return static_cast<long long>(width()) * height(); }
    bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
    bool operator==(const CutMixBox&) const = default;
};

/// A box for an image of height x width drawn from `seed` (alpha > 0; 1 = lambda uniform).
/// Throws std::invalid_argument for a non-positive size or alpha.
CutMixBox sampleCutMixBox(int height, int width, std::uint64_t seed, double alpha = 1.0);

/// A default seed for showing CutMix to a person: of the seeds first, first + 1, …, first + count - 1,
/// the one whose box (sampleCutMixBox, alpha 1) covers the largest total |base - patchSource| over its
/// pixels and channels, so that the pasted region visibly differs (on dark-background images such as
/// Fashion-MNIST many boxes paste black onto black). Only boxes covering kVisibleBoxMin..kVisibleBoxMax
/// of the image compete (any box when none does): the largest difference alone picks near-whole-image
/// boxes, and a mix that is 86 % image B hides image A. Ties go to the smaller seed. The images must have
/// the same shape (std::invalid_argument otherwise); count >= 1.
inline constexpr double kVisibleBoxMin = 0.15, kVisibleBoxMax = 0.5;
std::uint64_t visibleCutMixSeed(const Image& base, const Image& patchSource, std::uint64_t first, int count);

/// The box from two corners in any order, clipped to the image (may become empty).
CutMixBox normalizedBox(int xa, int ya, int xb, int yb, int height, int width);

/// Share of the image the box covers: area / (height * width), in [0, 1].
double boxFraction(const CutMixBox& box, int height, int width);

struct CutMixResult {
    Image image;           // base outside the box, patch source inside
    CutMixBox box;         // clipped to the image
    double baseShare = 1;  // 1 - boxFraction: weight of the base image's label
    double patchShare = 0; // boxFraction: weight of the patch source's label
};

/// Pastes `patchSource`'s pixels inside `box` into `base`. The images must have the same channels,
/// height and width (std::invalid_argument otherwise). The box is clipped to the image first.
CutMixResult cutMix(const Image& base, const Image& patchSource, const CutMixBox& box);

} // namespace attn
