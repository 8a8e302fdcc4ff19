#pragma once
// The Generate page's long-context run (issue 56): a Hugging Face decoder with hasLongContext() reads a
// prompt too long for whole maps (the memory budget, attn/memory_budget.hpp) — or any prompt when the
// user ticks "Long context" — through CausalLm::forwardLongContext on a worker. What the page keeps is
// core's LongContextPass (per head: the pyramid of max / mean pooled maps, the top-k keys of every row
// and the per-row figures; per layer the scored queries and keys, from which any tile is recomputed
// exactly). Nothing here computes attention: it picks which of core's numbers a view shows.

#include <QString>
#include <QStringList>
#include <attn/hf/head_patterns.hpp>
#include <attn/hf/model.hpp>
#include <attn/long_context/long_context_pass.hpp>
#include <functional>
#include <memory>
#include <vector>

struct LongContextSnapshot {
    std::shared_ptr<const attn::long_context::LongContextPass> pass;
    std::vector<int> ids;
    QStringList labels;                          ///< one per position (tokenLabels)
    std::vector<attn::hf::HeadPattern> patterns; ///< attn::long_context::headShares of each head, layer-major
    std::vector<attn::hf::TopEntry> next;        ///< the next token after the prompt: top 10
    QStringList nextLabels;                      ///< tokenLabels of `next`
    double seconds = 0;                          ///< the forward's wall time
    bool empty() const { return !pass; }
};

/// Runs the long-context forward of `ids` (on the calling thread: a worker). `progress(done, layers)`
/// returns false to cancel (attn::Cancelled is thrown).
LongContextSnapshot runLongContext(const attn::hf::CausalLm& model, const std::vector<int>& ids,
                                   const std::function<bool(int, int)>& progress);

/// The level of `pyramid` a view `pixels` wide shows: the finest whose blocks are at most `pixels`
/// (so that no pixel pools several blocks), else the coarsest. -1 when the pyramid has no level.
int levelForPixels(const attn::long_context::AttentionPyramid& pyramid, int pixels);

/// Rows [r0, r1) x keys [c0, c1) of an exact tile.
struct TileRange {
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    int rows() const { return r1 - r0; }
    int cols() const { return c1 - c0; }
    bool operator==(const TileRange&) const = default;
};

/// The tile of at most `side` x `side` cells (side <= kMaxTileSide) centred on rows [r0, r1) and keys
/// [c0, c1) (a block, or a zoomed window), clamped to [0, length).
TileRange tileAround(int length, int r0, int r1, int c0, int c1,
                     int side = static_cast<int>(attn::long_context::kMaxTileSide));
