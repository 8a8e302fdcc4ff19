// Attention with every intermediate, checked against hand computations.
#include <attn/attention.hpp>
#include <attn/sentence_attention.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <map>

using attn::Matrix;

namespace {

Matrix rows(std::initializer_list<std::initializer_list<float>> values) {
    Matrix m(static_cast<Eigen::Index>(values.size()), static_cast<Eigen::Index>(values.begin()->size()));
    Eigen::Index i = 0;
    for (auto r : values) {
        Eigen::Index j = 0;
        for (float v : r)
            m(i, j++) = v;
        ++i;
    }
    return m;
}

// The chapter's 2-D toy vectors.
const Matrix kShe = rows({{1.0f, 0.1f}});
const Matrix kImproveThe = rows({{0.9f, 0.0f}, {0.1f, 1.0f}});

} // namespace

TEST(Attention, ToyExampleScoresAreTheChaptersFigures) {
    attn::AttentionOptions o;
    o.scoring = attn::Scoring::Dot;
    auto s = attn::attention(kShe, kImproveThe, kImproveThe, o);
    // she . improve = 1.0*0.9 + 0.1*0.0 = 0.90; she . the = 1.0*0.1 + 0.1*1.0 = 0.20
    EXPECT_NEAR(s.scores(0, 0), 0.90f, 1e-6f);
    EXPECT_NEAR(s.scores(0, 1), 0.20f, 1e-6f);
    EXPECT_FLOAT_EQ(s.scale, 1.0f);
    // softmax([0.9, 0.2]) by hand: e^0.7 / (e^0.7 + 1)
    const double w0 = std::exp(0.7) / (std::exp(0.7) + 1.0);
    EXPECT_NEAR(s.weights(0, 0), w0, 1e-6);
    EXPECT_NEAR(s.weights(0, 1), 1.0 - w0, 1e-6);
    // mix: w0 * improve + w1 * the
    EXPECT_NEAR(s.outputs(0, 0), w0 * 0.9 + (1 - w0) * 0.1, 1e-6);
    EXPECT_NEAR(s.outputs(0, 1), (1 - w0) * 1.0, 1e-6);
}

TEST(Attention, PerpendicularVectorsScoreExactlyZero) {
    auto s =
        attn::attention(rows({{1, 0}}), rows({{0, 3}}), rows({{0, 3}}), {attn::Scoring::Dot, {}, {}, {}});
    EXPECT_EQ(s.scores(0, 0), 0.0f);
}

TEST(Attention, ScaledDotDividesBySqrtD) {
    Matrix q = rows({{1, 2, 3, 4}});
    Matrix k = rows({{1, 1, 1, 1}, {0, 0, 0, 2}});
    auto s = attn::attention(q, k, k);
    EXPECT_FLOAT_EQ(s.scale, 0.5f); // 1/sqrt(4)
    EXPECT_FLOAT_EQ(s.scores(0, 0), 10.0f);
    EXPECT_FLOAT_EQ(s.scaled(0, 0), 5.0f);
    EXPECT_FLOAT_EQ(s.scaled(0, 1), 4.0f);
    EXPECT_NEAR(s.weights(0, 0), 1.0 / (1.0 + std::exp(-1.0)), 1e-6);
}

TEST(Attention, UnscaledWeightsAreTheSoftmaxOfTheRawScores) {
    // q = [1 2 3 4], keys [1 1 1 1] and [0 0 0 2]: scores 10 and 8, scale 1/sqrt(4) = 0.5.
    Matrix q = rows({{1, 2, 3, 4}});
    Matrix k = rows({{1, 1, 1, 1}, {0, 0, 0, 2}});
    auto s = attn::attention(q, k, k);
    // By hand: softmax([10, 8]) = [1/(1+e^-2), e^-2/(1+e^-2)] = [0.880797, 0.119203];
    // softmax([5, 4]) = [1/(1+e^-1), ...] = [0.731059, 0.268941].
    EXPECT_NEAR(s.unscaledWeights(0, 0), 0.8807971, 1e-6);
    EXPECT_NEAR(s.unscaledWeights(0, 1), 0.1192029, 1e-6);
    EXPECT_NEAR(s.weights(0, 0), 0.7310586, 1e-6);
    // Without scaling they are the weights themselves.
    attn::AttentionOptions dot;
    dot.scoring = attn::Scoring::Dot;
    auto d = attn::attention(q, k, k, dot);
    EXPECT_EQ(d.unscaledWeights, d.weights);
}

