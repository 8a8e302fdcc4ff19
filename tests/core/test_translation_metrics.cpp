// attn::chrF against training/common.py's numbers and hand computations, and heldout_scores.json
// (attn::readHeldOutScores): a valid file, an absent one, and each malformed case named.

#include "attnviz_test_paths.hpp"

#include <attn/config.hpp>
#include <attn/metrics/chrf.hpp>
#include <attn/models/heldout_scores.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
const fs::path kHeldout = fs::path(ATTNVIZ_TEST_DATA_DIR) / "heldout";

std::string joined(const std::string& text) {
    std::string out;
    for (const auto& t : attn::tokenize(text))
        out += (out.empty() ? "" : " ") + t;
    return out;
}

} // namespace

TEST(ChrF, HandComputations) {
    EXPECT_DOUBLE_EQ(attn::chrF("el gato", "el gato"), 100.0);
    EXPECT_DOUBLE_EQ(attn::chrF("el gato", "elgato"), 100.0); // spaces do not count
    EXPECT_DOUBLE_EQ(attn::chrF("xyz", "abc"), 0.0);
    // "ab" against "abc": n = 1: 2/2 matched of 3; n = 2: 1/1 of 2; n = 3..6: nothing on either side
    // of the hypothesis, 0 of 1 for n = 3 in the reference. P = (1 + 1) / 6, R = (2/3 + 1/2 + 0) / 6.
    const double p = 2.0 / 6, r = (2.0 / 3 + 0.5) / 6;
    EXPECT_NEAR(attn::chrF("ab", "abc"), 100.0 * 5 * p * r / (4 * p + r), 1e-9);
    // "é" is one character (two UTF-8 bytes): "café" has 4 unigrams.
    EXPECT_NEAR(attn::chrF("caf\xC3\xA9", "cafe"), attn::chrF("cafx", "cafe"), 1e-12);
    EXPECT_THROW(attn::chrF(std::vector<std::string>{"a"}, std::vector<std::string>{}),
                 std::invalid_argument);
}

TEST(ChrF, EqualsTrainingScriptsCorpusScore) {
    // The committed sample's PyTorch hypotheses and the chrF training/common.py gave them.
    std::ifstream in(kHeldout / "translation-en-es.expected.json");
    const auto expected = nlohmann::json::parse(in);
    std::vector<std::string> hyps = expected.at("hypotheses").get<std::vector<std::string>>(), refs;
    std::ifstream tsv(kHeldout / expected.at("sample").get<std::string>());
    for (std::string line; std::getline(tsv, line);)
        refs.push_back(joined(line.substr(line.find('\t') + 1)));
    ASSERT_EQ(hyps.size(), refs.size());
    EXPECT_NEAR(attn::chrF(hyps, refs), expected.at("chrF").get<double>(), 1e-9);
}

namespace {

class HeldOutScoresTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ =
            fs::temp_directory_path() /
            ("attn_scores_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        valid_ = nlohmann::json::parse(R"({"metric": "chrF", "overall": {"pairs": 20, "score": 61.5},
            "buckets": [{"label": "1-5", "min": 1, "max": 5, "pairs": 12, "score": 70.25},
                        {"label": "21-40", "min": 21, "max": null, "pairs": 8, "score": 48.0}]})");
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& text) { std::ofstream(dir_ / "heldout_scores.json") << text; }
    std::string error() {
        try {
            attn::readHeldOutScores(dir_);
        } catch (const attn::ConfigError& e) {
            return e.what();
        }
        return "";
    }
    fs::path dir_;
    nlohmann::json valid_;
};

} // namespace

TEST_F(HeldOutScoresTest, AbsentFileIsNoScores) {
    EXPECT_FALSE(attn::readHeldOutScores(dir_).has_value());
}

TEST_F(HeldOutScoresTest, ReadsEveryField) {
    write(valid_.dump());
    const auto s = attn::readHeldOutScores(dir_);
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(s->metric, "chrF");
    EXPECT_EQ(s->pairs, 20);
    EXPECT_DOUBLE_EQ(s->overall, 61.5);
    ASSERT_EQ(s->buckets.size(), 2u);
    EXPECT_EQ(s->buckets[0].label, "1-5");
    EXPECT_EQ(s->buckets[0].minTokens, 1);
    EXPECT_EQ(s->buckets[0].maxTokens, 5);
    EXPECT_EQ(s->buckets[0].pairs, 12);
    EXPECT_DOUBLE_EQ(s->buckets[0].score, 70.25);
    EXPECT_EQ(s->buckets[1].maxTokens, -1); // open last bucket
    EXPECT_TRUE(s->sets.empty());           // "sets" is optional
}

