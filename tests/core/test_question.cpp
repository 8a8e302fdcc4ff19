// Lesson questions (issue 52): the options and answers come from the engine's matrices and probabilities.
// Expected values: hand-computed, and for the entropies numpy (np.mean(-np.sum(m * np.log(m), axis=1))).

#include <attn/error.hpp>
#include <attn/session/question.hpp>
#include <gtest/gtest.h>
#include <limits>

using attn::Matrix;
using namespace attn::session;

namespace {

Matrix matrix(std::initializer_list<std::initializer_list<float>> rows) {
    Matrix m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
    Eigen::Index r = 0;
    for (const auto& row : rows) {
        Eigen::Index c = 0;
        for (float v : row)
            m(r, c++) = v;
        ++r;
    }
    return m;
}

} // namespace

TEST(Question, TopKeyIsTheLargestWeightOfTheQueryRow) {
    // The chapter's toy: "she" scores 0.90 against "improve" and 0.20 against "the" (weights after softmax
    // of those scores: e^0.9 / (e^0.9 + e^0.2) = 0.668188, 0.331812).
    const Matrix w = matrix({{0.668188f, 0.331812f}});
    const QuestionAnswer a = topKey(w, {"she"}, {"improve", "the"}, "She");
    EXPECT_EQ(a.options, (std::vector<std::string>{"improve", "the"}));
    EXPECT_EQ(a.answer, 0);
    ASSERT_EQ(a.numbers.size(), 2u);
    EXPECT_NEAR(a.numbers[0], 0.668188, 1e-6);
    EXPECT_EQ(a.unit, "weight");
}

TEST(Question, TopKeyByRowAndItsErrors) {
    const Matrix w = matrix({{0.2f, 0.3f, 0.5f}, {0.6f, 0.3f, 0.1f}});
    EXPECT_EQ(topKey(w, {"a", "b"}, {"x", "y", "z"}, "", 1).answer, 0);
    EXPECT_EQ(topKey(w, {"a", "b"}, {"x", "y", "z"}, "a").answer, 2);
    EXPECT_THROW(topKey(w, {"a", "b"}, {"x", "y", "z"}, "c"), attn::Error);
    EXPECT_THROW(topKey(w, {"a", "b"}, {"x", "y", "z"}, "", -1), attn::Error);
    EXPECT_THROW(topKey(w, {"a"}, {"x", "y", "z"}, "a"), attn::Error);
}

TEST(Question, TopKeyLeavesOutWordsWithoutAVector) {
    // "a" is not in the vocabulary: its column is NaN (excluded), so it is neither an option nor the answer.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Matrix w = matrix({{nan, 0.25f, 0.75f}});
    const QuestionAnswer a = topKey(w, {"she"}, {"a", "student", "her"}, "she");
    EXPECT_EQ(a.options, (std::vector<std::string>{"student", "her"}));
    EXPECT_EQ(a.answer, 1);
    EXPECT_THROW(topKey(matrix({{nan, nan}}), {"she"}, {"a", "an"}, "she"), attn::Error);
}

TEST(Question, PredictionAndChange) {
    const QuestionAnswer p = prediction({0.27, 0.73}, {"negative", "positive"});
    EXPECT_EQ(p.answer, 1);
    EXPECT_EQ(p.options[1], "positive");
    const QuestionAnswer same = changesPrediction({0.27, 0.73}, {0.4, 0.6});
    EXPECT_EQ(same.options[static_cast<std::size_t>(same.answer)], "no");
    EXPECT_DOUBLE_EQ(same.numbers[0], 0.73);
    EXPECT_DOUBLE_EQ(same.numbers[1], 0.6);
    const QuestionAnswer flipped = changesPrediction({0.27, 0.73}, {0.55, 0.45});
    EXPECT_EQ(flipped.options[static_cast<std::size_t>(flipped.answer)], "yes");
    EXPECT_THROW(prediction({0.5}, {"a", "b"}), attn::Error);
    EXPECT_THROW(changesPrediction({0.5, 0.5}, {1.0}), attn::Error);
}

