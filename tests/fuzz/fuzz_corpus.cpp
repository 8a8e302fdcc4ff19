// The head survey's text corpus (attn/analysis/text_corpus.hpp): readTextCorpus vs parseTextCorpus, then
// the same bytes under small limits and a `take` taken from the input's first bytes.
#include "harness.hpp"

#include <attn/analysis/text_corpus.hpp>
#include <optional>

namespace {

using attn::analysis::CorpusLimits;
using attn::analysis::TextCorpus;

/// Written here from RFC 3629 (not the reader's table): true when `s` is well-formed UTF-8.
bool wellFormed(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t n;
        std::uint32_t cp;
        if (b < 0x80) {
            n = 1;
            cp = b;
        } else if ((b & 0xE0) == 0xC0) {
            n = 2;
            cp = b & 0x1Fu;
        } else if ((b & 0xF0) == 0xE0) {
            n = 3;
            cp = b & 0x0Fu;
        } else if ((b & 0xF8) == 0xF0) {
            n = 4;
            cp = b & 0x07u;
        } else {
            return false;
        }
        if (s.size() - i < n)
            return false;
        for (std::size_t k = 1; k < n; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            if ((c & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (c & 0x3Fu);
        }
        static constexpr std::uint32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n;
    }
    return true;
}

void checkInvariants(const TextCorpus& c, std::string_view bytes, const CorpusLimits& limits,
                     std::size_t take) {
    if (c.inputs.empty())
        fuzz::finding("a corpus without inputs was accepted");
    if (c.inputs.size() > limits.maxInputs || (take > 0 && c.inputs.size() > take))
        fuzz::finding("more inputs than the limit or take");
    std::size_t previousLine = 0, at = 0;
    for (const auto& in : c.inputs) {
        if (in.line <= previousLine)
            fuzz::finding("line numbers do not increase");
        previousLine = in.line;
        if (in.text.empty() || in.text.find_first_not_of(" \t") == std::string::npos)
            fuzz::finding("a blank input");
        if (in.text.find('\n') != std::string::npos || in.text.find('\0') != std::string::npos)
            fuzz::finding("a newline or NUL inside an input");
        if (in.text.size() > limits.maxLineBytes)
            fuzz::finding("an input longer than maxLineBytes");
        if (!wellFormed(in.text))
            fuzz::finding("an input that is not well-formed UTF-8");
        const auto found = bytes.find(in.text, at);
        if (found == std::string_view::npos)
            fuzz::finding("an input that is not in the file, in order");
        at = found + in.text.size();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const std::string_view bytes = fuzz::asText(data, size);
    const auto path = fuzz::writeFile(fuzz::workDir() / "corpus.txt", bytes);

    std::optional<TextCorpus> fromFile, fromBytes;
    fuzz::accept([&] { fromFile = attn::analysis::readTextCorpus(path); });
    fuzz::accept([&] { fromBytes = attn::analysis::parseTextCorpus(bytes, path.string()); });
    if (fromFile.has_value() != fromBytes.has_value())
        fuzz::finding("readTextCorpus and parseTextCorpus disagree on whether the file is valid");
    if (fromFile) {
        if (fromFile->inputs.size() != fromBytes->inputs.size() ||
            fromFile->skippedBlank != fromBytes->skippedBlank)
            fuzz::finding("readTextCorpus and parseTextCorpus read different inputs");
        for (std::size_t i = 0; i < fromFile->inputs.size(); ++i)
            if (fromFile->inputs[i].text != fromBytes->inputs[i].text ||
                fromFile->inputs[i].line != fromBytes->inputs[i].line)
                fuzz::finding("readTextCorpus and parseTextCorpus read different inputs");
        checkInvariants(*fromFile, bytes, CorpusLimits{}, 0);
    }

    // Small limits and a take from the first three bytes: what is accepted stays within them, and a
    // take of the valid file is its first inputs.
    if (size >= 3) {
        CorpusLimits small;
        small.maxInputs = 1 + data[0] % 8;
        small.maxLineBytes = 1 + data[1] % 64;
        small.maxBytes = size;
        const std::size_t take = data[2] % 5;
        fuzz::accept([&] {
            const TextCorpus c = attn::analysis::parseTextCorpus(bytes, "small.txt", small, take);
            checkInvariants(c, bytes, small, take);
            if (fromBytes)
                for (std::size_t i = 0; i < c.inputs.size(); ++i)
                    if (i >= fromBytes->inputs.size() || c.inputs[i].text != fromBytes->inputs[i].text)
                        fuzz::finding("a take is not the first inputs of the whole file");
        });
    }
    return 0;
}
