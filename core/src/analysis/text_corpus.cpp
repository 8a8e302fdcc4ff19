// Text corpus reader (attn/analysis/text_corpus.hpp).
#include <attn/analysis/text_corpus.hpp>
#include <attn/memory_budget.hpp>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace attn::analysis {

namespace {

[[noreturn]] void fail(const std::string& name, std::size_t line, const std::string& what) {
    throw CorpusError(name + ":" + std::to_string(line) + ": " + what, ErrorInfo{.path = name, .line = line});
}

[[noreturn]] void failFile(const std::string& name, const std::string& what, ErrorInfo info = {}) {
    info.path = name;
    throw CorpusError(name + ": " + what, std::move(info));
}

std::string hexByte(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", b);
    return buf;
}

/// Length of the valid UTF-8 character at s[i] (1-4), or 0 when none starts there (a stray continuation
/// byte, an overlong form, a surrogate, above U+10FFFF or cut off).
std::size_t utf8Length(std::string_view s, std::size_t i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        if (b0 == 0xE0)
            lo = 0xA0; // no overlong
        if (b0 == 0xED)
            hi = 0x9F; // no surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        if (b0 == 0xF0)
            lo = 0x90;
        if (b0 == 0xF4)
            hi = 0x8F; // <= U+10FFFF
    } else {
        return 0;
    }
    if (s.size() - i < n)
        return 0;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if (b1 < lo || b1 > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if (b < 0x80 || b > 0xBF)
            return 0;
    }
    return n;
}

bool blank(std::string_view line) {
    for (char c : line)
        if (c != ' ' && c != '\t')
            return false;
    return true;
}

/// Calls f(lineNumber, line) for every line of `bytes` (without its LF / CRLF ending).
template <class F> void forEachLine(std::string_view bytes, F&& f) {
    std::size_t line = 0, at = 0;
    while (at < bytes.size()) {
        const std::size_t end = bytes.find('\n', at);
        std::string_view text =
            bytes.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        if (!f(++line, text))
            return;
        if (end == std::string_view::npos)
            return;
        at = end + 1;
    }
}

} // namespace

TextCorpus parseTextCorpus(std::string_view bytes, const std::string& name, const CorpusLimits& limits,
                           std::size_t take) {
    if (bytes.size() > limits.maxBytes)
        failFile(name, withThousands(bytes.size()) + " bytes, more than the limit of " +
                           withThousands(limits.maxBytes) + " bytes");
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF")
        bytes.remove_prefix(3);

    // First pass: validate every line and count the inputs, so that the vector is sized once and a file
    // with too many inputs is refused before it is copied.
    std::size_t inputs = 0, blanks = 0;
    forEachLine(bytes, [&](std::size_t line, std::string_view text) {
        if (text.size() > limits.maxLineBytes)
            fail(name, line,
                 withThousands(text.size()) + " bytes, more than the limit of " +
                     withThousands(limits.maxLineBytes) + " bytes for one input");
        for (std::size_t i = 0; i < text.size();) {
            if (text[i] == '\0')
                fail(name, line, "NUL byte at column " + std::to_string(i + 1) + " (not a text file?)");
            const std::size_t n = utf8Length(text, i);
            if (n == 0)
                fail(name, line,
                     "invalid UTF-8 (byte " + hexByte(static_cast<unsigned char>(text[i])) + " at column " +
                         std::to_string(i + 1) + " does not start a complete character)");
            i += n;
        }
        if (blank(text)) {
            ++blanks;
            return true;
        }
        ++inputs;
        return take == 0 || inputs < take;
    });
    if (inputs > limits.maxInputs)
        failFile(name, withThousands(inputs) + " inputs, more than the limit of " +
                           withThousands(limits.maxInputs) +
                           (take == 0 ? " (--limit takes the first N)" : ""));
    if (inputs == 0)
        failFile(name, "no input (every line is blank)");

    TextCorpus c;
    c.name = name;
    c.skippedBlank = blanks;
    c.inputs.reserve(inputs);
    forEachLine(bytes, [&](std::size_t line, std::string_view text) {
        if (blank(text))
            return true;
        c.inputs.push_back({line, std::string(text)});
        return c.inputs.size() < inputs;
    });
    return c;
}

TextCorpus readTextCorpus(const std::filesystem::path& path, const CorpusLimits& limits, std::size_t take) {
    const std::string name = path.string();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        failFile(name, "no such file");
    if (std::filesystem::is_directory(status))
        failFile(name, "is a directory; a text corpus is a file with one input per line");
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec)
        failFile(name, "cannot read its size (" + ec.message() + ")");
    if (size > limits.maxBytes)
        failFile(name, withThousands(size) + " bytes, more than the limit of " +
                           withThousands(limits.maxBytes) + " bytes");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        failFile(name, "cannot open");
    std::string bytes(static_cast<std::size_t>(size), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got != size || in.peek() != std::char_traits<char>::eof())
        failFile(name, "changed while it was read (expected " + withThousands(size) + " bytes)");
    return parseTextCorpus(bytes, name, limits, take);
}

} // namespace attn::analysis
