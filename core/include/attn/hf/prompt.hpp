#pragma once
// A decoder's prompt as typed: the one reading of text into token ids, shared by the Generate page's
// prompt box and `attnviz generate --prompt` (issue 49: the command refused "C A B" that the page took).
//
//   const auto r = attn::hf::readPrompt(model, "C A B B A C");   // r.ids == {2, 0, 1, 1, 0, 2}
//   if (r.problem) ... describePromptProblem(*r.problem) ...     // English; the page words its own
//
// The rule: a model with a tokenizer encodes the text (as typed, untrimmed); a model without one — or a
// text that starts with "ids:" (any case) — reads words separated by white space or commas, each a
// decimal token id in [0, vocab) ("+3" is 3), or for the sorting model (usesLetters) one of the letters
// A, B, C (any case) for the ids 0, 1, 2. At least one token, and fewer than the model's positions
// (maxPositions, when it has a limit), so that there is room to generate.

#include <attn/hf/model.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn::hf {

/// True for a model whose three ids are the letters A, B, C: the shipped sorting model (minGPT's
/// sorter in GPT-2 layout: vocabulary 3, no tokenizer).
bool usesLetters(const CausalLm& model);

/// What is wrong with a prompt; the fields its kind names are filled in.
struct PromptProblem {
    enum class Kind {
        NotATokenId, ///< word `word` (1-based), `text`, is neither an id in [0, vocabSize) nor a letter
        NoTokens,    ///< the text gives no token
        TooLong,     ///< `tokens` tokens leave no room within the model's `maxPositions`
    };
    Kind kind = Kind::NoTokens;
    int word = 0;
    std::string text;
    int vocabSize = 0;
    bool letters = false; ///< NotATokenId: the model also reads A, B, C (usesLetters)
    std::size_t tokens = 0;
    int maxPositions = 0;
};

struct PromptReading {
    std::vector<int> ids; ///< the prompt's ids; empty when `problem` is set
    std::optional<PromptProblem> problem;
};

/// Reads `text` (UTF-8) into `model`'s token ids by the rule above. Never throws for a bad prompt.
PromptReading readPrompt(const CausalLm& model, std::string_view text);

/// The length part of the rule for ids from elsewhere (`--token-ids`): NoTokens for 0, TooLong when
/// `tokens` >= the model's maxPositions (> 0); nullopt when the prompt may be generated from.
std::optional<PromptProblem> checkPromptLength(const CausalLm& model, std::size_t tokens);

/// The most prompt tokens `model` can take and still generate one: fewer than its maxPositions (when it
/// has a limit) and no more than the memory budget allows for the prompt pass (CausalLm::checkMemory(n,
/// 0): attention maps layers x heads x n^2 x 4 B and logits n x vocab x 4 B each within the budget). 0 when
/// not even one token fits.
int promptTokensThatFit(const CausalLm& model);

/// What "keep the last N tokens" offers for a prompt refused for its length: by maxPositions (TooLong) or
/// by the memory budget.
struct PromptTail {
    std::size_t tokens = 0; ///< tokens the whole prompt reads into
    int keep = 0;           ///< N = promptTokensThatFit(model)
    std::vector<int> ids;   ///< the last N of them
    /// A prompt to type instead: for a model with a tokenizer the decoded text of the last tokens when it
    /// reads back into at most N tokens (the tokenizer adds BOS again, so usually N - 1 are decoded);
    /// else "ids: " and the N ids separated by spaces.
    std::string text;
};

/// nullopt when `text` reads and fits, cannot be read at all (a bad id, no tokens) or not one token fits.
std::optional<PromptTail> promptTail(const CausalLm& model, std::string_view text);

/// The problem in English, for the command line, e.g. "prompt word 3 ('7') is not a token id in
/// [0, 3) nor A, B or C; this model has no tokenizer (or the prompt starts with 'ids:'), so the prompt
/// is token ids separated by spaces".
std::string describePromptProblem(const PromptProblem& problem);

} // namespace attn::hf