TEST(Question, BetterModel) {
    EXPECT_EQ(betterModel("with attention", 61.2, "without attention", 44.0, "chrF").answer, 0);
    EXPECT_EQ(betterModel("with attention", 41.2, "without attention", 44.0, "chrF").answer, 1);
    EXPECT_THROW(betterModel("a", std::nan(""), "b", 1, "chrF"), attn::Error);
}

TEST(Question, TopHeadByAttentionToATokenAndByEntropy) {
    const Matrix a = matrix({{0.5f, 0.25f, 0.25f}, {0.1f, 0.8f, 0.1f}, {1.f / 3, 1.f / 3, 1.f / 3}});
    const Matrix b = matrix({{0.9f, 0.05f, 0.05f}, {0.2f, 0.7f, 0.1f}, {0.6f, 0.2f, 0.2f}});
    const std::vector<std::string> tokens{"[CLS]", "good", "film"};
    const QuestionAnswer to = topHead({a, b}, {"head 1", "head 2"}, "attention_to", tokens, "[cls]");
    EXPECT_EQ(to.answer, 1);
    EXPECT_NEAR(to.numbers[0], 0.3111111111111111, 1e-6);
    EXPECT_NEAR(to.numbers[1], 0.5666666666666668, 1e-6);
    const QuestionAnswer entropy = topHead({a, b}, {"head 1", "head 2"}, "entropy", tokens, "");
    EXPECT_EQ(entropy.answer, 0);
    EXPECT_NEAR(entropy.numbers[0], 0.925788306386068, 1e-6);
    EXPECT_NEAR(entropy.numbers[1], 0.7154955944080049, 1e-6);
    EXPECT_THROW(topHead({a, b}, {"head 1", "head 2"}, "variance", tokens, ""), attn::Error);
    EXPECT_THROW(topHead({a, b}, {"head 1", "head 2"}, "attention_to", tokens, "bad"), attn::Error);
    EXPECT_THROW(topHead({a, Matrix(2, 2)}, {"head 1", "head 2"}, "entropy", tokens, ""), attn::Error);
}

// Issue 54: "which head looks at the previous token?" over a whole corpus — the survey's means, the
// heads it did not measure left out, the largest the answer.
TEST(Question, TopSurveyHeadIsTheLargestMeanOfTheSurvey) {
    attn::analysis::SurveyReport s;
    s.layers = 1;
    s.heads = 3;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double previous[3] = {0.25, 0.875, 0.5}, sep[3] = {nan, nan, nan}, cls[3] = {0.5, nan, 0.125};
    for (int h = 0; h < 3; ++h) {
        attn::analysis::ReportHead head;
        head.layer = 1;
        head.head = h + 1;
        head.mean.fill(nan);
        head.mean[attn::analysis::SurveyReport::index(attn::analysis::Metric::Previous)] = previous[h];
        head.mean[attn::analysis::SurveyReport::index(attn::analysis::Metric::Sep)] = sep[h];
        head.mean[attn::analysis::SurveyReport::index(attn::analysis::Metric::Cls)] = cls[h];
        s.headList.push_back(head);
    }
    const std::vector<std::string> names{"layer 1 · head 1", "layer 1 · head 2", "layer 1 · head 3"};
    QuestionAnswer a = topSurveyHead(s, "previous", names);
    EXPECT_EQ(a.options, names);
    EXPECT_EQ(a.numbers, (std::vector<double>{0.25, 0.875, 0.5}));
    EXPECT_EQ(a.answer, 1);
    EXPECT_EQ(a.unit, "mean weight (previous)");
    a = topSurveyHead(s, "cls", names); // head 2 has no [CLS] value: not an option
    EXPECT_EQ(a.options, (std::vector<std::string>{"layer 1 · head 1", "layer 1 · head 3"}));
    EXPECT_EQ(a.answer, 0);
    EXPECT_THROW(topSurveyHead(s, "sep", names), attn::Error);
    EXPECT_THROW(topSurveyHead(s, "attention_to", names), attn::Error);
    EXPECT_THROW(topSurveyHead(s, "previous", {"one name"}), attn::Error);
}
