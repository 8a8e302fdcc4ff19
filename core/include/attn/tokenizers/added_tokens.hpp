#pragma once
// Added tokens (tokenizer.json "added_tokens", tokenizer_config.json's special tokens) split out of the
// text before the model's own tokenisation, with the flags of the Hugging Face `tokenizers` library's
// AddedToken (tokenizers/src/tokenizer/added_vocabulary.rs):
//   - special      dropped by decode() (transformers' skip_special_tokens); ordinary added tokens stay
//   - single_word  a match with a word character (\w: letters, marks, digits, connector punctuation)
//                  right before or right after it is not a match
//   - lstrip       the match takes the whitespace before it (not what an earlier match already took)
//   - rstrip       the match takes the whitespace after it
//   - normalized   false: matched in the raw text (first pass); true: matched in the normalised text of
//                  what the first pass left, against the token's own normalised content (second pass)
// Each pass finds matches left to right, the longest token at the leftmost position first (the library's
// Aho-Corasick LeftmostLongest); a match discarded by single_word is skipped, not retried shorter.

#include <functional>
#include <string>
#include <vector>

namespace attn::tokenizers {

struct AddedToken {
    int id = -1;
    std::string content;
    bool special = true;
    bool singleWord = false, lstrip = false, rstrip = false;
    bool normalized = false;
};

/// A stretch of text: an added token (id >= 0, text = what it took, stripped whitespace included) or
/// ordinary text for the model (id -1; already normalised when a normaliser was given).
struct TextSegment {
    std::string text;
    int id = -1;
};

class AddedTokenSplitter {
public:
    using Normalizer = std::function<std::string(const std::string&)>;
    AddedTokenSplitter() = default;
    /// `normalize` (may be empty: identity) is applied to the contents of normalized tokens here and to
    /// the ordinary text in split(). Tokens with empty content are ignored.
    AddedTokenSplitter(std::vector<AddedToken> tokens, Normalizer normalize);

    /// The two passes over `text`. Ordinary segments are never empty.
    std::vector<TextSegment> split(const std::string& text) const;
    bool empty() const { return raw_.empty() && normalizedTokens_.empty(); }
    bool isSpecial(int id) const;
    const std::vector<AddedToken>& tokens() const { return all_; }

private:
    struct Entry {
        std::string pattern; // content (raw pass) or normalised content (second pass)
        std::size_t token;   // index into all_
    };
    void pass(const std::string& text, const std::vector<Entry>& set, std::vector<TextSegment>& out) const;

    std::vector<AddedToken> all_;
    std::vector<Entry> raw_, normalizedTokens_;
    Normalizer normalize_;
};

} // namespace attn::tokenizers
