#include <attn/tokenizers/tokenizer.hpp>
#include <unicode/utf8.h>

namespace attn::tokenizers {

std::vector<std::string> Tokenizer::readable(const std::vector<int>& ids) const {
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (int id : ids)
        out.push_back(piece(id));
    return out;
}

std::vector<std::string> Tokenizer::joinSplitUtf8(const std::vector<std::string>& bytesPerToken) {
    std::string all;
    std::vector<std::size_t> start; // byte offset of each token in `all`
    for (const auto& b : bytesPerToken) {
        start.push_back(all.size());
        all += b;
    }
    // Characters of `all`: [begin, end) byte ranges and their text (U+FFFD for an invalid sequence).
    struct Char {
        std::size_t begin, end;
        std::string text;
    };
    std::vector<Char> chars;
    const auto* s = reinterpret_cast<const uint8_t*>(all.data());
    const auto n = static_cast<int32_t>(all.size());
    for (int32_t i = 0; i < n;) {
        const int32_t b = i;
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        chars.push_back({static_cast<std::size_t>(b), static_cast<std::size_t>(i),
                         c < 0 ? std::string("\xEF\xBF\xBD") : all.substr(b, i - b)});
    }
    std::vector<std::string> out(bytesPerToken.size());
    std::size_t ci = 0;
    for (std::size_t t = 0; t < bytesPerToken.size(); ++t) {
        const std::size_t b = start[t], e = b + bytesPerToken[t].size();
        if (b == e)
            continue;
        while (ci < chars.size() && chars[ci].end <= b)
            ++ci;
        for (std::size_t k = ci; k < chars.size() && chars[k].begin < e; ++k)
            out[t] += chars[k].text;
    }
    return out;
}

} // namespace attn::tokenizers
