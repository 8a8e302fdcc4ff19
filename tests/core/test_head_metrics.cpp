// Head metrics (attn/analysis/head_metrics.hpp) against an independent numpy computation
// (training/make_head_metrics_reference.py -> tests/data/analysis/head_metrics.json) on the attention
// maps of the parity fixtures; the induction score on a hand-built induction map and through the real
// forward of random-weight Llama and GPT-2 models; the Generate page's shares are the same figures.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/analysis/head_metrics.hpp>
#include <attn/hf/head_patterns.hpp>
#include <attn/hf/load.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using attn::analysis::HeadMetrics;
using attn::analysis::Metric;
using attn::analysis::PositionLayout;
const fs::path kData(ATTNVIZ_TEST_DATA_DIR);

// Both sides compute in double from the same float32 maps; only the summation order differs.
constexpr double kTolerance = 1e-9;

attn::Matrix matrixOf(const nlohmann::json& rows) {
    const auto n = static_cast<Eigen::Index>(rows.size());
    attn::Matrix m(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j)
            m(i, j) = rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<float>();
    return m;
}

attn::AttentionStack stackOf(const nlohmann::json& maps) {
    attn::AttentionStack s;
    for (const auto& layer : maps) {
        s.emplace_back();
        for (const auto& head : layer)
            s.back().push_back(matrixOf(head));
    }
    return s;
}

PositionLayout layoutOf(const nlohmann::json& j) {
    PositionLayout p;
    for (const auto& r : j["real"])
        p.real.push_back(r.get<bool>() ? 1 : 0);
    if (!j["cls"].is_null())
        p.cls = j["cls"].get<int>();
    p.sep = j["sep"].get<std::vector<int>>();
    if (j.contains("grid_width")) {
        p.gridWidth = j["grid_width"].get<int>();
        p.gridStart = j["grid_start"].get<int>();
    }
    return p;
}

class HeadMetricsVsNumpy : public ::testing::TestWithParam<const char*> {};

TEST_P(HeadMetricsVsNumpy, EveryMetricOfEveryHeadMatches) {
    const auto ref = hftest::readJson(kData / "analysis" / "head_metrics.json")["groups"][GetParam()];
    const auto fixture = hftest::readJson(kData / ref["fixture"].get<std::string>());
    std::vector<attn::AttentionStack> stacks;
    if (fixture.contains("cases"))
        for (const auto& c : fixture["cases"])
            stacks.push_back(stackOf(c["attention"]));
    else
        stacks.push_back(stackOf(fixture["attention"]));
    const auto& layouts = ref["layouts"];
    ASSERT_EQ(stacks.size(), layouts.size());
    const int layers = static_cast<int>(stacks[0].size()), heads = static_cast<int>(stacks[0][0].size());
    HeadMetrics m(layers, heads, 3);
    for (std::size_t n = 0; n < stacks.size(); ++n)
        m.addInput(stacks[n], layoutOf(layouts[n]), n);
    if (ref.contains("induction_run"))
        m.addInduction(stacks[0], ref["induction_run"].get<int>());

    double worst = 0;
    int compared = 0;
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            for (Metric metric : attn::analysis::kMetrics) {
                const std::string name(attn::analysis::metricName(metric));
                SCOPED_TRACE("layer " + std::to_string(l) + " head " + std::to_string(h) + " " + name);
                const auto& want = ref["heads"][l][h][name];
                const auto& got = m.sum(l, h, metric);
                ASSERT_EQ(got.rows, want["rows"].get<std::int64_t>());
                if (got.rows == 0) {
                    EXPECT_TRUE(std::isnan(got.mean()));
                    continue;
                }
                worst = std::max({worst, std::abs(got.sum - want["sum"].get<double>()),
                                  std::abs(got.mean() - want["mean"].get<double>())});
                const auto& top = m.top(l, h, metric);
                ASSERT_EQ(top.size(), want["top"].size());
                for (std::size_t k = 0; k < top.size(); ++k) {
                    EXPECT_EQ(top[k].input, want["top"][k]["input"].get<std::size_t>());
                    EXPECT_EQ(top[k].position, want["top"][k]["position"].get<int>());
                    worst = std::max(worst, std::abs(top[k].value - want["top"][k]["value"].get<double>()));
                }
                ++compared;
            }
    std::ostringstream worstText;
    worstText << std::scientific << worst;
    RecordProperty("max_abs_diff", worstText.str());
    RecordProperty("metrics_compared", compared);
    EXPECT_LE(worst, kTolerance);
    EXPECT_GT(compared, layers * heads * 4); // at least sink, previous, self, entropy per head
}

