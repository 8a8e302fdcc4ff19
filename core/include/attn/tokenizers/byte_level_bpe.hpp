#pragma once
// GPT-2's byte-level BPE (openai/gpt-2 src/encoder.py; transformers' GPT2Tokenizer) from vocab.json
// ({"token": id}) + merges.txt ("#version" line, then one "a b" merge per line, best first) +
// tokenizer_config.json, or from the same parts of a tokenizer.json (ByteLevel pre-tokenizer):
//   1. special tokens (bos/eos/unk/pad of tokenizer_config.json that are in the vocabulary, and
//      tokenizer.json's added tokens) are split out of the text first and become their own ids
//   2. every other stretch is pre-tokenised as GPT-2's regex does
//        's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//      (contractions in lower case only; of several spaces before a word the last stays with the word;
//      Unicode categories and White_Space from ICU; invalid UTF-8 becomes U+FFFD first)
//   3. each piece's UTF-8 bytes become characters through GPT-2's byte -> unicode map (printable
//      Latin-1 bytes stand for themselves, the other 68 bytes for U+0100 + n: a space is "Ġ")
//   4. merges by rank (lowest first), then vocabulary ids; a piece outside the vocabulary takes
//      unk_token's id (never happens when the 256 byte characters are in the vocabulary)
// With a tokenizer.json, step 1 follows the added tokens' flags (AddedTokenSplitter), step 2 may be the
// file's own pre-tokenizer (Split regex + ByteLevel(use_regex = false), as Llama 3 writes), and
// ignore_merges (Llama 3) looks a whole piece up in the vocabulary before merging.
// No BOS unless add_bos_token is true. decode() maps the characters back to bytes (special tokens
// dropped, invalid UTF-8 shown as U+FFFD); readable() shows each token's bytes as UTF-8 ("Ġthe" ->
// " the", a CJK character split over two tokens shown whole on both).

#include <attn/tokenizers/added_tokens.hpp>
#include <attn/tokenizers/pre_tokenizer.hpp>
#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace attn::tokenizers {

namespace detail {
class BpeMerges;
}

struct ByteLevelBpeParts {
    std::vector<std::string> vocab;                          // id -> token ("" for an unused id)
    std::vector<std::pair<std::string, std::string>> merges; // best first
    std::vector<std::size_t> mergeLines;                     // line of each merge in `mergesFile` (or 0)
    std::string vocabFile, mergesFile;                       // for error messages
    std::vector<std::string> specials;                       // split out of the text whole
    std::vector<AddedToken> added;                           // tokenizer.json added_tokens, with flags
    std::shared_ptr<const PreTokenizer> preTokenizer;        // null: GPT-2's regex (step 2)
    bool ignoreMerges = false;                               // a piece in the vocabulary is one token
    std::string unk;                                         // "" = none
    bool addPrefixSpace = false;                             // a space before text that has none
    std::vector<int> prefixIds, suffixIds;                   // around every encode (e.g. BOS)
};

class ByteLevelBpe : public Tokenizer {
public:
    /// vocab.json + merges.txt (+ tokenizer_config.json) of `dir`. Errors name the file and the line
    /// (merges.txt) or the key / byte offset (vocab.json).
    static std::shared_ptr<ByteLevelBpe> load(const std::filesystem::path& dir);
    /// Checks that every merge's two tokens and their concatenation are in the vocabulary (error
    /// naming mergesFile and line) and that prefix/suffix ids are in range.
    explicit ByteLevelBpe(ByteLevelBpeParts parts);
    ~ByteLevelBpe() override;

    std::vector<int> encode(const std::string& text) const override;
    std::string decode(const std::vector<int>& ids) const override;
    std::string piece(int id) const override;
    int vocabSize() const override { return static_cast<int>(vocab_.size()); }
    int idOf(const std::string& pieceText) const override;
    std::vector<std::string> readable(const std::vector<int>& ids) const override;

    /// Step 2 alone: GPT-2's pre-tokenisation of `text` (UTF-8 pieces that concatenate to it).
    static std::vector<std::string> preTokenize(const std::string& text);
    /// Step 3 alone: bytes -> GPT-2's byte characters, and back (characters outside the map kept).
    static std::string bytesToUnicode(const std::string& bytes);
    static std::string unicodeToBytes(const std::string& mapped);

private:
    std::vector<int> encodeOrdinary(const std::string& text) const;

    std::vector<std::string> vocab_;
    std::unordered_map<std::string, int> ids_;
    std::unique_ptr<detail::BpeMerges> merges_;
    AddedTokenSplitter added_;
    std::unordered_set<int> specialIds_, addedIds_;
    std::shared_ptr<const PreTokenizer> pre_;
    bool ignoreMerges_ = false;
    int unkId_ = -1;
    bool addPrefixSpace_ = false;
    std::vector<int> prefixIds_, suffixIds_;
};

} // namespace attn::tokenizers
