// USE lite's SentencePiece-unigram vocab.json (attn/tokenizers/sentencepiece_unigram.hpp): the input is
// the file. A vocabulary that loads must encode a few texts into ids inside it (never a reserved id
// other than 0, never two unknowns in a row), give one piece per id, and, when no id is unknown, pieces
// that spell the text exactly ("▁" + the text with spaces as "▁"; the texts are ASCII, so NFKC keeps
// them as they are).
#include "harness.hpp"

#include <attn/tokenizers/sentencepiece_unigram.hpp>
#include <optional>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using attn::tokenizers::SentencePieceUnigram;
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "vocab.json", fuzz::asText(data, size));
    std::optional<SentencePieceUnigram> tok;
    if (!fuzz::accept([&] { tok.emplace(SentencePieceUnigram::fromVocabJson(path)); }))
        return 0;
    const int n = tok->vocabularySize();
    if (n <= SentencePieceUnigram::kReservedIds ||
        static_cast<std::size_t>(n) > SentencePieceUnigram::kMaxPieces)
        fuzz::finding("a vocabulary of " + std::to_string(n) + " entries was accepted");
    if (!tok->encode("").empty())
        fuzz::finding("the empty text gave ids");
    for (const std::string text :
         {"Hello world", "a  b ", "x", "abc:30 :)", "  注意 🙂\n\t", "\xFF\xC3", "e\xCC\x81"}) {
        const auto ids = tok->encode(text);
        if (ids.empty())
            fuzz::finding("a non-empty text gave no ids");
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (ids[i] < 0 || ids[i] >= n)
                fuzz::finding("encode gave an id outside the vocabulary");
            if (ids[i] > 0 && ids[i] < SentencePieceUnigram::kReservedIds)
                fuzz::finding("encode gave a reserved id");
            if (i > 0 && ids[i] == 0 && ids[i - 1] == 0)
                fuzz::finding("two unknowns in a row were not merged");
        }
        const auto pieces = tok->pieces(ids);
        if (pieces.size() != ids.size())
            fuzz::finding("pieces() is not one piece per id");
        const bool ascii = std::all_of(text.begin(), text.end(), [](char c) {
            return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F;
        });
        if (ascii && std::find(ids.begin(), ids.end(), 0) == ids.end()) {
            std::string spelled, expected = "\xE2\x96\x81";
            for (const auto& p : pieces)
                spelled += p;
            for (char c : text)
                expected += c == ' ' ? std::string("\xE2\x96\x81") : std::string(1, c);
            if (spelled != expected)
                fuzz::finding("the pieces spell '" + spelled + "', not '" + expected + "'");
        }
    }
    (void)tok->pieces({-1, 0, n - 1, n});
    return 0;
}
