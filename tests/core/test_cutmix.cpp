// CutMix (Yun et al. 2019): box area, label shares and the mixed pixels, checked by hand.

#include <algorithm>
#include <attn/cutmix.hpp>
#include <gtest/gtest.h>

namespace {

attn::Image ramp(int c, int h, int w, float offset) {
    attn::Image im(c, h, w);
    for (std::size_t i = 0; i < im.data.size(); ++i)
        im.data[i] = offset + static_cast<float>(i);
    return im;
}

TEST(CutMix, MixedPixelsAndShares) {
    const attn::Image a = ramp(2, 4, 5, 0.0f), b = ramp(2, 4, 5, 1000.0f);
    const attn::CutMixBox box{1, 1, 3, 4}; // x 1..2, y 1..3: 2 x 3 = 6 of 20 pixels
    const attn::CutMixResult r = attn::cutMix(a, b, box);
    EXPECT_EQ(r.box, box);
    EXPECT_EQ(r.box.area(), 6);
    EXPECT_DOUBLE_EQ(r.patchShare, 0.3);
    EXPECT_DOUBLE_EQ(r.baseShare, 0.7);
    int fromB = 0;
    for (int c = 0; c < 2; ++c)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 5; ++x) {
                const bool inside = x >= 1 && x < 3 && y >= 1 && y < 4;
                EXPECT_EQ(r.image.at(c, y, x), inside ? b.at(c, y, x) : a.at(c, y, x))
                    << c << "," << y << "," << x;
                fromB += inside;
            }
    EXPECT_EQ(fromB, 12); // 6 pixels x 2 channels
}

TEST(CutMix, BoxIsClippedToTheImage) {
    const attn::CutMixBox b = attn::normalizedBox(2, 2, -2, -3, 4, 5);
    EXPECT_EQ(b, (attn::CutMixBox{0, 0, 2, 2}));
    EXPECT_DOUBLE_EQ(attn::boxFraction(b, 4, 5), 4.0 / 20.0);
    const attn::CutMixResult r = attn::cutMix(ramp(1, 4, 5, 0), ramp(1, 4, 5, 50), {3, 2, 9, 9});
    EXPECT_EQ(r.box, (attn::CutMixBox{3, 2, 5, 4}));
    EXPECT_DOUBLE_EQ(r.patchShare, 4.0 / 20.0);
    EXPECT_EQ(r.image.at(0, 3, 4), 50.0f + 19.0f);
    EXPECT_EQ(r.image.at(0, 0, 0), 0.0f);
}

TEST(CutMix, EmptyBoxKeepsTheBase) {
    const attn::Image a = ramp(1, 3, 3, 0);
    const attn::CutMixResult r = attn::cutMix(a, ramp(1, 3, 3, 9), {2, 2, 2, 3});
    EXPECT_EQ(r.box.area(), 0);
    EXPECT_DOUBLE_EQ(r.baseShare, 1.0);
    EXPECT_EQ(r.image.data, a.data);
}

TEST(CutMix, SeededBoxIsDeterministicAndInside) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const attn::CutMixBox a = attn::sampleCutMixBox(28, 28, seed),
                              b = attn::sampleCutMixBox(28, 28, seed);
        EXPECT_EQ(a, b);
        EXPECT_GE(a.x0, 0);
        EXPECT_GE(a.y0, 0);
        EXPECT_LE(a.x1, 28);
        EXPECT_LE(a.y1, 28);
        EXPECT_LE(a.x0, a.x1);
        EXPECT_LE(a.y0, a.y1);
        const attn::CutMixBox g = attn::sampleCutMixBox(32, 24, seed, 0.4);
        EXPECT_LE(g.x1, 24);
        EXPECT_LE(g.y1, 32);
    }
    // Different seeds give different boxes (not a constant).
    int distinct = 0;
    for (std::uint64_t seed = 1; seed < 20; ++seed)
        distinct += !(attn::sampleCutMixBox(28, 28, seed) == attn::sampleCutMixBox(28, 28, 0));
    EXPECT_GT(distinct, 10);
}

