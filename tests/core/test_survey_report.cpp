// The head survey as a value and as JSON (attn/analysis/survey_report.hpp): the report holds the
// survey's own means, rows and examples; its JSON reads back to the same doubles; the reader refuses
// every malformed file naming the key (the Heads page's cache ignores such a file with that message).

#include <attn/analysis/survey_report.hpp>
#include <attn/error.hpp>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using namespace attn::analysis;

/// Two layers, three heads, five inputs of 4 tokens: head (l, h) of input i puts weight w on the
/// previous token and the rest on itself; position 0 attends to itself. Input 3 is skipped.
HeadSurvey survey(SurveyPlan& plan) {
    plan.layers = 2;
    plan.heads = 3;
    plan.capability = "text classifier";
    plan.distanceUnit = "tokens";
    plan.corpusInputs = 5;
    plan.notes = {"[CLS] at position 0"};
    plan.forward = [](std::size_t i) {
        SurveyInput in;
        in.tokens = {"[CLS]", "w" + std::to_string(i), "x", "y"};
        in.layout.cls = 0;
        for (int l = 0; l < 2; ++l) {
            in.maps.emplace_back();
            for (int h = 0; h < 3; ++h) {
                attn::Matrix m = attn::Matrix::Zero(4, 4);
                m(0, 0) = 1;
                const float w = 0.1f * static_cast<float>(l * 3 + h) + 0.03f * static_cast<float>(i);
                for (int q = 1; q < 4; ++q) {
                    m(q, q - 1) = w;
                    m(q, q) = 1 - w;
                }
                in.maps.back().push_back(m);
            }
        }
        if (i == 3)
            in.skipped = "too long";
        return in;
    };
    SurveyOptions options;
    options.threads = 2;
    return runSurvey(plan, options);
}

SurveyReport report() {
    SurveyPlan plan;
    const HeadSurvey s = survey(plan);
    return makeReport(plan, s,
                      {.modelDirectory = "/m",
                       .family = "transformer_classifier",
                       .corpusFile = "/c.txt",
                       .lines = {1, 2, 4, 5, 6},
                       .blankLines = 1});
}

/// The attn::Error that parsing `j` throws (its key), or a test failure.
std::string refusedKey(const nlohmann::json& j) {
    try {
        parseReport(j, "cache.json");
    } catch (const attn::Error& e) {
        EXPECT_NE(std::string(e.what()).find("cache.json: "), std::string::npos) << e.what();
        return e.key();
    }
    ADD_FAILURE() << "accepted";
    return {};
}

} // namespace

TEST(SurveyReport, HoldsTheSurveysOwnNumbersAndExamples) {
    SurveyPlan plan;
    const HeadSurvey s = survey(plan);
    const SurveyReport r = report();
    ASSERT_EQ(r.headList.size(), 6u);
    EXPECT_EQ(r.skipped, 1u);
    ASSERT_EQ(r.skippedInputs.size(), 1u);
    EXPECT_EQ(r.skippedInputs[0].input, 3u);
    EXPECT_EQ(r.skippedInputs[0].place, (InputPlace{InputPlace::Kind::Line, 5}));
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h) {
            EXPECT_EQ(r.at(l, h).layer, l + 1);
            EXPECT_EQ(r.at(l, h).head, h + 1);
            for (Metric m : kMetrics) {
                const double a = r.mean(l, h, m), b = s.metrics.mean(l, h, m);
                EXPECT_TRUE(a == b || (std::isnan(a) && std::isnan(b)));
            }
        }
    // Head (2, 3): weight 0.5 + 0.03 i on the previous token; the strongest input is the last one run
    // (i = 4, line 6), its row 1 (the first of equal rows).
    EXPECT_NEAR(r.mean(1, 2, Metric::Previous), (0.50 + 0.53 + 0.56 + 0.62) / 4, 1e-6);
    const auto& top = r.at(1, 2).top[SurveyReport::index(Metric::Previous)];
    ASSERT_EQ(top.size(), 4u);
    EXPECT_EQ(top[0].input, 4u);
    EXPECT_EQ(top[0].place, (InputPlace{InputPlace::Kind::Line, 6}));
    EXPECT_EQ(top[0].position, 1);
    EXPECT_EQ(top[0].token, "w4");
    EXPECT_EQ(top[0].tokens, (std::vector<std::string>{"[CLS]", "w4", "x", "y"}));
    EXPECT_NEAR(top[0].value, 0.62, 1e-6);
    EXPECT_TRUE(r.measured(Metric::Cls));
    EXPECT_FALSE(r.measured(Metric::Sep));
    EXPECT_FALSE(r.measured(Metric::Induction));
    // Ranked: the heads by their mean, highest first; entropy lowest first.
    const auto ranked = rankHeads(r, Metric::Previous);
    ASSERT_EQ(ranked.size(), 6u);
    EXPECT_EQ(ranked.front(), std::make_pair(1, 2));
    EXPECT_EQ(ranked.back(), std::make_pair(0, 0));
}

