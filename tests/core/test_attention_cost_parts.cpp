// Issue 51 point 1: the cost step's numbers. The slope fit against hand-computed and synthetic power laws
// (no timed assertion anywhere), the memory estimate against heads × n² × 4 B and the bytes the run
// really holds, the lengths skipped under a small memory budget, the layer split into row blocks against
// the stock forward (one and several threads), and the dependency chain of the GRU against the layer.

#include "attnviz_test_paths.hpp"

#include <attn/attention_cost.hpp>
#include <attn/checkpoint.hpp>
#include <attn/layer_in_blocks.hpp>
#include <attn/memory_budget.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/power_law_fit.hpp>
#include <attn/recurrent_vs_parallel.hpp>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <random>

namespace {

const std::filesystem::path kModels = std::filesystem::path(ATTNVIZ_RESOURCE_DIR) / "models";
const std::filesystem::path kParity = std::filesystem::path(ATTNVIZ_TEST_DATA_DIR) / "parity";

std::shared_ptr<const attn::TransformerClassifier> classifier(const std::filesystem::path& dir) {
    auto m = std::dynamic_pointer_cast<const attn::TransformerClassifier>(attn::loadModel(dir));
    if (!m)
        throw std::runtime_error("not a transformer classifier: " + dir.string());
    return m;
}

/// Restores the default memory budget when a test ends, even on a failed assertion.
struct BudgetGuard {
    ~BudgetGuard() { attn::setMemoryBudget(0); }
};

TEST(PowerLawFit, SlopeOfThreePointsIsTheHandComputedLeastSquaresLine) {
    // x = ln 1, ln 2, ln 4 (mean ln 2), y = ln 1, ln 2, ln 3: slope = (ln 2 · ln 3) / (2 ln² 2) = ln 3 / (2
    // ln 2).
    const auto f = attn::fitPowerLaw({1, 2, 4}, {1, 2, 3});
    ASSERT_TRUE(f.valid());
    EXPECT_NEAR(f.slope, std::log(3.0) / (2 * std::log(2.0)), 1e-12); // 0.792481...
    EXPECT_EQ(f.points, 3);
    EXPECT_DOUBLE_EQ(f.fromLength, 1.0);
    EXPECT_DOUBLE_EQ(f.toLength, 4.0);
    // Exact power laws: the slope and the coefficient come back.
    const auto sq = attn::fitPowerLaw({8, 16, 32, 64}, {3e-6 * 64, 3e-6 * 256, 3e-6 * 1024, 3e-6 * 4096});
    EXPECT_NEAR(sq.slope, 2.0, 1e-12);
    EXPECT_NEAR(sq.coefficient, 3e-6, 1e-15);
}

TEST(PowerLawFit, SyntheticTimingsWithNoiseGiveTheirExponentOverTheTopOctaves) {
    std::mt19937 gen(51);
    std::uniform_real_distribution<double> noise(-0.05, 0.05); // ±5 % on every "measurement"
    const auto lengths = attn::costLengths(4096);
    ASSERT_EQ(lengths.size(), 10u);
    for (double k : {1.0, 2.0}) {
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<double> n, t;
            for (int len : lengths) {
                n.push_back(len);
                // A fixed overhead flattens the small lengths (as a real loop's set-up does).
                t.push_back((2e-6 + 1e-7 * std::pow(len, k)) * (1 + noise(gen)));
            }
            const auto top = attn::fitTopPowerLaw(n, t, attn::kCostFitPoints);
            EXPECT_EQ(top.points, 3);
            EXPECT_DOUBLE_EQ(top.fromLength, 1024.0);
            EXPECT_DOUBLE_EQ(top.toLength, 4096.0);
            // Without noise the top three give 0.990 (k = 1) and 2.000 (k = 2): the overhead is 2 % of
            // the time at n = 1,024 for k = 1. ±5 % noise on two octaves moves a slope by at most
            // ln(1.05 / 0.95) / ln 4 = 0.072.
            EXPECT_NEAR(top.slope, k, 0.1) << "k = " << k << ", trial " << trial;
            // Over all lengths the overhead drags the linear slope down (0.83 without noise): why the
            // step fits the top octaves.
            if (k == 1.0) {
                EXPECT_LT(attn::fitPowerLaw(n, t).slope, 0.9);
            }
        }
    }
}

