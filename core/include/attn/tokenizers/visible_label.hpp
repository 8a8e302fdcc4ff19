#pragma once
// A token's label as a person can see it on a chip or an axis: a token that is only white space (GPT-2's
// "Ġ", SentencePiece's "▁", a byte-fallback newline) would otherwise be a blank chip.
//   - a newline, carriage return or tab anywhere shows as ↵ (U+21B5), ␍ (U+240D), ⇥ (U+21E5);
//   - in a label that is only spaces (after that), each space shows as ␣ (U+2423);
//   - an empty label shows as ∅ (U+2205).
// Other labels are returned unchanged (a leading space, as in " Once", stays a space). The command
// line's JSON keeps the tokenizer's own text: this is for display only.

#include <string>

namespace attn::tokenizers {

std::string visibleLabel(const std::string& label);

} // namespace attn::tokenizers
