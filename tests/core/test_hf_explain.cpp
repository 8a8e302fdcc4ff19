// The explanation methods on Hugging Face encoders (issue 17): the subjects of attn/explain/hf_subject.hpp
// on tests/data/hf/bert-tiny and vit-tiny against an independent PyTorch reference
// (training/make_hf_explain_fixtures.py -> tests/data/explain/hf-{bert,vit}-tiny.json): the forward
// through the rebuilt layers::TransformerEncoder equals BertModel / ViTModel's own forward and PyTorch
// (1e-5), the attention gradients, Chefer relevance (1e-4), rollout, value norms, head tests and the
// deletion curve (1e-5).
#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/explain/explain.hpp>
#include <attn/explain/gradient_relevance.hpp>
#include <attn/explain/head_ablation.hpp>
#include <attn/explain/hf_subject.hpp>
#include <attn/explain/relevance.hpp>
#include <attn/explain/value_norm.hpp>
#include <attn/hf/bert.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/vit.hpp>
#include <attn/image.hpp>
#include <attn/rollout.hpp>
#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";
const fs::path kRef = fs::path(ATTNVIZ_TEST_DATA_DIR) / "explain";
constexpr double kForwardTol = 1e-5;
constexpr double kGradientTol = 1e-4;

const nlohmann::json& reference(const std::string& name) {
    static std::map<std::string, nlohmann::json> cache;
    auto it = cache.find(name);
    if (it == cache.end())
        it = cache.emplace(name, hftest::readJson(kRef / ("hf-" + name + ".json"))).first;
    return it->second;
}

std::shared_ptr<const attn::hf::BertModel> bert(const fs::path& dir = kHf / "bert-tiny") {
    return std::dynamic_pointer_cast<const attn::hf::BertModel>(attn::hf::loadModel(dir));
}
std::shared_ptr<const attn::hf::ViTModel> vit(const fs::path& dir = kHf / "vit-tiny") {
    return std::dynamic_pointer_cast<const attn::hf::ViTModel>(attn::hf::loadModel(dir));
}

/// vit-tiny's image.png as expected.json holds it (H x W x C bytes).
attn::Image vitImage() {
    const auto exp = hftest::readJson(kHf / "vit-tiny" / "expected.json");
    const auto& im = exp.at("image");
    std::vector<std::uint8_t> bytes;
    for (const auto& row : im.at("bytes"))
        for (const auto& px : row)
            for (const auto& v : px)
                bytes.push_back(v.get<std::uint8_t>());
    return attn::imageFromBytes(bytes.data(), im.at("channels").get<int>(), im.at("height").get<int>(),
                                im.at("width").get<int>(), /*interleaved=*/true);
}

/// Both fixtures, as the same tests run on them.
struct Fixture {
    std::shared_ptr<const attn::hf::EncoderModel> model;
    std::unique_ptr<attn::explain::Subject> subject;
    const nlohmann::json* ref = nullptr;
};

Fixture fixture(const std::string& name) {
    Fixture f;
    f.ref = &reference(name);
    if (name == "bert-tiny") {
        auto m = bert();
        f.subject = attn::explain::hfTextSubject(*m, f.ref->at("text").get<std::string>());
        f.model = m;
    } else {
        auto m = vit();
        f.subject = attn::explain::hfImageSubject(*m, vitImage());
        f.model = m;
    }
    return f;
}

double largestDiff(const attn::AttentionStack& got, const nlohmann::json& want) {
    double worst = 0;
    EXPECT_EQ(got.size(), want.size());
    for (std::size_t l = 0; l < got.size() && l < want.size(); ++l) {
        EXPECT_EQ(got[l].size(), want[l].size());
        for (std::size_t h = 0; h < got[l].size() && h < want[l].size(); ++h) {
            const auto& m = got[l][h];
            EXPECT_EQ(static_cast<std::size_t>(m.rows()), want[l][h].size());
            for (Eigen::Index i = 0; i < m.rows(); ++i)
                for (Eigen::Index j = 0; j < m.cols(); ++j)
                    worst = std::max(
                        worst, std::abs(m(i, j) -
                                        want[l][h][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]
                                            .get<double>()));
        }
    }
    return worst;
}

