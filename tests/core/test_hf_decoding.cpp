// Step-wise decoding (attn/hf/decoding.hpp) and head-pattern shares (attn/hf/head_patterns.hpp).
// References: generateGreedy and the full (uncached) forward pass for the model numbers, the
// C++ standard's fixed mt19937_64 output and hand computations for the draw rule and the shares.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/config.hpp>
#include <attn/hf/decoding.hpp>
#include <attn/hf/head_patterns.hpp>
#include <attn/hf/load.hpp>
#include <cmath>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";
const std::vector<int> kSortPreset = {2, 0, 1, 1, 0, 2}; // C A B B A C

std::shared_ptr<const attn::hf::CausalLm> loadLm(const fs::path& dir) {
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(dir));
    if (!lm)
        throw std::runtime_error("not a causal LM");
    return lm;
}

float maxRowDiff(const std::vector<std::vector<std::vector<float>>>& a,
                 const std::vector<std::vector<std::vector<float>>>& b) {
    float worst = 0;
    EXPECT_EQ(a.size(), b.size());
    for (std::size_t l = 0; l < a.size() && l < b.size(); ++l) {
        EXPECT_EQ(a[l].size(), b[l].size());
        for (std::size_t h = 0; h < a[l].size() && h < b[l].size(); ++h) {
            EXPECT_EQ(a[l][h].size(), b[l][h].size());
            for (std::size_t c = 0; c < a[l][h].size() && c < b[l][h].size(); ++c)
                worst = std::max(worst, std::abs(a[l][h][c] - b[l][h][c]));
        }
    }
    return worst;
}

class Decoding : public ::testing::TestWithParam<const char*> {};

TEST_P(Decoding, GreedyGeneratorEqualsGenerateGreedy) {
    const auto lm = loadLm(kHf / GetParam());
    const std::vector<int> prompt =
        std::string(GetParam()) == "gpt-nano-sort" ? kSortPreset : std::vector<int>{1, 7, 3, 12, 5};
    const auto want = attn::hf::generateGreedy(*lm, prompt, 8);
    const auto got = attn::hf::generate(lm, prompt, 8);
    EXPECT_EQ(got.generatedIds, want.generatedIds);
    EXPECT_EQ(got.stoppedAtEos, want.stoppedAtEos);
    ASSERT_EQ(got.steps.size(), want.steps.size());
    for (std::size_t k = 0; k < got.steps.size(); ++k) {
        EXPECT_EQ(got.steps[k].position, static_cast<int>(prompt.size() + k) - 1);
        EXPECT_FLOAT_EQ(got.steps[k].probability, want.steps[k].probability);
        EXPECT_LE(maxRowDiff(got.steps[k].attention, want.steps[k].attention), 0.0f) << "step " << k;
        ASSERT_EQ(got.steps[k].top.size(), std::min<std::size_t>(10, lm->vocabSize()));
        EXPECT_EQ(got.steps[k].top.front().id, got.steps[k].id);
        for (std::size_t i = 1; i < got.steps[k].top.size(); ++i)
            EXPECT_GE(got.steps[k].top[i - 1].probability, got.steps[k].top[i].probability);
    }
}

INSTANTIATE_TEST_SUITE_P(Hf, Decoding, ::testing::Values("gpt-nano-sort", "llama-gqa"));

TEST(Decoding, SortModelSortsThePresetStepByStep) {
    const auto lm = loadLm(kHf / "gpt-nano-sort");
    attn::hf::Generator g(lm, kSortPreset);
    std::vector<int> made;
    while (g.canStep())
        made.push_back(g.step().id);
    EXPECT_EQ(made, (std::vector<int>{0, 0, 1, 1, 2, 2})); // A A B B C C
    EXPECT_EQ(g.positions(), 11);                          // the model's 11 positions are used up
    EXPECT_THROW(g.step(), std::logic_error);
    g.reset();
    EXPECT_TRUE(g.steps().empty());
    EXPECT_EQ(g.positions(), 0);
    EXPECT_EQ(g.step().id, 0);
}