TEST(PowerLawFit, UnusablePointsAreLeftOutAndTooFewGiveNoFit) {
    EXPECT_FALSE(attn::fitPowerLaw({8}, {1}).valid());
    EXPECT_FALSE(attn::fitPowerLaw({8, 8, 8}, {1, 2, 3}).valid()); // one n: no line
    const auto f = attn::fitPowerLaw({8, 16, 32}, {0, 2, 8});      // the zero time is left out
    EXPECT_EQ(f.points, 2);
    EXPECT_NEAR(f.slope, 2.0, 1e-12);
    EXPECT_THROW(attn::fitPowerLaw({8, 16}, {1}), std::invalid_argument);
    // The top three of unsorted lengths.
    const auto top = attn::fitTopPowerLaw({64, 8, 32, 16}, {64, 1, 32, 1}, 3);
    EXPECT_DOUBLE_EQ(top.fromLength, 16.0);
    EXPECT_EQ(top.points, 3);
}

TEST(AttentionCostMemory, MapsAreHeadsTimesNSquaredTimesFourBytesAndTheRunHoldsTheEstimate) {
    const auto model = classifier(kModels / "sentiment"); // 4 heads, d = 100, ff = 200
    const auto& layer = model->encoder().layers[0];
    ASSERT_EQ(layer.selfAttn.nHeads, 4);
    EXPECT_EQ(attn::layerMapBytes(layer, 4096), 4ull * 4096 * 4096 * 4); // 268,435,456 B
    // The rest: 4096 × (6·100 + 2·100 + 200) × 4 B = 16,384,000 B.
    EXPECT_EQ(attn::layerBlockBytes(layer, 4096), 268435456ull + 16384000ull);
    // What a run at n = 64 really holds, plus its 64 × 100 input, is the estimate.
    attn::LayerBlockBuffers b;
    attn::Matrix x = attn::Matrix::Random(64, 100);
    attn::forwardLayerInBlocks(layer, x, 1, b);
    EXPECT_EQ(b.bytes() + 64ull * 100 * 4, attn::layerBlockBytes(layer, 64));
    // The measurement reports the same figures, and the input's n × d × 4 B beside the maps.
    const auto cost = attn::measureAttentionCost(layer, {8, 32}, {}, 0.0, 1);
    ASSERT_EQ(cost.points.size(), 2u);
    EXPECT_EQ(cost.points[1].mapBytes, 4ull * 32 * 32 * 4);
    EXPECT_EQ(cost.points[1].inputBytes, 32ull * 100 * 4);
    EXPECT_EQ(cost.points[1].memoryBytes, attn::layerBlockBytes(layer, 32));
    EXPECT_EQ(cost.heads, 4);
    EXPECT_EQ(cost.modelWidth, 100);
    EXPECT_EQ(cost.ffWidth, 200);
}

TEST(AttentionCostMemory, LengthsAboveTheBudgetAreSkippedWithTheirEstimate) {
    const BudgetGuard guard;
    const auto model = classifier(kModels / "sentiment");
    const auto& layer = model->encoder().layers[0];
    attn::setMemoryBudget(attn::layerBlockBytes(layer, 64)); // 64 fits exactly, 128 does not
    int calls = 0;
    const auto cost = attn::measureAttentionCost(
        layer, attn::costLengths(256),
        [&](double) {
            ++calls;
            return true;
        },
        0.0, 1);
    ASSERT_EQ(cost.points.size(), 4u); // 8, 16, 32, 64
    EXPECT_EQ(cost.points.back().length, 64);
    ASSERT_EQ(cost.skipped.size(), 2u); // 128, 256
    EXPECT_EQ(cost.skipped[0].length, 128);
    EXPECT_EQ(cost.skipped[1].length, 256);
    EXPECT_EQ(cost.skipped[1].memoryBytes, attn::layerBlockBytes(layer, 256));
    EXPECT_EQ(cost.skipped[1].mapBytes, 4ull * 256 * 256 * 4);
    EXPECT_EQ(cost.budgetBytes, attn::layerBlockBytes(layer, 64));
    EXPECT_NE(cost.budgetOrigin.find("set to"), std::string::npos) << cost.budgetOrigin;
    EXPECT_EQ(calls, 6); // skipped lengths count for the progress too
    EXPECT_FALSE(cost.cancelled);
    // The slopes are fitted over the measured lengths only (the top three of them).
    EXPECT_DOUBLE_EQ(cost.scoreFit.toLength, 64.0);
    EXPECT_DOUBLE_EQ(cost.scoreFit.fromLength, 16.0);
}

TEST(AttentionCostMemory, StopBetweenRunsCancels) {
    const auto model = classifier(kModels / "sentiment");
    attn::AttentionCostOptions o;
    o.minSecondsPerLength = 0;
    o.minRepeats = 1;
    int polls = 0;
    o.stop = [&] { return ++polls > 2; };
    const auto cost = attn::measureAttentionCost(model->encoder().layers[0], {8, 16, 32}, {}, o);
    EXPECT_TRUE(cost.cancelled);
    EXPECT_EQ(cost.points.size(), 2u);
}