double largestDiff(const attn::AttentionStack& got, const attn::AttentionStack& want) {
    double worst = 0;
    EXPECT_EQ(got.size(), want.size());
    for (std::size_t l = 0; l < got.size() && l < want.size(); ++l) {
        EXPECT_EQ(got[l].size(), want[l].size());
        for (std::size_t h = 0; h < got[l].size() && h < want[l].size(); ++h) {
            EXPECT_EQ(got[l][h].rows(), want[l][h].rows());
            if (got[l][h].rows() == want[l][h].rows())
                worst = std::max(worst, static_cast<double>((got[l][h] - want[l][h]).cwiseAbs().maxCoeff()));
        }
    }
    return worst;
}

double largestDiff(const std::vector<float>& got, const nlohmann::json& want) {
    EXPECT_EQ(got.size(), want.size());
    double worst = 0;
    for (std::size_t i = 0; i < got.size() && i < want.size(); ++i)
        worst = std::max(worst, std::abs(got[i] - want[i].get<double>()));
    return worst;
}

class HfExplain : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST_P(HfExplain, ForwardEqualsTheModelAndPyTorch) {
    const auto f = fixture(GetParam());
    const auto& ref = *f.ref;
    const auto base = f.subject->run({});
    const attn::hf::EncoderOutput own =
        GetParam() == "bert-tiny"
            ? std::dynamic_pointer_cast<const attn::hf::BertModel>(f.model)->forward(base.ids)
            : std::dynamic_pointer_cast<const attn::hf::ViTModel>(f.model)->classify(vitImage());
    EXPECT_LT(largestDiff(base.attention, own.attention), kForwardTol);
    EXPECT_LT(largestDiff(base.logits, nlohmann::json(own.logits)), kForwardTol);
    const double maps = largestDiff(base.attention, ref.at("attention"));
    const double logits = largestDiff(base.logits, ref.at("logits"));
    EXPECT_LT(maps, kForwardTol);
    EXPECT_LT(logits, kForwardTol);
    RecordProperty("max_attention_difference_vs_pytorch", std::to_string(maps));
    RecordProperty("max_logit_difference_vs_pytorch", std::to_string(logits));
    EXPECT_LT(largestDiff(base.probabilities, ref.at("probabilities")), kForwardTol);
    EXPECT_EQ(base.predicted, ref.at("predicted").get<int>());
    EXPECT_EQ(base.predicted, own.predicted);
    EXPECT_EQ(f.subject->inputPositions(), ref.at("input_positions").get<std::vector<int>>());
    if (GetParam() == "bert-tiny") {
        EXPECT_EQ(base.ids, ref.at("ids").get<std::vector<int>>());
        EXPECT_EQ(f.subject->inputLabels().front(), ref.at("tokens").at(1).get<std::string>());
    }
}