TEST_F(HeldOutScoresTest, ReadsOtherSets) {
    auto withSets = valid_;
    withSets["sets"] = nlohmann::json::parse(R"([{"id": "everyday", "pairs": 500, "score": 51.82}])");
    write(withSets.dump());
    const auto s = attn::readHeldOutScores(dir_);
    ASSERT_TRUE(s.has_value());
    ASSERT_EQ(s->sets.size(), 1u);
    EXPECT_EQ(s->sets[0].id, "everyday");
    EXPECT_EQ(s->sets[0].pairs, 500);
    EXPECT_DOUBLE_EQ(s->sets[0].score, 51.82);

    const std::pair<const char*, const char*> bad[] = {
        {R"({"id": "everyday"})", "key 'sets[0].pairs' is missing"},
        {R"({"id": "", "pairs": 5, "score": 1})", "key 'sets[0].id' must be a string of 1 to 64 bytes"},
        {R"({"id": "everyday", "pairs": -1, "score": 1})", "key 'sets[0].pairs' must be a count"},
        {R"({"id": "everyday", "pairs": 5, "score": 100.5})",
         "key 'sets[0].score' must be a score from 0 to 100"},
        {R"("everyday")", "key 'sets[0]' must be an object"},
    };
    for (const auto& [set, want] : bad) {
        auto broken = valid_;
        broken["sets"] = nlohmann::json::array({nlohmann::json::parse(set)});
        write(broken.dump());
        EXPECT_NE(error().find(want), std::string::npos) << set << ": " << error();
    }
    auto notList = valid_;
    notList["sets"] = 3;
    write(notList.dump());
    EXPECT_NE(error().find("key 'sets' must be a list of at most 16 sets"), std::string::npos) << error();
}

TEST_F(HeldOutScoresTest, ReadsReferencePerplexityWhereGiven) {
    EXPECT_FALSE(attn::HeldOutScores{}.hasReferencePerplexity());
    write(valid_.dump());
    const auto plain = attn::readHeldOutScores(dir_);
    ASSERT_TRUE(plain.has_value());
    EXPECT_FALSE(plain->hasReferencePerplexity()); // optional everywhere
    EXPECT_FALSE(plain->overallReferencePerplexity.has_value());

    auto with = valid_;
    with["overall"]["reference_perplexity"] = 3.4412;
    with["buckets"][1]["reference_perplexity"] = 7.59; // the first bucket has none
    with["sets"] = nlohmann::json::parse(
        R"([{"id": "everyday", "pairs": 500, "score": 51.8, "reference_perplexity": 1}])");
    write(with.dump());
    const auto s = attn::readHeldOutScores(dir_);
    ASSERT_TRUE(s.has_value());
    EXPECT_TRUE(s->hasReferencePerplexity());
    ASSERT_TRUE(s->overallReferencePerplexity.has_value());
    EXPECT_DOUBLE_EQ(*s->overallReferencePerplexity, 3.4412);
    EXPECT_FALSE(s->buckets[0].referencePerplexity.has_value());
    ASSERT_TRUE(s->buckets[1].referencePerplexity.has_value());
    EXPECT_DOUBLE_EQ(*s->buckets[1].referencePerplexity, 7.59);
    ASSERT_TRUE(s->sets[0].referencePerplexity.has_value());
    EXPECT_DOUBLE_EQ(*s->sets[0].referencePerplexity, 1.0); // certainty is the lower bound

    // Below 1 is no perplexity (a probability above 1), a string is no number, 10^6 is the ceiling.
    const std::pair<nlohmann::json, const char*> bad[] = {
        {0.99, "key 'buckets[0].reference_perplexity' must be a perplexity from 1 to 10^6"},
        {"3.4", "key 'buckets[0].reference_perplexity' must be a perplexity from 1 to 10^6"},
        {2e6, "key 'buckets[0].reference_perplexity' must be a perplexity from 1 to 10^6"},
        {nullptr, "key 'buckets[0].reference_perplexity' must be a perplexity from 1 to 10^6"},
    };
    for (const auto& [value, want] : bad) {
        auto broken = valid_;
        broken["buckets"][0]["reference_perplexity"] = value;
        write(broken.dump());
        EXPECT_NE(error().find(want), std::string::npos) << value.dump() << ": " << error();
    }
    auto overall = valid_;
    overall["overall"]["reference_perplexity"] = -1;
    write(overall.dump());
    EXPECT_NE(error().find("key 'overall.reference_perplexity' must be a perplexity"), std::string::npos)
        << error();
}

TEST_F(HeldOutScoresTest, SyntaxErrorNamesTheByte) {
    write(R"({"metric": "chrF", })");
    const auto e = error();
    EXPECT_NE(e.find("heldout_scores.json"), std::string::npos) << e;
    EXPECT_NE(e.find("byte"), std::string::npos) << e;
}

TEST_F(HeldOutScoresTest, MalformedValuesNameTheKey) {
    auto missing = valid_;
    missing.erase("overall");
    write(missing.dump());
    EXPECT_NE(error().find("key 'overall' is missing"), std::string::npos) << error();

    auto high = valid_;
    high["buckets"][1]["score"] = 101;
    write(high.dump());
    EXPECT_NE(error().find("key 'buckets[1].score' must be a score from 0 to 100"), std::string::npos)
        << error();

    auto inverted = valid_;
    inverted["buckets"][0]["max"] = 0;
    write(inverted.dump());
    EXPECT_NE(error().find("key 'buckets[0].max' is below min"), std::string::npos) << error();

    auto notList = valid_;
    notList["buckets"] = "1-5";
    write(notList.dump());
    EXPECT_NE(error().find("key 'buckets' must be a list"), std::string::npos) << error();
}
