// The shipped two-layer pronoun model (resources/models/pronoun-two-layer, architecture attention_stack)
// against PyTorch on the chapter's sentence (tests/data/parity/pronoun-two-layer-chapter.json, written by
// training/train_pronoun_head.py from the same float16 weights), and its loader's refusals.

#include "attnviz_test_paths.hpp"

#include <algorithm>
#include <attn/attention_stack.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace {

const fs::path kTwoLayer = fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models" / "pronoun-two-layer";

nlohmann::json fixture() {
    std::ifstream in(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / "pronoun-two-layer-chapter.json");
    return nlohmann::json::parse(in);
}

/// The fixture's GloVe rows by token (the tokens of the chapter's sentence are distinct).
struct FixtureLookup {
    std::map<std::string, std::vector<float>> table;
    explicit FixtureLookup(const nlohmann::json& fx) {
        const auto tokens = fx["tokens"].get<std::vector<std::string>>();
        for (std::size_t t = 0; t < tokens.size(); ++t)
            if (!fx["vectors"][t].is_null())
                table[tokens[t]] = fx["vectors"][t].get<std::vector<float>>();
    }
    attn::VectorLookup lookup() const {
        return [this](std::string_view w) -> std::optional<std::span<const float>> {
            const auto it = table.find(std::string(w));
            if (it == table.end())
                return std::nullopt;
            return std::span<const float>(it->second);
        };
    }
};

/// Every cell of `got` against the fixture's matrix (null = absent, NaN in the engine).
void expectMatrix(const attn::Matrix& got, const nlohmann::json& want, const char* what, double tolerance) {
    ASSERT_EQ(got.rows(), static_cast<Eigen::Index>(want.size())) << what;
    for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(got.cols(), static_cast<Eigen::Index>(want[i].size())) << what;
        for (std::size_t j = 0; j < want[i].size(); ++j) {
            const float g = got(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
            if (want[i][j].is_null())
                EXPECT_TRUE(attn::isAbsent(g)) << what << " " << i << "," << j;
            else
                EXPECT_NEAR(g, want[i][j].get<double>(), tolerance) << what << " " << i << "," << j;
        }
    }
}

} // namespace

TEST(AttentionStack, ReadsTheShippedTwoLayerModelFromFloat16) {
    const auto stack = attn::readAttentionStack(kTwoLayer);
    EXPECT_EQ(stack.dModel, 100);
    EXPECT_EQ(stack.headDim, 100);
    ASSERT_EQ(stack.layers.size(), 2u);
    EXPECT_TRUE(stack.positionalEncoding);
    EXPECT_EQ(stack.layers[1].wq.rows(), 100);
    EXPECT_EQ(stack.layers[1].bv.size(), 100);
    EXPECT_TRUE(attn::isAttentionStackDirectory(kTwoLayer));
    EXPECT_FALSE(attn::isAttentionStackDirectory(fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models" /
                                                 "pronoun-head"));
}

// Both layers' weights and outputs and the second layer's inputs h = x + PE + attention1(x + PE), every
// row of the chapter's sentence, to 1e-4 of PyTorch's.
TEST(AttentionStack, BothLayersMatchPyTorchOnTheChaptersSentence) {
    const auto fx = fixture();
    const FixtureLookup table(fx);
    const auto stack = attn::readAttentionStack(kTwoLayer);
    const auto tokens = fx["tokens"].get<std::vector<std::string>>();
    const auto first = attn::computeStackLayerAttention(stack, 0, tokens, std::nullopt, table.lookup(), 100);
    const auto second = attn::computeStackLayerAttention(stack, 1, tokens, std::nullopt, table.lookup(), 100);
    ASSERT_EQ(second.queryTokens, tokens);
    ASSERT_EQ(second.keyTokens, tokens);
    expectMatrix(first.steps.weights, fx["layer1_weights"], "layer 1 weights", 1e-4);
    expectMatrix(first.steps.outputs, fx["layer1_outputs"], "layer 1 outputs", 1e-4);
    expectMatrix(second.queryInputs, fx["layer2_inputs"], "layer 2 inputs", 1e-4);
    expectMatrix(second.steps.weights, fx["layer2_weights"], "layer 2 weights", 1e-4);
    expectMatrix(second.steps.outputs, fx["layer2_outputs"], "layer 2 outputs", 1e-4);
    // The rows' strongest keys are PyTorch's argmax (the fixture's largest weight of each row).
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const auto& row = fx["layer2_weights"][i];
        if (row[0].is_null() && fx["oov"][i].get<bool>()) {
            EXPECT_FALSE(attn::strongestKey(second, i).has_value());
            continue;
        }
        std::size_t best = 0;
        for (std::size_t j = 0; j < row.size(); ++j)
            if (!row[j].is_null() && (row[best].is_null() || row[j].get<double>() > row[best].get<double>()))
                best = j;
        ASSERT_TRUE(attn::strongestKey(second, i).has_value()) << tokens[i];
        EXPECT_EQ(*attn::strongestKey(second, i), best) << tokens[i];
    }
}