INSTANTIATE_TEST_SUITE_P(Fixtures, HeadMetricsVsNumpy,
                         ::testing::Values("tc_pre_gelu_cls_learned", "tc_post_gelu_mean_learned",
                                           "bert_tiny", "vit_tiny", "llama_gqa"));

TEST(HeadMetrics, MergingInInputOrderEqualsAddingToOneUpToRounding) {
    const auto fixture = hftest::readJson(kData / "parity" / "tc_pre_gelu_cls_learned" / "expected.json");
    HeadMetrics all(2, 4, 5), first(2, 4, 5), second(2, 4, 5);
    for (std::size_t n = 0; n < 3; ++n) {
        const auto stack = stackOf(fixture["cases"][n]["attention"]);
        PositionLayout layout;
        layout.real.assign(static_cast<std::size_t>(stack[0][0].rows()), 1);
        all.addInput(stack, layout, n);
        (n < 2 ? first : second).addInput(stack, layout, n);
    }
    first.merge(second);
    EXPECT_EQ(first.inputs(), 3u);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 4; ++h)
            for (Metric metric : attn::analysis::kMetrics) {
                EXPECT_NEAR(first.sum(l, h, metric).sum, all.sum(l, h, metric).sum,
                            1e-12 * std::abs(all.sum(l, h, metric).sum));
                EXPECT_EQ(first.sum(l, h, metric).rows, all.sum(l, h, metric).rows);
                ASSERT_EQ(first.top(l, h, metric).size(), all.top(l, h, metric).size());
                for (std::size_t k = 0; k < first.top(l, h, metric).size(); ++k)
                    EXPECT_EQ(first.top(l, h, metric)[k].input, all.top(l, h, metric)[k].input);
            }
}

// A causal map whose rows of the second run put `onTarget` on i - L + 1 and spread the rest evenly over
// the other keys of the prefix; every other row is uniform over its prefix.
attn::Matrix handBuiltInductionMap(int L, float onTarget) {
    const int T = 2 * L + 1;
    attn::Matrix a = attn::Matrix::Zero(T, T);
    for (int i = 0; i < T; ++i) {
        if (i > L) {
            a.row(i).head(i + 1).setConstant((1.0f - onTarget) / static_cast<float>(i));
            a(i, i - L + 1) = onTarget;
        } else {
            a.row(i).head(i + 1).setConstant(1.0f / static_cast<float>(i + 1));
        }
    }
    return a;
}

TEST(HeadMetrics, HandBuiltInductionHeadScoresAtLeast0_9) {
    const int L = 12;
    const attn::Matrix induction = handBuiltInductionMap(L, 0.93f);
    // The same prefix-uniform rows everywhere: what a head that does nothing in particular scores.
    attn::Matrix uniform = attn::Matrix::Zero(2 * L + 1, 2 * L + 1);
    for (int i = 0; i <= 2 * L; ++i)
        uniform.row(i).head(i + 1).setConstant(1.0f / static_cast<float>(i + 1));
    const attn::AttentionStack stack = {{induction, uniform}};
    HeadMetrics m(1, 2);
    m.addInduction(stack, L);
    EXPECT_EQ(m.sum(0, 0, Metric::Induction).rows, L);
    EXPECT_GE(m.mean(0, 0, Metric::Induction), 0.9);
    EXPECT_NEAR(m.mean(0, 0, Metric::Induction), 0.93, 1e-6);
    EXPECT_NEAR(attn::analysis::inductionScore(induction, L), 0.93, 1e-6);
    // sum over i = L+1..2L of 1 / (i + 1), by hand
    double uniformScore = 0;
    for (int i = L + 1; i <= 2 * L; ++i)
        uniformScore += 1.0 / (i + 1);
    EXPECT_NEAR(m.mean(0, 1, Metric::Induction), uniformScore / L, 1e-6);
    EXPECT_LE(m.mean(0, 1, Metric::Induction), 0.1);
    EXPECT_THROW(attn::analysis::inductionScore(induction, L + 1), std::invalid_argument);
}

