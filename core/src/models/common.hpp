#pragma once
// Helpers shared by the model implementations (private to core/src/models).

#include <attn/config.hpp>
#include <attn/matrix.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace attn::detail {

/// Vaswani positions: pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(same); float64 then float,
/// as training/attnviz/models.py sinusoidal_table.
Matrix sinusoidalTable(int positions, int d);

/// softmax of logits (stable).
std::vector<float> softmax(const std::vector<float>& logits);

/// attn::tokenize (core/include/attn/tokenizers/glove_tokenizer.hpp): lower-cased, GloVe-style splits.
std::vector<std::string> tokenizeText(std::string_view text);

} // namespace attn::detail
