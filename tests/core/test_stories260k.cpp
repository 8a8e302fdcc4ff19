// The shipped story model (resources/models/stories260K: Karpathy's llama2.c "stories260K", converted to
// Hugging Face's Llama layout by training/convert_stories260k.py) against llama2.c itself: greedy decoding
// from BOS must give llama2.c's published text token for token, and the forward must match an independent
// float64 numpy forward written in llama2.c's own layout (interleaved rotary pairs, not the converted
// halves), whose ids and logits are in tests/data/hf/stories260K-greedy.json.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/config.hpp>
#include <attn/hf/decoding.hpp>
#include <attn/hf/load.hpp>
#include <attn/tokenizers/visible_label.hpp>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

const fs::path kModel = fs::path(ATTNVIZ_RESOURCE_DIR) / "models" / "stories260K";

std::shared_ptr<const attn::hf::CausalLm> storyModel() {
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(kModel));
    if (!lm)
        throw std::runtime_error("stories260K is not a causal LM");
    return lm;
}

nlohmann::json fixture() {
    return hftest::readJson(fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / "stories260K-greedy.json");
}

TEST(Stories260K, GreedyFromBosReproducesLlama2cPublishedTextTokenForToken) {
    const auto lm = storyModel();
    const auto exp = fixture();
    const auto want = exp["greedy_ids"].get<std::vector<int>>(); // BOS, then 64 greedy ids
    ASSERT_EQ(want.front(), 1);
    const auto got = attn::hf::generate(lm, {1}, static_cast<int>(want.size()) - 1);
    std::vector<int> ids = got.promptIds;
    ids.insert(ids.end(), got.generatedIds.begin(), got.generatedIds.end());
    EXPECT_EQ(ids, want);
    // The text itself: llama2.c's doc/stories260K.md, `./run stories260K.bin -z tok512.bin -t 0.0`.
    const std::string published = exp["published_text"];
    const std::string text = lm->tokenizer()->decode(got.generatedIds);
    EXPECT_EQ(text.substr(0, published.size()), published);
}

TEST(Stories260K, PromptLogitsMatchLlama2cLayoutInNumpy) {
    const auto lm = storyModel();
    const auto exp = fixture();
    const auto ids = exp["prompt_ids"].get<std::vector<int>>();
    const auto pass = lm->forward(ids);
    const auto want = exp["prompt_last_logits"].get<std::vector<float>>();
    ASSERT_EQ(pass.logits.cols(), static_cast<Eigen::Index>(want.size()));
    float worst = 0;
    for (std::size_t v = 0; v < want.size(); ++v)
        worst = std::max(
            worst, std::abs(pass.logits(pass.logits.rows() - 1, static_cast<Eigen::Index>(v)) - want[v]));
    RecordProperty("max_abs_diff", std::to_string(worst));
    EXPECT_LE(worst, 1e-4f);
}

TEST(Stories260K, TokenizerPutsBosBeforeThePiecesAsSentencepieceDoes) {
    const auto lm = storyModel();
    const auto exp = fixture();
    // python3-sentencepiece's encode of the same text, BOS (1) in front.
    EXPECT_EQ(lm->tokenizer()->encode("Once upon a time, Lily and her dog"),
              exp["prompt_ids"].get<std::vector<int>>());
}

TEST(Stories260K, ShipsItsExamplePromptsAndStopsWhereAStoryEnds) {
    const auto lm = storyModel();
    ASSERT_GE(lm->examplePrompts().size(), 2u);
    EXPECT_EQ(lm->examplePrompts()[0], "Once upon a time");
    EXPECT_EQ(lm->examplePrompts()[1], "Lily and her dog");
    // llama2.c's training data separates stories with BOS, and llama2.c stops there.
    EXPECT_EQ(lm->eosId(), std::optional<int>(1));
}

TEST(ExamplePrompts, BadValuesNameTheKey) {
    using attn::hf::HfConfig;
    const auto bad = [](nlohmann::json value) {
        try {
            attn::hf::parseExamplePrompts(HfConfig({{"attnviz_example_prompts", value}}, "m/config.json"));
        } catch (const attn::ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(bad("Once"),
              "m/config.json: key 'attnviz_example_prompts': expected a list of strings, got string");
    EXPECT_EQ(bad(nlohmann::json::array({"a", 3})),
              "m/config.json: key 'attnviz_example_prompts': entry 1 is a number, expected a string");
    EXPECT_EQ(bad(nlohmann::json::array({""})),
              "m/config.json: key 'attnviz_example_prompts': entry 0 has 0 bytes, expected 1 to 500");
    EXPECT_EQ(bad(std::vector<std::string>(33, "x")),
              "m/config.json: key 'attnviz_example_prompts': has 33 prompts, at most 32");
    EXPECT_EQ(bad(nlohmann::json::array({"ok"})), "accepted");
    EXPECT_TRUE(attn::hf::parseExamplePrompts(HfConfig(nlohmann::json::object(), "c.json")).empty());
}

} // namespace

namespace {

// Issue 49 (14): space, newline and BOS tokens were blank chips on the Generate page.
TEST(VisibleLabel, WhiteSpaceTokensAreNeverBlank) {
    using attn::tokenizers::visibleLabel;
    EXPECT_EQ(visibleLabel(" "), "\xE2\x90\xA3");              // ␣
    EXPECT_EQ(visibleLabel("  "), "\xE2\x90\xA3\xE2\x90\xA3"); // ␣␣
    EXPECT_EQ(visibleLabel("\n"), "\xE2\x86\xB5");             // ↵
    EXPECT_EQ(visibleLabel(".\n"), ".\xE2\x86\xB5");           // .↵
    EXPECT_EQ(visibleLabel("\t"), "\xE2\x87\xA5");             // ⇥
    EXPECT_EQ(visibleLabel(""), "\xE2\x88\x85");               // ∅
    EXPECT_EQ(visibleLabel(" Once"), " Once");                 // a word keeps its leading space
    EXPECT_EQ(visibleLabel("<s>"), "<s>");
    // On the story model: its newline piece and its space piece.
    const auto lm = storyModel();
    const auto& tok = *lm->tokenizer();
    const auto ids = tok.encode("Lily.\nOnce");
    bool sawNewline = false;
    for (const auto& label : lm->tokenLabels(ids)) {
        EXPECT_FALSE(visibleLabel(label).find_first_not_of(' ') == std::string::npos) << "blank chip";
        sawNewline = sawNewline || visibleLabel(label).find("\xE2\x86\xB5") != std::string::npos;
    }
    EXPECT_TRUE(sawNewline);
}

} // namespace
