#include <attn/config.hpp>
#include <attn/tokenizers/byte_level_bpe.hpp>
#include <attn/tokenizers/load.hpp>
#include <attn/tokenizers/sentencepiece_tokenizer.hpp>
#include <attn/tokenizers/tokenizer_json.hpp>
#include <attn/tokenizers/wordpiece.hpp>

namespace attn::tokenizers {

namespace fs = std::filesystem;

std::shared_ptr<const Tokenizer> load(const fs::path& dir, const hf::HfConfig& config) {
    if (fs::exists(dir / "tokenizer.json"))
        return loadTokenizerJson(dir);
    const bool vocabJson = fs::exists(dir / "vocab.json"), merges = fs::exists(dir / "merges.txt");
    if (vocabJson != merges)
        throw ConfigError(
            dir.string() + ": " +
                (vocabJson ? "vocab.json without merges.txt" : "merges.txt without vocab.json") +
                " (GPT-2's byte-level BPE needs both)",
            ErrorInfo{.path = dir.string()});
    // The family's own tokenizer first, then whichever file is there.
    enum Kind { Bpe, Spm, WordPieceTxt };
    const auto type = config.modelType();
    std::vector<Kind> order = {Bpe, Spm, WordPieceTxt};
    if (type == "llama")
        order = {Spm, Bpe, WordPieceTxt};
    else if (type == "bert")
        order = {WordPieceTxt, Bpe, Spm};
    for (Kind k : order) {
        if (k == Bpe && vocabJson)
            return ByteLevelBpe::load(dir);
        if (k == Spm && fs::exists(dir / "tokenizer.model"))
            return SentencePiece::load(dir);
        if (k == WordPieceTxt && fs::exists(dir / "vocab.txt"))
            return WordPiece::load(dir);
    }
    return nullptr;
}

} // namespace attn::tokenizers