TEST(HeadMetrics, InductionInputIsBosThenTheSameRunTwiceWithoutRepetition) {
    const auto ids = attn::analysis::inductionInput(1, 16, 40, 7, {1, 2});
    ASSERT_EQ(ids.size(), 33u);
    EXPECT_EQ(ids[0], 1);
    for (int i = 1; i <= 16; ++i) {
        EXPECT_EQ(ids[static_cast<std::size_t>(i)], ids[static_cast<std::size_t>(i + 16)]);
        EXPECT_NE(ids[static_cast<std::size_t>(i)], 1);
        EXPECT_NE(ids[static_cast<std::size_t>(i)], 2);
        for (int j = 1; j < i; ++j)
            EXPECT_NE(ids[static_cast<std::size_t>(i)], ids[static_cast<std::size_t>(j)]);
    }
    EXPECT_EQ(ids, attn::analysis::inductionInput(1, 16, 40, 7, {1, 2}));
    EXPECT_NE(ids, attn::analysis::inductionInput(1, 16, 40, 8, {1, 2}));
    // Fewer candidates than the run: drawn with repetition.
    EXPECT_EQ(attn::analysis::inductionInput(0, 5, 3, 1, {0}).size(), 11u);
    EXPECT_THROW(attn::analysis::inductionInput(0, 5, 2, 1, {0, 1}), std::invalid_argument);
    EXPECT_THROW(attn::analysis::inductionInput(0, 0, 10, 1), std::invalid_argument);
}

double worstInduction(const attn::hf::CausalLm& lm, int L, int inputs, std::uint64_t seed,
                      std::vector<int> excluded, int bos) {
    HeadMetrics m(lm.numLayers(), lm.numHeads());
    for (int n = 0; n < inputs; ++n)
        m.addInduction(
            lm.forward(attn::analysis::inductionInput(bos, L, lm.vocabSize(), seed + n, excluded)).attention,
            L);
    double worst = 0;
    for (int l = 0; l < m.layers(); ++l)
        for (int h = 0; h < m.heads(); ++h)
            worst = std::max(worst, m.mean(l, h, Metric::Induction));
    return worst;
}

TEST(HeadMetrics, RandomWeightLlamaFixturesHaveNoInductionHead) {
    for (const char* name : {"llama-gqa", "llama-tied"}) {
        SCOPED_TRACE(name);
        auto lm =
            std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(kData / "hf" / name));
        ASSERT_TRUE(lm);
        const double worst = worstInduction(*lm, 16, 20, 100, {1, 2}, 1); // BOS 1, EOS 2; 33 of 64 positions
        RecordProperty(std::string("max_induction_") + name, std::to_string(worst));
        EXPECT_LE(worst, 0.1);
        EXPECT_GT(worst, 0.0);
    }
}

// A GPT-2 with random weights (uniform in [-0.35, 0.35], std 0.2 as the Llama fixtures'; layer norms at
// 1 and 0), written as a Hugging Face directory.
void writeRandomGpt2(const fs::path& dir) {
    const int V = 64, P = 64, d = 32, layers = 2;
    std::mt19937 rng(2024);
    auto rnd = [&](std::vector<std::int64_t> shape) {
        std::size_t n = 1;
        for (auto s : shape)
            n *= static_cast<std::size_t>(s);
        std::vector<float> v(n);
        for (auto& x : v)
            x = static_cast<float>((static_cast<double>(rng()) / 4294967295.0 - 0.5) * 0.7);
        return hftest::f32(std::move(shape), v);
    };
    auto fill = [](std::vector<std::int64_t> shape, float value) {
        return hftest::f32(shape, std::vector<float>(static_cast<std::size_t>(shape[0]), value));
    };
    std::map<std::string, hftest::RawTensor> t;
    t["wte.weight"] = rnd({V, d});
    t["wpe.weight"] = rnd({P, d});
    t["ln_f.weight"] = fill({d}, 1.0f);
    t["ln_f.bias"] = fill({d}, 0.0f);
    for (int l = 0; l < layers; ++l) {
        const std::string p = "h." + std::to_string(l) + ".";
        t[p + "ln_1.weight"] = fill({d}, 1.0f);
        t[p + "ln_1.bias"] = fill({d}, 0.0f);
        t[p + "ln_2.weight"] = fill({d}, 1.0f);
        t[p + "ln_2.bias"] = fill({d}, 0.0f);
        t[p + "attn.c_attn.weight"] = rnd({d, 3 * d});
        t[p + "attn.c_attn.bias"] = rnd({3 * d});
        t[p + "attn.c_proj.weight"] = rnd({d, d});
        t[p + "attn.c_proj.bias"] = rnd({d});
        t[p + "mlp.c_fc.weight"] = rnd({d, 4 * d});
        t[p + "mlp.c_fc.bias"] = rnd({4 * d});
        t[p + "mlp.c_proj.weight"] = rnd({4 * d, d});
        t[p + "mlp.c_proj.bias"] = rnd({d});
    }
    hftest::writeSafetensors(dir / "model.safetensors", t);
    hftest::writeJson(dir / "config.json", {{"model_type", "gpt2"},
                                            {"vocab_size", V},
                                            {"n_positions", P},
                                            {"n_embd", d},
                                            {"n_layer", layers},
                                            {"n_head", 4},
                                            {"activation_function", "gelu_new"},
                                            {"layer_norm_epsilon", 1e-5},
                                            {"bos_token_id", 0},
                                            {"eos_token_id", 0}});
}