TEST(Attention, UnscaledSoftmaxSaturatesForLongVectors) {
    // d = 100, query = 1 everywhere, keys 1.2 and 0.9 everywhere: scores 120 and 90. Unscaled the
    // softmax gives 1/(1+e^-30) (1 to 13 digits); scaled by 1/10 it is 1/(1+e^-3) = 0.952574.
    Matrix q = Matrix::Constant(1, 100, 1.0f);
    Matrix k(2, 100);
    k.row(0).setConstant(1.2f);
    k.row(1).setConstant(0.9f);
    auto s = attn::attention(q, k, k);
    EXPECT_NEAR(s.unscaledWeights(0, 0), 1.0, 1e-6);
    EXPECT_NEAR(s.unscaledWeights(0, 1), std::exp(-30.0), 1e-9);
    EXPECT_NEAR(s.weights(0, 0), 1.0 / (1.0 + std::exp(-3.0)), 1e-5);
}

TEST(Attention, UnscaledWeightsKeepTheMask) {
    Matrix q = rows({{1, 2}});
    Matrix k = rows({{1, 0}, {0, 1}, {5, 5}});
    attn::AttentionOptions o;
    o.mask = attn::Mask::Ones(1, 3);
    o.mask(0, 2) = 0;
    auto s = attn::attention(q, k, k, o);
    // softmax([1, 2]) over the allowed keys; the masked key exactly 0.
    EXPECT_NEAR(s.unscaledWeights(0, 0), 1.0 / (1.0 + std::exp(1.0)), 1e-6);
    EXPECT_EQ(s.unscaledWeights(0, 2), 0.0f);
}

TEST(Attention, SoftmaxRowsSumToOne) {
    Matrix q = Matrix::Random(7, 5), k = Matrix::Random(9, 5);
    auto s = attn::attention(q, k, k);
    for (Eigen::Index i = 0; i < s.weights.rows(); ++i)
        EXPECT_NEAR(s.weights.row(i).sum(), 1.0f, 1e-6f);
}

TEST(Attention, SoftmaxIsStableForHugeScores) {
    Matrix m = rows({{1000.0f, 1001.0f, -1e30f}});
    attn::maskedSoftmaxRows(m, {});
    EXPECT_NEAR(m(0, 0), 1.0 / (1.0 + std::exp(1.0)), 1e-6);
    EXPECT_NEAR(m(0, 1), 1.0 / (1.0 + std::exp(-1.0)), 1e-6);
    EXPECT_EQ(m(0, 2), 0.0f);
    EXPECT_TRUE(m.allFinite());
}

TEST(Attention, MaskedCellsAreExactlyZeroAndFullyMaskedRowIsZeroNotNaN) {
    Matrix q = rows({{1, 0}, {0, 1}}), k = rows({{1, 0}, {0, 1}, {1, 1}});
    attn::AttentionOptions o;
    o.mask = attn::Mask::Ones(2, 3);
    o.mask(0, 1) = 0;
    o.mask.row(1).setZero();
    auto s = attn::attention(q, k, k, o);
    EXPECT_EQ(s.weights(0, 1), 0.0f);
    EXPECT_NEAR(s.weights.row(0).sum(), 1.0f, 1e-6f);
    for (Eigen::Index j = 0; j < 3; ++j)
        EXPECT_EQ(s.weights(1, j), 0.0f);
    EXPECT_TRUE(s.weights.allFinite());
    EXPECT_TRUE(s.outputs.allFinite());
    EXPECT_EQ(s.outputs.row(1).norm(), 0.0f);
}

TEST(Attention, AdditiveScoringMatchesHandComputation) {
    attn::AttentionOptions o;
    o.scoring = attn::Scoring::Additive;
    attn::AdditiveParams a;
    a.wq = rows({{1, 0}, {0, 1}});
    a.wk = rows({{2, 0}, {0, -1}});
    a.v = Eigen::Vector2f(0.5f, -1.0f);
    o.additive = a;
    Matrix q = rows({{0.3f, 0.2f}}), k = rows({{0.1f, 0.4f}});
    auto s = attn::attention(q, k, k, o);
    // Wq q + Wk k = (0.3 + 0.2, 0.2 - 0.4) = (0.5, -0.2)
    const double expected = 0.5 * std::tanh(0.5) - 1.0 * std::tanh(-0.2);
    EXPECT_NEAR(s.scores(0, 0), expected, 1e-6);
    EXPECT_FLOAT_EQ(s.weights(0, 0), 1.0f);
}