// The T x T map assembled from the cached steps equals the uncached forward pass of the same ids.
TEST(Decoding, CausalMapEqualsTheFullForwardPassWithTheUpperTriangleMasked) {
    const auto lm = loadLm(kHf / "llama-gqa");
    attn::hf::Generator g(lm, {1, 7, 3, 12, 5});
    for (int k = 0; k < 4; ++k)
        g.step();
    const int n = g.positions(); // 5 prompt + 3 fed back
    ASSERT_EQ(n, 8);
    const auto ids = g.ids();
    const auto full = lm->forward(std::vector<int>(ids.begin(), ids.begin() + n));
    for (int l = 0; l < lm->numLayers(); ++l)
        for (int h = 0; h < lm->numHeads(); ++h) {
            const auto m = g.causalMap(l, h);
            ASSERT_EQ(m.rows(), n);
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c) {
                    if (c > r)
                        EXPECT_TRUE(std::isnan(m(r, c)));
                    else
                        EXPECT_NEAR(m(r, c), full.attention[l][h](r, c), 1e-5f);
                }
        }
    EXPECT_THROW(g.causalMap(lm->numLayers(), 0), std::out_of_range);
}

// The draw rule's RNG: the C++ standard fixes mt19937_64's 10000th output for the default seed 5489.
TEST(Sampling, RngIsTheStandardsMt19937_64) {
    std::mt19937_64 rng(5489);
    rng.discard(9999);
    EXPECT_EQ(rng(), 9981545732273789042ull);
}

// Logits ln 1, ln 2, ln 3: p = 1/6, 2/6, 3/6; best first 2, 1, 0, so the thresholds on u are
// 1/2 (id 2) and 5/6 (id 1).
TEST(Sampling, DrawRuleByHand) {
    const std::vector<float> logits = {0.0f, std::log(2.0f), std::log(3.0f)};
    std::mt19937_64 rng(7), copy(7);
    for (int i = 0; i < 200; ++i) {
        double q = 0, u = 0;
        const int id = attn::hf::sampleToken(logits, 1.0, 0, rng, &q, &u);
        const double wantU = static_cast<double>(copy() >> 11) / 9007199254740992.0; // 2^53
        ASSERT_EQ(u, wantU);
        const int want = u < 0.5 ? 2 : (u < 5.0 / 6.0 ? 1 : 0);
        ASSERT_EQ(id, want) << "u = " << u;
        ASSERT_NEAR(q, (id + 1) / 6.0, 1e-6);
    }
    // Temperature 0.5 squares the probabilities (1, 4, 9 / 14); top-k 2 keeps ids 2 and 1 (9/13, 4/13).
    std::mt19937_64 r2(11), c2(11);
    for (int i = 0; i < 200; ++i) {
        double q = 0, u = 0;
        const int id = attn::hf::sampleToken(logits, 0.5, 2, r2, &q, &u);
        const double wantU = static_cast<double>(c2() >> 11) / 9007199254740992.0;
        ASSERT_EQ(u, wantU);
        ASSERT_EQ(id, u < 9.0 / 13.0 ? 2 : 1);
        ASSERT_NEAR(q, id == 2 ? 9.0 / 13.0 : 4.0 / 13.0, 1e-6);
    }
}

TEST(Sampling, FrequenciesFollowTheTemperedDistribution) {
    const std::vector<float> logits = {0.0f, std::log(2.0f), std::log(3.0f)};
    std::mt19937_64 rng(2026);
    int count[3] = {0, 0, 0};
    const int n = 30000;
    for (int i = 0; i < n; ++i)
        ++count[attn::hf::sampleToken(logits, 2.0, 0, rng, nullptr, nullptr)];
    // Temperature 2: p ∝ sqrt(1), sqrt(2), sqrt(3); 4 standard errors at n = 30000 is about 0.011.
    const double z = 1 + std::sqrt(2.0) + std::sqrt(3.0);
    EXPECT_NEAR(count[0] / double(n), 1 / z, 0.011);
    EXPECT_NEAR(count[1] / double(n), std::sqrt(2.0) / z, 0.011);
    EXPECT_NEAR(count[2] / double(n), std::sqrt(3.0) / z, 0.011);
}

