#pragma once
// The k most probable entries of softmax(logits), as a decoder's "next token" candidates:
//
//   p_i = exp(l_i - max_j l_j) / sum_j exp(l_j - max_j l_j)      over every entry of `logits`
//
// sorted by probability, highest first; ties keep the lower index first (as torch.topk does on CPU for
// distinct values; equal values are not ordered by PyTorch's contract).

#include <attn/matrix.hpp>
#include <utility>
#include <vector>

namespace attn {

/// (index, probability) of the min(k, size) most probable entries of softmax(logits). Throws
/// std::invalid_argument when k < 1, logits is empty or holds a non-finite value.
std::vector<std::pair<int, float>> softmaxTopK(const Vector& logits, int k);

/// log sum_j exp(l_j), computed as max + log(sum_j exp(l_j - max)): the log-probability of entry i under
/// softmax(logits) is l_i minus this. The exponentials are summed in float, as softmaxTopK sums them.
/// Throws std::invalid_argument when logits is empty or holds a non-finite value.
double logSoftmaxNormaliser(const Vector& logits);

} // namespace attn
