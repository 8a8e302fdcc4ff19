// Parity with PyTorch: tests/data/parity/<variant>/ were written by training/make_parity_fixtures.py
// (random tiny models of every variant, run by PyTorch). Every logit and attention weight must match
// within 1e-4 (max abs difference).

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

constexpr float kTol = 1e-4f;
const std::filesystem::path kParity = std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "parity";

nlohmann::json expected(const std::string& variant) {
    std::ifstream in(kParity / variant / "expected.json");
    return nlohmann::json::parse(in);
}

float maxDiff(const std::vector<float>& got, const nlohmann::json& want) {
    EXPECT_EQ(got.size(), want.size());
    float m = 0;
    for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i)
        m = std::max(m, std::abs(got[i] - want[i].get<float>()));
    return m;
}

float maxDiff(const attn::Matrix& got, const nlohmann::json& want) {
    EXPECT_EQ(static_cast<std::size_t>(got.rows()), want.size());
    float m = 0;
    for (Eigen::Index r = 0; r < std::min<Eigen::Index>(got.rows(), static_cast<Eigen::Index>(want.size()));
         ++r) {
        const auto& row = want[static_cast<std::size_t>(r)];
        EXPECT_EQ(static_cast<std::size_t>(got.cols()), row.size());
        for (Eigen::Index c = 0;
             c < std::min<Eigen::Index>(got.cols(), static_cast<Eigen::Index>(row.size())); ++c)
            m = std::max(m, std::abs(got(r, c) - row[static_cast<std::size_t>(c)].get<float>()));
    }
    return m;
}

void expectAttention(const attn::AttentionStack& got, const nlohmann::json& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t l = 0; l < got.size(); ++l) {
        ASSERT_EQ(got[l].size(), want[l].size());
        for (std::size_t h = 0; h < got[l].size(); ++h)
            EXPECT_LE(maxDiff(got[l][h], want[l][h]), kTol) << "layer " << l << " head " << h;
    }
}

class ClassifierParity : public ::testing::TestWithParam<std::string> {};

TEST_P(ClassifierParity, LogitsAndEveryAttentionMapMatchPyTorch) {
    const auto model = attn::loadModel(kParity / GetParam());
    const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get());
    ASSERT_NE(tc, nullptr);
    const auto want = expected(GetParam()); // keep alive: range-for over a temporary's member dangles
    for (const auto& c : want["cases"]) {
        SCOPED_TRACE(c["words"].dump());
        const auto r = tc->classifyWords(c["words"].get<std::vector<std::string>>(), c["pad_to"].get<int>());
        EXPECT_EQ(r.ids, c["ids"].get<std::vector<int>>());
        EXPECT_LE(maxDiff(r.logits, c["logits"]), kTol);
        expectAttention(r.attention, c["attention"]);
        // Padding keys get weight exactly 0.
        for (const auto& layer : r.attention)
            for (const auto& head : layer)
                for (std::size_t k = 0; k < r.keyAllowed.size(); ++k)
                    if (!r.keyAllowed[k]) {
                        EXPECT_EQ(head.col(static_cast<Eigen::Index>(k)).cwiseAbs().maxCoeff(), 0.0f);
                    }
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, ClassifierParity,
                         ::testing::Values("tc_post_relu_mean_sinusoidal", "tc_pre_gelu_cls_learned",
                                           "tc_post_gelu_mean_learned", "tc_pre_relu_cls_sinusoidal"));

class Seq2SeqParity : public ::testing::TestWithParam<std::string> {};

TEST_P(Seq2SeqParity, GreedyOutputsLogitsAndAlignmentMatchPyTorch) {
    const auto model = attn::loadModel(kParity / GetParam());
    const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get());
    ASSERT_NE(s2s, nullptr);
    const auto want = expected(GetParam()); // keep alive: range-for over a temporary's member dangles
    for (const auto& c : want["cases"]) {
        SCOPED_TRACE(c["words"].dump());
        const auto r = s2s->translateWords(c["words"].get<std::vector<std::string>>());
        EXPECT_EQ(r.sourceIds, c["src_ids"].get<std::vector<int>>());
        EXPECT_EQ(r.outputIds, c["output_ids"].get<std::vector<int>>());
        EXPECT_LE(maxDiff(r.logits, c["logits"]), kTol);
        if (c["alignment"].is_null()) {
            EXPECT_FALSE(r.hasAttention);
            EXPECT_EQ(r.alignment.size(), 0);
        } else {
            EXPECT_TRUE(r.hasAttention);
            EXPECT_LE(maxDiff(r.alignment, c["alignment"]), kTol);
        }
        // SentencePiece variants: the pieces python3-sentencepiece cut, and its decoded text.
        if (c.contains("source_pieces")) {
            EXPECT_TRUE(r.pieces);
            EXPECT_EQ(r.sourceTokens, c["source_pieces"].get<std::vector<std::string>>());
            EXPECT_EQ(attn::outputText(r), c["output_text"].get<std::string>());
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, Seq2SeqParity,
                         ::testing::Values("s2s_additive", "s2s_dot", "s2s_none",
                                           "s2s_pieces_2layer_additive", "s2s_pieces_2layer_none"));

class VitParity : public ::testing::TestWithParam<std::string> {};

TEST_P(VitParity, LogitsAndEveryAttentionMapMatchPyTorch) {
    const auto model = attn::loadModel(kParity / GetParam());
    const auto* vit = dynamic_cast<const attn::VitModel*>(model.get());
    ASSERT_NE(vit, nullptr);
    const auto& cfg = vit->settings();
    const auto want = expected(GetParam()); // keep alive: range-for over a temporary's member dangles
    for (const auto& c : want["cases"]) {
        const auto pixels = c["pixels"].get<std::vector<std::uint8_t>>();
        const auto img =
            attn::imageFromBytes(pixels.data(), cfg.inChannels, cfg.imageSize, cfg.imageSize, false);
        const auto r = vit->classify(img);
        EXPECT_LE(maxDiff(r.logits, c["logits"]), kTol);
        expectAttention(r.attention, c["attention"]);
        ASSERT_EQ(r.tokens.size(), static_cast<std::size_t>(cfg.numPatches() + 1));
        EXPECT_EQ(r.tokens.front(), "[CLS]");
        EXPECT_EQ(r.tokens[2], "r0c1");
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, VitParity,
                         ::testing::Values("vit_pre_gelu_learned_gray", "vit_post_relu_sinusoidal_rgb"));

} // namespace