TEST(HeadMetrics, RandomWeightGpt2HasNoInductionHead) {
    const auto dir = hftest::tempDir("random-gpt2");
    writeRandomGpt2(dir);
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(dir));
    ASSERT_TRUE(lm);
    const double worst = worstInduction(*lm, 20, 20, 300, {0}, 0);
    RecordProperty("max_induction_gpt2", std::to_string(worst));
    EXPECT_LE(worst, 0.1);
    EXPECT_GT(worst, 0.0);
}

TEST(HeadMetrics, GeneratePageSharesAreTheSurveysSinkPreviousSelf) {
    const auto exp = hftest::readJson(kData / "hf" / "llama-gqa" / "expected.json");
    const auto stack = stackOf(exp["attention"]);
    HeadMetrics m(static_cast<int>(stack.size()), static_cast<int>(stack[0].size()));
    m.addInput(stack, {}, 0);
    for (const auto& p : attn::hf::headPatterns(stack)) {
        EXPECT_EQ(p.shares.rows, m.sum(p.layer, p.head, Metric::Sink).rows);
        EXPECT_NEAR(p.shares.firstToken, m.mean(p.layer, p.head, Metric::Sink), 1e-12);
        EXPECT_NEAR(p.shares.previousToken, m.mean(p.layer, p.head, Metric::Previous), 1e-12);
        EXPECT_NEAR(p.shares.self, m.mean(p.layer, p.head, Metric::Self), 1e-12);
    }
}

TEST(HeadMetrics, PaddingRowsAndKeysAreLeftOut) {
    // Row 2 (real) puts 0.5 on itself and 0.5 on the previous token; rows 3 and 4 are padding whose
    // numbers would change every metric if read; key 3's weight in row 1 is what a mask leaves (0).
    attn::Matrix a(5, 5);
    a << 1.0f, 0.0f, 0.0f, 0.0f, 0.0f,  //
        0.25f, 0.75f, 0.0f, 0.0f, 0.0f, //
        0.0f, 0.5f, 0.5f, 0.0f, 0.0f,   //
        0.2f, 0.2f, 0.2f, 0.2f, 0.2f,   //
        0.2f, 0.2f, 0.2f, 0.2f, 0.2f;
    PositionLayout layout;
    layout.real = {1, 1, 1, 0, 0};
    HeadMetrics m(1, 1);
    m.addInput({{a}}, layout, 0);
    EXPECT_EQ(m.sum(0, 0, Metric::Self).rows, 2);
    EXPECT_NEAR(m.mean(0, 0, Metric::Sink), (0.25 + 0.0) / 2, 1e-7);
    EXPECT_NEAR(m.mean(0, 0, Metric::Previous), (0.25 + 0.5) / 2, 1e-7);
    EXPECT_NEAR(m.mean(0, 0, Metric::Self), (0.75 + 0.5) / 2, 1e-7);
    const double h1 = -(0.25 * std::log(0.25) + 0.75 * std::log(0.75)), h2 = std::log(2.0);
    EXPECT_NEAR(m.mean(0, 0, Metric::Entropy), (h1 + h2) / 2, 1e-7);
    EXPECT_NEAR(m.mean(0, 0, Metric::Distance), (0.25 * 1 + 0.5 * 1) / 2, 1e-7);
    EXPECT_TRUE(std::isnan(m.mean(0, 0, Metric::Cls)));
    layout.real = {1, 1, 1, 0};
    EXPECT_THROW(m.addInput({{a}}, layout, 1), std::invalid_argument);
    EXPECT_THROW(m.addInput({{a, a}}, {}, 1), std::invalid_argument);
}

} // namespace
