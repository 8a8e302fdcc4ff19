// GloVe / word2vec text (readTextBuffer): accepted sets are searched once; the dimension limit holds.
#include "harness.hpp"

#include <attn/glove/loader.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    std::vector<std::string> warnings;
    attn::glove::ReadOptions o;
    o.threads = 1;
    o.warnings = &warnings;
    fuzz::accept([&] {
        const auto e = attn::glove::readTextBuffer(fuzz::asText(data, size), "vectors.txt", o);
        if (e->size() == 0 || e->dim() == 0 || e->dim() > attn::glove::kMaxDimensions)
            fuzz::finding("an empty set or one beyond the dimension limit was accepted");
        for (std::size_t r = 0; r < e->size(); ++r)
            if (e->lookup(e->word(r)) != r)
                fuzz::finding("a word does not find its own row");
        e->nearest(e->word(0), 3);
    });
    return 0;
}
