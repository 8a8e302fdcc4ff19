#include <algorithm>
#include <attn/cutmix.hpp>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

namespace attn {
namespace {

/// Uniform double in [0, 1) from the top 53 bits of one draw.
double uniform01(std::mt19937_64& rng) {
    return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

/// Standard normal, Box-Muller.
double normal(std::mt19937_64& rng) {
    const double u1 = 1.0 - uniform01(rng); // (0, 1]
    const double u2 = uniform01(rng);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

/// Gamma(shape, 1) by Marsaglia & Tsang (2000), with the u^(1/shape) boost for shape < 1.
double gamma(std::mt19937_64& rng, double shape) {
    if (shape < 1.0) {
        const double u = 1.0 - uniform01(rng);
        return gamma(rng, shape + 1.0) * std::pow(u, 1.0 / shape);
    }
    const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        double x, v;
        do {
            x = normal(rng);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = 1.0 - uniform01(rng);
        if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v))
            return d * v;
    }
}

double beta(std::mt19937_64& rng, double alpha) {
    if (alpha == 1.0)
        return uniform01(rng); // Beta(1, 1) is uniform
    const double a = gamma(rng, alpha), b = gamma(rng, alpha);
    return a + b > 0.0 ? a / (a + b) : 0.5;
}

} // namespace

CutMixBox sampleCutMixBox(int height, int width, std::uint64_t seed, double alpha) {
    if (height <= 0 || width <= 0)
        throw std::invalid_argument("cutmix: image size must be positive");
    if (!(alpha > 0.0))
        throw std::invalid_argument("cutmix: alpha must be positive");
    std::mt19937_64 rng(seed);
    const double lambda = beta(rng, alpha);
    const double ratio = std::sqrt(1.0 - lambda);
    const int cutW = static_cast<int>(width * ratio), cutH = static_cast<int>(height * ratio);
    const int cx = std::min(width - 1, static_cast<int>(uniform01(rng) * width));
    const int cy = std::min(height - 1, static_cast<int>(uniform01(rng) * height));
    return normalizedBox(cx - cutW / 2, cy - cutH / 2, cx + cutW / 2, cy + cutH / 2, height, width);
}

CutMixBox normalizedBox(int xa, int ya, int xb, int yb, int height, int width) {
    CutMixBox b;
    b.x0 = std::clamp(std::min(xa, xb), 0, width);
    b.x1 = std::clamp(std::max(xa, xb), 0, width);
    b.y0 = std::clamp(std::min(ya, yb), 0, height);
    b.y1 = std::clamp(std::max(ya, yb), 0, height);
    return b;
}

double boxFraction(const CutMixBox& box, int height, int width) {
    if (height <= 0 || width <= 0)
        return 0.0;
    const CutMixBox b = normalizedBox(box.x0, box.y0, box.x1, box.y1, height, width);
    return static_cast<double>(b.area()) / (static_cast<double>(height) * width);
}

CutMixResult cutMix(const Image& base, const Image& patchSource, const CutMixBox& box) {
    if (base.channels != patchSource.channels || base.height != patchSource.height ||
        base.width != patchSource.width)
        throw std::invalid_argument("cutmix: images differ in shape (" + std::to_string(base.channels) + "x" +
                                    std::to_string(base.height) + "x" + std::to_string(base.width) + " vs " +
                                    std::to_string(patchSource.channels) + "x" +
                                    std::to_string(patchSource.height) + "x" +
                                    std::to_string(patchSource.width) + ")");
    CutMixResult r;
    r.box = normalizedBox(box.x0, box.y0, box.x1, box.y1, base.height, base.width);
    r.image = base;
    for (int c = 0; c < base.channels; ++c)
        for (int y = r.box.y0; y < r.box.y1; ++y)
            for (int x = r.box.x0; x < r.box.x1; ++x)
                r.image.at(c, y, x) = patchSource.at(c, y, x);
    r.patchShare = boxFraction(r.box, base.height, base.width);
    r.baseShare = 1.0 - r.patchShare;
    return r;
}

} // namespace attn