TEST(SurveyReport, ItsJsonReadsBackToTheSameDoubles) {
    const SurveyReport r = report();
    const nlohmann::json j = reportJson(r);
    EXPECT_EQ(j["heads"][5]["layer"], 2);
    EXPECT_EQ(j["heads"][5]["head"], 3);
    EXPECT_TRUE(j["heads"][0]["sep"].is_null());
    EXPECT_EQ(j["corpus"]["blank_lines"], 1);
    EXPECT_TRUE(j["induction"].is_null());
    EXPECT_EQ(j["heads"][5]["top"]["previous"][0]["line"], 6);
    // Through text, as the cache stores it.
    const SurveyReport back = parseReport(nlohmann::json::parse(j.dump(1)), "cache.json");
    EXPECT_EQ(reportJson(back), j);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h)
            for (Metric m : kMetrics) {
                const double a = r.mean(l, h, m), b = back.mean(l, h, m);
                EXPECT_TRUE(a == b || (std::isnan(a) && std::isnan(b))) << a << " vs " << b;
                EXPECT_EQ(r.at(l, h).top[SurveyReport::index(m)], back.at(l, h).top[SurveyReport::index(m)]);
            }
    EXPECT_EQ(back.skippedInputs, r.skippedInputs);
}

TEST(SurveyReport, TheReaderRefusesAMalformedSurveyNamingTheKey) {
    const nlohmann::json good = reportJson(report());
    auto with = [&good](auto change) {
        nlohmann::json j = good;
        change(j);
        return j;
    };
    EXPECT_EQ(refusedKey(nlohmann::json::array()), "");
    EXPECT_EQ(refusedKey(with([](auto& j) { j.erase("heads"); })), "heads");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["extra"] = 1; })), "extra");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["model"]["layers"] = 3; })), "heads");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["model"]["heads"] = 0; })), "model.heads");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["heads"][2]["previous"] = "high"; })), "heads[2].previous");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["heads"][2]["rows"]["self"] = -1; })), "heads[2].rows.self");
    EXPECT_EQ(refusedKey(with([](auto& j) { std::swap(j["heads"][0], j["heads"][1]); })), "heads[0].layer");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["heads"][5]["top"]["previous"][0]["position"] = 4; })),
              "heads[5].top.previous[0].position");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["heads"][5]["top"]["previous"][0]["token"] = "x"; })),
              "heads[5].top.previous[0].token");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["heads"][5]["top"]["previous"][0].erase("line"); })),
              "heads[5].top.previous[0].line");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["heads"][5]["top"].erase("sink"); })), "heads[5].top.sink");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["metrics"].erase(0); })), "metrics");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["distance_unit"] = "miles"; })), "distance_unit");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["corpus"]["kind"] = "audio"; })), "corpus.kind");
    EXPECT_EQ(refusedKey(with([](auto& j) { j["seconds"] = nullptr; })), "seconds");
}
