// The shipped default models (resources/models/<name>/) evaluated by the C++ engine on the committed
// held-out samples (tests/data/heldout/), compared with the figure PyTorch computed on exactly the same
// sample at training time (tests/data/heldout/<name>.expected.json, also quoted in each MODEL_CARD.md).
// Tolerances: accuracy within 1 sample; chrF (attn::chrF) within 0.5 points. Not "it loads": the metric
// itself.

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/image.hpp>
#include <attn/metrics/chrf.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kHeldout = fs::path(ATTNVIZ_TEST_DATA_DIR) / "heldout";
const fs::path kModels = fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models";

nlohmann::json readExpected(const std::string& model) {
    const auto path = kHeldout / (model + ".expected.json");
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path.string() + ": cannot open");
    return nlohmann::json::parse(in);
}

/// Lines of a TSV sample split at the first tab.
std::vector<std::pair<std::string, std::string>> readTsv(const fs::path& path) {
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path.string() + ": cannot open");
    std::vector<std::pair<std::string, std::string>> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty())
            continue;
        const auto tab = line.find('\t');
        if (tab == std::string::npos)
            throw std::runtime_error(path.string() + ": line without tab");
        rows.emplace_back(line.substr(0, tab), line.substr(tab + 1));
    }
    return rows;
}

std::string joinTokens(const std::vector<std::string>& tokens) {
    std::string out;
    for (const auto& t : tokens)
        out += (out.empty() ? "" : " ") + t;
    return out;
}

} // namespace

// The card checks below score with attn::chrF (the metric the Translation page shows), so that metric is
// pinned here to hand-computed values first (more in test_translation_metrics.cpp).
TEST(ChrF, MatchesHandComputedValues) {
    using attn::chrF;
    using V = std::vector<std::string>;
    EXPECT_DOUBLE_EQ(chrF(V{"el gato"}, V{"el gato"}), 100.0);
    EXPECT_DOUBLE_EQ(chrF(V{"xyz"}, V{"abc"}), 0.0);
    // "ab" vs "abc": n=1 P=1 R=2/3; n=2 P=1 R=1/2; n>=3 hyp has no n-grams (P=0), ref n=3 R=0.
    // P = 2/6, R = (2/3 + 1/2)/6; F2 = 5PR / (4P + R).
    const double p = 2.0 / 6, r = (2.0 / 3 + 0.5) / 6;
    EXPECT_NEAR(chrF(V{"ab"}, V{"abc"}), 100.0 * 5 * p * r / (4 * p + r), 1e-9);
    // Accented letters count as one character each: "canción" is 7 code points (8 bytes), so all six
    // n-gram orders exist and an exact match scores 100; "café" (4 code points) has no 5- and 6-grams,
    // whose zero precision and recall are still averaged in (as in training/common.py): 4/6 of 100.
    EXPECT_DOUBLE_EQ(chrF(V{"canci\xC3\xB3n"}, V{"canci\xC3\xB3n"}), 100.0);
    EXPECT_NEAR(chrF(V{"caf\xC3\xA9"}, V{"caf\xC3\xA9"}), 100.0 * 4 / 6, 1e-9);
    // "café a" is 5 characters once the space is removed: n = 1..5 match, no 6-grams: 5/6 of 100.
    EXPECT_NEAR(chrF(V{"caf\xC3\xA9 a"}, V{"caf\xC3\xA9 a"}), 100.0 * 5 / 6, 1e-9);
    // Corpus level: n-gram counts are summed over the sentences before P and R (not sentence scores
    // averaged): "ab"|"ab" and "xyz"|"abc" give n=1 P = 2/5, R = 2/5; n=2 P = 1/3, R = 1/3; n=3 P = 0/1,
    // R = 0/1; n >= 4 zero.
    const double p2 = (2.0 / 5 + 1.0 / 3) / 6;
    EXPECT_NEAR(chrF(V{"ab", "xyz"}, V{"ab", "abc"}), 100.0 * 5 * p2 * p2 / (4 * p2 + p2), 1e-9);
}

