#pragma once
// Base of the Hugging Face tokenizers (WordPiece, byte-level BPE, SentencePiece, tokenizer.json).
// encode() adds the special tokens the model expects ([CLS] ... [SEP], BOS) exactly as the tokenizer
// files say; decode() turns ids back into text; tokenText() is what a person sees for one id (byte-level
// "Ġ" shown as a space, "▁" as a space, "##" kept).

#include <string>
#include <vector>

namespace attn::tokenizers {

class Tokenizer {
public:
    virtual ~Tokenizer() = default;
    /// Ids of `text`, with the special tokens the model's files ask for.
    virtual std::vector<int> encode(const std::string& text) const = 0;
    /// Text of `ids` (special tokens dropped).
    virtual std::string decode(const std::vector<int>& ids) const = 0;
    /// The vocabulary entry of `id` as stored (e.g. "Ġthe", "▁the", "##ing"); "" when out of range.
    virtual std::string piece(int id) const = 0;
    virtual int vocabSize() const = 0;
    /// Readable labels for a sequence of ids, one per id. The default shows piece(id); byte-level
    /// tokenizers override it to join UTF-8 characters split across tokens.
    virtual std::vector<std::string> readable(const std::vector<int>& ids) const;
    /// Id of a special token by its text, -1 when absent.
    virtual int idOf(const std::string& pieceText) const = 0;

    /// Labels from the raw bytes each token stands for: every token shows the UTF-8 characters its
    /// bytes belong to, so a character whose bytes are split across tokens (a CJK character or an emoji
    /// in byte-level BPE or SentencePiece byte fallback) is shown whole on each of those tokens.
    /// Bytes that form no valid UTF-8 character are shown as U+FFFD. A token with no bytes shows "".
    static std::vector<std::string> joinSplitUtf8(const std::vector<std::string>& bytesPerToken);
};

} // namespace attn::tokenizers
