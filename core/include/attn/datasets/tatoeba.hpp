#pragma once
// Reader for the tab-separated sentence-pair files of the Tatoeba / Anki exports
// (e.g. spa.txt from manythings.org): each line is
//   source TAB target [TAB attribution]
// UTF-8, LF or CRLF line endings. Empty lines are skipped (with a warning); any other line must
// have exactly 2 or 3 columns and non-empty source and target.

#include <attn/datasets/common.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace attn::datasets {

struct SentencePair {
    std::string source;
    std::string target;
    std::string attribution; // empty for 2-column files
};

/// Throws DatasetError "<path>:<line>: expected 2 or 3 tab-separated columns, found N" etc.
std::vector<SentencePair> readTatoeba(const std::filesystem::path& path, Warnings* warnings = nullptr);

} // namespace attn::datasets