TEST(ShippedModels, SentimentHeldOutAccuracyMatchesCard) {
    const auto expected = readExpected("sentiment");
    const auto rows = readTsv(kHeldout / expected.at("sample").get<std::string>());
    ASSERT_EQ(rows.size(), expected.at("total").get<std::size_t>());
    const auto model = attn::loadModel(kModels / "sentiment");
    const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get());
    ASSERT_NE(tc, nullptr);
    const auto& predictions = expected.at("predictions");
    int correct = 0, agree = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto result = tc->classify(rows[i].second);
        correct += result.predicted == std::stoi(rows[i].first);
        agree += result.predicted == predictions.at(i).get<int>();
    }
    const int want = expected.at("correct").get<int>();
    EXPECT_NEAR(correct, want, 1) << "C++ engine " << correct << "/" << rows.size() << ", card " << want;
    EXPECT_GE(agree, static_cast<int>(rows.size()) - 1)
        << "predictions differ from PyTorch's on " << rows.size() - agree << " sentences";
}

TEST(ShippedModels, VitFashionMnistHeldOutAccuracyMatchesCard) {
    const auto expected = readExpected("vit-fashion-mnist");
    const int total = expected.at("total").get<int>();
    const auto base = kHeldout / ("fashion-mnist-test-" + std::to_string(total));
    const auto data =
        attn::datasets::readIdxPair(base.string() + "-images.idx", base.string() + "-labels.idx");
    ASSERT_EQ(static_cast<int>(data.images.count), total);
    const auto model = attn::loadModel(kModels / "vit-fashion-mnist");
    const auto* vit = dynamic_cast<const attn::VitModel*>(model.get());
    ASSERT_NE(vit, nullptr);
    const auto& predictions = expected.at("predictions");
    int correct = 0, agree = 0;
    for (int i = 0; i < total; ++i) {
        const auto image = attn::imageFromBytes(data.images.image(static_cast<std::size_t>(i)), 1,
                                                static_cast<int>(data.images.rows),
                                                static_cast<int>(data.images.cols), false);
        const auto result = vit->classify(image);
        correct += result.predicted == data.labels[static_cast<std::size_t>(i)];
        agree += result.predicted == predictions.at(static_cast<std::size_t>(i)).get<int>();
    }
    const int want = expected.at("correct").get<int>();
    EXPECT_NEAR(correct, want, 1) << "C++ engine " << correct << "/" << total << ", card " << want;
    EXPECT_GE(agree, total - 1);
}

namespace {

/// Translates the sample with the C++ engine; returns chrF and how many outputs equal PyTorch's.
std::pair<double, int> translationChrF(const std::string& name, std::vector<std::string>* hypsOut = nullptr) {
    const auto expected = readExpected(name);
    const auto rows = readTsv(kHeldout / expected.at("sample").get<std::string>());
    const auto model = attn::loadModel(kModels / name);
    const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get());
    if (!s2s)
        throw std::runtime_error(name + " is not a seq2seq model");
    std::vector<std::string> hyps, refs;
    int same = 0;
    const auto& pyHyps = expected.at("hypotheses");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        // The output's words (a SentencePiece model's pieces joined), as train_translation.py decodes.
        hyps.push_back(attn::outputText(s2s->translate(rows[i].first)));
        refs.push_back(joinTokens(attn::tokenize(rows[i].second)));
        same += hyps.back() == pyHyps.at(i).get<std::string>();
    }
    if (hypsOut)
        *hypsOut = hyps;
    return {attn::chrF(hyps, refs), same};
}

} // namespace

TEST(ShippedModels, TranslationWithAttentionHeldOutChrFMatchesCard) {
    const auto expected = readExpected("translation-en-es");
    const auto [score, same] = translationChrF("translation-en-es");
    EXPECT_NEAR(score, expected.at("chrF").get<double>(), 0.5);
    EXPECT_GE(same, static_cast<int>(expected.at("hypotheses").size()) - 2);
}

TEST(ShippedModels, TranslationWithoutAttentionHeldOutChrFMatchesCard) {
    const auto expected = readExpected("translation-en-es-noattn");
    const auto [score, same] = translationChrF("translation-en-es-noattn");
    EXPECT_NEAR(score, expected.at("chrF").get<double>(), 0.5);
    EXPECT_GE(same, static_cast<int>(expected.at("hypotheses").size()) - 2);
}

