#pragma once
// What a decoder's long-context forward keeps (issue 56) instead of its T x T maps and T x vocabulary
// logits, and the per-layer step that computes it (attendLayer). For every layer: the queries and keys as
// they were scored (after rotary positions), so that any cell of any head can be recomputed exactly; for
// every head a HeadSummary (attn/long_context/tiled_attention.hpp: LSEs, pyramid, top-k rows, per-row
// figures). Logits only for the positions asked for (the last one by default).
//
// Memory for T tokens, L layers, H heads of width hd on KV key heads (floats of 4 B):
//     Q and K            L T (H + KV) hd 4 B          (16,384 tokens, 8 x 8 x 64, KV = 8: 537 MB)
//     pyramids           L H (4/3) n_0^2 2 x 4 B     (n_0 = 1,024: 716 MB)
//     top-k rows         L H T k 8 B                 (k = 8: 67 MB)
//     per-row figures    L H T 7 x 4 B               (m, l, LSE, entropy, first, previous, self: 29 MB)
// plus, while a layer runs, one strip of rowBlock x T floats and one pyramid accumulator (12 MB) per thread.
//
// Thread safety: a finished LongContextPass is immutable; tile() may be called from any thread (a page's
// worker) while the GUI thread reads pyramid levels.

#include <attn/long_context/tiled_attention.hpp>
#include <cstdint>
#include <functional>
#include <vector>

namespace attn::long_context {

struct LongContextOptions {
    TiledAttentionOptions attention; ///< `causal` is set by the model (decoders: true)
    /// Positions whose logits are kept (each in [0, T)); empty = the last position only.
    std::vector<int> logitRows;
    /// Heads computed at once; 0 = std::thread::hardware_concurrency().
    int threads = 0;
    /// Called after each layer with (layers done, layers); returning false cancels (attn::Cancelled).
    std::function<bool(int, int)> progress;
};

struct LongContextLayer {
    Matrix queries;                 ///< T x H*hd  as scored (rotated for Llama)
    Matrix keys;                    ///< T x KV*hd as scored
    std::vector<HeadSummary> heads; ///< H
};

struct LongContextPass {
    int length = 0;  ///< T
    int heads = 0;   ///< H (query heads)
    int kvHeads = 0; ///< KV (key heads; head h reads key head h / (H / KV))
    int headDim = 0; ///< hd
    std::vector<LongContextLayer> layers;
    std::vector<int> logitRows; ///< the positions of `logits`' rows
    Matrix logits;              ///< logitRows.size() x vocab, before softmax

    const HeadSummary& head(int layer, int head) const;
    /// exactTile (rows r0 .. r1 - 1, keys c0 .. c1 - 1, at most kMaxTileSide per side) of one head.
    Matrix tile(int layer, int head, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0,
                Eigen::Index c1) const;
    /// Bytes held.
    std::size_t bytes() const;
};

/// Every head of one layer: q (T x H*hd), k and v (T x KV*hd), head h on key/value head h / (H / KV).
/// y (T x H*hd) receives the heads' outputs side by side. Heads run on options.threads threads.
std::vector<HeadSummary> attendLayer(const Matrix& q, const Matrix& k, const Matrix& v, int heads,
                                     int kvHeads, int headDim, const LongContextOptions& options, Matrix& y);

/// The bytes a LongContextPass of T tokens keeps (the table above) — for the memory budget's check.
std::uint64_t longContextBytes(int layers, int heads, int kvHeads, int headDim, int length,
                               const TiledAttentionOptions& options);

} // namespace attn::long_context
