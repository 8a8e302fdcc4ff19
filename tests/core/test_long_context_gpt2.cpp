// Gpt2Model::forwardLongContext (issue 56) against llm-viz's recorded activations and against the
// existing forward: on the committed minGPT sorting model in GPT-2 layout (tests/data/hf/gpt-nano-sort,
// reference.json: bbycroft/llm-viz's own logits at every position and block 0's maps, recorded from its
// PyTorch model) the kept logits and exact tiles equal the reference; on random-weight GPT-2 models built
// here (300 tokens on the SIMD kernel's width with uneven pyramid blocks, 77 tokens of narrow heads, and
// scale_attn_weights false) every head's pyramid levels, top-k rows, per-row figures and exact tiles
// equal those of extend()'s full maps.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"
#include "long_context_expect.hpp"

#include <algorithm>
#include <attn/analysis/head_metrics.hpp>
#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/hf/load.hpp>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <numeric>
#include <random>

namespace {

namespace fs = std::filesystem;
using attn::Matrix;
using attn::RowVector;
using attn::Vector;
using Index = Eigen::Index;
using attn::long_context::LongContextOptions;
using attn::long_context::LongContextPass;

// Against the full forward: the same blocks; only the attention kernel's rounding differs (SIMD tiles
// against Eigen's product), carried through the blocks (testlc::close: 1e-5 relative + 1e-7 absolute).
// Against llm-viz's recorded numbers (test_hf_gpt2's tolerance for the full forward).
constexpr float kReference = 1e-5f;

const fs::path kSort = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / "gpt-nano-sort";

struct RandomShape {
    int headSize, heads, T, finest;
    bool scaleAttnWeights;
};

std::shared_ptr<attn::hf::Gpt2Model> randomGpt2(const RandomShape& p, std::uint32_t seed) {
    const nlohmann::json j = {{"model_type", "gpt2"}, {"vocab_size", 64},
                              {"n_positions", 512},   {"n_embd", p.heads * p.headSize},
                              {"n_head", p.heads},    {"n_layer", 2},
                              {"n_inner", 48},        {"scale_attn_weights", p.scaleAttnWeights}};
    attn::hf::HfConfig config(j, "test:gpt2/config.json");
    const auto cfg = attn::hf::parseGpt2Config(config);
    std::mt19937 rng(seed);
    std::normal_distribution<float> n(0.0f, 0.25f);
    auto rnd = [&](Index r, Index c) {
        Matrix m(r, c);
        for (Index i = 0; i < m.size(); ++i)
            m.data()[i] = n(rng);
        return m;
    };
    auto norm = [&](Index d) {
        attn::layers::LayerNorm ln;
        ln.weight = Vector::Ones(d) + rnd(d, 1) * 0.2f;
        ln.bias = rnd(d, 1) * 0.1f;
        ln.eps = cfg.layerNormEps;
        return ln;
    };
    const Index d = cfg.nEmbd, inner = cfg.nInner;
    // Without the 1 / sqrt(hs) scale the scores are larger: smaller query weights keep the rows soft.
    const float qkScale = p.scaleAttnWeights ? 1.0f : 0.3f;
    std::vector<attn::hf::Gpt2Model::Block> blocks;
    for (int l = 0; l < cfg.nLayer; ++l) {
        attn::hf::Gpt2Model::Block b;
        b.ln1 = norm(d);
        b.ln2 = norm(d);
        b.cAttnW = rnd(d, 3 * d);
        b.cAttnW.leftCols(2 * d) *= qkScale;
        b.cAttnB = rnd(1, 3 * d) * 0.1f;
        b.cProjW = rnd(d, d) * 0.2f;
        b.cProjB = rnd(1, d) * 0.1f;
        b.fcW = rnd(d, inner);
        b.fcB = rnd(1, inner) * 0.1f;
        b.mlpProjW = rnd(inner, d) * 0.2f;
        b.mlpProjB = rnd(1, d) * 0.1f;
        blocks.push_back(std::move(b));
    }
    Matrix wte = rnd(cfg.vocabSize, d) * 4.0f, wpe = rnd(cfg.nPositions, d);
    Matrix head = rnd(cfg.vocabSize, d) * 0.2f; // logits of order 1
    return std::make_shared<attn::hf::Gpt2Model>(config, "test:gpt2", cfg, std::move(wte), std::move(wpe),
                                                 std::move(blocks), norm(d), std::move(head));
}

// llm-viz's recorded logits at every position and block 0's maps (its PyTorch run of the same weights).
TEST(LongContextGpt2, SortModelLogitsAndCellsMatchTheReference) {
    const auto model = std::dynamic_pointer_cast<const attn::hf::Gpt2Model>(attn::hf::loadModel(kSort));
    ASSERT_TRUE(model);
    EXPECT_TRUE(model->hasLongContext());
    const auto ref = hftest::readJson(kSort / "reference.json");
    const int block = ref["attention_block"].get<int>();
    for (std::size_t b = 0; b < ref["idx"].size(); ++b) {
        SCOPED_TRACE("sequence " + std::to_string(b));
        const auto ids = ref["idx"][b].get<std::vector<int>>();
        const int T = static_cast<int>(ids.size());
        LongContextOptions o;
        o.logitRows.resize(static_cast<std::size_t>(T));
        std::iota(o.logitRows.begin(), o.logitRows.end(), 0);
        const auto pass = model->forwardLongContext(ids, o);
        ASSERT_EQ(pass.length, T);
        ASSERT_EQ(pass.heads, 3);
        ASSERT_EQ(pass.kvHeads, 3);
        ASSERT_EQ(pass.headDim, 16);
        ASSERT_EQ(pass.layers.size(), 3u);
        ASSERT_EQ(pass.logits.rows(), T);
        for (int i = 0; i < T; ++i)
            for (Index v = 0; v < pass.logits.cols(); ++v)
                ASSERT_NEAR(pass.logits(i, v), ref["logits"][b][i][v].get<float>(), kReference)
                    << "position " << i << " id " << v;
        for (int h = 0; h < 3; ++h) {
            const Matrix tile = pass.tile(block, h, 0, T, 0, T);
            for (int i = 0; i < T; ++i)
                for (int j = 0; j < T; ++j)
                    ASSERT_NEAR(tile(i, j), ref["attention"][b][h][i][j].get<float>(), kReference)
                        << "head " << h << " cell " << i << ", " << j;
        }
    }
}

// The other blocks (not recorded by llm-viz) and the kept summaries against the full forward.
TEST(LongContextGpt2, SortModelSummariesEqualTheFullForward) {
    const auto model = std::dynamic_pointer_cast<const attn::hf::Gpt2Model>(attn::hf::loadModel(kSort));
    ASSERT_TRUE(model);
    const std::vector<int> ids = {2, 0, 1, 1, 0, 2, 0, 0, 1, 1, 2};
    const auto full = model->forward(ids);
    const auto pass = model->forwardLongContext(ids);
    ASSERT_EQ(pass.logitRows, std::vector<int>{10});
    for (Index v = 0; v < 3; ++v)
        EXPECT_NEAR(pass.logits(0, v), full.logits(10, v), 1e-5);
    testlc::expectSummariesOfMaps(pass, full.attention, 1024, 8);
}

class LongContextGpt2Random : public ::testing::TestWithParam<RandomShape> {};

TEST_P(LongContextGpt2Random, EqualsTheFullForward) {
    const auto p = GetParam();
    const auto model = randomGpt2(p, 5);
    std::mt19937 rng(9);
    std::vector<int> ids(static_cast<std::size_t>(p.T));
    for (auto& id : ids)
        id = static_cast<int>(rng() % 64);
    const auto full = model->forward(ids);
    for (int threads : {1, 2}) {
        LongContextOptions o;
        o.threads = threads;
        o.attention.pyramidFinest = p.finest;
        o.attention.pyramidCoarsest = 16;
        o.attention.rowBlock = 32;
        o.logitRows = {0, p.T / 2, p.T - 1};
        const auto pass = model->forwardLongContext(ids, o);
        ASSERT_EQ(pass.logits.rows(), 3);
        for (Index i = 0; i < 3; ++i)
            for (Index v = 0; v < pass.logits.cols(); ++v)
                ASSERT_NEAR(pass.logits(i, v), full.logits(o.logitRows[static_cast<std::size_t>(i)], v), 1e-5)
                    << "threads " << threads << " row " << o.logitRows[static_cast<std::size_t>(i)] << " id "
                    << v;
        testlc::expectSummariesOfMaps(pass, full.attention, p.finest, 8);
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, LongContextGpt2Random,
                         ::testing::Values(RandomShape{16, 4, 300, 128, true},   // SIMD widths, uneven blocks
                                           RandomShape{8, 3, 77, 1024, true},    // narrow heads
                                           RandomShape{16, 2, 150, 64, false})); // scale_attn_weights false

TEST(LongContextGpt2, RefusesTooLongInputsBadRowsAndTheBudget) {
    const auto model = randomGpt2({16, 2, 0, 0, true}, 1);
    const std::vector<int> tooLong(513, 3); // n_positions 512
    EXPECT_THROW(model->forwardLongContext(tooLong), attn::ConfigError);
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