// The contrast sentence of the fixture (the chapter's nouns, a "need" verb and continuation), both layers.
TEST(AttentionStack, BothLayersMatchPyTorchOnTheContrastSentence) {
    const auto fx = fixture()["contrast"];
    const FixtureLookup table(fx);
    const auto stack = attn::readAttentionStack(kTwoLayer);
    const auto tokens = fx["tokens"].get<std::vector<std::string>>();
    const auto first = attn::computeStackLayerAttention(stack, 0, tokens, std::nullopt, table.lookup(), 100);
    const auto second = attn::computeStackLayerAttention(stack, 1, tokens, std::nullopt, table.lookup(), 100);
    expectMatrix(first.steps.weights, fx["layer1_weights"], "contrast layer 1 weights", 1e-4);
    expectMatrix(second.queryInputs, fx["layer2_inputs"], "contrast layer 2 inputs", 1e-4);
    expectMatrix(second.steps.weights, fx["layer2_weights"], "contrast layer 2 weights", 1e-4);
}

// The loader names the file and what is wrong: a layer count beyond the tensors, a tensor beyond the
// layer count, no residual.
TEST(AttentionStack, RefusesAConfigThatDoesNotMatchItsTensors) {
    const fs::path dir = fs::temp_directory_path() / "attnviz_test_attention_stack";
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(kTwoLayer / "model.safetensors", dir / "model.safetensors");
    std::ifstream in(kTwoLayer / "config.json");
    const nlohmann::json config = nlohmann::json::parse(in);
    auto expectError = [&](nlohmann::json c, const std::string& part) {
        std::ofstream(dir / "config.json") << c.dump();
        try {
            (void)attn::readAttentionStack(dir);
            ADD_FAILURE() << "accepted: " << c.dump();
        } catch (const std::exception& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(part), std::string::npos) << what;
            EXPECT_NE(what.find(dir.string()), std::string::npos) << what;
        }
    };
    nlohmann::json three = config;
    three["layers"] = 3;
    expectError(three, "layers.2.");
    nlohmann::json one = config;
    one["layers"] = 1;
    expectError(one, "layers.1.");
    nlohmann::json flat = config;
    flat["residual"] = false;
    expectError(flat, "residual");
    fs::remove_all(dir);
}

// The other rows' mean, by hand on the fixture's second layer.
TEST(AttentionStack, MeanOfOtherRowsAveragesThePresentRows) {
    const auto fx = fixture();
    const FixtureLookup table(fx);
    const auto stack = attn::readAttentionStack(kTwoLayer);
    const auto tokens = fx["tokens"].get<std::vector<std::string>>();
    const auto second = attn::computeStackLayerAttention(stack, 1, tokens, std::nullopt, table.lookup(), 100);
    const std::size_t she =
        static_cast<std::size_t>(std::find(tokens.begin(), tokens.end(), "she") - tokens.begin());
    const auto mean = attn::meanOfOtherRows(second, she);
    for (std::size_t j = 0; j < tokens.size(); ++j) {
        if (fx["oov"][j].get<bool>()) {
            EXPECT_TRUE(attn::isAbsent(mean(static_cast<Eigen::Index>(j))));
            continue;
        }
        double sum = 0;
        int n = 0;
        for (std::size_t i = 0; i < tokens.size(); ++i)
            if (i != she && !fx["oov"][i].get<bool>()) {
                sum += fx["layer2_weights"][i][j].get<double>();
                ++n;
            }
        EXPECT_NEAR(mean(static_cast<Eigen::Index>(j)), sum / n, 1e-4) << tokens[j];
    }
}
