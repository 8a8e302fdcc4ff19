// The Translation page's ladder (resources/models/translation-ladder.json,
// training/make_translation_ladder.py): the C++ engine translates every rung with both shipped models and
// scores it with attn::translationChrF against the committed Apertium reference; each chrF equals the
// committed figure (PyTorch's greedy decoding scored by training/common.py chrf) to 0.01, and the chosen path
// is the one the file's rule picks from its candidates.

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/config.hpp>
#include <attn/models/model.hpp>
#include <attn/models/seq2seq.hpp>
#include <attn/models/translation_ladder.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace {

const fs::path kModels = fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models";
const fs::path kLadder = kModels / "translation-ladder.json";

} // namespace

TEST(TranslationLadder, EngineChrFPerRungEqualsTheCommittedFigures) {
    const auto ladder = attn::readTranslationLadder(kLadder);
    ASSERT_EQ(ladder.metric, "chrF");
    ASSERT_EQ(ladder.models, (std::vector<std::string>{"translation-en-es", "translation-en-es-noattn"}));
    ASSERT_GE(ladder.rungs.size(), 3u);
    EXPECT_EQ(ladder.rungs[0].source, "The book that I bought is very interesting"); // the chapter's sentence
    for (std::size_t r = 1; r < ladder.rungs.size(); ++r) // clause by clause: longer each rung
        EXPECT_GT(ladder.rungs[r].sourceTokens, ladder.rungs[r - 1].sourceTokens) << r;
    for (const std::string& name : ladder.models) {
        const auto model = attn::loadModel(kModels / name);
        const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get());
        ASSERT_NE(s2s, nullptr) << name;
        for (std::size_t r = 0; r < ladder.rungs.size(); ++r) {
            const auto& rung = ladder.rungs[r];
            const auto result = s2s->translate(rung.source);
            EXPECT_EQ(attn::outputText(result), rung.outputs.at(name)) << name << " rung " << r + 1;
            EXPECT_NEAR(attn::translationChrF(result, rung.reference), rung.chrF.at(name), 0.01)
                << name << " rung " << r + 1;
        }
    }
}

// The rule written in the file and in make_translation_ladder.py: the path whose gap (with attention minus
// without, rungs 2..) is closest in summed squares to the mean gap of all paths; ties to the lower number.
TEST(TranslationLadder, TheChosenPathIsTheRulesPick) {
    std::ifstream in(kLadder);
    const auto j = nlohmann::json::parse(in);
    const auto& candidates = j.at("candidates");
    const auto& paths = j.at("paths");
    auto gap = [&](std::size_t sentence) {
        const auto& s = candidates.at(sentence).at("chrF");
        return s.at("translation-en-es").get<double>() - s.at("translation-en-es-noattn").get<double>();
    };
    const std::size_t rungs = paths.at(0).size();
    std::vector<double> mean(rungs, 0.0);
    for (const auto& p : paths)
        for (std::size_t r = 1; r < rungs; ++r)
            mean[r] += gap(p.at(r).get<std::size_t>()) / static_cast<double>(paths.size());
    std::size_t best = 0;
    double bestDistance = 1e300;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        double distance = 0;
        for (std::size_t r = 1; r < rungs; ++r) {
            const double d = gap(paths[i].at(r).get<std::size_t>()) - mean[r];
            distance += d * d;
        }
        if (distance < bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    EXPECT_EQ(j.at("chosen_path").get<std::size_t>(), best + 1);
    const auto ladder = attn::readTranslationLadder(kLadder);
    ASSERT_EQ(ladder.rungs.size(), rungs);
    for (std::size_t r = 0; r < rungs; ++r)
        EXPECT_EQ(ladder.rungs[r].source,
                  candidates.at(paths[best].at(r).get<std::size_t>()).at("source").get<std::string>());
}

TEST(TranslationLadder, AMalformedFileNamesTheKey) {
    const fs::path file = fs::temp_directory_path() / "attnviz_test_translation_ladder.json";
    std::ifstream in(kLadder);
    auto j = nlohmann::json::parse(in);
    j["ladder"][1]["chrF"]["translation-en-es-noattn"] = 140;
    std::ofstream(file) << j.dump();
    try {
        (void)attn::readTranslationLadder(file);
        ADD_FAILURE() << "accepted a chrF of 140";
    } catch (const attn::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("ladder[1].chrF.translation-en-es-noattn"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos) << e.what();
    }
    fs::remove(file);
}
