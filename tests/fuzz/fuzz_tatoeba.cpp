// Tatoeba / Anki tab-separated sentence pairs.
#include "harness.hpp"

#include <attn/datasets/tatoeba.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "spa.txt", fuzz::asText(data, size));
    std::vector<std::string> warnings;
    fuzz::accept([&] {
        for (const auto& p : attn::datasets::readTatoeba(path, &warnings))
            if (p.source.empty() || p.target.empty() || p.source.find('\t') != std::string::npos ||
                p.target.find('\n') != std::string::npos)
                fuzz::finding("a sentence pair with an empty side or a separator inside");
    });
    return 0;
}
