// Value-weighted norms, head ablation and the deletion curve (issue 17) against PyTorch computations
// on the shipped sentiment model and a [CLS]-pooled parity classifier (training/make_explain_fixtures.py).
#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/explain/explain.hpp>
#include <attn/explain/faithfulness.hpp>
#include <attn/explain/head_ablation.hpp>
#include <attn/explain/relevance.hpp>
#include <attn/explain/value_norm.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

nlohmann::json cases() {
    std::ifstream in(std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "explain" / "models.json");
    EXPECT_TRUE(in);
    return nlohmann::json::parse(in);
}

struct Loaded {
    std::shared_ptr<const attn::Model> model;
    const attn::TransformerClassifier* tc = nullptr;
    std::unique_ptr<attn::explain::Subject> subject;
};

Loaded load(const nlohmann::json& c) {
    Loaded l;
    l.model = attn::loadModel(std::filesystem::path(ATTNVIZ_SOURCE_DIR) / c.at("model").get<std::string>());
    l.tc = dynamic_cast<const attn::TransformerClassifier*>(l.model.get());
    EXPECT_NE(l.tc, nullptr);
    l.subject = attn::explain::textSubject(*l.tc, c.at("text").get<std::string>());
    return l;
}

class ExplainMethods : public ::testing::TestWithParam<int> {};

} // namespace

TEST_P(ExplainMethods, ValueNormsEqualPyTorch) {
    const auto c = cases().at(static_cast<std::size_t>(GetParam()));
    const auto l = load(c);
    std::vector<attn::layers::LayerTrace> traces;
    const auto base = l.subject->run({}, {}, &traces);
    ASSERT_EQ(base.tokens, c.at("tokens").get<std::vector<std::string>>());
    const auto& want = c.at("value_norms");
    ASSERT_EQ(traces.size(), want.size());
    for (std::size_t layer = 0; layer < traces.size(); ++layer) {
        const auto vn = attn::explain::valueNorms(l.tc->encoder().layers[layer].selfAttn, traces[layer]);
        const auto& w = want[layer];
        ASSERT_EQ(vn.perHead.size(), w.at("per_head").size());
        for (Eigen::Index i = 0; i < vn.summed.rows(); ++i)
            for (Eigen::Index j = 0; j < vn.summed.cols(); ++j) {
                const auto ui = static_cast<std::size_t>(i), uj = static_cast<std::size_t>(j);
                const double s = w.at("summed").at(ui).at(uj).get<double>();
                ASSERT_NEAR(vn.summed(i, j), s, 1e-4 * std::max(1.0, s))
                    << "layer " << layer << " (" << i << "," << j << ")";
                for (std::size_t h = 0; h < vn.perHead.size(); ++h) {
                    const double p = w.at("per_head").at(h).at(ui).at(uj).get<double>();
                    ASSERT_NEAR(vn.perHead[h](i, j), p, 1e-4 * std::max(1.0, p))
                        << "layer " << layer << " head " << h;
                }
            }
    }
}

TEST_P(ExplainMethods, HeadAblationEqualsPyTorchWithTheHeadZeroed) {
    const auto c = cases().at(static_cast<std::size_t>(GetParam()));
    const auto l = load(c);
    const auto a = attn::explain::headAblation(*l.subject);
    ASSERT_EQ(a.predicted, c.at("predicted").get<int>());
    const auto probs = c.at("probabilities").get<std::vector<double>>();
    EXPECT_NEAR(a.baseProbability, probs.at(static_cast<std::size_t>(a.predicted)), 1e-5);
    const auto& want = c.at("ablated_probability");
    ASSERT_EQ(a.effect.size(), want.size());
    bool anyEffect = false;
    for (std::size_t layer = 0; layer < want.size(); ++layer)
        for (std::size_t h = 0; h < want[layer].size(); ++h) {
            const double p = want[layer][h].get<double>();
            EXPECT_NEAR(a.baseProbability - a.effect[layer][h], p, 1e-5)
                << "layer " << layer << " head " << h;
            anyEffect = anyEffect || std::abs(a.effect[layer][h]) > 1e-3;
        }
    EXPECT_TRUE(anyEffect) << "zeroing a head changed nothing: the switch is not applied";
}

