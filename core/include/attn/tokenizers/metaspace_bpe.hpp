#pragma once
// The BPE of Llama-family tokenizer.json files (SentencePiece converted by transformers): text with
// spaces as "▁" (Metaspace pre-tokenizer, or the older Prepend("▁") + Replace(" ", "▁") normaliser),
// BPE on Unicode characters by merge rank, characters outside the vocabulary as their UTF-8 bytes
// "<0xE4>" when byte_fallback is on (else unk_token, consecutive ones fused when fuse_unk), and the
// post-processor's special tokens around the ids (TemplateProcessing "<s> $A"). Special (added)
// tokens are split out of the text first (AddedTokenSplitter: special, single_word, lstrip, rstrip;
// ordinary added tokens are kept by decode()). decode() is the Llama decoder (▁ -> space, byte pieces
// joined, one leading space stripped when one was prepended, special tokens dropped).

#include <attn/tokenizers/added_tokens.hpp>
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

struct MetaspaceBpeParts {
    // Metaspace prepend_scheme (the replacement prepended unless the text starts with it: to every
    // stretch between special tokens, to the one at the start only, never), or the Prepend normaliser
    // (to every non-empty stretch, unconditionally: sentencepiece's add_dummy_prefix).
    enum class Prepend { Always, First, Never, Unconditional };
    std::vector<std::string> vocab;                          // id -> token ("" for an unused id)
    std::vector<std::pair<std::string, std::string>> merges; // best first
    std::string file;                                        // for error messages
    std::vector<std::string> specials;                       // split out of the text whole
    std::vector<AddedToken> added;                           // with their flags (matched in raw text)
    std::string unk;                                         // "" = none
    bool byteFallback = false, fuseUnk = false, ignoreMerges = false;
    std::string replacement = "\xE2\x96\x81"; // "▁"
    Prepend prepend = Prepend::First;
    bool splitWords = false; // Metaspace "split": each ▁-word separately
    std::vector<int> prefixIds, suffixIds;
};

class MetaspaceBpe : public Tokenizer {
public:
    /// Checks merges against the vocabulary (error naming the file and "model.merges[i]").
    explicit MetaspaceBpe(MetaspaceBpeParts parts);
    ~MetaspaceBpe() override;

    std::vector<int> encode(const std::string& text) const override;
    std::string decode(const std::vector<int>& ids) const override;
    std::string piece(int id) const override;
    int vocabSize() const override { return static_cast<int>(p_.vocab.size()); }
    int idOf(const std::string& pieceText) const override;
    std::vector<std::string> readable(const std::vector<int>& ids) const override;

private:
    void encodeWord(const std::string& word, std::vector<int>& ids) const;
    /// Raw bytes id stands for (byte pieces as their byte, ▁ as a space).
    std::string bytesOf(int id) const;

    MetaspaceBpeParts p_;
    std::unordered_map<std::string, int> ids_;
    std::unique_ptr<detail::BpeMerges> merges_;
    AddedTokenSplitter added_;
    std::unordered_set<int> specialIds_, addedIds_;
    int unkId_ = -1;
};

} // namespace attn::tokenizers
