#pragma once
// Internal: full multi-head attention, shared by the encoder families (BERT, ViT).
//
//   for head h:  A_h = softmax_rows(q_h k_hᵀ · scale),  out_h = A_h v_h
//   with a key mask (BERT's attention_mask): key columns j with keyAllowed[j] == 0 get weight exactly 0
//   (transformers adds finfo(float32).min to their scores, whose exp is 0 in float32)
//   (q_h, k_h, v_h: the h-th block of headSize columns)

#include <attn/matrix.hpp>
#include <cstdint>
#include <vector>

namespace attn::hf::detail {

/// q, k, v: T x (H*hs). Returns out: T x (H*hs), the heads side by side; maps: H matrices T x T.
/// keyAllowed: empty (every key) or T flags, at least one set.
Matrix bidirectionalAttention(const Matrix& q, const Matrix& k, const Matrix& v, int nHeads, int headSize,
                              float scale, std::vector<Matrix>& maps,
                              const std::vector<std::uint8_t>& keyAllowed = {});

} // namespace attn::hf::detail
