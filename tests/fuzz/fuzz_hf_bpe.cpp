// GPT-2 byte-level BPE: vocab.json, merges.txt and tokenizer_config.json (three sections of the input,
// fuzz::sections). A tokenizer that loads must encode a few texts into ids inside its vocabulary and
// give one readable label per id.
#include "harness.hpp"

#include <attn/tokenizers/byte_level_bpe.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto parts = fuzz::sections(fuzz::asText(data, size));
    const char* names[] = {"vocab.json", "merges.txt", "tokenizer_config.json"};
    for (std::size_t i = 0; i < parts.size() && i < 3; ++i)
        fuzz::writeFile(fuzz::workDir() / names[i], parts[i]);
    std::shared_ptr<attn::tokenizers::ByteLevelBpe> tok;
    if (!fuzz::accept([&] { tok = attn::tokenizers::ByteLevelBpe::load(fuzz::workDir()); }))
        return 0;
    for (const std::string text : {"Hello, world! It's", "  注意 🙂\n\t", "\xFF\xC3", "<|endoftext|>x"}) {
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