TEST_P(HfExplain, AttentionGradientsEqualPyTorchAutograd) {
    const auto f = fixture(GetParam());
    std::vector<attn::layers::LayerTrace> traces;
    const auto base = f.subject->run({}, {}, &traces);
    const auto grads = f.subject->attentionGradients(base, traces);
    const auto& want = f.ref->at("gradients");
    ASSERT_EQ(grads.size(), want.size());
    double largest = 0, worst = 0;
    for (std::size_t l = 0; l < want.size(); ++l) {
        ASSERT_EQ(grads[l].size(), want[l].size());
        for (std::size_t h = 0; h < want[l].size(); ++h)
            for (Eigen::Index i = 0; i < grads[l][h].rows(); ++i)
                for (Eigen::Index j = 0; j < grads[l][h].cols(); ++j) {
                    const double w = want[l][h][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
                    largest = std::max(largest, std::abs(w));
                    worst = std::max(worst, std::abs(grads[l][h](i, j) - w) / std::max(1.0, std::abs(w)));
                }
    }
    EXPECT_LT(worst, kGradientTol);
    EXPECT_GT(largest, 1e-3); // not all zero: the comparison cannot pass trivially
    RecordProperty("max_gradient_difference", std::to_string(worst));

    // Chefer et al.'s relevance map and the "gradient" method's token relevance.
    const Eigen::MatrixXd r = attn::explain::gradientRelevance(base.attention, grads);
    const auto& map = f.ref->at("relevance_map");
    for (Eigen::Index i = 0; i < r.rows(); ++i)
        for (Eigen::Index j = 0; j < r.cols(); ++j)
            ASSERT_NEAR(r(i, j), map[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>(),
                        kGradientTol);
    const auto rel = attn::explain::relevanceOf(*f.subject, base, traces, "gradient");
    const auto wantRel = f.ref->at("relevance").get<std::vector<double>>();
    ASSERT_EQ(rel.size(), wantRel.size());
    for (std::size_t i = 0; i < rel.size(); ++i)
        EXPECT_NEAR(rel[i], wantRel[i], kGradientTol) << "input " << i;
}

TEST_P(HfExplain, RolloutAndValueNormsEqualTheReference) {
    const auto f = fixture(GetParam());
    std::vector<attn::layers::LayerTrace> traces;
    const auto base = f.subject->run({}, {}, &traces);
    const attn::Matrix roll = attn::attentionRollout(base.attention, -1, 0.5);
    const auto& want = f.ref->at("rollout");
    for (Eigen::Index i = 0; i < roll.rows(); ++i)
        for (Eigen::Index j = 0; j < roll.cols(); ++j)
            ASSERT_NEAR(roll(i, j),
                        want[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>(),
                        kForwardTol);
    const auto rel = attn::explain::relevanceOf(*f.subject, base, traces, "rollout");
    const auto& pos = f.subject->inputPositions();
    for (std::size_t k = 0; k < rel.size(); ++k)
        EXPECT_NEAR(rel[k], want[0][static_cast<std::size_t>(pos[k])].get<double>(), kForwardTol);

    const auto& norms = f.ref->at("value_norms");
    const auto& layers = f.subject->encoder().layers;
    ASSERT_EQ(layers.size(), norms.size());
    for (std::size_t l = 0; l < layers.size(); ++l) {
        const auto vn = attn::explain::valueNorms(layers[l].selfAttn, traces[l]);
        for (Eigen::Index i = 0; i < vn.summed.rows(); ++i)
            for (Eigen::Index j = 0; j < vn.summed.cols(); ++j) {
                const double w = norms[l][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
                ASSERT_NEAR(vn.summed(i, j), w, kForwardTol * std::max(1.0, std::abs(w)))
                    << "layer " << l << " (" << i << "," << j << ")";
            }
    }
    const auto last = attn::explain::relevanceOf(*f.subject, base, traces, "valuenorm");
    for (std::size_t k = 0; k < last.size(); ++k)
        EXPECT_NEAR(last[k], norms.back()[0][static_cast<std::size_t>(pos[k])].get<double>(), 1e-4);
}

TEST_P(HfExplain, HeadTestsAndDeletionEqualTheReference) {
    const auto f = fixture(GetParam());
    const auto& ref = *f.ref;
    const auto a =
        attn::explain::headAblation(*f.subject, static_cast<std::uint32_t>(ref.at("permute_seed")));
    const double base = a.baseProbability;
    const int c = ref.at("predicted").get<int>();
    EXPECT_EQ(a.predicted, c);
    for (const auto& [name, got] : {std::pair{"ablated", &a.effect}, std::pair{"uniform", &a.uniform},
                                    std::pair{"permuted", &a.permuted}}) {
        const auto& want = ref.at(name);
        ASSERT_EQ(got->size(), want.size()) << name;
        for (std::size_t l = 0; l < want.size(); ++l)
            for (std::size_t h = 0; h < want[l].size(); ++h)
                EXPECT_NEAR(base - (*got)[l][h], want[l][h].get<double>(), kForwardTol)
                    << name << " layer " << l << " head " << h;
    }
    // The deletion curve in the reference's fixed order: a token becomes [PAD] and is masked, a patch 0.
    const auto order = ref.at("deletion_order").get<std::vector<std::size_t>>();
    const auto& curve = ref.at("deletion_curve");
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::vector<std::size_t> removed(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
        const auto r = f.subject->run(removed);
        EXPECT_NEAR(r.probabilities[static_cast<std::size_t>(c)], curve[k].get<double>(), kForwardTol)
            << k << " removed";
    }
}

TEST_P(HfExplain, EveryMethodRuns) {
    const auto f = fixture(GetParam());
    const auto e = attn::explain::explain(*f.subject, {"all"});
    EXPECT_EQ(e.methods.size(), attn::explain::relevanceMethods().size());
    for (const auto& [name, m] : e.methods) {
        EXPECT_EQ(m.relevance.size(), f.subject->inputCount()) << name;
        EXPECT_EQ(m.deletion.probability.size(), f.subject->inputCount()) << name;
    }
    ASSERT_TRUE(e.ablation.has_value());
    EXPECT_EQ(e.ablation->effect.size(), f.subject->encoder().layers.size());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, HfExplain, ::testing::Values("bert-tiny", "vit-tiny"),
                         [](const auto& p) { return p.param == "bert-tiny" ? "bert" : "vit"; });

TEST(HfExplainRefusal, RemovedTokensAreMaskedPadding) {
    // A removed token is pad_token_id with attention_mask 0: the same numbers as BertModel::forward so.
    const auto m = bert();
    const auto s = attn::explain::hfTextSubject(*m, reference("bert-tiny").at("text").get<std::string>());
    const auto r = s->run({0, 4});
    auto ids = reference("bert-tiny").at("ids").get<std::vector<int>>();
    std::vector<std::uint8_t> allowed(ids.size(), 1);
    for (const int p : {1, 5}) {
        ids[static_cast<std::size_t>(p)] = 0;
        allowed[static_cast<std::size_t>(p)] = 0;
    }
    EXPECT_EQ(r.ids, ids);
    EXPECT_EQ(r.keyAllowed, allowed);
    const auto own = m->forward(ids, allowed);
    EXPECT_LT(largestDiff(r.attention, own.attention), kForwardTol);
    EXPECT_LT(largestDiff(r.logits, nlohmann::json(own.logits)), kForwardTol);
}

TEST(HfExplainRefusal, NonExactGeluAndHeadlessModelsAreRefused) {
    const auto dir = hftest::copyDir(kHf / "bert-tiny", "hf-explain-gelu-new");
    auto cfg = hftest::readJson(dir / "config.json");
    cfg["hidden_act"] = "gelu_new";
    hftest::writeJson(dir / "config.json", cfg);
    const auto m = bert(dir);
    ASSERT_TRUE(m);
    const auto why = attn::explain::hfExplainRefusal(*m);
    EXPECT_NE(why.find("gelu_new"), std::string::npos) << why;
    EXPECT_THROW(attn::explain::hfTextSubject(*m, "good film"), std::invalid_argument);
    EXPECT_TRUE(attn::explain::hfExplainRefusal(*bert()).empty());

    const auto base = vit(kHf / "vit-tiny-base"); // ViTModel: no head (and gelu_new)
    ASSERT_TRUE(base);
    EXPECT_NE(attn::explain::hfExplainRefusal(*base).find("no classification head"), std::string::npos);
    EXPECT_THROW(attn::explain::hfImageSubject(*base, vitImage()), std::invalid_argument);
    EXPECT_THROW(attn::explain::hfTextSubject(*bert(), ""), std::invalid_argument);
}
