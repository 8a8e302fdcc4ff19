#include <attn/tokenizers/visible_label.hpp>

namespace attn::tokenizers {

std::string visibleLabel(const std::string& label) {
    if (label.empty())
        return "\xE2\x88\x85"; // ∅
    std::string out;
    bool onlySpaces = true;
    for (char c : label) {
        switch (c) {
        case '\n':
            out += "\xE2\x86\xB5"; // ↵
            break;
        case '\r':
            out += "\xE2\x90\x8D"; // ␍
            break;
        case '\t':
            out += "\xE2\x87\xA5"; // ⇥
            break;
        default:
            out += c;
            onlySpaces = onlySpaces && c == ' ';
        }
    }
    if (!onlySpaces)
        return out;
    std::string spaces;
    for (char c : out)
        spaces += c == ' ' ? std::string("\xE2\x90\xA3") : std::string(1, c); // ␣
    return spaces;
}

} // namespace attn::tokenizers