TEST(CutMix, MeanBoxShareBeforeClippingIsAboutHalf) {
    // lambda ~ U(0, 1) with alpha = 1; the box side ratio is sqrt(1 - lambda), so the unclipped
    // share is 1 - lambda with mean 0.5. Clipping only shrinks boxes: the mean must be below 0.5 and,
    // with centres uniform, well above 0.2 (a loose bound that catches a wrong ratio such as 1 - lambda).
    double sum = 0;
    const int n = 2000;
    for (int s = 0; s < n; ++s)
        sum += attn::boxFraction(attn::sampleCutMixBox(100, 100, s), 100, 100);
    EXPECT_LT(sum / n, 0.5);
    EXPECT_GT(sum / n, 0.2);
}

// The Vision page's default box (issue 12 point 9): on black-on-black images the first box drawn often
// pasted black onto black. The chosen seed's box must overlap a bright square of B the most; the
// reference is rectangle intersection arithmetic, not a pixel sum.
TEST(CutMix, VisibleSeedCoversWhereTheImagesDiffer) {
    attn::Image a(1, 28, 28), b(1, 28, 28); // zeros
    for (int y = 18; y < 26; ++y)
        for (int x = 2; x < 10; ++x)
            b.at(0, y, x) = 1.0f; // an 8 x 8 square, bottom left
    const auto overlap = [](const attn::CutMixBox& box) {
        const int w = std::max(0, std::min(box.x1, 10) - std::max(box.x0, 2));
        const int h = std::max(0, std::min(box.y1, 26) - std::max(box.y0, 18));
        return w * h;
    };
    const auto inRange = [](const attn::CutMixBox& box) {
        const double share = static_cast<double>(box.area()) / (28.0 * 28.0);
        return share >= attn::kVisibleBoxMin && share <= attn::kVisibleBoxMax;
    };
    const std::uint64_t seed = attn::visibleCutMixSeed(a, b, 0, 64);
    ASSERT_LT(seed, 64u);
    const auto chosenBox = attn::sampleCutMixBox(28, 28, seed);
    EXPECT_TRUE(inRange(chosenBox)) << "15-50 % of the image";
    const int chosen = overlap(chosenBox);
    EXPECT_GT(chosen, 0);
    for (std::uint64_t s = 0; s < 64; ++s) {
        const auto box = attn::sampleCutMixBox(28, 28, s);
        if (!inRange(box))
            continue;
        const int o = overlap(box);
        EXPECT_LE(o, chosen) << "seed " << s;
        if (o == chosen) {
            EXPECT_GE(s, seed) << "a tie goes to the smaller seed";
        }
    }
    // Identical images: nothing differs anywhere, the first seed with a box in range is kept.
    std::uint64_t firstInRange = 5;
    for (std::uint64_t s = 5; s < 15; ++s)
        if (inRange(attn::sampleCutMixBox(28, 28, s))) {
            firstInRange = s;
            break;
        }
    EXPECT_EQ(attn::visibleCutMixSeed(b, b, 5, 10), firstInRange);
    EXPECT_THROW(attn::visibleCutMixSeed(a, attn::Image(1, 28, 27), 0, 4), std::invalid_argument);
    EXPECT_THROW(attn::visibleCutMixSeed(a, b, 0, 0), std::invalid_argument);
}

TEST(CutMix, RejectsBadInput) {
    EXPECT_THROW(attn::cutMix(ramp(1, 3, 3, 0), ramp(3, 3, 3, 0), {0, 0, 1, 1}), std::invalid_argument);
    EXPECT_THROW(attn::sampleCutMixBox(0, 3, 1), std::invalid_argument);
    EXPECT_THROW(attn::sampleCutMixBox(3, 3, 1, 0.0), std::invalid_argument);
}

} // namespace
