// Attention rollout (Abnar & Zuidema 2020) against a hand computation on 2 layers of 3x3 maps.

#include <attn/rollout.hpp>
#include <gtest/gtest.h>

namespace {

constexpr float kTol = 1e-6f;

attn::Matrix m3(std::initializer_list<float> v) {
    attn::Matrix m(3, 3);
    std::copy(v.begin(), v.end(), m.data());
    return m;
}

// Layer 0: two heads whose mean is [[.5 .5 0] [0 1 0] [.2 .2 .6]];
// A'_0 = 0.5 A + 0.5 I = [[.75 .25 0] [0 1 0] [.1 .1 .8]] (rows already sum to 1).
// Layer 1: one head [[0 0 1] [.5 .5 0] [1/3 1/3 1/3]];
// A'_1 = [[.5 0 .5] [.25 .75 0] [1/6 1/6 2/3]].
// R = A'_1 A'_0:
//   row 0 = .5 [.75 .25 0] + .5 [.1 .1 .8]                       = [.425   .175   .4]
//   row 1 = .25 [.75 .25 0] + .75 [0 1 0]                          = [.1875  .8125  0]
//   row 2 = 1/6 [.75 .25 0] + 1/6 [0 1 0] + 2/3 [.1 .1 .8]        = [.191667 .275 .533333]
attn::AttentionStack handStack() {
    attn::AttentionStack s(2);
    s[0] = {m3({1, 0, 0, 0, 1, 0, 0.4f, 0, 0.6f}), m3({0, 1, 0, 0, 1, 0, 0, 0.4f, 0.6f})};
    s[1] = {m3({0, 0, 1, 0.5f, 0.5f, 0, 1.f / 3, 1.f / 3, 1.f / 3})};
    return s;
}

void expectNear(const attn::Matrix& got, const attn::Matrix& want) {
    ASSERT_EQ(got.rows(), want.rows());
    ASSERT_EQ(got.cols(), want.cols());
    for (Eigen::Index r = 0; r < got.rows(); ++r)
        for (Eigen::Index c = 0; c < got.cols(); ++c)
            EXPECT_NEAR(got(r, c), want(r, c), kTol) << r << "," << c;
}

TEST(Rollout, MeanOfHeads) {
    expectNear(attn::meanOfHeads(handStack()[0]), m3({0.5f, 0.5f, 0, 0, 1, 0, 0.2f, 0.2f, 0.6f}));
}

TEST(Rollout, TwoLayersByHand) {
    const attn::Matrix r = attn::attentionRollout(handStack());
    expectNear(r, m3({0.425f, 0.175f, 0.4f, 0.1875f, 0.8125f, 0, 0.125f + 0.2f / 3, 0.275f, 1.6f / 3}));
    for (Eigen::Index i = 0; i < 3; ++i)
        EXPECT_NEAR(r.row(i).sum(), 1.0f, kTol);
    const std::vector<float> cls = attn::rowWithoutColumn(r, 0, 0);
    ASSERT_EQ(cls.size(), 2u);
    EXPECT_NEAR(cls[0], 0.175f, kTol);
    EXPECT_NEAR(cls[1], 0.4f, kTol);
}

TEST(Rollout, FirstLayerOnlyIsTheResidualMix) {
    expectNear(attn::attentionRollout(handStack(), 0), m3({0.75f, 0.25f, 0, 0, 1, 0, 0.1f, 0.1f, 0.8f}));
}

TEST(Rollout, RowsAreRenormalised) {
    // [[2 0] [0 0]] -> 0.5 A + 0.5 I = [[1.5 0] [0 0.5]] -> rows normalised = I.
    attn::Matrix a(2, 2);
    a << 2, 0, 0, 0;
    const attn::Matrix r = attn::attentionRollout({{a}});
    EXPECT_NEAR(r(0, 0), 1.0f, kTol);
    EXPECT_NEAR(r(0, 1), 0.0f, kTol);
    EXPECT_NEAR(r(1, 0), 0.0f, kTol);
    EXPECT_NEAR(r(1, 1), 1.0f, kTol);
}

TEST(Rollout, WeightOneIsThePlainProduct) {
    const auto s = handStack();
    const attn::Matrix want = s[1][0] * attn::meanOfHeads(s[0]);
    expectNear(attn::attentionRollout(s, -1, 1.0), want);
}

TEST(Rollout, RejectsBadInput) {
    EXPECT_THROW(attn::attentionRollout({}), std::invalid_argument);
    EXPECT_THROW(attn::attentionRollout(handStack(), 2), std::invalid_argument);
    EXPECT_THROW(attn::attentionRollout(handStack(), -1, 1.5), std::invalid_argument);
    auto s = handStack();
    s[1][0] = attn::Matrix::Identity(2, 2);
    EXPECT_THROW(attn::attentionRollout(s), std::invalid_argument);
    EXPECT_THROW(attn::meanOfHeads({}), std::invalid_argument);
    EXPECT_THROW(attn::meanOfHeads({m3({1, 0, 0, 0, 1, 0, 0, 0, 1}), attn::Matrix::Identity(2, 2)}),
                 std::invalid_argument);
}

} // namespace
