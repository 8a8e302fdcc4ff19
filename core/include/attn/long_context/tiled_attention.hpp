#pragma once
// Scaled-dot attention of one head for long inputs (issue 56): the T x T map is never held. Query rows
// are taken in strips of `rowBlock` rows; a strip's scores against the keys it may see (rowBlock x T
// floats at most: 8 MB for 64 rows of 32,768 keys) are computed by the SIMD kernel of
// scaled_dot_simd.hpp, then
//
//   pass 1  per row q: m_q = max_j s_qj, l_q = sum_j exp(s_qj - m_q)                (allowed keys j only)
//   pass 2  per cell:  a_qj = exp(s_qj - m_q) * (1 / l_q)                             (0 on masked keys)
//
// with s = (Q K^T) * scale; the log-sum-exp is LSE_q = m_q + ln l_q. (a_qj = exp(s_qj - LSE_q) is the same
// number, but LSE_q rounded to float shifts every cell of the row by up to half an ulp of LSE_q — 5e-7
// relative at LSE = 8 — so the row is kept as (m_q, l_q): the formula of core's softmax, float for float.)
// While the strip's probabilities are in memory they are read by the bookkeeping and mixed with V
// (output = A V, the head's output for a decoder forward); then the strip is overwritten by the next one.
// Kept per head (HeadSummary): m_q, l_q and LSE_q for every row (so that any cell is recomputed exactly
// by exactTile from the kept Q and K), and optionally
//   - the pyramid of max- and mean-pooled maps (attn/long_context/attention_pyramid.hpp),
//   - the top-k keys of every row (attn/long_context/row_top_k.hpp),
//   - per row the weights on the first token, the previous token and itself, and the entropy, as
//     attn/analysis/head_metrics.hpp defines them (rowFigures' sink, previous, self, entropy: previous is 0
//     for row 0). The entropy is taken through the identity
//         -sum_j a_qj ln a_qj = LSE_q - sum_j a_qj s_qj       (ln a_qj = s_qj - LSE_q)
//     which needs no logarithm per cell (rowFigures' loop would cost more than the attention itself);
//     tests check both against rowFigures on the full map.
//
// Masking: causal (row q sees keys 0 .. q) or bidirectional (every key). Thread safety: tiledAttention
// and exactTile use only their arguments (and the kernel's thread-local key panel), so several threads may
// run heads at once, and a page may call exactTile on a finished head from any thread.

#include <attn/long_context/attention_pyramid.hpp>
#include <attn/long_context/row_top_k.hpp>
#include <attn/matrix.hpp>

namespace attn::long_context {

struct TiledAttentionOptions {
    bool causal = true;
    float scale = 0; ///< 0 = 1 / sqrt(d)
    bool keepPyramid = true;
    int pyramidFinest = 1024; ///< n_0 = min(T, this)
    int pyramidCoarsest = 64; ///< no level below this many blocks
    bool keepTopK = true;
    int topK = 8;
    bool keepRowFigures = true; ///< entropy, first, previous, self
    int rowBlock = 64;          ///< query rows per strip
};

/// What one head keeps of its T x T map.
struct HeadSummary {
    int length = 0; ///< T
    bool causal = true;
    float scale = 1;          ///< the scale the scores were multiplied by
    Vector rowMax;            ///< T  m_q: the largest scaled score of the row
    Vector rowSum;            ///< T  l_q = sum_j exp(s_qj - m_q) over the allowed keys
    Vector logSumExp;         ///< T  LSE_q = m_q + ln l_q (natural log)
    Vector entropy;           ///< T  nats (empty unless keepRowFigures)
    Vector first;             ///< T  a_q0
    Vector previous;          ///< T  a_q,q-1 (0 for q = 0)
    Vector self;              ///< T  a_qq
    AttentionPyramid pyramid; ///< levels empty unless keepPyramid
    RowTopK topK;             ///< k = 0 unless keepTopK

    /// Bytes held (what a page keeps per head).
    std::size_t bytes() const;
};

/// One head: q (T x d), k (T x d), v (T x d_v, or 0 columns for no output); output (T x d_v) receives
/// A V. Throws std::invalid_argument on mismatched shapes or options out of range.
HeadSummary tiledAttention(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                           const Eigen::Ref<const Matrix>& v, const TiledAttentionOptions& options,
                           Eigen::Ref<Matrix> output);

/// The largest tile exactTile computes per call, per side.
inline constexpr Eigen::Index kMaxTileSide = 256;

/// Cells a_ij for rows r0 .. r1 - 1 and keys c0 .. c1 - 1 of the head that produced `head` from the same
/// q and k: exp(s_ij - m_i) * (1 / l_i), exactly 0 on masked cells — the numbers of the full map (within
/// float rounding; same kernel, same bits as the forward's probabilities where the SIMD kernel is used). (r1
/// - r0) x (c1 - c0). Throws std::invalid_argument when the range is empty, outside [0, T) or wider than
/// kMaxTileSide, or when q / k do not match the head.
Matrix exactTile(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                 const HeadSummary& head, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0, Eigen::Index c1);

} // namespace attn::long_context
