// Attention flow and rollout (issue 17) against networkx's maximum flow and a numpy rollout
// (training/make_explain_fixtures.py, tests/data/explain/).
#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/explain/flow.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/rollout.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

const std::filesystem::path kData = std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "explain";

nlohmann::json readJson(const std::string& name) {
    std::ifstream in(kData / name);
    EXPECT_TRUE(in) << (kData / name);
    return nlohmann::json::parse(in);
}

attn::AttentionStack stackFrom(const nlohmann::json& j) {
    attn::AttentionStack s;
    for (const auto& layer : j) {
        s.emplace_back();
        for (const auto& head : layer) {
            const auto T = static_cast<Eigen::Index>(head.size());
            attn::Matrix m(T, T);
            for (Eigen::Index r = 0; r < T; ++r)
                for (Eigen::Index c = 0; c < T; ++c)
                    m(r, c) =
                        head.at(static_cast<std::size_t>(r)).at(static_cast<std::size_t>(c)).get<float>();
            s.back().push_back(m);
        }
    }
    return s;
}

void expectMatrixNear(const Eigen::MatrixXd& got, const nlohmann::json& want, double tol,
                      const std::string& what) {
    ASSERT_EQ(static_cast<std::size_t>(got.rows()), want.size()) << what;
    for (Eigen::Index r = 0; r < got.rows(); ++r)
        for (Eigen::Index c = 0; c < got.cols(); ++c)
            ASSERT_NEAR(got(r, c),
                        want.at(static_cast<std::size_t>(r)).at(static_cast<std::size_t>(c)).get<double>(),
                        tol)
                << what << " (" << r << ", " << c << ")";
}

} // namespace

TEST(ExplainFlow, EqualsNetworkxOnCommittedGraphs) {
    const auto graphs = readJson("flow_graphs.json");
    ASSERT_EQ(graphs.size(), 5u);
    for (std::size_t g = 0; g < graphs.size(); ++g) {
        const auto stack = stackFrom(graphs[g].at("attention"));
        const Eigen::MatrixXd f = attn::explain::attentionFlow(stack);
        expectMatrixNear(f, graphs[g].at("flow"), 1e-6, "graph " + std::to_string(g) + " flow");
    }
}

TEST(ExplainFlow, RolloutEqualsNumpyWithTheSameDefinition) {
    const auto graphs = readJson("flow_graphs.json");
    for (std::size_t g = 0; g < graphs.size(); ++g) {
        const auto stack = stackFrom(graphs[g].at("attention"));
        // attentionRollout's 0.5 A + 0.5 I renormalised equals (A + I) / row sum.
        const Eigen::MatrixXd r = attn::attentionRollout(stack, -1, 0.5).cast<double>();
        expectMatrixNear(r, graphs[g].at("rollout"), 1e-6, "graph " + std::to_string(g) + " rollout");
    }
}

TEST(ExplainFlow, HandComputedSingleLayer) {
    // One layer, one head, T = 2: A = [[0.5, 0.5], [0.2, 0.8]]. (A + I) / row sum = [[0.75, 0.25],
    // [0.1, 0.9]]; with one layer each edge is its own path, so the flow equals the capacity.
    attn::Matrix a(2, 2);
    a << 0.5f, 0.5f, 0.2f, 0.8f;
    const Eigen::MatrixXd f = attn::explain::attentionFlow({{a}});
    EXPECT_NEAR(f(0, 0), 0.75, 1e-7);
    EXPECT_NEAR(f(0, 1), 0.25, 1e-7);
    EXPECT_NEAR(f(1, 0), 0.1, 1e-7);
    EXPECT_NEAR(f(1, 1), 0.9, 1e-7);
}

TEST(ExplainFlow, TwoLayerBottleneckIsTheMinCut) {
    // Two layers on T = 2. Flow 0 -> output 0 goes via (1,0) [min(c1(0,0), c2(0,0))] and via (1,1)
    // [min(c1(1,0), c2(0,1))]: with layer matrices M1 = [[0.75,0.25],[0.1,0.9]], M2 = same:
    // min(0.75, 0.75) + min(0.1, 0.25) = 0.85.
    attn::Matrix a(2, 2);
    a << 0.5f, 0.5f, 0.2f, 0.8f;
    const Eigen::MatrixXd f = attn::explain::attentionFlow({{a}, {a}});
    EXPECT_NEAR(f(0, 0), 0.85, 1e-7);
}

TEST(ExplainFlow, RejectsMismatchedLayers) {
    EXPECT_THROW(attn::explain::attentionFlow({}), std::invalid_argument);
    EXPECT_THROW(attn::explain::attentionFlow({{attn::Matrix::Ones(2, 2)}, {attn::Matrix::Ones(3, 3)}}),
                 std::invalid_argument);
    EXPECT_THROW(attn::explain::attentionFlow({{attn::Matrix::Ones(2, 2)}}, {5}), std::invalid_argument);
}

TEST(ExplainFlow, SentimentModelAttentionEqualsNetworkx) {
    const auto cases = readJson("models.json");
    const auto& c = cases.at(0);
    ASSERT_EQ(c.at("name"), "sentiment");
    const auto pyStack = stackFrom(c.at("attention"));
    // On PyTorch's maps: exactly the networkx graph.
    expectMatrixNear(attn::explain::attentionFlow(pyStack), c.at("flow"), 1e-6, "flow on PyTorch maps");
    // On the engine's own maps for the same sentence (float32 attention differs from PyTorch's by ~1e-7).
    const auto model =
        attn::loadModel(std::filesystem::path(ATTNVIZ_SOURCE_DIR) / c.at("model").get<std::string>());
    const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get());
    ASSERT_NE(tc, nullptr);
    const auto r = tc->classify(c.at("text").get<std::string>());
    ASSERT_EQ(r.tokens, c.at("tokens").get<std::vector<std::string>>());
    expectMatrixNear(attn::explain::attentionFlow(r.attention), c.at("flow"), 1e-5, "flow on engine maps");
    expectMatrixNear(attn::attentionRollout(r.attention).cast<double>(), c.at("rollout"), 1e-5, "rollout");
}