TEST(Attention, ProjectionsAndBiasesApplyBeforeScoring) {
    attn::AttentionOptions o;
    o.scoring = attn::Scoring::Dot;
    attn::Projections p;
    p.wq = rows({{2, 0}, {0, 1}});
    p.wk = rows({{1, 0}, {0, 1}});
    p.wv = rows({{0, 1}, {1, 0}});
    p.bq = Eigen::RowVector2f(1, 0);
    o.projections = p;
    auto s = attn::attention(rows({{1, 1}}), rows({{1, 2}}), rows({{3, 4}}), o);
    EXPECT_FLOAT_EQ(s.queries(0, 0), 3.0f); // 2*1 + bias 1
    EXPECT_FLOAT_EQ(s.scores(0, 0), 3.0f * 1 + 1.0f * 2);
    EXPECT_FLOAT_EQ(s.values(0, 0), 4.0f);
    EXPECT_FLOAT_EQ(s.outputs(0, 1), 3.0f);
}

TEST(Attention, MismatchedShapesAreRejected) {
    EXPECT_THROW(attn::attention(rows({{1, 2}}), rows({{1, 2, 3}}), rows({{1, 2, 3}})),
                 std::invalid_argument);
    EXPECT_THROW(attn::attention(rows({{1, 2}}), rows({{1, 2}}), rows({{1, 2}, {3, 4}})),
                 std::invalid_argument);
}

TEST(Attention, LeanKernelMatchesFullAttention) {
    Matrix q = Matrix::Random(6, 8), k = Matrix::Random(10, 8), v = Matrix::Random(10, 3);
    std::vector<std::uint8_t> allowed(10, 1);
    allowed[3] = allowed[7] = 0;
    attn::AttentionOptions o;
    o.mask = attn::Mask::Ones(6, 10);
    o.mask.col(3).setZero();
    o.mask.col(7).setZero();
    auto full = attn::attention(q, k, v, o);
    auto lean = attn::scaledDotAttention(q, k, v, allowed);
    EXPECT_LT((full.weights - lean.weights).cwiseAbs().maxCoeff(), 1e-6f);
    EXPECT_LT((full.outputs - lean.output).cwiseAbs().maxCoeff(), 1e-6f);
    EXPECT_EQ(lean.weights(0, 3), 0.0f);
}

TEST(SentenceAttention, OovTokensAreFlaggedAndExcluded) {
    std::map<std::string, std::vector<float>> table = {{"she", {1.0f, 0.1f}}, {"improve", {0.9f, 0.0f}}};
    attn::VectorLookup lookup = [&](std::string_view w) -> std::optional<std::span<const float>> {
        auto it = table.find(std::string(w));
        if (it == table.end())
            return std::nullopt;
        return std::span<const float>(it->second);
    };
    auto r =
        attn::computeTokenAttention({"she", "zzz"}, std::vector<std::string>{"improve", "qqq"}, lookup, 2);
    EXPECT_EQ(r.queryOov, (std::vector<bool>{false, true}));
    EXPECT_EQ(r.keyOov, (std::vector<bool>{false, true}));
    EXPECT_TRUE(attn::isAbsent(r.steps.weights(0, 1))); // OOV key: absent, not a weight
    EXPECT_FLOAT_EQ(r.steps.weights(0, 0), 1.0f);
    EXPECT_TRUE(attn::isAbsent(r.steps.weights(1, 0))); // OOV query row
    EXPECT_TRUE(attn::isAbsent(r.steps.weights(1, 1)));
    EXPECT_EQ(r.queryOovCount(), 1u);
}

TEST(SentenceAttention, RandomProjectionsAreReproducibleFromTheSeed) {
    auto a = attn::randomProjections(5, 5, 7), b = attn::randomProjections(5, 5, 7),
         c = attn::randomProjections(5, 5, 8);
    EXPECT_EQ(a.wq, b.wq);
    EXPECT_NE(a.wq, c.wq);
}
