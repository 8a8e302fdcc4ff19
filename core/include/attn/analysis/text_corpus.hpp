#pragma once
// A text corpus for the head survey: one input per line, UTF-8 (an optional byte-order mark at the start
// is skipped), LF or CRLF line endings. Blank lines (only spaces and tabs) are skipped; every other line
// is one input, as written (its line ending removed).
//
//   const attn::analysis::TextCorpus c = attn::analysis::readTextCorpus("resources/corpora/x.txt");
//   for (const auto& in : c.inputs) survey(in.text);   // in.line: where it is in the file, from 1
//
// Limits, checked before anything is allocated for them: the file's size (maxBytes, from its size on disk
// before it is read), each line's length (maxLineBytes) and the number of inputs (maxInputs; the whole
// file is counted first). `take` > 0 keeps the first `take` inputs only, and then the count limit applies
// to those. Errors are CorpusError (an attn::Error) naming the file and, for a line, its number:
//   "corpus.txt:17: invalid UTF-8 (byte 0xC3 at column 5 does not start a complete character)"
//   "corpus.txt: 2,000,001 inputs, more than the limit of 100,000 (--limit takes the first N)"

#include <attn/error.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace attn::analysis {

class CorpusError : public Error {
public:
    using Error::Error;
};

struct CorpusLimits {
    std::uint64_t maxBytes = std::uint64_t{64} << 20; ///< the file (64 MiB)
    std::size_t maxLineBytes = 64 * 1024;             ///< one line without its ending (64 KiB)
    std::size_t maxInputs = 200000;                   ///< non-blank lines
};

struct CorpusInput {
    std::size_t line = 0; ///< 1-based line number in the file
    std::string text;
};

struct TextCorpus {
    std::string name; ///< the file as given (messages name it)
    std::vector<CorpusInput> inputs;
    std::size_t skippedBlank = 0; ///< blank lines (among those read)
};

/// Reads `path` by the rules above. Throws CorpusError (missing or unreadable file, a directory, a
/// limit, invalid UTF-8, a NUL byte, no input at all).
TextCorpus readTextCorpus(const std::filesystem::path& path, const CorpusLimits& limits = {},
                          std::size_t take = 0);
/// The same rules on bytes already in memory; `name` stands for the file in messages.
TextCorpus parseTextCorpus(std::string_view bytes, const std::string& name, const CorpusLimits& limits = {},
                           std::size_t take = 0);

} // namespace attn::analysis
