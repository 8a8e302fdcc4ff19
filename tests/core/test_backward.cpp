// The encoder backward pass, Chefer et al.'s gradient relevance and Jain & Wallace's head tests
// (issue 17) against PyTorch autograd on the shipped sentiment model (plain and padded), two parity
// classifiers and the shipped ViT (training/make_gradient_fixtures.py -> tests/data/explain/gradients.json).
#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/explain/explain.hpp>
#include <attn/explain/gradient_relevance.hpp>
#include <attn/explain/head_ablation.hpp>
#include <attn/explain/relevance.hpp>
#include <attn/layers/backward.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

const nlohmann::json& cases() {
    static const nlohmann::json all = [] {
        std::ifstream in(std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "explain" / "gradients.json");
        EXPECT_TRUE(in);
        return nlohmann::json::parse(in);
    }();
    return all;
}

/// One fixture case: the model, its traced forward at the fixture's input, and (for the unpadded
/// inputs) an explanation subject.
struct Case {
    std::shared_ptr<const attn::Model> model;
    attn::ClassifierResult base;
    std::vector<attn::layers::LayerTrace> traces;
    std::vector<std::vector<attn::Matrix>> gradients; // [layer][head] T x T, from core
    std::unique_ptr<attn::explain::Subject> subject;  // null for padded inputs
};

attn::Image fixtureImage(const nlohmann::json& c) {
    const auto imgs = attn::datasets::readIdxImages(std::filesystem::path(ATTNVIZ_SOURCE_DIR) /
                                                    c.at("image").get<std::string>());
    const auto i = c.at("index").get<std::size_t>();
    return attn::imageFromBytes(imgs.image(i), 1, static_cast<int>(imgs.rows), static_cast<int>(imgs.cols),
                                false);
}

Case load(const nlohmann::json& c) {
    Case k;
    k.model = attn::loadModel(std::filesystem::path(ATTNVIZ_SOURCE_DIR) / c.at("model").get<std::string>());
    if (const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(k.model.get())) {
        attn::WhatIf w;
        w.padTo = c.at("pad_to").get<int>();
        auto t = tc->traceWords(c.at("words").get<std::vector<std::string>>(), w);
        k.base = std::move(t.result);
        k.traces = std::move(t.layers);
        const attn::Matrix dy = tc->logitGradient(k.base.keyAllowed, k.base.predicted);
        k.gradients = attn::layers::encoderBackward(tc->encoder(), k.traces, dy).attention;
        if (w.padTo == 0) {
            std::string text;
            for (const auto& word : c.at("words"))
                text += (text.empty() ? "" : " ") + word.get<std::string>();
            k.subject = attn::explain::textSubject(*tc, text);
        }
    } else {
        const auto* vit = dynamic_cast<const attn::VitModel*>(k.model.get());
        EXPECT_NE(vit, nullptr);
        k.subject = attn::explain::imageSubject(*vit, fixtureImage(c));
        k.base = k.subject->run({}, {}, &k.traces);
        k.gradients = k.subject->attentionGradients(k.base, k.traces);
    }
    return k;
}

class Backward : public ::testing::TestWithParam<std::size_t> {};
/// The cases without padding (the head tests run on the subject, which does not pad).
class HeadTests : public ::testing::TestWithParam<std::size_t> {};

std::string caseName(const ::testing::TestParamInfo<std::size_t>& info) {
    std::string n = cases().at(info.param).at("name").get<std::string>();
    for (char& ch : n)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return n;
}

} // namespace

