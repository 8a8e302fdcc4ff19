#pragma once
// A SentencePiece tokenizer.model (Llama's tokenizer; transformers' LlamaTokenizer) through Debian's
// libsentencepiece — the model's own normaliser, its add_dummy_prefix / whitespace flags, byte
// fallback pieces "<0xC3>" and unknown pieces all behave as sentencepiece itself does. On top of it,
// as tokenizer_config.json says: BOS before the text when add_bos_token (true when absent, as
// LlamaTokenizer does), EOS after it when add_eos_token (false when absent).
// decode() is sentencepiece's (control pieces such as <s> dropped, "▁" back to spaces, byte pieces
// joined into UTF-8); readable() shows "▁" as a space and byte pieces as the UTF-8 characters they
// spell (a character split over several byte pieces is shown whole on each of them).

#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace attn::tokenizers {

class SentencePiece : public Tokenizer {
public:
    /// dir/tokenizer.model (+ dir/tokenizer_config.json). Errors name the file.
    static std::shared_ptr<SentencePiece> load(const std::filesystem::path& dir);
    /// A serialized ModelProto; `file` names it in errors.
    SentencePiece(const std::string& serialized, const std::string& file, bool addBos, bool addEos);
    ~SentencePiece() override;

    std::vector<int> encode(const std::string& text) const override;
    std::string decode(const std::vector<int>& ids) const override;
    std::string piece(int id) const override;
    int vocabSize() const override;
    int idOf(const std::string& pieceText) const override;
    std::vector<std::string> readable(const std::vector<int>& ids) const override;

    int bosId() const; // -1 when the model has none
    int eosId() const;
    bool addsBos() const { return addBos_; }

private:
    std::unique_ptr<sentencepiece::SentencePieceProcessor> sp_;
    std::string file_;
    bool addBos_ = true, addEos_ = false;
};

} // namespace attn::tokenizers
