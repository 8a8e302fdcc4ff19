#pragma once
// The two halves of attn::wordAlignment (models/model.hpp), for views that group only one side by
// words: the Translation page shades word chips from a decoding step or from a source piece.

#include <attn/models/model.hpp>

namespace attn {

/// Decoding steps x source words: each step's weights summed over a source word's pieces (eos left
/// out). Empty when the result has no alignment.
Matrix alignmentBySourceWord(const TranslationResult& r);
/// Output words x source tokens (eos included): an output word's row is the mean of its pieces' rows.
/// Empty when the result has no alignment.
Matrix alignmentByOutputWord(const TranslationResult& r);

} // namespace attn
