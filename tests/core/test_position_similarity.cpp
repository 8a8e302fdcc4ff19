// Cosine similarity of position embeddings, against hand computations.

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/models/vit.hpp>
#include <attn/position_similarity.hpp>
#include <attn/safetensors.hpp>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <vector>

namespace {

constexpr float kTol = 1e-6f;
const std::filesystem::path kParity = std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "parity";

TEST(PositionSimilarity, CosineByHand) {
    // p0 = (1, 0), p1 = (1, 1), p2 = (0, -2), p3 = 0.
    attn::Matrix p(4, 2);
    p << 1, 0, 1, 1, 0, -2, 0, 0;
    const attn::Matrix s = attn::cosineSimilarity(p);
    const float r = 1.0f / std::sqrt(2.0f);
    const float want[4][4] = {{1, r, 0, 0}, {r, 1, -r, 0}, {0, -r, 1, 0}, {0, 0, 0, 0}};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            EXPECT_NEAR(s(i, j), want[i][j], kTol) << i << "," << j;
}

TEST(PositionSimilarity, PatchPositionsDropCls) {
    attn::Matrix p(3, 2);
    p << 9, 9, 1, 2, 3, 4;
    const attn::Matrix q = attn::patchPositions(p);
    ASSERT_EQ(q.rows(), 2);
    EXPECT_EQ(q(0, 0), 1);
    EXPECT_EQ(q(1, 1), 4);
    EXPECT_THROW(attn::patchPositions(attn::Matrix(1, 2)), std::invalid_argument);
}

TEST(PositionSimilarity, SinusoidalTableOfTheFixture) {
    auto model = attn::loadModel(kParity / "vit_post_relu_sinusoidal_rgb");
    const auto& vit = dynamic_cast<const attn::VitModel&>(*model);
    const attn::Matrix& pe = vit.positionEmbeddings(); // 5 x 16
    ASSERT_EQ(pe.rows(), 5);
    ASSERT_EQ(pe.cols(), 16);
    // pe[p, 2i] = sin(p / 10000^(2i/16)), pe[p, 2i+1] = cos(...)
    for (int pos = 0; pos < 5; ++pos)
        for (int i = 0; i < 8; ++i) {
            const double angle = pos / std::pow(10000.0, 2.0 * i / 16.0);
            EXPECT_NEAR(pe(pos, 2 * i), std::sin(angle), 1e-6);
            EXPECT_NEAR(pe(pos, 2 * i + 1), std::cos(angle), 1e-6);
        }
    const attn::Matrix s = attn::cosineSimilarity(attn::patchPositions(pe));
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(s(i, i), 1.0f, kTol);
}

TEST(PositionSimilarity, LearnedTableOfTheFixture) {
    auto model = attn::loadModel(kParity / "vit_pre_gelu_learned_gray");
    const auto& vit = dynamic_cast<const attn::VitModel&>(*model);
    const attn::Matrix& pe = vit.positionEmbeddings();
    ASSERT_EQ(pe.rows(), 5);
    ASSERT_EQ(pe.cols(), 16);
    // The table is the checkpoint's pos_embed [1, 5, 16], row-major, value for value.
    const auto file =
        attn::SafetensorsFile::read(kParity / "vit_pre_gelu_learned_gray" / "model.safetensors");
    const attn::TensorInfo* info = file.find("pos_embed");
    ASSERT_NE(info, nullptr);
    const std::vector<float> raw = file.toFloat(*info);
    ASSERT_EQ(raw.size(), 5u * 16u);
    for (int p = 0; p < 5; ++p)
        for (int c = 0; c < 16; ++c)
            EXPECT_EQ(pe(p, c), raw[size_t(p * 16 + c)]);
    const attn::Matrix s = attn::cosineSimilarity(attn::patchPositions(pe));
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            EXPECT_NEAR(s(i, j), s(j, i), kTol);
            EXPECT_LE(std::abs(s(i, j)), 1.0f + kTol);
        }
}

} // namespace
