// SentencePiece tokenizer.model through libsentencepiece (the project's reader, not a protobuf parser
// of its own): section 0 is the model, section 1 (optional) tokenizer_config.json. A model that loads
// must encode a few texts into ids inside its vocabulary, give one readable label per id, and decode.
#include "harness.hpp"

#include <attn/tokenizers/sentencepiece_tokenizer.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto parts = fuzz::sections(fuzz::asText(data, size));
    fuzz::writeFile(fuzz::workDir() / "tokenizer.model", parts[0]);
    if (parts.size() > 1)
        fuzz::writeFile(fuzz::workDir() / "tokenizer_config.json", parts[1]);
    std::shared_ptr<const attn::tokenizers::SentencePiece> tok;
    if (!fuzz::accept([&] { tok = attn::tokenizers::SentencePiece::load(fuzz::workDir()); }))
        return 0;
    const int n = tok->vocabSize();
    if (n <= 0)
        fuzz::finding("a SentencePiece model with no pieces was accepted");
    for (const std::string text : {"Hello, world! It's", "  注意 🙂\n\t", "\xFF\xC3", "<s>x</s>", ""}) {
        std::vector<int> ids;
        if (!fuzz::accept([&] { ids = tok->encode(text); }))
            continue;
        for (int id : ids)
            if (id < 0 || id >= n)
                fuzz::finding("encode gave an id outside the vocabulary");
        if (tok->readable(ids).size() != ids.size())
            fuzz::finding("readable() is not one label per id");
        fuzz::accept([&] { (void)tok->decode(ids); });
    }
    fuzz::accept([&] { (void)tok->decode({-1, n, 0, n - 1}); }); // out-of-range ids: an error, not a crash
    for (int id : {-1, 0, n - 1, n})
        (void)tok->piece(id);
    return 0;
}
