#pragma once
// Every figure a long-context pass keeps (attn/long_context/long_context_pass.hpp, issue 56) checked
// against full attention maps of the same inputs: shared by the GPT-2 and Llama tests of
// forwardLongContext.

#include <algorithm>
#include <attn/analysis/head_metrics.hpp>
#include <attn/long_context/long_context_pass.hpp>
#include <attn/matrix.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <numeric>
#include <span>
#include <string>
#include <vector>

namespace testlc {

/// 1e-5 relative + 1e-7 absolute: only the attention kernel's rounding differs from the full maps (SIMD
/// tiles and exp(s - LSE) against Eigen's product and exp(s - max) / sum).
inline bool close(double a, double b) {
    return std::abs(a - b) <= 1e-5 * std::max(std::abs(a), std::abs(b)) + 1e-7;
}

// Every kept figure of `pass` against the full maps `maps` ([layer][head] T x T): per-row figures,
// top-k keys and probabilities (ties to the lower key), every pyramid level, and an exact tile.
inline void expectSummariesOfMaps(const attn::long_context::LongContextPass& pass,
                                  const attn::AttentionStack& maps, int finest, int topK) {
    using attn::Matrix;
    using Index = Eigen::Index;
    const Index T = pass.length;
    for (std::size_t l = 0; l < maps.size(); ++l)
        for (std::size_t h = 0; h < maps[l].size(); ++h) {
            SCOPED_TRACE("layer " + std::to_string(l) + " head " + std::to_string(h));
            const Matrix& a = maps[l][h];
            const auto& s = pass.head(static_cast<int>(l), static_cast<int>(h));
            for (Index r = 0; r < T; ++r) {
                const auto f = attn::analysis::rowFigures(
                    std::span<const float>(a.row(r).data(), static_cast<std::size_t>(T)), static_cast<int>(r),
                    {});
                ASSERT_TRUE(close(s.first(r), f.sink))
                    << "row " << r << ": " << s.first(r) << " vs " << f.sink;
                ASSERT_TRUE(close(s.previous(r), f.previous)) << "row " << r;
                ASSERT_TRUE(close(s.self(r), f.self)) << "row " << r;
                ASSERT_NEAR(s.entropy(r), f.entropy, 5e-5) << "row " << r;
                std::vector<int> order(static_cast<std::size_t>(r + 1));
                std::iota(order.begin(), order.end(), 0);
                std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return a(r, x) > a(r, y); });
                const auto keys = s.topK.rowKeys(static_cast<int>(r));
                const auto probs = s.topK.rowProbabilities(static_cast<int>(r));
                for (Index slot = 0; slot < topK; ++slot) {
                    const auto u = static_cast<std::size_t>(slot);
                    if (slot > r) { // fewer candidates than slots
                        ASSERT_EQ(keys[u], -1) << "row " << r << " slot " << slot;
                        continue;
                    }
                    ASSERT_EQ(keys[u], order[u]) << "row " << r << " slot " << slot;
                    ASSERT_TRUE(close(probs[u], a(r, order[u]))) << "row " << r << " slot " << slot;
                }
            }
            ASSERT_FALSE(s.pyramid.levels.empty());
            ASSERT_EQ(s.pyramid.levels.front().blocks, std::min<Index>(T, finest));
            for (const auto& level : s.pyramid.levels) {
                const Index n = level.blocks;
                for (Index bi = 0; bi < n; ++bi)
                    for (Index bj = 0; bj < n; ++bj) {
                        const Index i0 = bi * T / n, i1 = (bi + 1) * T / n, j0 = bj * T / n,
                                    j1 = (bj + 1) * T / n;
                        const auto block = a.block(i0, j0, i1 - i0, j1 - j0);
                        ASSERT_TRUE(close(level.max(bi, bj), block.maxCoeff()))
                            << "level " << n << " block " << bi << ", " << bj;
                        ASSERT_TRUE(close(level.mean(bi, bj),
                                          block.cast<double>().sum() / static_cast<double>(block.size())))
                            << "level " << n << " block " << bi << ", " << bj;
                    }
            }
            const Index r0 = T / 3, c0 = T / 5;
            const Matrix tile = pass.tile(static_cast<int>(l), static_cast<int>(h), r0,
                                          std::min<Index>(T, r0 + 64), c0, std::min<Index>(T, c0 + 80));
            for (Index i = 0; i < tile.rows(); ++i)
                for (Index j = 0; j < tile.cols(); ++j)
                    ASSERT_TRUE(close(tile(i, j), a(r0 + i, c0 + j)))
                        << "tile cell " << r0 + i << ", " << c0 + j << ": " << tile(i, j) << " vs "
                        << a(r0 + i, c0 + j);
        }
}

} // namespace testlc
