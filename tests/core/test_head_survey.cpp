// The head survey runner (attn/analysis/head_survey.hpp): through the real forward of each family the
// survey gives the numpy reference's numbers (tests/data/analysis/head_metrics.json) or the metrics of
// the PyTorch maps; the same bits with 1, 2 or 3 threads; progress on the calling thread, cancel,
// errors, skipped inputs and the induction inputs.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/text_corpus.hpp>
#include <attn/open_model.hpp>
#include <chrono>
#include <gtest/gtest.h>
#include <thread>

namespace {

namespace fs = std::filesystem;
using attn::analysis::HeadMetrics;
using attn::analysis::HeadSurvey;
using attn::analysis::Metric;
using attn::analysis::PositionLayout;
const fs::path kData(ATTNVIZ_TEST_DATA_DIR);
const fs::path kModels = fs::path(ATTNVIZ_RESOURCE_DIR) / "models";

// The engine's maps match PyTorch's within 1e-5 (the parity tests); a metric is a mean of such cells.
constexpr double kForwardTolerance = 1e-4;

attn::AttentionStack stackOf(const nlohmann::json& maps) {
    attn::AttentionStack s;
    for (const auto& layer : maps) {
        s.emplace_back();
        for (const auto& head : layer) {
            const auto n = static_cast<Eigen::Index>(head.size());
            attn::Matrix m(n, n);
            for (Eigen::Index i = 0; i < n; ++i)
                for (Eigen::Index j = 0; j < n; ++j)
                    m(i, j) = head[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<float>();
            s.back().push_back(m);
        }
    }
    return s;
}

/// Every metric's mean and row count of `got` against `want` (rows exactly, means within tolerance).
void expectSameMetrics(const HeadMetrics& got, const HeadMetrics& want, double tolerance,
                       bool withInduction = true) {
    ASSERT_EQ(got.layers(), want.layers());
    ASSERT_EQ(got.heads(), want.heads());
    for (int l = 0; l < got.layers(); ++l)
        for (int h = 0; h < got.heads(); ++h)
            for (Metric m : attn::analysis::kMetrics) {
                if (m == Metric::Induction && !withInduction)
                    continue;
                SCOPED_TRACE("layer " + std::to_string(l) + " head " + std::to_string(h) + " " +
                             std::string(attn::analysis::metricName(m)));
                ASSERT_EQ(got.sum(l, h, m).rows, want.sum(l, h, m).rows);
                if (got.sum(l, h, m).rows > 0) {
                    EXPECT_NEAR(got.mean(l, h, m), want.mean(l, h, m), tolerance);
                }
            }
}

TEST(HeadSurvey, HfBertThroughItsForwardGivesTheNumpyReference) {
    // The two texts whose ids are the fixture's cases (tests/data/hf/bert-tiny/expected.json "tokenizer").
    const auto model = attn::openModel(kData / "hf" / "bert-tiny");
    const auto plan =
        attn::analysis::planTextSurvey(model, {"The film was unaffable... not good!", "中文字 film"});
    EXPECT_EQ(plan.capability, "text classifier");
    const HeadSurvey s = attn::analysis::runSurvey(plan);
    EXPECT_EQ(s.skipped, 0u);
    EXPECT_EQ(s.records[0].tokens.front(), "[CLS]");
    const auto ref =
        hftest::readJson(kData / "analysis" / "head_metrics.json")["groups"]["bert_tiny"]["heads"];
    int compared = 0;
    for (int l = 0; l < plan.layers; ++l)
        for (int h = 0; h < plan.heads; ++h)
            for (Metric m : attn::analysis::kMetrics) {
                const auto& want = ref[l][h][std::string(attn::analysis::metricName(m))];
                SCOPED_TRACE(std::string(attn::analysis::metricName(m)));
                ASSERT_EQ(s.metrics.sum(l, h, m).rows, want["rows"].get<std::int64_t>());
                if (!want["mean"].is_null()) {
                    EXPECT_NEAR(s.metrics.mean(l, h, m), want["mean"].get<double>(), kForwardTolerance);
                    ++compared;
                }
            }
    EXPECT_EQ(compared, plan.layers * plan.heads * 7); // all but induction, [CLS] and [SEP] found
}

TEST(HeadSurvey, LlamaWithoutTokenizerReadsIdsAndGivesTheNumpyReference) {
    const auto model = attn::openModel(kData / "hf" / "llama-gqa");
    const auto exp = hftest::readJson(kData / "hf" / "llama-gqa" / "expected.json");
    std::string line;
    for (int id : exp["ids"].get<std::vector<int>>())
        line += std::to_string(id) + " ";
    const auto plan = attn::analysis::planTextSurvey(model, {line});
    EXPECT_EQ(plan.capability, "causal LM");
    const HeadSurvey s = attn::analysis::runSurvey(plan);
    ASSERT_EQ(s.skipped, 0u);
    const auto ref =
        hftest::readJson(kData / "analysis" / "head_metrics.json")["groups"]["llama_gqa"]["heads"];
    for (int l = 0; l < plan.layers; ++l)
        for (int h = 0; h < plan.heads; ++h)
            for (Metric m :
                 {Metric::Sink, Metric::Previous, Metric::Self, Metric::Entropy, Metric::Distance}) {
                const auto& want = ref[l][h][std::string(attn::analysis::metricName(m))];
                ASSERT_EQ(s.metrics.sum(l, h, m).rows, want["rows"].get<std::int64_t>());
                EXPECT_NEAR(s.metrics.mean(l, h, m), want["mean"].get<double>(), kForwardTolerance);
            }
}

TEST(HeadSurvey, AttnvizClassifierWithClsPoolingMarksClsAndMatchesPyTorchMaps) {
    const fs::path dir = kData / "parity" / "tc_pre_gelu_cls_learned";
    const auto exp = hftest::readJson(dir / "expected.json");
    const auto model = attn::openModel(dir);
    std::vector<std::string> texts;
    HeadMetrics want(2, 4, 10);
    for (std::size_t c : {0u, 2u}) { // the unpadded cases
        std::string text;
        for (const auto& w : exp["cases"][c]["words"])
            text += w.get<std::string>() + " ";
        texts.push_back(text);
        PositionLayout layout;
        layout.cls = 0;
        want.addInput(stackOf(exp["cases"][c]["attention"]), layout, texts.size() - 1);
    }
    const HeadSurvey s = attn::analysis::runSurvey(attn::analysis::planTextSurvey(model, texts));
    ASSERT_EQ(s.skipped, 0u);
    EXPECT_EQ(s.records[0].tokens.size(), 7u);
    expectSameMetrics(s.metrics, want, kForwardTolerance);
    EXPECT_GT(s.metrics.sum(0, 0, Metric::Cls).rows, 0);
}

TEST(HeadSurvey, VitImagesGetTheirPatchGridAndMatchPyTorchMaps) {
    const fs::path dir = kData / "parity" / "vit_pre_gelu_learned_gray";
    const auto exp = hftest::readJson(dir / "expected.json");
    const auto model = attn::openModel(dir);
    auto images = std::make_shared<attn::datasets::Images>();
    images->rows = images->cols = 8;
    HeadMetrics want(2, 2, 10);
    for (std::size_t c = 0; c < exp["cases"].size(); ++c) {
        const auto pixels = exp["cases"][c]["pixels"].get<std::vector<std::uint8_t>>();
        images->pixels.insert(images->pixels.end(), pixels.begin(), pixels.end());
        ++images->count;
        PositionLayout layout;
        layout.cls = 0;
        layout.gridWidth = 2; // 8 / 4 patches per side
        want.addInput(stackOf(exp["cases"][c]["attention"]), layout, c);
    }
    const auto plan = attn::analysis::planImageSurvey(model, images);
    EXPECT_EQ(plan.distanceUnit, "patches");
    const HeadSurvey s = attn::analysis::runSurvey(plan);
    expectSameMetrics(s.metrics, want, kForwardTolerance);
    EXPECT_EQ(s.records[1].tokens[1], "r0c0");
}

std::vector<std::string> corpusHead(std::size_t n) {
    const auto c = attn::analysis::readTextCorpus(
        fs::path(ATTNVIZ_RESOURCE_DIR) / "corpora" / "english-sentences.txt", {}, n);
    std::vector<std::string> texts;
    for (const auto& in : c.inputs)
        texts.push_back(in.text);
    return texts;
}

TEST(HeadSurvey, SameBitsWithOneTwoOrThreeThreadsAndEqualToOneInputAtATime) {
    const auto model = attn::openModel(kModels / "sentiment");
    const auto texts = corpusHead(45); // 6 blocks, the last one short
    const auto plan = attn::analysis::planTextSurvey(model, texts);
    attn::analysis::SurveyOptions one;
    one.threads = 1;
    const HeadSurvey a = attn::analysis::runSurvey(plan, one);
    // The metrics of classify() by hand: mean pooling, so no [CLS]; every position real.
    HeadMetrics byHand(2, 4, 10);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto r = model.textClassifier->classify(texts[i]);
        byHand.addInput(r.attention, {}, i);
    }
    expectSameMetrics(a.metrics, byHand, 1e-12);
    EXPECT_EQ(a.metrics.sum(0, 0, Metric::Cls).rows, 0);
    for (unsigned threads : {2u, 3u}) {
        attn::analysis::SurveyOptions o;
        o.threads = threads;
        const HeadSurvey b = attn::analysis::runSurvey(plan, o);
        EXPECT_EQ(b.threads, threads);
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 4; ++h)
                for (Metric m : attn::analysis::kMetrics) {
                    EXPECT_EQ(b.metrics.sum(l, h, m).sum, a.metrics.sum(l, h, m).sum);
                    const auto &ta = a.metrics.top(l, h, m), &tb = b.metrics.top(l, h, m);
                    ASSERT_EQ(ta.size(), tb.size());
                    for (std::size_t k = 0; k < ta.size(); ++k) {
                        EXPECT_EQ(ta[k].input, tb[k].input);
                        EXPECT_EQ(ta[k].position, tb[k].position);
                    }
                }
        EXPECT_EQ(b.records[44].tokens, a.records[44].tokens);
    }
}

