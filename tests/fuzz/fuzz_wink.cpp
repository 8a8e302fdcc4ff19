// The streaming wink-embeddings importer (binary and text output). Whatever it writes must read
// back; a failure leaves no temporary file behind and no descriptor open.
#include "harness.hpp"

#include <attn/glove/loader.hpp>
#include <attn/glove/wink_import.hpp>

namespace {

void expectOnly(const std::vector<std::string>& allowed) {
    for (const auto& e : std::filesystem::directory_iterator(fuzz::workDir())) {
        const std::string name = e.path().filename().string();
        if (std::find(allowed.begin(), allowed.end(), name) == allowed.end())
            fuzz::finding("file left behind: " + name);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto json = fuzz::writeFile(fuzz::workDir() / "package.json", fuzz::asText(data, size));
    attn::glove::WinkImportOptions opt;
    opt.maxWords = size > 0 ? data[0] % 4 : 0; // 0 = all
    attn::glove::WinkImportResult r;
    const bool binary =
        fuzz::accept([&] { r = attn::glove::importWinkToBinary(json, fuzz::workDir() / "out.bin", opt); });
    expectOnly(binary ? std::vector<std::string>{"package.json", "out.bin"}
                      : std::vector<std::string>{"package.json"});
    if (binary) {
        attn::glove::ReadOptions o;
        o.threads = 1;
        try {
            const auto e = attn::glove::readBinary(fuzz::workDir() / "out.bin", o);
            if (e->size() != r.words || e->dim() != r.dim)
                fuzz::finding("the imported binary does not hold what the importer reported");
        } catch (const attn::Error& e) {
            fuzz::finding(std::string("the importer wrote a binary its reader rejects: ") + e.what());
        }
    }
    const bool text =
        fuzz::accept([&] { attn::glove::importWinkToText(json, fuzz::workDir() / "out.txt", opt); });
    if (text != binary)
        fuzz::finding("the binary and text imports disagree on the same package");
    expectOnly(text ? std::vector<std::string>{"package.json", "out.bin", "out.txt"}
                    : std::vector<std::string>{"package.json"});
    return 0;
}
