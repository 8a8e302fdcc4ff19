// attnviz embeddings [--embeddings PATH] [--no-cache] --word WORD [--neighbours K] [--json OUT]
//
// Prints a word's vector and its cosine nearest neighbours. Without --embeddings the set follows the
// app's order minus the GUI's memory: the full set if installed (attn::glove::fullSetPath()), else the
// embedded default. The word is looked up as typed, then lower-cased (GloVe 6B is lower-case).
// Exit codes: 0 found, 1 out of vocabulary (still prints/writes the result with oov=true),
// 2 bad command line, 3 the embeddings could not be loaded.
// JSON keys: word, oov, dim, vector, neighbours [{word, cosine}]; added: set, size, matched.

#include "attn/glove/loader.hpp"
#include "cli/args.hpp"
#include "cli/commands.hpp"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <span>

namespace cli {
namespace {

// Shortest decimal that reads back as the same float32.
std::string shortest(float v) {
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, p) : std::string("nan");
}

// As a double whose shortest form is the float's shortest form, so JSON shows "-0.038194", not
// "-0.03819400072097778", and reading it back as float32 gives the file's value.
double jsonNumber(float v) {
    const std::string s = shortest(v);
    double d = 0;
    std::from_chars(s.data(), s.data() + s.size(), d);
    return d;
}

} // namespace

int runEmbeddings(const Argv& argv) {
    Args args("embeddings", "print a word's GloVe vector and its nearest neighbours");
    args.option("embeddings", "PATH",
                "GloVe/word2vec text file or attnviz binary set (default: full set if installed, else the "
                "embedded default)")
        .flag("no-cache", "neither read nor write the binary cache of a text file")
        .option("word", "WORD", "the word to look up (tried as typed, then lower-cased)", true)
        .option("neighbours", "K", "number of nearest neighbours by cosine (default 10; 0 = none)")
        .option("json", "OUT", "also write the result as JSON to OUT ('-' = stdout only JSON)");
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage()
                  << "\nExit status: 0 found, 1 out of vocabulary (reported, JSON oov=true), 2 bad usage, 3 "
                     "load error.\n";
        return 0;
    }
    auto k = args.integer("neighbours", 10, std::cerr);
    if (!k)
        return 2;
    if (*k < 0) {
        std::cerr << "attnviz embeddings: --neighbours must be >= 0\n";
        return 2;
    }
    const std::string word = *args.value("word");

    attn::glove::EmbeddingsPtr set;
    std::vector<std::string> warnings;
    try {
        if (auto path = args.value("embeddings")) {
            attn::glove::OpenOptions opt;
            opt.useCache = !args.has("no-cache");
            opt.read.warnings = &warnings;
            set = attn::glove::open(*path, opt);
        } else if (std::error_code ec; std::filesystem::exists(attn::glove::fullSetPath(), ec)) {
            attn::glove::ReadOptions opt;
            opt.warnings = &warnings;
            set = attn::glove::readBinary(attn::glove::fullSetPath(), opt);
        } else {
            set = attn::glove::embeddedDefault();
        }
    } catch (const std::exception& e) {
        std::cerr << "attnviz embeddings: " << e.what() << '\n';
        return 3;
    }
    for (const auto& w : warnings)
        std::cerr << "warning: " << w << '\n';

    const auto row = set->lookupFolded(word);
    const bool jsonToStdout = args.value("json") == std::optional<std::string>("-");
    nlohmann::json j;
    j["word"] = word;
    j["oov"] = !row.has_value();
    j["dim"] = set->dim();
    j["set"] = set->description();
    j["size"] = set->size();
    j["vector"] = nlohmann::json::array();
    j["neighbours"] = nlohmann::json::array();
    std::ostream& out = jsonToStdout ? std::cerr : std::cout;
    out << "set: " << set->description() << '\n';
    if (!row) {
        j["matched"] = nullptr;
        out << "'" << word << "' is out of vocabulary (no vector in this set)\n";
    } else {
        const auto matched = set->word(*row);
        j["matched"] = std::string(matched);
        out << "word: " << matched << " (row " << *row << ")\nvector (" << set->dim() << "):";
        for (float v : set->row(*row)) {
            out << ' ' << shortest(v);
            j["vector"].push_back(jsonNumber(v));
        }
        out << '\n';
        if (*k > 0) {
            const auto ns = set->nearest(set->row(*row), static_cast<std::size_t>(*k),
                                         std::span<const std::size_t>(&*row, 1));
            out << "nearest neighbours (cosine):\n";
            for (std::size_t i = 0; i < ns.size(); ++i) {
                char c[32];
                std::snprintf(c, sizeof c, "%.4f", static_cast<double>(ns[i].cosine));
                out << "  " << (i + 1) << ". " << ns[i].word << "  " << c << '\n';
                j["neighbours"].push_back({{"word", ns[i].word}, {"cosine", jsonNumber(ns[i].cosine)}});
            }
        }
    }
    if (auto path = args.value("json")) {
        // A word that is not UTF-8 is written with U+FFFD, not refused with nlohmann's type_error 316.
        const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
        if (jsonToStdout) {
            std::cout << text << '\n';
        } else {
            std::ofstream f(*path);
            f << text << '\n';
            if (!f) {
                std::cerr << "attnviz embeddings: cannot write " << *path << '\n';
                return 3;
            }
        }
    }
    return row ? 0 : 1;
}

} // namespace cli