TEST(HeadSurvey, ProgressRunsOnTheCallingThreadAndFalseCancels) {
    std::atomic<int> calls{0};
    auto forward = [&](std::size_t) {
        ++calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(2)); // a forward takes time
        attn::analysis::SurveyInput in;
        in.maps = {{attn::Matrix::Identity(3, 3)}};
        return in;
    };
    const auto caller = std::this_thread::get_id();
    std::size_t last = 0;
    bool otherThread = false;
    attn::analysis::SurveyOptions o;
    o.threads = 2;
    o.progress = [&](std::size_t done, std::size_t total) {
        otherThread = otherThread || std::this_thread::get_id() != caller;
        EXPECT_EQ(total, 600u);
        EXPECT_GE(done, last);
        last = done;
        return done < 20;
    };
    EXPECT_THROW(attn::analysis::runSurvey(1, 1, 600, forward, o), attn::Cancelled);
    EXPECT_FALSE(otherThread);
    EXPECT_LT(calls.load(), 600); // the workers stopped early
    o.progress = [&](std::size_t done, std::size_t) {
        last = done;
        return true;
    };
    const HeadSurvey s = attn::analysis::runSurvey(1, 1, 600, forward, o);
    EXPECT_EQ(last, 600u);
    EXPECT_EQ(s.metrics.inputs(), 600u);
    EXPECT_DOUBLE_EQ(s.metrics.mean(0, 0, Metric::Self), 1.0);
}

