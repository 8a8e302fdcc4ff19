#pragma once
// Internal: full (unmasked) multi-head attention, shared by the encoder families (BERT, ViT).
//
//   for head h:  A_h = softmax_rows(q_h k_hᵀ · scale),  out_h = A_h v_h
//   (q_h, k_h, v_h: the h-th block of headSize columns)

#include <attn/matrix.hpp>
#include <vector>

namespace attn::hf::detail {

/// q, k, v: T x (H*hs). Returns out: T x (H*hs), the heads side by side; maps: H matrices T x T.
Matrix bidirectionalAttention(const Matrix& q, const Matrix& k, const Matrix& v, int nHeads, int headSize,
                              float scale, std::vector<Matrix>& maps);

} // namespace attn::hf::detail
