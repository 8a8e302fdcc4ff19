#pragma once
// A head's attention map pooled at several sizes, built from the true probabilities row by row while the
// tiled pass computes them (attn/long_context/tiled_attention.hpp), so that the T x T map never exists.
//
// Blocks. A level of n blocks per side covers T positions with block b = rows (and columns)
//
//     floor(b * T / n)  ..  floor((b + 1) * T / n) - 1
//
// (integer division; blocks differ in size by at most one position when n does not divide T). The finest
// level has n_0 = min(T, finest) blocks (finest = 1,024 by default: for T <= 1,024 every block is one
// cell, i.e. the level is the map itself). Each coarser level halves n while n is even and n / 2 >=
// coarsest (64 by default); halving nests exactly — block b of the n/2 level is blocks 2b and 2b + 1 of
// the n level, as floor(b * T / (n/2)) = floor(2b * T / n) — so every level is pooled from the true
// probabilities, not from a sampled cell. A level with n odd is the last one.
//
// Values. For block (I, J) with rows R_I and columns C_J:
//     max  = max over (i, j) in R_I x C_J of a_ij
//     mean = (sum over R_I x C_J of a_ij) / (|R_I| |C_J|)
// where a is the full softmax map: masked cells (a causal row's future keys) are 0 there and count as
// such, so both equal pooling the full T x T map (as a page showing the whole map would do).

#include <attn/matrix.hpp>
#include <cstddef>
#include <vector>

namespace attn::long_context {

/// First position of block b when n blocks cover T positions: floor(b * T / n) (b = n gives T).
inline Eigen::Index blockStart(Eigen::Index b, Eigen::Index length, Eigen::Index blocks) {
    return b * length / blocks;
}

struct PyramidLevel {
    int blocks = 0; ///< n: the level is n x n
    Matrix max;     ///< n x n  largest probability in each block
    Matrix mean;    ///< n x n  mean probability of each block (masked cells count as 0)
};

struct AttentionPyramid {
    int length = 0;                   ///< T
    std::vector<PyramidLevel> levels; ///< finest first; empty when the pyramid was not kept

    /// The level sizes for T (the rule above). Throws std::invalid_argument when length < 1 or
    /// finest < 1 or coarsest < 1.
    static std::vector<int> levelSizes(int length, int finest = 1024, int coarsest = 64);
    /// Bytes held by the levels.
    std::size_t bytes() const;
};

/// Accumulates the finest level of one head's pyramid from its probability rows, then derives the coarser
/// levels. Rows of the same finest block-row are first combined element-wise (max and sum over the rows:
/// vector operations), and pooled across columns once per block-row; rows may come in any order, but in
/// order they cost least. Memory: n_0^2 (float max + double sum) = 12 MB at n_0 = 1,024, and 2 T floats.
class PyramidBuilder {
public:
    PyramidBuilder(int length, int finest = 1024, int coarsest = 64);
    /// Query row `row` (0 <= row < T): p[0 .. cols) are its probabilities for keys 0 .. cols - 1
    /// (cols <= T); keys from cols on are 0 (masked).
    void addRow(int row, const float* p, Eigen::Index cols);
    /// The pyramid (call once, after every row was added).
    AttentionPyramid finish();

private:
    int length_ = 0;
    std::vector<int> sizes_;
    int n0_ = 0;
    std::vector<Eigen::Index> start_; // n0 + 1: block starts of the finest level
    std::vector<int> blockOf_;        // T: finest block of each position
    std::vector<float> max_;          // n0 x n0
    std::vector<double> sum_;         // n0 x n0
    int pending_ = -1;                // the finest block-row whose rows are combined in rowMax_ / rowSum_
    Eigen::Index pendingCols_ = 0;    // columns touched so far in that block-row
    Eigen::ArrayXf rowMax_, rowSum_;  // T: element-wise max / sum of that block-row's rows
    void flush();
};

} // namespace attn::long_context
