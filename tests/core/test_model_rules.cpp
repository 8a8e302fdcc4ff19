// Rules the pages used to re-derive, now kept once in core (issue 11): the softmax intermediates of
// attention(), the mean over all heads, VitModel::resized, TransformerClassifier::pooledAttention and
// padCount. References are hand computations (numbers in the comments) or the models' own forward.
#include "attnviz_test_paths.hpp"

#include <attn/attention.hpp>
#include <attn/checkpoint.hpp>
#include <attn/image.hpp>
#include <attn/rollout.hpp>
#include <cmath>
#include <gtest/gtest.h>

namespace {

const std::string kParity = ATTNVIZ_TEST_DATA_DIR "/parity/";

template <typename M> std::shared_ptr<const M> load(const std::string& name) {
    auto m = std::dynamic_pointer_cast<const M>(attn::loadModel(kParity + name));
    EXPECT_TRUE(m) << name;
    return m;
}

} // namespace

TEST(ModelRules, AttentionKeepsTheSoftmaxIntermediates) {
    // One query (1, 0), keys (1, 0), (0, 1), (2, 0) with the third masked; dot scoring.
    attn::Matrix q(1, 2), k(3, 2);
    q << 1, 0;
    k << 1, 0, 0, 1, 2, 0;
    attn::AttentionOptions o;
    o.scoring = attn::Scoring::Dot;
    o.mask = attn::Mask::Ones(1, 3);
    o.mask(0, 2) = 0;
    const auto s = attn::attention(q, k, k, o);
    // scores 1, 0, (2 masked): max 1; exps e^0 = 1, e^-1 = 0.367879, 0; sum 1.367879.
    ASSERT_EQ(s.rowMax.size(), 1);
    EXPECT_FLOAT_EQ(s.rowMax(0), 1.0f);
    EXPECT_NEAR(s.exponentials(0, 0), 1.0, 1e-7);
    EXPECT_NEAR(s.exponentials(0, 1), 0.36787944, 1e-7);
    EXPECT_EQ(s.exponentials(0, 2), 0.0f);
    EXPECT_NEAR(s.rowSums(0), 1.36787944, 1e-6);
    for (int j = 0; j < 3; ++j)
        EXPECT_NEAR(s.weights(0, j), s.exponentials(0, j) / s.rowSums(0), 1e-7);
}

TEST(ModelRules, FullyMaskedRowHasZeroSumAndNoNaN) {
    attn::Matrix q = attn::Matrix::Ones(1, 2), k = attn::Matrix::Ones(2, 2);
    attn::AttentionOptions o;
    o.mask = attn::Mask::Zero(1, 2);
    const auto s = attn::attention(q, k, k, o);
    EXPECT_EQ(s.rowSums(0), 0.0f);
    EXPECT_TRUE(std::isinf(s.rowMax(0)));
    EXPECT_EQ(s.exponentials.cwiseAbs().sum(), 0.0f);
}

TEST(ModelRules, MeanOfAllHeadsAveragesEveryMap) {
    attn::AttentionStack stack(2);
    stack[0] = {attn::Matrix::Constant(2, 2, 1.0f), attn::Matrix::Constant(2, 2, 2.0f)};
    stack[1] = {attn::Matrix::Constant(2, 2, 3.0f), attn::Matrix::Constant(2, 2, 6.0f)};
    const attn::Matrix m = attn::meanOfAllHeads(stack); // (1 + 2 + 3 + 6) / 4 = 3
    EXPECT_EQ(m.rows(), 2);
    EXPECT_FLOAT_EQ(m(1, 0), 3.0f);
    EXPECT_THROW(attn::meanOfAllHeads({}), std::invalid_argument);
}

TEST(ModelRules, VitResizedIsPrepareBeforeNormalisation) {
    const auto vit = load<attn::VitModel>("vit_pre_gelu_learned_gray");
    ASSERT_TRUE(vit);
    attn::Image im(3, 12, 12);
    for (int c = 0; c < 3; ++c)
        for (int y = 0; y < 12; ++y)
            for (int x = 0; x < 12; ++x)
                im.at(c, y, x) = static_cast<float>(((x * 7 + y * 3 + c) % 13) / 12.0);
    const auto& s = vit->settings();
    const attn::Image r = vit->resized(im);
    EXPECT_EQ(r.channels, s.inChannels);
    EXPECT_EQ(r.height, s.imageSize);
    EXPECT_EQ(r.width, s.imageSize);
    const attn::Image want =
        attn::resizeBilinear(attn::convertChannels(im, s.inChannels), s.imageSize, s.imageSize);
    const attn::Image prepared = vit->prepare(im);
    const attn::Image normalised = attn::normalize(r, s.mean, s.std);
    for (int y = 0; y < s.imageSize; ++y)
        for (int x = 0; x < s.imageSize; ++x) {
            EXPECT_EQ(r.at(0, y, x), want.at(0, y, x));
            EXPECT_EQ(prepared.at(0, y, x), normalised.at(0, y, x));
        }
}

TEST(ModelRules, PooledAttentionFollowsThePoolingOfForward) {
    // cls pooling: row 0 of the map.
    const auto cls = load<attn::TransformerClassifier>("tc_pre_gelu_cls_learned");
    ASSERT_TRUE(cls);
    const auto rc = cls->classify("a very bad plot");
    const attn::Matrix& a = rc.attention[0][1];
    const auto pc = cls->pooledAttention(a, rc);
    ASSERT_EQ(pc.size(), static_cast<std::size_t>(a.cols()));
    for (Eigen::Index j = 0; j < a.cols(); ++j)
        EXPECT_EQ(pc[static_cast<std::size_t>(j)], a(0, j));
    EXPECT_EQ(cls->padCount(rc), 0);

    // mean pooling with 6 pads masked: the mean over the 2 real rows only.
    const auto mean = load<attn::TransformerClassifier>("tc_post_relu_mean_sinusoidal");
    ASSERT_TRUE(mean);
    const auto rm = mean->classify("good acting", 8, true);
    EXPECT_EQ(mean->padCount(rm), 6);
    const attn::Matrix& b = rm.attention[0][0];
    const auto pm = mean->pooledAttention(b, rm);
    for (Eigen::Index j = 0; j < b.cols(); ++j)
        EXPECT_NEAR(pm[static_cast<std::size_t>(j)], (double(b(0, j)) + double(b(1, j))) / 2.0, 1e-7);
    // Mask off: every row is pooled.
    const auto off = mean->classify("good acting", 8, false);
    EXPECT_EQ(mean->padCount(off), 6);
    const attn::Matrix& c = off.attention[0][0];
    const auto po = mean->pooledAttention(c, off);
    double want = 0;
    for (Eigen::Index i = 0; i < 8; ++i)
        want += c(i, 3);
    EXPECT_NEAR(po[3], want / 8.0, 1e-7);
    EXPECT_THROW(mean->pooledAttention(attn::Matrix::Zero(2, 3), rm), std::invalid_argument);
}
