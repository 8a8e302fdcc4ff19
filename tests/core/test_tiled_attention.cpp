// Tiled attention of one head (attn/long_context/tiled_attention.hpp) against the full map of core's
// attention() (attn/attention.hpp) on inputs short enough to hold it: the pyramid against pooling the
// full map block by block (computed here directly at each level, not by nesting), the top-k rows against
// sorting each full row (probability descending, ties to the lower key), exact tiles against the full
// map's cells, and LSE / entropy / first / previous / self against rowFigures of
// attn/analysis/head_metrics.hpp on the full rows. Shapes: T not a power of two, T below the strip
// height, T above the pyramid's finest size, causal and bidirectional, head widths on the SIMD kernel's
// path (multiples of its vector) and off it.

#include <algorithm>
#include <attn/analysis/head_metrics.hpp>
#include <attn/attention.hpp>
#include <attn/long_context/tiled_attention.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <numeric>
#include <random>

namespace {

using attn::Matrix;
using namespace attn::long_context;
using Index = Eigen::Index;

// Both sides are float32 softmaxes by the same formula, exp(s - max) * (1 / sum); the scores come from two
// kernels (Eigen's product there, the SIMD tiles here) that round differently, and a score's rounding
// error scales with its size: with standard-normal Q and K the cells agree to 1e-6 relative (at
// sigma = 1.5 the worst cell differs by 1.5e-6). The sanitizer build (-O1) contracts and orders the
// score sums differently again: there a cell of 2.3e-4 differed by 1.1e-6 relative (2.6e-10 absolute,
// T = 300, d = 16), so the bound that holds in every build the suite runs in is 2e-6.
constexpr double kRelative = 2e-6;
// Cells whose probability underflows below this are compared absolutely (relative rounding of exp
// near the denormal range is not meaningful).
constexpr double kTiny = 1e-30;

bool close(double a, double b, double rel = kRelative) {
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)) + kTiny;
}

Matrix randomMatrix(Index rows, Index cols, std::mt19937& rng, float sigma) {
    std::normal_distribution<float> n(0.0f, sigma);
    Matrix m(rows, cols);
    for (Index i = 0; i < m.size(); ++i)
        m.data()[i] = n(rng);
    return m;
}

attn::AttentionSteps fullMap(const Matrix& q, const Matrix& k, const Matrix& v, bool causal) {
    attn::AttentionOptions o;
    o.scoring = attn::Scoring::ScaledDot;
    if (causal) {
        o.mask = attn::Mask::Zero(q.rows(), k.rows());
        for (Index i = 0; i < q.rows(); ++i)
            o.mask.row(i).head(i + 1).setOnes();
    }
    return attn::attention(q, k, v, o);
}

struct Shape {
    Index T, d, dv;
    bool causal;
    int rowBlock, finest, coarsest;
};

void PrintTo(const Shape& s, std::ostream* os) {
    *os << "T=" << s.T << " d=" << s.d << " dv=" << s.dv << (s.causal ? " causal" : " bidirectional")
        << " rowBlock=" << s.rowBlock << " pyramid " << s.finest << ".." << s.coarsest;
}

class TiledAttentionShapes : public ::testing::TestWithParam<Shape> {};