TEST(Sampling, SameSeedSameTokensResetReplaysTopK1IsGreedy) {
    const auto lm = loadLm(kHf / "llama-gqa");
    const std::vector<int> prompt = {1, 7, 3, 12, 5};
    attn::hf::DecodingOptions hot;
    hot.temperature = 3.0;
    hot.seed = 99;
    const auto a = attn::hf::generate(lm, prompt, 12, hot);
    const auto b = attn::hf::generate(lm, prompt, 12, hot);
    EXPECT_EQ(a.generatedIds, b.generatedIds);
    attn::hf::Generator g(lm, prompt, hot);
    g.setMaxNew(12);
    std::vector<int> first;
    while (g.canStep())
        first.push_back(g.step().id);
    g.reset();
    std::vector<int> again;
    while (g.canStep())
        again.push_back(g.step().id);
    EXPECT_EQ(first, again);
    EXPECT_EQ(first, a.generatedIds);
    for (const auto& s : a.steps) {
        EXPECT_GE(s.uniform, 0.0);
        EXPECT_LT(s.uniform, 1.0);
    }
    // At temperature 3 over 40 ids, 12 draws from another seed differ somewhere.
    hot.seed = 100;
    EXPECT_NE(attn::hf::generate(lm, prompt, 12, hot).generatedIds, a.generatedIds);
    attn::hf::DecodingOptions k1;
    k1.temperature = 1.5;
    k1.topK = 1;
    EXPECT_EQ(attn::hf::generate(lm, prompt, 12, k1).generatedIds,
              attn::hf::generateGreedy(*lm, prompt, 12).generatedIds);
}

TEST(Sampling, BadOptionsAreConfigErrorsNamingTheFile) {
    const auto lm = loadLm(kHf / "gpt-nano-sort");
    attn::hf::DecodingOptions bad;
    bad.temperature = -1;
    try {
        attn::hf::Generator g(lm, kSortPreset, bad);
        FAIL() << "no error";
    } catch (const attn::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("config.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("temperature"), std::string::npos) << e.what();
    }
    bad.temperature = 1;
    bad.topK = -2;
    EXPECT_THROW(attn::hf::Generator(lm, kSortPreset, bad), attn::ConfigError);
    EXPECT_THROW(attn::hf::Generator(lm, {0, 3}), attn::ConfigError); // 3 is outside the vocabulary
    EXPECT_THROW(attn::hf::Generator(lm, {}), attn::ConfigError);
}

// row 0: [1]; row 1: [0.6, 0.4]; row 2: [0.5, 0.2, 0.3]
//   first = (0.6 + 0.5) / 2 = 0.55, previous = (0.6 + 0.2) / 2 = 0.4, self = (0.4 + 0.3) / 2 = 0.35
TEST(HeadPatterns, SharesByHand) {
    attn::Matrix m(3, 3); // 3 x 3, rows = queries
    m << 1, 0, 0, 0.6f, 0.4f, 0, 0.5f, 0.2f, 0.3f;
    const auto s = attn::hf::headShares(m);
    EXPECT_EQ(s.rows, 2);
    EXPECT_NEAR(s.firstToken, 0.55, 1e-7);
    EXPECT_NEAR(s.previousToken, 0.4, 1e-7);
    EXPECT_NEAR(s.self, 0.35, 1e-7);
    const auto r =
        attn::hf::headShares(std::vector<std::vector<float>>{{1.0f}, {0.6f, 0.4f}, {0.5f, 0.2f, 0.3f}});
    EXPECT_EQ(r.rows, 2);
    EXPECT_NEAR(r.firstToken, 0.55, 1e-7);
    EXPECT_NEAR(r.previousToken, 0.4, 1e-7);
    EXPECT_NEAR(r.self, 0.35, 1e-7);
    // The cells above the diagonal are not read (NaN there changes nothing).
    m(0, 1) = m(0, 2) = m(1, 2) = std::nanf("");
    EXPECT_NEAR(attn::hf::headShares(m).self, 0.35, 1e-7);
    EXPECT_EQ(attn::hf::headShares(attn::Matrix::Ones(1, 1)).rows, 0);
    EXPECT_THROW(attn::hf::headShares(attn::Matrix::Zero(2, 3)), std::invalid_argument);
    attn::AttentionStack stack(2, std::vector<attn::Matrix>(3, m));
    const auto all = attn::hf::headPatterns(stack);
    ASSERT_EQ(all.size(), 6u);
    EXPECT_EQ(all[4].layer, 1);
    EXPECT_EQ(all[4].head, 1);
    EXPECT_NEAR(all[4].shares.firstToken, 0.55, 1e-7);
}

} // namespace
