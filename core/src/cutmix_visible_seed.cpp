// visibleCutMixSeed (cutmix.hpp): the teaching default for the CutMix view.
#include <attn/cutmix.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn {

std::uint64_t visibleCutMixSeed(const Image& base, const Image& patchSource, std::uint64_t first, int count) {
    if (base.channels != patchSource.channels || base.height != patchSource.height ||
        base.width != patchSource.width)
        throw std::invalid_argument(
            "visibleCutMixSeed: images differ in shape (" + std::to_string(base.channels) + "x" +
            std::to_string(base.height) + "x" + std::to_string(base.width) + " vs " +
            std::to_string(patchSource.channels) + "x" + std::to_string(patchSource.height) + "x" +
            std::to_string(patchSource.width) + ")");
    if (count < 1)
        throw std::invalid_argument("visibleCutMixSeed: count must be at least 1, got " +
                                    std::to_string(count));
    std::uint64_t best = first;
    double bestDifference = -1;
    bool bestInRange = false;
    for (int k = 0; k < count; ++k) {
        const std::uint64_t seed = first + static_cast<std::uint64_t>(k);
        const CutMixBox box = sampleCutMixBox(base.height, base.width, seed);
        const double share = boxFraction(box, base.height, base.width);
        const bool inRange = share >= kVisibleBoxMin && share <= kVisibleBoxMax;
        if (bestInRange && !inRange)
            continue;
        double difference = 0;
        for (int c = 0; c < base.channels; ++c)
            for (int y = box.y0; y < box.y1; ++y)
                for (int x = box.x0; x < box.x1; ++x)
                    difference += std::abs(static_cast<double>(base.at(c, y, x)) - patchSource.at(c, y, x));
        if (difference > bestDifference || (inRange && !bestInRange)) {
            bestDifference = difference;
            best = seed;
            bestInRange = inRange;
        }
    }
    return best;
}

} // namespace attn
