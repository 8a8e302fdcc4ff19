// SentenceAttention's side-by-side of dot-product and additive scoring and where the additive parameters
// came from (issue 49 point 4: the Walkthrough never said where Wq, Wk and v come from and could not
// compare the two scorings). The reference is the formulas written out here in double.
#include <attn/sentence_attention.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <map>

namespace {

const std::map<std::string, std::vector<float>, std::less<>> kVectors = {
    {"cat", {1.0f, 0.5f}}, {"sat", {-0.5f, 2.0f}}, {"mat", {0.25f, -1.0f}}};

attn::VectorLookup lookup() {
    return [](std::string_view w) -> std::optional<std::span<const float>> {
        const auto it = kVectors.find(w);
        if (it == kVectors.end())
            return std::nullopt;
        return std::span<const float>(it->second);
    };
}

std::vector<double> softmax(const std::vector<double>& s) {
    double mx = -1e300, sum = 0;
    for (double x : s)
        mx = std::max(mx, x);
    std::vector<double> out;
    for (double x : s)
        sum += std::exp(x - mx);
    for (double x : s)
        out.push_back(std::exp(x - mx) / sum);
    return out;
}

attn::AdditiveParams given() {
    attn::AdditiveParams a;
    a.wq.resize(2, 3);
    a.wq << 0.5f, -1.0f, 0.25f, 1.5f, 0.75f, -0.5f;
    a.wk.resize(2, 3);
    a.wk << -0.25f, 1.0f, 0.5f, 0.5f, -1.5f, 1.0f;
    a.v.resize(3);
    a.v << 1.0f, -0.5f, 2.0f;
    return a;
}

} // namespace

TEST(ScoringComparison, BothScoringsOnTheSameQueryMatchTheFormulas) {
    const std::vector<std::string> words = {"cat", "sat", "mat"};
    const attn::AdditiveParams a = given();
    for (const attn::Scoring chosen :
         {attn::Scoring::ScaledDot, attn::Scoring::Dot, attn::Scoring::Additive}) {
        attn::SentenceAttentionOptions o;
        o.scoring = chosen;
        o.additive = a;
        const auto r = attn::computeTokenAttention(words, std::nullopt, lookup(), 2, o);
        EXPECT_EQ(r.comparedDot,
                  chosen == attn::Scoring::Dot ? attn::Scoring::Dot : attn::Scoring::ScaledDot);
        const double scale = r.comparedDot == attn::Scoring::Dot ? 1.0 : 1.0 / std::sqrt(2.0);
        ASSERT_EQ(r.dotWeights.rows(), 3);
        ASSERT_EQ(r.additiveWeights.cols(), 3);
        for (int i = 0; i < 3; ++i) {
            const auto& q = kVectors.at(words[i]);
            std::vector<double> dot, add;
            for (int j = 0; j < 3; ++j) {
                const auto& k = kVectors.at(words[j]);
                dot.push_back(scale * (double(q[0]) * k[0] + double(q[1]) * k[1]));
                double s = 0;
                for (int h = 0; h < 3; ++h)
                    s += double(a.v(h)) * std::tanh(double(q[0]) * a.wq(0, h) + double(q[1]) * a.wq(1, h) +
                                                    double(k[0]) * a.wk(0, h) + double(k[1]) * a.wk(1, h));
                add.push_back(s);
            }
            const auto wd = softmax(dot), wa = softmax(add);
            for (int j = 0; j < 3; ++j) {
                EXPECT_NEAR(r.dotWeights(i, j), wd[j], 1e-6) << i << "," << j;
                EXPECT_NEAR(r.additiveWeights(i, j), wa[j], 1e-6) << i << "," << j;
            }
        }
        ASSERT_TRUE(r.additiveOrigin);
        EXPECT_FALSE(r.additiveOrigin->random); // given in the options
        EXPECT_EQ(r.additiveOrigin->hidden, 3u);
    }
}

TEST(ScoringComparison, RandomAdditiveParametersSayTheirSeedAndScale) {
    attn::SentenceAttentionOptions o;
    o.scoring = attn::Scoring::Additive;
    o.seed = 7;
    const auto r = attn::computeTokenAttention({"cat", "zzz", "mat"}, std::nullopt, lookup(), 2, o);
    ASSERT_TRUE(r.additiveOrigin);
    EXPECT_TRUE(r.additiveOrigin->random);
    EXPECT_EQ(r.additiveOrigin->seed, 7u);
    EXPECT_EQ(r.additiveOrigin->hidden, 2u);
    EXPECT_NEAR(r.additiveOrigin->wqStd, 1.0 / std::sqrt(2.0), 1e-12);
    EXPECT_NEAR(r.additiveOrigin->vStd, 1.0 / std::sqrt(2.0), 1e-12);
    // The parameters are randomAdditive's from that seed; another seed draws others.
    const attn::AdditiveParams want = attn::randomAdditive(2, 2, 2, 7);
    ASSERT_TRUE(r.additive);
    EXPECT_TRUE(r.additive->wq.isApprox(want.wq));
    EXPECT_TRUE(r.additive->v.isApprox(want.v));
    o.seed = 8;
    const auto other = attn::computeTokenAttention({"cat", "zzz", "mat"}, std::nullopt, lookup(), 2, o);
    EXPECT_FALSE(other.additive->wq.isApprox(want.wq));
    // The OOV word's row and column are absent in both.
    EXPECT_TRUE(std::isnan(r.dotWeights(1, 0)));
    EXPECT_TRUE(std::isnan(r.additiveWeights(0, 1)));
    EXPECT_FALSE(std::isnan(r.additiveWeights(0, 2)));
    // Scaled dot chosen: the comparison's additive weights are those of the additive run with the seed.
    o.scoring = attn::Scoring::ScaledDot;
    o.seed = 7;
    const auto dot = attn::computeTokenAttention({"cat", "zzz", "mat"}, std::nullopt, lookup(), 2, o);
    EXPECT_NEAR(dot.additiveWeights(2, 0), r.steps.weights(2, 0), 1e-7);
    EXPECT_NEAR(dot.additiveWeights(0, 2), r.steps.weights(0, 2), 1e-7);
}