TEST_P(Backward, AttentionGradientsEqualPyTorchAutograd) {
    const auto& c = cases().at(GetParam());
    const auto k = load(c);
    ASSERT_EQ(k.base.predicted, c.at("predicted").get<int>());
    ASSERT_EQ(k.base.keyAllowed, c.at("key_allowed").get<std::vector<std::uint8_t>>());
    const auto& want = c.at("gradients");
    ASSERT_EQ(k.gradients.size(), want.size());
    double largest = 0;
    for (std::size_t l = 0; l < want.size(); ++l) {
        ASSERT_EQ(k.gradients[l].size(), want[l].size());
        for (std::size_t h = 0; h < want[l].size(); ++h) {
            const auto& g = k.gradients[l][h];
            ASSERT_EQ(static_cast<std::size_t>(g.rows()), want[l][h].size());
            for (Eigen::Index i = 0; i < g.rows(); ++i)
                for (Eigen::Index j = 0; j < g.cols(); ++j) {
                    const double w = want[l][h][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
                    largest = std::max(largest, std::abs(w));
                    ASSERT_NEAR(g(i, j), w, 1e-4 * std::max(1.0, std::abs(w)))
                        << "layer " << l << " head " << h << " (" << i << "," << j << ")";
                }
        }
    }
    EXPECT_GT(largest, 1e-3); // the gradients are not all zero (the comparison could not pass trivially)
}

TEST_P(Backward, GradientRelevanceEqualsCheferReference) {
    const auto& c = cases().at(GetParam());
    const auto k = load(c);
    const Eigen::MatrixXd r = attn::explain::gradientRelevance(k.base.attention, k.gradients);
    const auto& want = c.at("relevance_map");
    ASSERT_EQ(static_cast<std::size_t>(r.rows()), want.size());
    for (Eigen::Index i = 0; i < r.rows(); ++i)
        for (Eigen::Index j = 0; j < r.cols(); ++j)
            ASSERT_NEAR(r(i, j), want[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>(),
                        1e-4)
                << "(" << i << "," << j << ")";
    const bool cls = c.at("input_positions").at(0).get<int>() == 1;
    const auto rel = attn::explain::tokenRelevance(r, k.base.keyAllowed, cls,
                                                   c.at("input_positions").get<std::vector<int>>());
    const auto wantRel = c.at("relevance").get<std::vector<double>>();
    ASSERT_EQ(rel.size(), wantRel.size());
    for (std::size_t i = 0; i < rel.size(); ++i)
        EXPECT_NEAR(rel[i], wantRel[i], 1e-4) << "input " << i;
    if (k.subject) { // the method as `explain --method gradient` runs it
        const auto e = attn::explain::explain(*k.subject, {"gradient"});
        const auto& viaExplain = e.methods.at("gradient").relevance;
        ASSERT_EQ(viaExplain.size(), wantRel.size());
        for (std::size_t i = 0; i < wantRel.size(); ++i)
            EXPECT_NEAR(viaExplain[i], wantRel[i], 1e-4) << "input " << i;
        EXPECT_EQ(e.methods.at("gradient").deletion.probability.size(), wantRel.size());
    }
}

TEST_P(HeadTests, EqualPyTorch) {
    const auto& c = cases().at(GetParam());
    const auto k = load(c);
    ASSERT_TRUE(k.subject) << "case " << GetParam() << " is padded";
    const auto a = attn::explain::headAblation(*k.subject, c.at("permute_seed").get<std::uint32_t>());
    const auto pc = c.at("probabilities").at(static_cast<std::size_t>(a.predicted)).get<double>();
    EXPECT_NEAR(a.baseProbability, pc, 1e-5);
    bool permutedMatters = false;
    for (std::size_t l = 0; l < a.effect.size(); ++l)
        for (std::size_t h = 0; h < a.effect[l].size(); ++h) {
            EXPECT_NEAR(pc - a.effect[l][h], c.at("ablated").at(l).at(h).get<double>(), 1e-5)
                << "ablated layer " << l << " head " << h;
            EXPECT_NEAR(pc - a.uniform[l][h], c.at("uniform").at(l).at(h).get<double>(), 1e-5)
                << "uniform layer " << l << " head " << h;
            EXPECT_NEAR(pc - a.permuted[l][h], c.at("permuted").at(l).at(h).get<double>(), 1e-5)
                << "permuted layer " << l << " head " << h;
            permutedMatters = permutedMatters || std::abs(a.permuted[l][h]) > 1e-4;
        }
    EXPECT_TRUE(permutedMatters) << "no permutation changed the probability: the switch did nothing";
}

INSTANTIATE_TEST_SUITE_P(Fixtures, Backward, ::testing::Range<std::size_t>(0, 5), caseName);
INSTANTIATE_TEST_SUITE_P(Fixtures, HeadTests, ::testing::Values<std::size_t>(0, 2, 4), caseName);

TEST(Backward, LayerNormBackwardByFiniteDifferences) {
    attn::layers::LayerNorm n;
    n.weight = attn::Vector::LinSpaced(4, 0.5f, 2.0f);
    n.bias = attn::Vector::Constant(4, 0.1f);
    attn::Matrix x(2, 4);
    x << 0.3f, -1.2f, 2.0f, 0.7f, 1.0f, 1.5f, -0.5f, 0.0f;
    attn::Matrix dy(2, 4);
    dy << 1.0f, -2.0f, 0.5f, 3.0f, -1.0f, 0.25f, 2.0f, -0.5f;
    const attn::Matrix dx = attn::layers::layerNormBackward(n, x, dy);
    const float eps = 1e-2f;
    for (Eigen::Index i = 0; i < 2; ++i)
        for (Eigen::Index j = 0; j < 4; ++j) {
            attn::Matrix up = x, down = x;
            up(i, j) += eps;
            down(i, j) -= eps;
            const double fd = ((n.forward(up) - n.forward(down)).cwiseProduct(dy)).sum() / (2.0 * eps);
            EXPECT_NEAR(dx(i, j), fd, 2e-3) << "(" << i << "," << j << ")";
        }
}

TEST(Backward, MismatchedGradientIsAnError) {
    attn::layers::Linear lin(attn::Matrix::Ones(3, 2), attn::Vector::Zero(3));
    try {
        attn::layers::linearBackward(lin, attn::Matrix::Ones(1, 2));
        FAIL() << "expected an error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("expected gradient width 3, got 2"), std::string::npos)
            << e.what();
    }
}
