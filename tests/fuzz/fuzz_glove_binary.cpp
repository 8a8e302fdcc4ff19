// The binary word-vector format and the text cache. The input is read as a binary file (mapped and
// from memory: both must agree); when it is not one, it is opened as text twice through the cache:
// the second open must come from the cache (no "unusable cache entry") with the same words and bits.
#include "harness.hpp"

#include <attn/glove/loader.hpp>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "vectors.bin", fuzz::asText(data, size));
    attn::glove::ReadOptions o;
    o.threads = 1;
    if (attn::glove::isBinaryFile(path)) {
        const bool mapped = fuzz::accept([&] { attn::glove::readBinary(path, o); });
        std::vector<std::byte> copy(size); // 8-byte aligned by operator new
        if (size)
            std::memcpy(copy.data(), data, size);
        const bool memory = fuzz::accept([&] {
            const auto e = attn::glove::readBinaryMemory(copy, "vectors.bin", {}, o);
            if (e->size())
                e->nearest(e->row(0), 2);
        });
        if (mapped != memory)
            fuzz::finding("readBinary and readBinaryMemory disagree on the same bytes");
        return 0;
    }
    std::vector<std::string> warnings;
    attn::glove::OpenOptions oo;
    oo.read = o;
    oo.read.warnings = &warnings;
    oo.cacheDir = fuzz::workDir() / "cache";
    attn::glove::EmbeddingsPtr first;
    if (!fuzz::accept([&] { first = attn::glove::open(path, oo); }))
        return 0;
    warnings.clear();
    attn::glove::EmbeddingsPtr second;
    if (!fuzz::accept([&] { second = attn::glove::open(path, oo); }))
        fuzz::finding("a text file that parsed once fails the second time");
    for (const auto& w : warnings)
        if (w.find("unusable cache entry") != std::string::npos ||
            w.find("could not write") != std::string::npos)
            fuzz::finding("the cache was not reused: " + w);
    if (first->size() != second->size() || first->dim() != second->dim() ||
        first->words() != second->words() ||
        std::memcmp(first->row(0).data(), second->row(0).data(), first->size() * first->dim() * 4) != 0)
        fuzz::finding("the cached set differs from the parsed text");
    return 0;
}
