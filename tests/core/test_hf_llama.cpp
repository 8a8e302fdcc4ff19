// Hugging Face Llama against training/hf_reference.py (PyTorch, written from transformers'
// modeling_llama.py): grouped-query attention with an untied head and rope_theta 500000, and a tied model
// with an explicit head_dim.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/hf/load.hpp>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";

std::shared_ptr<const attn::hf::CausalLm> loadLm(const fs::path& dir) {
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(dir));
    if (!lm)
        throw std::runtime_error("not a causal LM");
    return lm;
}

class HfLlama : public ::testing::TestWithParam<const char*> {};

TEST_P(HfLlama, MapsAndLogitsMatchThePyTorchReference) {
    const auto dir = kHf / GetParam();
    const auto lm = loadLm(dir);
    EXPECT_EQ(lm->modelType(), "llama");
    const auto exp = hftest::readJson(dir / "expected.json");
    const auto ids = exp["ids"].get<std::vector<int>>();
    const auto pass = lm->forward(ids);
    float worst = 0;
    const auto T = static_cast<Eigen::Index>(ids.size());
    for (std::size_t l = 0; l < pass.attention.size(); ++l)
        for (std::size_t h = 0; h < pass.attention[l].size(); ++h)
            for (Eigen::Index i = 0; i < T; ++i)
                for (Eigen::Index j = 0; j < T; ++j) {
                    worst = std::max(worst, std::abs(pass.attention[l][h](i, j) -
                                                     exp["attention"][l][h][i][j].get<float>()));
                    if (j > i) {
                        EXPECT_EQ(pass.attention[l][h](i, j), 0.0f);
                    }
                }
    for (Eigen::Index i = 0; i < T; ++i)
        for (Eigen::Index v = 0; v < pass.logits.cols(); ++v)
            worst = std::max(worst, std::abs(pass.logits(i, v) - exp["logits"][i][v].get<float>()));
    RecordProperty("max_abs_diff", std::to_string(worst));
    EXPECT_LE(worst, 1e-4f);
}

TEST_P(HfLlama, KvCacheGreedyEqualsFullRecomputeGreedy) {
    const auto dir = kHf / GetParam();
    const auto lm = loadLm(dir);
    const auto exp = hftest::readJson(dir / "expected.json");
    const auto want = exp["greedy"].get<std::vector<int>>();
    auto g = attn::hf::generateGreedy(*lm, exp["ids"].get<std::vector<int>>(), static_cast<int>(want.size()));
    // The reference stops only at the count: compare the prefix up to a possible EOS (id 2).
    std::vector<int> cut;
    for (int id : want) {
        cut.push_back(id);
        if (id == 2)
            break;
    }
    EXPECT_EQ(g.generatedIds, cut);
    for (std::size_t k = 0; k < g.steps.size(); ++k)
        EXPECT_EQ(g.steps[k].attention[0][0].size(), exp["ids"].size() + k);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, HfLlama, ::testing::Values("llama-gqa", "llama-tied"));

TEST(HfLlamaConfig, RopeScalingAndBiasesAreRefusedNamingConfigJson) {
    const auto dir = hftest::tempDir("llama-options");
    fs::copy_file(kHf / "llama-gqa" / "model.safetensors", dir / "model.safetensors");
    for (const auto& [key, value] : std::vector<std::pair<std::string, nlohmann::json>>{
             {"rope_scaling", {{"rope_type", "linear"}, {"factor", 2.0}}},
             {"attention_bias", true},
             {"mlp_bias", true},
             {"hidden_act", "gelu"}}) {
        auto cfg = hftest::readJson(kHf / "llama-gqa" / "config.json");
        cfg[key] = value;
        hftest::writeJson(dir / "config.json", cfg);
        try {
            attn::hf::loadModel(dir);
            ADD_FAILURE() << key;
        } catch (const std::exception& e) {
            const std::string m = e.what();
            EXPECT_NE(m.find("config.json"), std::string::npos) << m;
            EXPECT_NE(m.find(key), std::string::npos) << m;
            EXPECT_NE(m.find("unsupported option"), std::string::npos) << m;
        }
    }
}

// Neighbour-pair rotary (GPT-J style) instead of rotate-half, or a wrong theta, must change the numbers:
// a wrong rope_theta in the config gives different maps from the reference.
TEST(HfLlamaConfig, RopeThetaComesFromTheConfig) {
    const auto dir = hftest::tempDir("llama-theta");
    fs::copy_file(kHf / "llama-gqa" / "model.safetensors", dir / "model.safetensors");
    auto cfg = hftest::readJson(kHf / "llama-gqa" / "config.json");
    cfg["rope_theta"] = 10000.0;
    hftest::writeJson(dir / "config.json", cfg);
    const auto exp = hftest::readJson(kHf / "llama-gqa" / "expected.json");
    const auto pass = loadLm(dir)->forward(exp["ids"].get<std::vector<int>>());
    float worst = 0;
    for (Eigen::Index i = 0; i < pass.logits.rows(); ++i)
        for (Eigen::Index v = 0; v < pass.logits.cols(); ++v)
            worst = std::max(worst, std::abs(pass.logits(i, v) - exp["logits"][i][v].get<float>()));
    EXPECT_GT(worst, 1e-3f);
}

} // namespace