TEST(ShippedModels, AttentionIsClearlyAheadOnLongSentences) {
    // The chapter's point, recomputed by the C++ engine on the committed sample: on sources of more
    // than 10 tokens the attention model's chrF matches its card's bucket and beats the model without
    // attention (card, 2,000 held-out pairs: 53.80 vs 45.93; issue 13 asked for 15 points, see the card).
    const auto expected = readExpected("translation-en-es");
    const auto rows = readTsv(kHeldout / expected.at("sample").get<std::string>());
    auto longBucket = [&](const std::string& name) {
        std::vector<std::string> hyps;
        translationChrF(name, &hyps);
        std::vector<std::string> h, r;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (attn::tokenize(rows[i].first).size() <= 10)
                continue;
            h.push_back(hyps[i]);
            r.push_back(joinTokens(attn::tokenize(rows[i].second)));
        }
        return std::make_pair(attn::chrF(h, r), h.size());
    };
    const auto [withAttention, pairs] = longBucket("translation-en-es");
    const auto [without, pairs2] = longBucket("translation-en-es-noattn");
    ASSERT_EQ(pairs, pairs2);
    EXPECT_EQ(pairs, expected.at("by_length").at(">10").at("pairs").get<std::size_t>());
    EXPECT_NEAR(withAttention, expected.at("by_length").at(">10").at("chrF").get<double>(), 1.0);
    EXPECT_NEAR(without,
                readExpected("translation-en-es-noattn").at("by_length").at(">10").at("chrF").get<double>(),
                1.0);
    EXPECT_GE(withAttention - without, 3.0) << "attention " << withAttention << " vs none " << without;
}

// Issue 13's third goal: the chapter's sentence, typed as the Translation page's preset (no full stop; the
// models add one, as every training source ends), comes out as Apertium eng-spa translates it:
//   printf '%s\n' "The book that I bought is very interesting." | apertium eng-spa
//   -> "El libro que compré es muy interesante." (tokenised and lower-cased as the held-out references)
TEST(ShippedModels, ChaptersSentenceComesOutAsApertiumTranslatesIt) {
    const auto model = attn::loadModel(kModels / "translation-en-es");
    const auto& s2s = dynamic_cast<const attn::Seq2SeqModel&>(*model);
    const std::string apertium = joinTokens(attn::tokenize("El libro que compré es muy interesante."));
    EXPECT_EQ(attn::outputText(s2s.translate("The book that I bought is very interesting")), apertium);
    EXPECT_EQ(attn::outputText(s2s.translate("The book that I bought is very interesting.")), apertium);
}

TEST(ShippedModels, TranslationReferencePerplexityMatchesPyTorch) {
    // Teacher forcing (Seq2SeqModel::translateForced) on the sample's references: the corpus perplexity
    // exp(-sum log p / pieces), overall and by source length, against training/forced_perplexity.py's
    // (tests/data/heldout/forced-perplexity.json) at 1e-3 relative (float32 logits, float64 sums).
    std::ifstream in(kHeldout / "forced-perplexity.json");
    ASSERT_TRUE(in);
    const auto want = nlohmann::json::parse(in);
    const auto rows = readTsv(kHeldout / want.at("sample").get<std::string>());
    std::map<std::string, double> overall;
    for (const auto& [name, expected] : want.at("models").items()) {
        SCOPED_TRACE(name);
        const auto model = attn::loadModel(kModels / name);
        const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get());
        ASSERT_NE(s2s, nullptr);
        std::map<std::string, std::pair<double, std::size_t>> sums; // bucket -> (-sum log p, pieces)
        for (const auto& [english, spanish] : rows) {
            const auto r = s2s->translateForced(english, s2s->targetIds(spanish), false);
            ASSERT_EQ(r.forcedSteps, static_cast<int>(r.outputIds.size()));
            // outputPerplexity is exp of the sentence's mean: back to its sum of -log p.
            const double nll = std::log(attn::outputPerplexity(r)) * static_cast<double>(r.outputIds.size());
            const std::size_t words = attn::tokenize(english).size();
            const char* bucket = words <= 5 ? "<=5" : words <= 10 ? "6-10" : ">10";
            for (const std::string& key : {std::string("overall"), std::string(bucket)}) {
                sums[key].first += nll;
                sums[key].second += r.outputIds.size();
            }
        }
        const auto check = [&](const std::string& key, const nlohmann::json& entry) {
            const auto& [nll, pieces] = sums[key];
            EXPECT_EQ(pieces, entry.at("pieces").get<std::size_t>()) << key;
            const double got = std::exp(nll / static_cast<double>(pieces));
            const double expect = entry.at("perplexity").get<double>();
            EXPECT_NEAR(got, expect, 1e-3 * expect) << key;
            return got;
        };
        overall[name] = check("overall", expected);
        for (const auto& [bucket, entry] : expected.at("by_length").items())
            check(bucket, entry);
    }
    // The chapter's point in this measure: the model with attention expects the references better.
    EXPECT_LT(overall.at("translation-en-es"), overall.at("translation-en-es-noattn"));
}
