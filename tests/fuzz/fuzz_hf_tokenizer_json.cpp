// tokenizer.json (+ tokenizer_config.json as a second section, fuzz::sections): every model and
// component the reader accepts. A tokenizer that loads must encode a few texts into ids inside its
// vocabulary and give one readable label per id.
#include "harness.hpp"

#include <attn/tokenizers/tokenizer_json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto parts = fuzz::sections(fuzz::asText(data, size));
    fuzz::writeFile(fuzz::workDir() / "tokenizer.json", parts[0]);
    if (parts.size() > 1)
        fuzz::writeFile(fuzz::workDir() / "tokenizer_config.json", parts[1]);
    std::shared_ptr<const attn::tokenizers::Tokenizer> tok;
    if (!fuzz::accept([&] { tok = attn::tokenizers::loadTokenizerJson(fuzz::workDir()); }))
        return 0;
    for (const std::string text : {"Hello, world! It's", "  注意 🙂\n\t", "\xFF\xC3", "<s>x</s>"}) {
        std::vector<int> ids;
        if (!fuzz::accept([&] { ids = tok->encode(text); }))
            continue;
        for (int id : ids)
            if (id < 0 || id >= tok->vocabSize())
                fuzz::finding("encode gave an id outside the vocabulary");
        if (tok->readable(ids).size() != ids.size())
            fuzz::finding("readable() is not one label per id");
        (void)tok->decode(ids);
    }
    return 0;
}
