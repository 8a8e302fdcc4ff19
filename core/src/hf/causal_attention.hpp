#pragma once
// Internal: causal multi-head attention over a KV cache, shared by the decoder families.
//
//   for query row i (absolute position past + i) and head h (key/value head g = h / (H / KV)):
//     S_h[i, j] = q_h[i] . k_g[j] * scale   for j <= past + i
//     A_h[i, :] = softmax(S_h[i, 0 .. past+i]), A_h[i, j] = 0 exactly for j > past + i
//     out_h[i]  = sum_j A_h[i, j] v_g[j]

#include <attn/matrix.hpp>
#include <vector>

namespace attn::hf::detail {

/// q: n x (H*hs); kCache, vCache: rows [0, past+n) valid, (KV*hs) columns. out: n x (H*hs);
/// maps: H matrices n x (past+n).
void causalAttention(const Matrix& q, const Matrix& kCache, const Matrix& vCache, int past, int nHeads,
                     int nKv, int headSize, float scale, Matrix& out, std::vector<Matrix>& maps);

} // namespace attn::hf::detail
