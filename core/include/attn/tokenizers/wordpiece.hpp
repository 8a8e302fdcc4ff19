#pragma once
// BERT's tokenizer (transformers' BertTokenizer: BasicTokenizer + WordpieceTokenizer) from vocab.txt
// (one token per line, id = line number) and tokenizer_config.json:
//   1. delete U+0000, U+FFFD and control/format characters (category C*, except \t \n \r: a zero-width
//      space joins words); every whitespace (incl. NBSP, category Zs) becomes a space
//   2. CJK ideographs (the CJK Unified Ideograph blocks only) become tokens of their own
//   3. NFC, split on whitespace; when do_lower_case: lower-case, then (unless strip_accents is false)
//      NFD and drop non-spacing marks (Mn) — "ø" has no mark and stays; strip_accents true alone strips
//   4. split off every punctuation character (ASCII symbols and Unicode P*)
//   5. WordPiece: longest match first, "##" on continuations; a word longer than 100 characters or with
//      any piece that does not match becomes unk_token as a whole
//   6. [CLS] ... [SEP] (cls_token / sep_token; their ids come from vocab.txt)
// Before step 1 the special tokens are split out of the raw text, case-sensitively, as transformers'
// tokenizers do for every special token (unk/sep/pad/cls/mask in the vocabulary and
// tokenizer_config.json's added_tokens_decoder; tokenizer.json: its added_tokens with their flags):
// "[CLS] hello [SEP]" typed as text gives the [CLS] and [SEP] ids, unless tokenizer_config.json says
// "split_special_tokens": true. A word (after step 3's whitespace split) listed in never_split is kept
// whole: neither lower-cased nor split on punctuation, and looked up as it is ([UNK] when absent).
// Unicode properties, case mapping and normalisation come from ICU.

#include <attn/tokenizers/added_tokens.hpp>
#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace attn::tokenizers {

struct WordPieceOptions {
    bool doLowerCase = true;
    int stripAccents = -1; // -1 = follow do_lower_case, 0 = never, 1 = always
    bool tokenizeChineseChars = true;
    std::string unk = "[UNK]", cls = "[CLS]", sep = "[SEP]", pad = "[PAD]", mask = "[MASK]";
    int maxCharsPerWord = 100;
    std::vector<std::string> neverSplit; // tokenizer_config.json never_split
    std::vector<AddedToken> added;       // split out of the raw text first (see above)
    bool splitSpecialTokens = false;     // true: the special tokens are ordinary text
    bool normalizedAdded = false;        // tokenizer.json: normalized added tokens match normalised text
    bool configSpecials = true;          // unk/sep/pad/cls/mask are split out too (not for tokenizer.json)
};

class WordPiece : public Tokenizer {
public:
    /// Reads vocab.txt and (when present) tokenizer_config.json of `dir`. Errors name the file and line.
    static std::shared_ptr<WordPiece> load(const std::filesystem::path& dir);
    WordPiece(std::vector<std::string> vocab, WordPieceOptions options, const std::string& file);

    std::vector<int> encode(const std::string& text) const override;
    std::string decode(const std::vector<int>& ids) const override;
    std::string piece(int id) const override;
    int vocabSize() const override { return static_cast<int>(vocab_.size()); }
    int idOf(const std::string& pieceText) const override;

    /// Steps 1-3 without the split (BertNormalizer): the text normalized added tokens are matched in.
    static std::string normalize(const std::string& text, const WordPieceOptions& options);
    /// Steps 1-4: the words before WordPiece.
    std::vector<std::string> basicTokenize(const std::string& text) const;
    /// Step 5 on one word.
    std::vector<std::string> wordPieces(const std::string& word) const;

private:
    std::vector<std::string> vocab_;
    std::unordered_map<std::string, int> ids_;
    WordPieceOptions opt_;
    int unkId_ = -1, clsId_ = -1, sepId_ = -1;
    AddedTokenSplitter added_;
    std::unordered_set<std::string> neverSplit_;
    std::unordered_set<int> specialIds_;
};

} // namespace attn::tokenizers
