// The one reading of a typed prompt into token ids (attn/hf/prompt.hpp), shared by the Generate page and
// `attnviz generate --prompt` (issue 49 point 19). The expected ids are written out by hand from the
// rule: A, B, C are 0, 1, 2 for the sorting model; ids are decimal, in [0, vocab); fewer tokens than
// positions.

#include "attnviz_test_paths.hpp"

#include <algorithm>
#include <attn/hf/load.hpp>
#include <attn/hf/prompt.hpp>
#include <attn/memory_budget.hpp>
#include <filesystem>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
using attn::hf::PromptProblem;

std::shared_ptr<const attn::hf::CausalLm> loadLm(const char* name) {
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(
        attn::hf::loadModel(fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / name));
    if (!lm)
        throw std::runtime_error("not a causal LM");
    return lm;
}

std::vector<int> idsOf(const attn::hf::CausalLm& lm, std::string_view text) {
    const auto r = attn::hf::readPrompt(lm, text);
    EXPECT_FALSE(r.problem) << text << ": " << attn::hf::describePromptProblem(*r.problem);
    return r.ids;
}

PromptProblem problemOf(const attn::hf::CausalLm& lm, std::string_view text) {
    const auto r = attn::hf::readPrompt(lm, text);
    EXPECT_TRUE(r.problem) << text;
    EXPECT_TRUE(r.ids.empty()) << text;
    return r.problem.value_or(PromptProblem{});
}

} // namespace

TEST(HfPrompt, SortingModelReadsLettersAndIds) {
    const auto sort = loadLm("gpt-nano-sort");
    EXPECT_TRUE(attn::hf::usesLetters(*sort));
    const std::vector<int> preset = {2, 0, 1, 1, 0, 2};
    EXPECT_EQ(idsOf(*sort, "C A B B A C"), preset);
    EXPECT_EQ(idsOf(*sort, "  c,a  b\t1,0 C \n"), preset);
    EXPECT_EQ(idsOf(*sort, "C\u3000A\u00a0B"), (std::vector<int>{2, 0, 1})); // ideographic, no-break space
    EXPECT_EQ(idsOf(*sort, "ids: 2,1,0"), (std::vector<int>{2, 1, 0}));
    EXPECT_EQ(idsOf(*sort, " IDS:2 +1"), (std::vector<int>{2, 1}));
    EXPECT_EQ(idsOf(*sort, "0,1,2,0,1,2,0,1,2,0"), (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0}));
}

TEST(HfPrompt, BadWordIsNamedWithItsPosition) {
    const auto sort = loadLm("gpt-nano-sort");
    auto p = problemOf(*sort, "A B 7");
    EXPECT_EQ(p.kind, PromptProblem::Kind::NotATokenId);
    EXPECT_EQ(p.word, 3);
    EXPECT_EQ(p.text, "7");
    EXPECT_EQ(p.vocabSize, 3);
    EXPECT_TRUE(p.letters);
    EXPECT_EQ(attn::hf::describePromptProblem(p),
              "prompt word 3 ('7') is not a token id in [0, 3) nor A, B or C; this model has no tokenizer "
              "(or the prompt starts with 'ids:'), so the prompt is token ids separated by spaces");
    for (const auto& [text, word, bad] : std::vector<std::tuple<std::string, int, std::string>>{
             {"A D", 2, "D"},
             {"-1", 1, "-1"},
             {"AB", 1, "AB"},
             {"1 99999999999999999999", 2, "99999999999999999999"},
             {"1.0", 1, "1.0"},
             {"+", 1, "+"},
             {"ids: A? B", 1, "A?"}}) {
        p = problemOf(*sort, text);
        EXPECT_EQ(p.kind, PromptProblem::Kind::NotATokenId) << text;
        EXPECT_EQ(p.word, word) << text;
        EXPECT_EQ(p.text, bad) << text;
    }
    const auto llama = loadLm("llama-gqa"); // ids only: vocabulary 40, no letters
    EXPECT_FALSE(attn::hf::usesLetters(*llama));
    EXPECT_EQ(idsOf(*llama, "1 7 3 12 5"), (std::vector<int>{1, 7, 3, 12, 5}));
    EXPECT_EQ(idsOf(*llama, "39"), std::vector<int>{39});
    p = problemOf(*llama, "39 40");
    EXPECT_EQ(p.word, 2);
    EXPECT_FALSE(p.letters);
    EXPECT_EQ(attn::hf::describePromptProblem(p).find("nor A, B or C"), std::string::npos);
    EXPECT_EQ(problemOf(*llama, "A").kind, PromptProblem::Kind::NotATokenId);
}

