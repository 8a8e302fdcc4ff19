// LlamaModel::forwardLongContext (issue 56) against the existing forward and against PyTorch: on the
// committed fixtures (training/hf_reference.py's expected.json: logits and maps of transformers' Llama,
// grouped-query and tied) and on a random-weight model built here (300 tokens, grouped-query heads on
// and off the SIMD kernel's width), the kept logits equal extend()'s, and every head's pyramid, top-k
// rows, per-row figures and exact tiles equal those of extend()'s maps (layer 0) and of maps scored in
// double from the kept queries and keys (every layer).

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"
#include "long_context_expect.hpp"

#include <algorithm>
#include <attn/analysis/head_metrics.hpp>
#include <attn/error.hpp>
#include <attn/hf/llama.hpp>
#include <attn/hf/load.hpp>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <numeric>
#include <random>

namespace {

namespace fs = std::filesystem;
using attn::Matrix;
using attn::Vector;
using Index = Eigen::Index;
using attn::long_context::LongContextOptions;
using attn::long_context::LongContextPass;

// The long forward runs the same layers; only the attention kernel's rounding differs (SIMD tiles and
// exp(s - LSE) against Eigen's product and exp(s - max) / sum). A probability's relative error is the
// absolute error of its score, so cells are compared against maps of the *same* queries and keys: the
// ones the pass kept, scored here in double (sameInputMaps). Comparing layer 1's cells with extend()'s
// instead carries layer 0's rounding into the scores (|s| ~ 15 here): a cell of block (62, 35) once
// differed by more than 1e-5 relative, depending on the heap's alignment of a row (Eigen peels a
// misaligned head of a reduction). The end-to-end check is the logits (1e-5) and layer 0's maps.
// (testlc::close: 1e-5 relative + 1e-7 absolute.)

// [layer][head] T x T: softmax(scale q_h k_g^T), causal, in double, from the queries and keys `pass`
// kept (rotated, as scored).
attn::AttentionStack sameInputMaps(const LongContextPass& pass) {
    const Index T = pass.length, hd = pass.headDim;
    attn::AttentionStack maps(pass.layers.size());
    for (std::size_t l = 0; l < pass.layers.size(); ++l) {
        const auto& L = pass.layers[l];
        for (int h = 0; h < pass.heads; ++h) {
            const int g = h / (pass.heads / pass.kvHeads);
            const Eigen::MatrixXd q = L.queries.middleCols(h * hd, hd).cast<double>();    // T x hd
            const Eigen::MatrixXd k = L.keys.middleCols(g * hd, hd).cast<double>();       // T x hd
            Eigen::MatrixXd s = (q * k.transpose()) / std::sqrt(static_cast<double>(hd)); // T x T
            Matrix a = Matrix::Zero(T, T);
            for (Index r = 0; r < T; ++r) {
                const double m = s.row(r).head(r + 1).maxCoeff();
                const Eigen::ArrayXd e = (s.row(r).head(r + 1).array() - m).exp();
                a.row(r).head(r + 1) = (e / e.sum()).cast<float>().transpose();
            }
            maps[l].push_back(std::move(a));
        }
    }
    return maps;
}

std::shared_ptr<attn::hf::LlamaModel> randomLlama(int headDim, int heads, int kvHeads, std::uint32_t seed) {
    const nlohmann::json j = {{"model_type", "llama"},          {"vocab_size", 64},
                              {"hidden_size", heads * headDim}, {"intermediate_size", 48},
                              {"num_hidden_layers", 2},         {"num_attention_heads", heads},
                              {"num_key_value_heads", kvHeads}, {"max_position_embeddings", 4096},
                              {"rms_norm_eps", 1e-6},           {"rope_theta", 10000.0}};
    attn::hf::HfConfig config(j, "test:llama/config.json");
    const auto cfg = attn::hf::parseLlamaConfig(config);
    std::mt19937 rng(seed);
    std::normal_distribution<float> n(0.0f, 0.25f);
    auto rnd = [&](Index r, Index c) {
        Matrix m(r, c);
        for (Index i = 0; i < m.size(); ++i)
            m.data()[i] = n(rng);
        return m;
    };
    const Index d = cfg.hidden, hd = cfg.headDim;
    std::vector<attn::hf::LlamaModel::Layer> layers;
    for (int l = 0; l < cfg.layers; ++l) {
        attn::hf::LlamaModel::Layer L;
        L.inputNorm = Vector::Ones(d);
        L.postNorm = Vector::Ones(d);
        L.wq = rnd(cfg.heads * hd, d);
        L.wk = rnd(cfg.kvHeads * hd, d);
        L.wv = rnd(cfg.kvHeads * hd, d);
        L.wo = rnd(d, cfg.heads * hd) * 0.2f;
        L.gate = rnd(cfg.intermediate, d);
        L.up = rnd(cfg.intermediate, d);
        L.down = rnd(d, cfg.intermediate) * 0.2f;
        layers.push_back(std::move(L));
    }
    Matrix embed = rnd(cfg.vocabSize, d) * 4.0f, head = rnd(cfg.vocabSize, d) * 0.2f; // logits of order 1
    return std::make_shared<attn::hf::LlamaModel>(config, "test:llama", cfg, std::move(embed),
                                                  std::move(layers), Vector::Ones(d), std::move(head));
}

class LongContextLlamaFixtures : public ::testing::TestWithParam<const char*> {};

// PyTorch's logits and maps (transformers' Llama via training/hf_reference.py).
TEST_P(LongContextLlamaFixtures, LogitsAndCellsMatchPyTorch) {
    const fs::path dir = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / GetParam();
    const auto model = std::dynamic_pointer_cast<const attn::hf::LlamaModel>(attn::hf::loadModel(dir));
    ASSERT_TRUE(model);
    const auto exp = hftest::readJson(dir / "expected.json");
    const auto ids = exp["ids"].get<std::vector<int>>();
    const int T = static_cast<int>(ids.size());
    LongContextOptions o;
    o.logitRows.resize(static_cast<std::size_t>(T));
    std::iota(o.logitRows.begin(), o.logitRows.end(), 0);
    const auto pass = model->forwardLongContext(ids, o);
    ASSERT_EQ(pass.logits.rows(), T);
    for (int i = 0; i < T; ++i)
        for (Index v = 0; v < pass.logits.cols(); ++v)
            ASSERT_NEAR(pass.logits(i, v), exp["logits"][i][v].get<float>(), 1e-4)
                << "position " << i << " id " << v;
    for (int l = 0; l < static_cast<int>(pass.layers.size()); ++l)
        for (int h = 0; h < pass.heads; ++h) {
            const Matrix tile = pass.tile(l, h, 0, T, 0, T);
            for (int i = 0; i < T; ++i)
                for (int j = 0; j < T; ++j)
                    ASSERT_NEAR(tile(i, j), exp["attention"][l][h][i][j].get<float>(), 1e-5)
                        << "layer " << l << " head " << h << " cell " << i << ", " << j;
        }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, LongContextLlamaFixtures, ::testing::Values("llama-gqa", "llama-tied"));

struct RandomShape {
    int headDim, heads, kvHeads, T, finest;
};

class LongContextLlamaRandom : public ::testing::TestWithParam<RandomShape> {};

TEST_P(LongContextLlamaRandom, EqualsTheFullForward) {
    const auto p = GetParam();
    const auto model = randomLlama(p.headDim, p.heads, p.kvHeads, 5);
    std::mt19937 rng(9);
    std::vector<int> ids(static_cast<std::size_t>(p.T));
    for (auto& id : ids)
        id = static_cast<int>(rng() % 64);
    const auto full = model->forward(ids);
    for (int threads : {1, 2}) {
        LongContextOptions o;
        o.threads = threads;
        o.attention.pyramidFinest = p.finest;
        o.attention.rowBlock = 32;
        o.logitRows = {0, p.T / 2, p.T - 1};
        const auto pass = model->forwardLongContext(ids, o);
        ASSERT_EQ(pass.logits.rows(), 3);
        for (Index i = 0; i < 3; ++i)
            for (Index v = 0; v < pass.logits.cols(); ++v)
                ASSERT_NEAR(pass.logits(i, v), full.logits(o.logitRows[static_cast<std::size_t>(i)], v), 1e-5)
                    << "threads " << threads << " row " << o.logitRows[static_cast<std::size_t>(i)] << " id "
                    << v;
        // Layer 0 reads the same embeddings on both paths: its maps equal extend()'s.
        ASSERT_EQ(pass.layers.size(), full.attention.size());
        testlc::expectSummariesOfMaps(pass, attn::AttentionStack{full.attention.front()}, p.finest, 8);
        testlc::expectSummariesOfMaps(pass, sameInputMaps(pass), p.finest, 8);
    }
    // Only the last position's logits by default.
    const auto last = model->forwardLongContext(ids);
    ASSERT_EQ(last.logits.rows(), 1);
    EXPECT_EQ(last.logitRows, std::vector<int>{p.T - 1});
    for (Index v = 0; v < last.logits.cols(); ++v)
        EXPECT_NEAR(last.logits(0, v), full.logits(p.T - 1, v), 1e-5);
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, LongContextLlamaRandom,
    ::testing::Values(RandomShape{16, 4, 2, 300, 128},  // SIMD kernel widths, uneven blocks
                      RandomShape{8, 4, 4, 77, 1024})); // narrow heads (Eigen's products)

TEST(LongContextLlama, RefusesBadRowsAndCancels) {
    const auto model = randomLlama(16, 2, 1, 1);
    const std::vector<int> ids(40, 3);
    LongContextOptions o;
    o.logitRows = {40};
    EXPECT_THROW(model->forwardLongContext(ids, o), std::invalid_argument);
    o.logitRows = {};
    int calls = 0;
    o.progress = [&](int done, int layers) {
        EXPECT_EQ(layers, 2);
        ++calls;
        return done < 1;
    };
    EXPECT_THROW(model->forwardLongContext(ids, o), attn::Cancelled);
    EXPECT_EQ(calls, 1);
    attn::setMemoryBudget(1000); // bytes: far below the summaries of 40 tokens
    EXPECT_THROW(model->forwardLongContext(ids), attn::MemoryBudgetError);
    attn::setMemoryBudget(0);
}

} // namespace
