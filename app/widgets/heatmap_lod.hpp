#pragma once
// Level of detail for HeatmapView: when a window of the matrix has more cells than the view has
// pixels, the view draws a pooled image (one value per pixel) instead of every cell.
//
// Pooling rule: a cell without a finite value (NaN = absent, +-inf = masked) is drawn in the "absent"
// colour, as HeatmapView draws it at full resolution. A pooled pixel is absent (NaN) only when every
// cell it covers is non-finite; otherwise it is the max (or the mean) over its finite cells. Cell c of a
// window of n cells pooled into p pixels belongs to pixel floor((c - first) * p / n), so every pixel covers
// either floor(n / p) or ceil(n / p) cells and no cell is dropped.
//
// Qt-free on purpose: the widget asks for pooled values, the tests check them against a hand count.

#include <attn/matrix.hpp>
#include <vector>

namespace heatmap_lod {

enum class Pooling { Max, Mean };

/// A half-open window of cells: rows [row0, row1), columns [col0, col1).
struct CellWindow {
    int row0 = 0, row1 = 0, col0 = 0, col1 = 0;
    int rows() const { return row1 - row0; }
    int cols() const { return col1 - col0; }
    bool operator==(const CellWindow&) const = default;
};

struct PooledImage {
    int width = 0, height = 0; // pixels: width <= window.cols(), height <= window.rows()
    std::vector<float> values; // height x width, row-major; NaN = absent
    float at(int y, int x) const { return values[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
};

/// Pools `window` of `m` into at most maxWidth x maxHeight pixels (fewer when the window has fewer
/// cells: then one pixel per cell). The window is clamped to the matrix.
PooledImage pool(const attn::Matrix& m, CellWindow window, int maxWidth, int maxHeight, Pooling how);

/// The pixel (0-based) that cell `cell` of a window [first, first + n) falls in when pooled to p pixels.
inline int pixelOf(int cell, int first, int n, int p) {
    return int((long long)(cell - first) * p / n);
}

/// Finite min and max of `m` (lo > hi when no cell is finite).
std::pair<double, double> finiteRange(const attn::Matrix& m);

} // namespace heatmap_lod