TEST(HeadSurvey, AnErrorInAForwardStopsTheSurveyAndIsRethrown) {
    auto forward = [](std::size_t i) {
        if (i == 17)
            throw std::runtime_error("forward 17 failed");
        attn::analysis::SurveyInput in;
        in.maps = {{attn::Matrix::Identity(2, 2)}};
        return in;
    };
    try {
        attn::analysis::runSurvey(1, 1, 100, forward);
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "forward 17 failed");
    }
}

TEST(HeadSurvey, OneTokenInputsAreSkippedWithTheReason) {
    const auto model = attn::openModel(kModels / "sentiment");
    const HeadSurvey s =
        attn::analysis::runSurvey(attn::analysis::planTextSurvey(model, {"good", "a good film", "bad"}));
    EXPECT_EQ(s.skipped, 2u);
    EXPECT_EQ(s.records[0].skipped, "one token");
    EXPECT_TRUE(s.records[1].skipped.empty());
    EXPECT_EQ(s.metrics.inputs(), 1u);
}

TEST(HeadSurvey, InductionInputsCountOnlyForTheInductionScore) {
    const auto model = attn::openModel(kData / "hf" / "llama-gqa");
    const auto plan =
        attn::analysis::planTextSurvey(model, {"1 7 30 12"}, {.run = 16, .inputs = 10, .seed = 5});
    EXPECT_EQ(plan.inductionBos, 1);
    EXPECT_EQ(plan.corpusInputs + plan.inductionInputs, 11u);
    const HeadSurvey s = attn::analysis::runSurvey(plan);
    HeadMetrics want(2, 4);
    want.addInput(model.causalLm->forward({1, 7, 30, 12}).attention, {}, 0);
    for (std::uint64_t k = 0; k < 10; ++k)
        want.addInduction(
            model.causalLm->forward(attn::analysis::inductionInput(1, 16, 40, 5 + k, {1, 2})).attention, 16);
    expectSameMetrics(s.metrics, want, 1e-12);
    EXPECT_EQ(s.metrics.sum(0, 0, Metric::Induction).rows, 160);
    EXPECT_EQ(s.metrics.sum(0, 0, Metric::Self).rows, 3);
    EXPECT_EQ(s.records[5].tokens.size(), 33u);

    EXPECT_THROW(attn::analysis::planTextSurvey(model, {"1"}, {.run = 32, .inputs = 1}),
                 std::invalid_argument);
    const auto sentiment = attn::openModel(kModels / "sentiment");
    EXPECT_THROW(attn::analysis::planTextSurvey(sentiment, {"a"}, {.run = 4, .inputs = 1}),
                 std::invalid_argument);
    EXPECT_THROW(attn::analysis::planImageSurvey(sentiment, nullptr), std::invalid_argument);
}

} // namespace
