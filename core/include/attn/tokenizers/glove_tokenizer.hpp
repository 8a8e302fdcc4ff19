#pragma once
// Sentence tokenizer matching the vocabulary of GloVe 6B (Wikipedia + Gigaword, lower-cased,
// Stanford/PTB-style tokens), so that typed sentences find their words:
//
//   "She's improved." -> she 's improved .      "Don't" -> do n't     "can't" -> ca n't
//   "3.5 well-known U.S. (x)" -> 3.5 well-known u.s. ( x )
//
// Rules: ASCII letters are lower-cased, other UTF-8 bytes are kept as they are; whitespace separates;
// leading/trailing punctuation becomes its own token ("..." stays one token); the clitics 's 're 've
// 'll 'd 'm and n't are split off (with ' or the typographic ’); "cannot" -> can not; a final period
// stays on abbreviations (u.s., mr., e.g.); '.' ',' ':' between digits and '-' '/' '&' '.' between
// letters or digits stay inside the word (3.5, 1,000, 10:30, well-known, and/or, at&t).

#include <string>
#include <string_view>
#include <vector>

namespace attn {

std::vector<std::string> tokenize(std::string_view text);

} // namespace attn