TEST_P(TiledAttentionShapes, EqualsTheFullMap) {
    const Shape s = GetParam();
    std::mt19937 rng(static_cast<unsigned>(s.T * 131 + s.d));
    const Matrix q = randomMatrix(s.T, s.d, rng, 1.0f), k = randomMatrix(s.T, s.d, rng, 1.0f),
                 v = randomMatrix(s.T, s.dv, rng, 1.0f);
    const auto full = fullMap(q, k, v, s.causal);
    const Matrix& a = full.weights; // T x T

    TiledAttentionOptions o;
    o.causal = s.causal;
    o.rowBlock = s.rowBlock;
    o.pyramidFinest = s.finest;
    o.pyramidCoarsest = s.coarsest;
    o.topK = 8;
    Matrix out(s.T, s.dv);
    const HeadSummary h = tiledAttention(q, k, v, o, out);
    ASSERT_EQ(h.length, s.T);

    // The head's output A V.
    for (Index i = 0; i < out.size(); ++i)
        ASSERT_NEAR(out.data()[i], full.outputs.data()[i], 1e-5) << "output cell " << i;

    // Per row: LSE, and rowFigures' sink / previous / self / entropy on the full row.
    const attn::analysis::PositionLayout layout;
    for (Index r = 0; r < s.T; ++r) {
        const double lse =
            static_cast<double>(full.rowMax(r)) + std::log(static_cast<double>(full.rowSums(r)));
        EXPECT_NEAR(h.logSumExp(r), lse, 1e-6 * std::max(1.0, std::abs(lse))) << "row " << r;
        const auto f =
            attn::analysis::rowFigures(std::span<const float>(a.row(r).data(), static_cast<std::size_t>(s.T)),
                                       static_cast<int>(r), layout);
        EXPECT_TRUE(close(h.first(r), f.sink))
            << "first, row " << r << ": " << h.first(r) << " vs " << f.sink;
        EXPECT_TRUE(close(h.previous(r), f.previous)) << "previous, row " << r;
        EXPECT_TRUE(close(h.self(r), f.self)) << "self, row " << r;
        // Entropy is a difference of two sums over the row (LSE - sum a s): absolute tolerance.
        EXPECT_NEAR(h.entropy(r), f.entropy, 2e-5) << "entropy, row " << r;
    }

    // Every pyramid level equals pooling the full map over its blocks.
    const auto sizes = AttentionPyramid::levelSizes(static_cast<int>(s.T), s.finest, s.coarsest);
    ASSERT_EQ(h.pyramid.levels.size(), sizes.size());
    for (std::size_t l = 0; l < sizes.size(); ++l) {
        const auto& level = h.pyramid.levels[l];
        const Index n = sizes[l];
        ASSERT_EQ(level.blocks, n);
        for (Index bi = 0; bi < n; ++bi)
            for (Index bj = 0; bj < n; ++bj) {
                const Index i0 = bi * s.T / n, i1 = (bi + 1) * s.T / n, j0 = bj * s.T / n,
                            j1 = (bj + 1) * s.T / n;
                const auto block = a.block(i0, j0, i1 - i0, j1 - j0);
                const double mx = block.maxCoeff();
                const double mean = block.cast<double>().sum() / static_cast<double>(block.size());
                ASSERT_TRUE(close(level.max(bi, bj), mx)) << "level " << n << " block (" << bi << ", " << bj
                                                          << ") max " << level.max(bi, bj) << " vs " << mx;
                ASSERT_TRUE(close(level.mean(bi, bj), mean))
                    << "level " << n << " block (" << bi << ", " << bj << ") mean " << level.mean(bi, bj)
                    << " vs " << mean;
            }
    }

    // Top-8 of every row: the allowed keys sorted by probability, ties to the lower index.
    ASSERT_EQ(h.topK.k, 8);
    for (Index r = 0; r < s.T; ++r) {
        const Index n = s.causal ? r + 1 : s.T;
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return a(r, x) > a(r, y); });
        const auto keys = h.topK.rowKeys(static_cast<int>(r));
        const auto probs = h.topK.rowProbabilities(static_cast<int>(r));
        for (int slot = 0; slot < 8; ++slot) {
            if (slot >= n) {
                EXPECT_EQ(keys[static_cast<std::size_t>(slot)], -1) << "row " << r << " slot " << slot;
                continue;
            }
            const int want = order[static_cast<std::size_t>(slot)];
            ASSERT_EQ(keys[static_cast<std::size_t>(slot)], want) << "row " << r << " slot " << slot;
            EXPECT_TRUE(close(probs[static_cast<std::size_t>(slot)], a(r, want)))
                << "row " << r << " slot " << slot;
        }
    }

    // Exact tiles: corners, the diagonal, one straddling a strip boundary, and single cells.
    const std::vector<std::array<Index, 4>> tiles = {
        {0, std::min<Index>(s.T, 7), 0, std::min<Index>(s.T, 9)},
        {s.T / 3, std::min(s.T, s.T / 3 + 50), s.T / 4, std::min(s.T, s.T / 4 + 40)},
        {std::max<Index>(0, s.T - 256), s.T, std::max<Index>(0, s.T - 256), s.T},
        {s.T - 1, s.T, 0, 1},
        {s.T / 2, s.T / 2 + 1, s.T / 2, s.T / 2 + 1}};
    for (const auto& t : tiles) {
        const Matrix tile = exactTile(q, k, h, t[0], t[1], t[2], t[3]);
        ASSERT_EQ(tile.rows(), t[1] - t[0]);
        ASSERT_EQ(tile.cols(), t[3] - t[2]);
        for (Index i = 0; i < tile.rows(); ++i)
            for (Index j = 0; j < tile.cols(); ++j)
                ASSERT_TRUE(close(tile(i, j), a(t[0] + i, t[2] + j)))
                    << "tile cell (" << t[0] + i << ", " << t[2] + j << "): " << tile(i, j) << " vs "
                    << a(t[0] + i, t[2] + j);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, TiledAttentionShapes,
    ::testing::Values(Shape{5, 16, 16, true, 64, 1024, 64},   // T below the strip height and the pyramid
                      Shape{5, 16, 16, false, 64, 1024, 2},   // bidirectional; levels 5 only (odd)
                      Shape{37, 12, 8, false, 8, 1024, 4},    // off the SIMD values path, odd T
                      Shape{300, 16, 32, true, 64, 128, 16},  // 300 rows in 128 / 64 / 32 / 16 uneven blocks
                      Shape{300, 16, 32, false, 64, 128, 16}, // the same, bidirectional
                      Shape{130, 64, 64, false, 32, 64, 8},   // a Llama-wide head
                      Shape{1100, 16, 16, true, 64, 1024, 256}, // finest level 1,024 < T
                      Shape{257, 20, 16, true, 17, 256, 32}));  // strips of 17, T = 257