TEST(HfPrompt, EmptyAndTooLongPromptsLeaveNothingToGenerate) {
    const auto sort = loadLm("gpt-nano-sort"); // n_positions 11
    for (const char* empty : {"", "   ", "ids:", " , ,"})
        EXPECT_EQ(problemOf(*sort, empty).kind, PromptProblem::Kind::NoTokens) << empty;
    const auto p = problemOf(*sort, "A B C A B C A B C A B");
    EXPECT_EQ(p.kind, PromptProblem::Kind::TooLong);
    EXPECT_EQ(p.tokens, 11u);
    EXPECT_EQ(p.maxPositions, 11);
    EXPECT_EQ(
        attn::hf::describePromptProblem(p),
        "the prompt has 11 tokens; this model sees at most 11 positions, so it leaves no room to generate");
    EXPECT_FALSE(attn::hf::checkPromptLength(*sort, 10));
    EXPECT_EQ(attn::hf::checkPromptLength(*sort, 0)->kind, PromptProblem::Kind::NoTokens);
    EXPECT_EQ(attn::hf::checkPromptLength(*sort, 12)->tokens, 12u);
    const auto llama = loadLm("llama-gqa"); // max_position_embeddings 64
    EXPECT_FALSE(attn::hf::checkPromptLength(*llama, 63));
    EXPECT_EQ(attn::hf::checkPromptLength(*llama, 64)->maxPositions, 64);
}

// Issue 49 point 14: a too-long prompt was refused without offering its last N tokens. N is fewer than the
// positions (gpt-nano-sort: 11 -> 10; llama-gqa: 64 -> 63) and within the memory budget: llama-gqa under
// 100,000 B keeps 55 (maps 2 layers x 4 heads x n^2 x 4 B: 55 -> 96,800 B, 56 -> 100,352 B; logits
// n x 40 x 4 B allow 625), worked out by hand.
TEST(HfPrompt, TooLongPromptOffersItsLastTokens) {
    struct Restore {
        ~Restore() { attn::setMemoryBudget(0); }
    } restore;
    const auto sort = loadLm("gpt-nano-sort");
    EXPECT_EQ(attn::hf::promptTokensThatFit(*sort), 10);
    EXPECT_FALSE(attn::hf::promptTail(*sort, "A B C"));     // fits
    EXPECT_FALSE(attn::hf::promptTail(*sort, "A B 7 A B")); // cannot be read
    const auto t = attn::hf::promptTail(*sort, "A B C A B C A B C A B C");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->tokens, 12u);
    EXPECT_EQ(t->keep, 10);
    EXPECT_EQ(t->ids, (std::vector<int>{2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
    EXPECT_EQ(t->text, "ids: 2 0 1 2 0 1 2 0 1 2");
    EXPECT_EQ(idsOf(*sort, t->text), t->ids);

    const auto llama = loadLm("llama-gqa");
    EXPECT_EQ(attn::hf::promptTokensThatFit(*llama), 63);
    attn::setMemoryBudget(100'000);
    EXPECT_EQ(attn::hf::promptTokensThatFit(*llama), 55);
    std::string ids;
    for (int i = 0; i < 60; ++i)
        ids += std::to_string(3 + i % 30) + " ";
    const auto m = attn::hf::promptTail(*llama, ids); // 60 ids fit the positions, not the budget
    ASSERT_TRUE(m);
    EXPECT_EQ(m->keep, 55);
    EXPECT_EQ(m->ids.front(), 3 + 5 % 30);
    attn::setMemoryBudget(0);

    // A model with a tokenizer gets text back that reads into at most N tokens and ends as the prompt did.
    auto story = std::dynamic_pointer_cast<const attn::hf::CausalLm>(
        attn::hf::loadModel(fs::path(ATTNVIZ_RESOURCE_DIR) / "models" / "stories260K"));
    ASSERT_TRUE(story);
    std::string longText;
    for (int i = 0; i < 60; ++i)
        longText += "Once upon a time, there was a little girl named Lily. ";
    const std::vector<int> all = story->tokenizer()->encode(longText);
    ASSERT_GT(all.size(), 511u);
    const auto s = attn::hf::promptTail(*story, longText);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->keep, 511);
    EXPECT_EQ(s->tokens, all.size());
    EXPECT_EQ(s->text.rfind("ids:", 0), std::string::npos) << s->text.substr(0, 40);
    const std::vector<int> back = idsOf(*story, s->text);
    ASSERT_LE(back.size(), 511u);
    ASSERT_GE(back.size(), 500u);
    EXPECT_TRUE(std::equal(all.end() - 400, all.end(), back.end() - 400));
}