TEST_P(ExplainMethods, DeletionCurveEqualsPyTorchWithPadsMasked) {
    const auto c = cases().at(static_cast<std::size_t>(GetParam()));
    const auto l = load(c);
    const auto order = c.at("deletion_order").get<std::vector<std::size_t>>();
    // A relevance vector whose descending order is `order`.
    std::vector<double> relevance(order.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        relevance[order[k]] = static_cast<double>(order.size() - k);
    const auto curve = attn::explain::deletionCurve(*l.subject, relevance);
    EXPECT_EQ(curve.order, order);
    ASSERT_EQ(curve.probability.size(), order.size()) << "the last input is never removed";
    const auto want = c.at("deletion_curve").get<std::vector<double>>();
    ASSERT_EQ(curve.probability.size(), want.size());
    for (std::size_t k = 0; k < want.size(); ++k)
        EXPECT_NEAR(curve.probability[k], want[k], 1e-5) << "after removing " << k;
    double s = 0;
    for (double p : want)
        s += want.front() - p;
    EXPECT_NEAR(curve.aopc, s / static_cast<double>(want.size()), 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Models, ExplainMethods, ::testing::Values(0, 1));

TEST(ExplainFaithfulness, SpearmanByHand) {
    using attn::explain::spearman;
    EXPECT_NEAR(spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0, 1e-12);
    EXPECT_NEAR(spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0, 1e-12);
    // ranks a = 1 2 3 4 5, b = 1.5 1.5 3 5 4 (tie): numpy corrcoef of the ranks gives 0.8720815992723809.
    EXPECT_NEAR(spearman({1, 2, 3, 4, 5}, {2, 2, 3, 9, 5}), 0.8720815992723809, 1e-12);
    EXPECT_EQ(spearman({1, 1, 1}, {1, 2, 3}), 0.0);
    EXPECT_THROW(spearman({1, 2}, {1}), std::invalid_argument);
}

TEST(ExplainFaithfulness, AopcByHand) {
    // curve 1.0, 0.5, 0.2: (0 + 0.5 + 0.8) / 3.
    EXPECT_NEAR(attn::explain::aopc({1.0, 0.5, 0.2}), 1.3 / 3.0, 1e-12);
}

TEST(ExplainRelevance, ClsRowOrMeanOfRealRows) {
    Eigen::MatrixXd m(3, 3);
    m << 1, 2, 3, 4, 5, 6, 7, 8, 9;
    EXPECT_EQ(attn::explain::tokenRelevance(m, {1, 1, 1}, true, {1, 2}), (std::vector<double>{2, 3}));
    // mean of rows 0 and 1 (row 2 is padding)
    EXPECT_EQ(attn::explain::tokenRelevance(m, {1, 1, 0}, false, {0, 1}), (std::vector<double>{2.5, 3.5}));
}

TEST(ExplainMethodNames, UnknownMethodIsAnError) {
    const auto c = cases().at(0);
    const auto l = load(c);
    EXPECT_THROW(attn::explain::explain(*l.subject, {"nonsense"}), std::invalid_argument);
    EXPECT_EQ(attn::explain::explain(*l.subject, {"all"}).methods.count("gradient"), 1u);
}

// Issue 46: the app's explanation job repeated explain() to report progress; core reports it now.
TEST(ExplainProgress, ReportsBeforeEachMethodAndStopsWhereTold) {
    const auto c = cases().at(0);
    const auto l = load(c);
    std::vector<double> seen;
    const auto all = attn::explain::explain(*l.subject, {"raw", "rollout", "ablation"}, [&seen](double f) {
        seen.push_back(f);
        return true;
    });
    EXPECT_EQ(seen, (std::vector<double>{0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0}));
    EXPECT_EQ(all.order, (std::vector<std::string>{"raw", "rollout"}));
    EXPECT_FALSE(all.cancelled);
    ASSERT_TRUE(all.ablation);
    // The same numbers as without progress.
    const auto plain = attn::explain::explain(*l.subject, {"raw", "rollout", "ablation"});
    EXPECT_EQ(all.methods.at("rollout").relevance, plain.methods.at("rollout").relevance);
    EXPECT_EQ(all.rankCorrelation, plain.rankCorrelation);

    int calls = 0;
    const auto stopped = attn::explain::explain(*l.subject, {"raw", "rollout", "ablation"},
                                                [&calls](double) { return ++calls < 2; });
    EXPECT_TRUE(stopped.cancelled);
    EXPECT_EQ(stopped.order, (std::vector<std::string>{"raw"}));
    EXPECT_EQ(stopped.methods.count("rollout"), 0u);
    EXPECT_FALSE(stopped.ablation);
    EXPECT_EQ(stopped.methods.at("raw").relevance, plain.methods.at("raw").relevance);
}