// Ties: duplicated key rows give bit-equal scores, so equal probabilities; the lower key comes first.
TEST(TiledAttentionTopK, TiesGoToTheLowerKey) {
    const Index T = 40, d = 16;
    std::mt19937 rng(7);
    Matrix q = randomMatrix(T, d, rng, 1.0f), k = randomMatrix(T, d, rng, 0.3f);
    const Matrix v = randomMatrix(T, d, rng, 1.0f);
    const Eigen::RowVectorXf strong = q.row(T - 1).normalized() * 6.0f; // the last query's top keys
    for (Index j : {3, 9, 21, 22, 30})
        k.row(j) = strong;
    q.row(0).setZero(); // row 0 bidirectional: every key equal -> keys 0 .. 7
    for (bool causal : {true, false}) {
        TiledAttentionOptions o;
        o.causal = causal;
        o.rowBlock = 16;
        Matrix out(T, d);
        const HeadSummary h = tiledAttention(q, k, v, o, out);
        const Matrix a = fullMap(q, k, v, causal).weights;
        for (Index r = 0; r < T; ++r) {
            const Index n = causal ? r + 1 : T;
            std::vector<int> order(static_cast<std::size_t>(n));
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return a(r, x) > a(r, y); });
            const auto keys = h.topK.rowKeys(static_cast<int>(r));
            for (Index slot = 0; slot < std::min<Index>(8, n); ++slot)
                ASSERT_EQ(keys[static_cast<std::size_t>(slot)], order[static_cast<std::size_t>(slot)])
                    << (causal ? "causal" : "bidirectional") << " row " << r << " slot " << slot;
        }
        if (!causal) {
            const auto keys = h.topK.rowKeys(0);
            EXPECT_EQ(std::vector<int>(keys.begin(), keys.end()), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        }
        const auto last = h.topK.rowKeys(static_cast<int>(T - 1));
        EXPECT_EQ(std::vector<int>(last.begin(), last.begin() + 5), (std::vector<int>{3, 9, 21, 22, 30}));
    }
}

TEST(TiledAttentionTopK, SelectTopKOrdersAndPads) {
    const std::vector<float> p = {0.1f, 0.3f, 0.3f, 0.05f, 0.25f};
    std::int32_t keys[8];
    float probs[8];
    selectTopK(p.data(), static_cast<Index>(p.size()), 8, keys, probs);
    EXPECT_EQ(std::vector<int>(keys, keys + 8), (std::vector<int>{1, 2, 4, 0, 3, -1, -1, -1}));
    selectTopK(p.data(), static_cast<Index>(p.size()), 2, keys, probs);
    EXPECT_EQ(std::vector<int>(keys, keys + 2), (std::vector<int>{1, 2}));
    EXPECT_EQ(probs[1], 0.3f);
}

TEST(TiledAttentionPyramid, LevelSizesFollowTheHalvingRule) {
    EXPECT_EQ(AttentionPyramid::levelSizes(16384), (std::vector<int>{1024, 512, 256, 128, 64}));
    EXPECT_EQ(AttentionPyramid::levelSizes(300, 1024, 64), (std::vector<int>{300, 150, 75}));
    EXPECT_EQ(AttentionPyramid::levelSizes(40, 1024, 64), (std::vector<int>{40}));
    EXPECT_THROW(AttentionPyramid::levelSizes(0), std::invalid_argument);
}

TEST(TiledAttentionTile, RefusesTilesOutsideTheMapOrTooLarge) {
    std::mt19937 rng(3);
    const Matrix q = randomMatrix(300, 16, rng, 1.0f), k = randomMatrix(300, 16, rng, 1.0f);
    Matrix none(300, 0);
    const HeadSummary h = tiledAttention(q, k, Matrix(300, 0), TiledAttentionOptions{}, none);
    EXPECT_THROW(exactTile(q, k, h, 0, 257, 0, 10), std::invalid_argument);
    EXPECT_THROW(exactTile(q, k, h, 0, 10, 290, 301), std::invalid_argument);
    EXPECT_THROW(exactTile(q, k, h, 5, 5, 0, 10), std::invalid_argument);
    EXPECT_THROW(exactTile(q.topRows(299), k.topRows(299), h, 0, 5, 0, 5), std::invalid_argument);
    EXPECT_EQ(exactTile(q, k, h, 0, 256, 44, 300).rows(), 256);
}

} // namespace
