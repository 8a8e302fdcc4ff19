// Hugging Face GPT-2: the real minGPT sorting model (bbycroft/llm-viz, MIT) converted to GPT-2 layout by
// training/convert_gpt_nano_sort.py, against llm-viz's own recorded activations (reference.json), plus
// the layout variants GPT-2 files come in (prefix, tied head, buffers).

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <algorithm>
#include <attn/hf/gpt2.hpp>
#include <attn/hf/load.hpp>
#include <gtest/gtest.h>
#include <random>

namespace {

namespace fs = std::filesystem;
const fs::path kSort = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / "gpt-nano-sort";

std::shared_ptr<const attn::hf::CausalLm> loadLm(const fs::path& dir) {
    auto m = attn::hf::loadModel(dir);
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(m);
    if (!lm)
        throw std::runtime_error("not a causal LM");
    return lm;
}

std::string loadError(const fs::path& dir) {
    try {
        attn::hf::loadModel(dir);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

TEST(HfGpt2, SortModelIsRecognisedAsGpt2) {
    EXPECT_TRUE(attn::hf::isHfDirectory(kSort));
    const auto lm = loadLm(kSort);
    EXPECT_EQ(lm->modelType(), "gpt2");
    EXPECT_EQ(lm->vocabSize(), 3);
    EXPECT_EQ(lm->numLayers(), 3);
    EXPECT_EQ(lm->numHeads(), 3);
    EXPECT_EQ(lm->tokenizer(), nullptr);
}

TEST(HfGpt2, ReproducesLlmVizAttentionAndLogits) {
    const auto ref = hftest::readJson(kSort / "reference.json");
    const auto lm = loadLm(kSort);
    const int block = ref["attention_block"].get<int>();
    float worstAtt = 0, worstLogit = 0;
    for (std::size_t b = 0; b < ref["idx"].size(); ++b) {
        const auto ids = ref["idx"][b].get<std::vector<int>>();
        const auto pass = lm->forward(ids);
        const auto T = static_cast<Eigen::Index>(ids.size());
        for (int h = 0; h < 3; ++h)
            for (Eigen::Index i = 0; i < T; ++i)
                for (Eigen::Index j = 0; j < T; ++j)
                    worstAtt = std::max(worstAtt, std::abs(pass.attention[block][h](i, j) -
                                                           ref["attention"][b][h][i][j].get<float>()));
        for (Eigen::Index i = 0; i < T; ++i)
            for (Eigen::Index v = 0; v < 3; ++v)
                worstLogit =
                    std::max(worstLogit, std::abs(pass.logits(i, v) - ref["logits"][b][i][v].get<float>()));
    }
    RecordProperty("max_abs_diff_attention", std::to_string(worstAtt));
    RecordProperty("max_abs_diff_logits", std::to_string(worstLogit));
    EXPECT_LE(worstAtt, 1e-5f);
    EXPECT_LE(worstLogit, 1e-5f);
}

TEST(HfGpt2, CellsAboveTheDiagonalAreExactlyZeroAndRowsSumToOne) {
    const auto lm = loadLm(kSort);
    const auto pass = lm->forward({2, 0, 1, 1, 0, 2, 0, 0});
    for (const auto& layer : pass.attention)
        for (const auto& m : layer) {
            ASSERT_EQ(m.rows(), 8);
            ASSERT_EQ(m.cols(), 8);
            for (Eigen::Index i = 0; i < 8; ++i) {
                EXPECT_NEAR(m.row(i).sum(), 1.0f, 1e-6f);
                for (Eigen::Index j = i + 1; j < 8; ++j)
                    EXPECT_EQ(m(i, j), 0.0f);
            }
        }
}

TEST(HfGpt2, KvCacheStepsEqualTheFullForward) {
    const auto lm = loadLm(kSort);
    const std::vector<int> ids = {1, 2, 0, 0, 2, 1, 0, 0, 1};
    const auto full = lm->forward(ids);
    auto cache = lm->newCache();
    auto first = lm->extend(cache, {ids[0], ids[1], ids[2]});
    for (std::size_t t = 3; t < ids.size(); ++t) {
        const auto step = lm->extend(cache, {ids[t]});
        ASSERT_EQ(step.logits.rows(), 1);
        EXPECT_LE((step.logits.row(0) - full.logits.row(static_cast<Eigen::Index>(t))).cwiseAbs().maxCoeff(),
                  1e-5f);
        for (int l = 0; l < 3; ++l)
            for (int h = 0; h < 3; ++h) {
                const auto& row = step.attention[l][h];
                ASSERT_EQ(row.cols(), static_cast<Eigen::Index>(t + 1));
                EXPECT_LE((row.row(0) - full.attention[l][h].row(static_cast<Eigen::Index>(t)).head(t + 1))
                              .cwiseAbs()
                              .maxCoeff(),
                          1e-6f);
            }
    }
    EXPECT_EQ(cache.length, static_cast<int>(ids.size()));
}

TEST(HfGpt2, SortsEveryOneOf200RandomInputs) {
    const auto lm = loadLm(kSort);
    std::mt19937 rng(15);
    std::uniform_int_distribution<int> letter(0, 2);
    int sorted = 0;
    for (int n = 0; n < 200; ++n) {
        std::vector<int> in(6);
        for (auto& x : in)
            x = letter(rng);
        const auto g = attn::hf::generateGreedy(*lm, in, 6);
        auto want = in;
        std::sort(want.begin(), want.end());
        sorted += g.generatedIds == want;
        EXPECT_EQ(g.generatedIds, want) << "input " << n;
        ASSERT_EQ(g.steps.size(), 6u);
        for (std::size_t k = 0; k < g.steps.size(); ++k)
            EXPECT_EQ(g.steps[k].attention[0][0].size(), 6 + k); // prompt length + k entries
    }
    EXPECT_EQ(sorted, 200);
}

TEST(HfGpt2, GenerationStopsAtThePositionLimit) {
    const auto lm = loadLm(kSort);
    const auto g = attn::hf::generateGreedy(*lm, {0, 1, 2, 0, 1, 2}, 20);
    EXPECT_EQ(g.generatedIds.size(), 6u); // 11 positions: 6 prompt + 5 fed back -> 6 produced
    EXPECT_FALSE(g.warnings.empty());
}

// Hub files (GPT2Model) have no "transformer." prefix, no lm_head (tied to wte) and may carry the
// attn.bias / attn.masked_bias buffers: the same numbers as the prefixed file whose lm_head is wte.
TEST(HfGpt2, UnprefixedTiedFileWithBuffersEqualsPrefixedUntiedCopy) {
    auto raw = hftest::readRaw(kSort / "model.safetensors");
    auto config = hftest::readJson(kSort / "config.json");
    const auto tiedDir = hftest::tempDir("gpt2-tied");
    const auto untiedDir = hftest::tempDir("gpt2-untied");
    std::map<std::string, hftest::RawTensor> hub, prefixed;
    for (auto& [name, t] : raw) {
        if (name == "lm_head.weight")
            continue;
        hub[name.substr(std::string("transformer.").size())] = t;
        prefixed[name] = t;
    }
    for (int l = 0; l < 3; ++l)
        hub["h." + std::to_string(l) + ".attn.masked_bias"] = hftest::f32({}, {-1e4f});
    prefixed["lm_head.weight"] = raw.at("transformer.wte.weight");
    hftest::writeSafetensors(tiedDir / "model.safetensors", hub);
    hftest::writeSafetensors(untiedDir / "model.safetensors", prefixed);
    auto tiedCfg = config;
    tiedCfg.erase("tie_word_embeddings"); // GPT-2's default: tied
    hftest::writeJson(tiedDir / "config.json", tiedCfg);
    hftest::writeJson(untiedDir / "config.json", config);
    const std::vector<int> ids = {2, 2, 1, 0, 1, 0};
    const auto a = loadLm(tiedDir)->forward(ids);
    const auto b = loadLm(untiedDir)->forward(ids);
    EXPECT_EQ((a.logits - b.logits).cwiseAbs().maxCoeff(), 0.0f);
    // ...and differs from the real (untied) head, so the tie is really used.
    const auto real = loadLm(kSort)->forward(ids);
    EXPECT_GT((a.logits - real.logits).cwiseAbs().maxCoeff(), 1e-2f);
}

// c_proj is square: loaded without the Conv1D transpose it still "fits"; only the numbers tell.
TEST(HfGpt2, TransposedSquareProjectionChangesTheNumbers) {
    auto raw = hftest::readRaw(kSort / "model.safetensors");
    const auto dir = hftest::tempDir("gpt2-transposed");
    auto& t = raw.at("transformer.h.0.attn.c_proj.weight");
    std::vector<float> v(t.bytes.size() / 4), w(v.size());
    std::memcpy(v.data(), t.bytes.data(), t.bytes.size());
    for (int i = 0; i < 48; ++i)
        for (int j = 0; j < 48; ++j)
            w[static_cast<std::size_t>(j * 48 + i)] = v[static_cast<std::size_t>(i * 48 + j)];
    t = hftest::f32({48, 48}, w);
    hftest::writeSafetensors(dir / "model.safetensors", raw);
    fs::copy_file(kSort / "config.json", dir / "config.json");
    const auto ref = hftest::readJson(kSort / "reference.json");
    const auto ids = ref["idx"][0].get<std::vector<int>>();
    const auto pass = loadLm(dir)->forward(ids);
    float worst = 0;
    for (Eigen::Index i = 0; i < 11; ++i)
        for (Eigen::Index k = 0; k < 3; ++k)
            worst = std::max(worst, std::abs(pass.logits(i, k) - ref["logits"][0][i][k].get<float>()));
    EXPECT_GT(worst, 1e-2f);
}

TEST(HfGpt2, WrongShapeSaysExpectedAndGot) {
    auto raw = hftest::readRaw(kSort / "model.safetensors");
    const auto dir = hftest::tempDir("gpt2-shape");
    raw["transformer.h.1.mlp.c_fc.weight"] = hftest::f32({192, 48}, std::vector<float>(192 * 48));
    hftest::writeSafetensors(dir / "model.safetensors", raw);
    fs::copy_file(kSort / "config.json", dir / "config.json");
    const auto e = loadError(dir);
    EXPECT_NE(e.find("'transformer.h.1.mlp.c_fc.weight' has shape [192,48], expected [48,192]"),
              std::string::npos)
        << e;
    EXPECT_NE(e.find("model.safetensors"), std::string::npos) << e;
}

TEST(HfGpt2, UnusedTensorIsAnError) {
    auto raw = hftest::readRaw(kSort / "model.safetensors");
    const auto dir = hftest::tempDir("gpt2-unused");
    raw["transformer.h.3.ln_1.weight"] = hftest::f32({48}, std::vector<float>(48));
    hftest::writeSafetensors(dir / "model.safetensors", raw);
    fs::copy_file(kSort / "config.json", dir / "config.json");
    const auto e = loadError(dir);
    EXPECT_NE(e.find("unused tensor(s) 'transformer.h.3.ln_1.weight'"), std::string::npos) << e;
}

TEST(HfGpt2, MissingHeadWithTieFalseIsAnError) {
    auto raw = hftest::readRaw(kSort / "model.safetensors");
    const auto dir = hftest::tempDir("gpt2-nohead");
    raw.erase("lm_head.weight");
    hftest::writeSafetensors(dir / "model.safetensors", raw);
    fs::copy_file(kSort / "config.json", dir / "config.json");
    const auto e = loadError(dir);
    EXPECT_NE(e.find("'lm_head.weight' is missing"), std::string::npos) << e;
}

TEST(HfGpt2, UnsupportedOptionsAreErrorsNamingConfigJson) {
    const auto dir = hftest::tempDir("gpt2-options");
    fs::copy_file(kSort / "model.safetensors", dir / "model.safetensors");
    for (const auto& [key, value] :
         std::vector<std::pair<std::string, nlohmann::json>>{{"scale_attn_by_inverse_layer_idx", true},
                                                             {"add_cross_attention", true},
                                                             {"activation_function", "quick_gelu"}}) {
        auto config = hftest::readJson(kSort / "config.json");
        config[key] = value;
        hftest::writeJson(dir / "config.json", config);
        const auto e = loadError(dir);
        EXPECT_NE(e.find("config.json"), std::string::npos) << e;
        EXPECT_NE(e.find(key), std::string::npos) << e;
    }
}

TEST(HfGpt2, IdOutsideTheVocabularyIsAnError) {
    const auto lm = loadLm(kSort);
    try {
        lm->forward({0, 3});
        FAIL();
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("token id 3"), std::string::npos) << e.what();
    }
}

} // namespace