void expectSameAsStockForward(const attn::layers::TransformerEncoderLayer& layer, Eigen::Index n) {
    std::mt19937 gen(3);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    attn::Matrix x(n, layer.selfAttn.dModel);
    for (Eigen::Index i = 0; i < x.size(); ++i)
        x.data()[i] = normal(gen);
    const auto want = layer.forward(x, {});
    for (int threads : {1, 2, 3}) {
        attn::LayerBlockBuffers b;
        attn::LayerPhaseSeconds s;
        attn::forwardLayerInBlocks(layer, x, threads, b, &s);
        ASSERT_EQ(b.output.rows(), want.output.rows());
        ASSERT_EQ(b.output.cols(), want.output.cols());
        EXPECT_LT((b.output - want.output).cwiseAbs().maxCoeff(), 2e-5f) << threads << " threads";
        ASSERT_EQ(b.maps.size(), want.weights.size());
        for (std::size_t h = 0; h < b.maps.size(); ++h)
            EXPECT_LT((b.maps[h] - want.weights[h]).cwiseAbs().maxCoeff(), 1e-6f) << "head " << h;
        EXPECT_GT(s.scoresAndSoftmax, 0.0);
        EXPECT_GT(s.projectionsAndFfn, 0.0);
    }
}

TEST(LayerInBlocks, ComputesTheStockForwardOnOneAndSeveralThreads) {
    expectSameAsStockForward(classifier(kModels / "sentiment")->encoder().layers[1], 37); // post-LN, relu
    expectSameAsStockForward(classifier(kParity / "layer_pre_gelu")->encoder().layers[0], 50); // pre-LN
    attn::LayerBlockBuffers b;
    EXPECT_THROW(attn::forwardLayerInBlocks(classifier(kModels / "sentiment")->encoder().layers[0],
                                            attn::Matrix::Zero(4, 7), 1, b),
                 std::invalid_argument);
}

TEST(RecurrentVsParallel, TheGruChainIsNStepsPerLayerTheLayersSixProducts) {
    const auto c = attn::dependencyChain(512, 2);
    EXPECT_EQ(c.length, 512);
    EXPECT_EQ(c.gruLayers, 2);
    EXPECT_EQ(c.gruSteps, 1024);
    EXPECT_EQ(c.layerProducts, 6);
    EXPECT_EQ(c.layerRowsAtOnce, 512);
}

TEST(RecurrentVsParallel, MeasuresTheShippedGruEncoderAndTheLayerAtTheSameLength) {
    const auto gru = attn::loadSeq2SeqEncoderGru(kModels / "translation-en-es");
    ASSERT_EQ(gru.size(), 2u); // num_layers 2, hidden 256
    EXPECT_EQ(gru[0].hiddenSize(), 256);
    const auto model = classifier(kModels / "sentiment");
    std::vector<double> fractions;
    const auto r = attn::measureRecurrentVsParallel(
        gru, model->encoder().layers[0], 16,
        [&](double f) {
            fractions.push_back(f);
            return true;
        },
        2, 0.0, 1);
    EXPECT_FALSE(r.cancelled);
    EXPECT_EQ(r.chain.gruSteps, 32);
    EXPECT_EQ(r.gruWidth, 256);
    EXPECT_EQ(r.layerWidth, 100);
    EXPECT_EQ(r.allThreads, 2);
    // 16 tokens × 2 layers × 3·256·(256 + 256) multiply-adds.
    EXPECT_DOUBLE_EQ(r.gruMultiplyAdds, 16.0 * 2 * 3 * 256 * 512);
    // 16 × (4·100² + 2·100·200) + 2 · 16² · 100.
    EXPECT_DOUBLE_EQ(r.layerMultiplyAdds, 16.0 * (40000 + 40000) + 2.0 * 256 * 100);
    EXPECT_GT(r.gruSeconds, 0.0);
    EXPECT_GT(r.layerSecondsOneThread, 0.0);
    EXPECT_GT(r.layerSecondsAllThreads, 0.0);
    EXPECT_EQ(fractions.size(), 3u);
    // Stopped after the GRU: the layer is not run.
    const auto s = attn::measureRecurrentVsParallel(
        gru, model->encoder().layers[0], 16, [](double) { return false; }, 2, 0.0, 1);
    EXPECT_TRUE(s.cancelled);
    EXPECT_TRUE(std::isnan(s.layerSecondsOneThread));
    EXPECT_THROW(attn::loadSeq2SeqEncoderGru(kModels / "no-such-model"), std::exception);
    // Above the memory budget nothing runs.
    const BudgetGuard guard;
    attn::setMemoryBudget(attn::layerBlockBytes(model->encoder().layers[0], 15));
    EXPECT_THROW(attn::measureRecurrentVsParallel(gru, model->encoder().layers[0], 16, {}, 2, 0.0, 1),
                 attn::MemoryBudgetError);
}

} // namespace
