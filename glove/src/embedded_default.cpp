// The default vocabulary, compiled into every binary that links attn_glove.
//
// glove/data/glove-wink-100d-default.bin (made by glove/tools/make_default.sh) is pulled in with the
// assembler's .incbin, 64-byte aligned so that its float matrix can be used in place. The path comes
// from glove/CMakeLists.txt as ATTN_GLOVE_DEFAULT_BIN.

#include "detail.hpp"

#ifndef ATTN_GLOVE_DEFAULT_BIN
#error "ATTN_GLOVE_DEFAULT_BIN must name the embedded default set (see glove/CMakeLists.txt)"
#endif

asm(".pushsection .rodata.attn_glove_default,\"a\",@progbits\n"
    ".balign 64\n"
    ".globl attn_glove_default_begin\n"
    ".hidden attn_glove_default_begin\n"
    ".type attn_glove_default_begin, @object\n"
    "attn_glove_default_begin:\n"
    ".incbin \"" ATTN_GLOVE_DEFAULT_BIN "\"\n"
    ".globl attn_glove_default_end\n"
    ".hidden attn_glove_default_end\n"
    ".type attn_glove_default_end, @object\n"
    "attn_glove_default_end:\n"
    ".byte 0\n"
    ".popsection\n");

extern "C" const unsigned char attn_glove_default_begin[];
extern "C" const unsigned char attn_glove_default_end[];

namespace attn::glove {

std::span<const std::byte> embeddedDefaultBytes() {
    const auto* b = reinterpret_cast<const std::byte*>(attn_glove_default_begin);
    const auto* e = reinterpret_cast<const std::byte*>(attn_glove_default_end);
    return {b, static_cast<std::size_t>(e - b)};
}

EmbeddingsPtr embeddedDefault() {
    static const EmbeddingsPtr set = [] {
        auto bytes = embeddedDefaultBytes();
        return detail::readBinaryBytes(
            std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), "<embedded default>",
            "GloVe 6B 100d (embedded default)", "embedded", nullptr, {});
    }();
    return set;
}

} // namespace attn::glove
