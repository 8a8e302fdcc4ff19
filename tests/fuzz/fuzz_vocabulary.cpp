// vocab.txt (Vocabulary::read) and the sentence tokenizer over the same bytes. Tokenizer
// invariants (attn/tokenizers/glove_tokenizer.hpp): no empty token, no ASCII whitespace or upper-case letter
// inside a token; every token of an accepted vocabulary finds its own id.
#include "harness.hpp"

#include <attn/models/vocabulary.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto text = fuzz::asText(data, size);
    const auto path = fuzz::writeFile(fuzz::workDir() / "vocab.txt", text);
    fuzz::accept([&] {
        const auto v = attn::Vocabulary::read(path);
        for (int id = 0; id < v.size(); ++id)
            if (v.find(v.token(id)) != id)
                fuzz::finding("a vocabulary token does not find its own id");
    });
    for (const auto& t : attn::tokenize(text)) {
        if (t.empty())
            fuzz::finding("the tokenizer produced an empty token");
        for (char c : t)
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' ||
                (c >= 'A' && c <= 'Z'))
                fuzz::finding("the tokenizer left whitespace or an upper-case letter in '" + t + "'");
    }
    return 0;
}
