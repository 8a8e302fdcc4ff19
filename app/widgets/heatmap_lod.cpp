#include "widgets/heatmap_lod.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace heatmap_lod {

namespace {

// The dev build compiles with -O2, whose cost model vectorises only loops whose trip count is a known
// multiple of the vector width: the folds below run in fixed blocks of kBlock cells (vectorised), then
// a scalar tail. The same per-cell rule in both.
constexpr int kBlock = 16;

inline void foldMaxCell(float v, float& best, int& count) {
    const bool finite = (v - v) == 0.0f; // false for NaN and +-inf
    count += finite;
    best = finite && v > best ? v : best;
}

inline void foldMeanCell(float v, double& sum, int& count) {
    const bool finite = (v - v) == 0.0f;
    count += finite;
    sum += finite ? double(v) : 0.0;
}

/// best[c] / count[c] (or sum[c]) take in cell c of `row` (n cells).
void foldRow(const float* row, int n, Pooling how, float* best, double* sum, int* count) {
    int c = 0;
    if (how == Pooling::Max) {
        for (; c + kBlock <= n; c += kBlock)
            for (int k = 0; k < kBlock; ++k)
                foldMaxCell(row[c + k], best[c + k], count[c + k]);
        for (; c < n; ++c)
            foldMaxCell(row[c], best[c], count[c]);
    } else {
        for (; c + kBlock <= n; c += kBlock)
            for (int k = 0; k < kBlock; ++k)
                foldMeanCell(row[c + k], sum[c + k], count[c + k]);
        for (; c < n; ++c)
            foldMeanCell(row[c], sum[c], count[c]);
    }
}

/// starts[i] = the first of the n cells that falls in pixel i of p; starts[p] = n (pixelOf inverted).
std::vector<int> runStarts(int n, int p) {
    std::vector<int> starts(static_cast<std::size_t>(p) + 1, n);
    for (int c = n - 1; c >= 0; --c)
        starts[std::size_t(pixelOf(c, 0, n, p))] = c;
    return starts;
}

} // namespace

PooledImage pool(const attn::Matrix& m, CellWindow w, int maxWidth, int maxHeight, Pooling how) {
    w.row0 = std::clamp(w.row0, 0, int(m.rows()));
    w.row1 = std::clamp(w.row1, w.row0, int(m.rows()));
    w.col0 = std::clamp(w.col0, 0, int(m.cols()));
    w.col1 = std::clamp(w.col1, w.col0, int(m.cols()));
    PooledImage out;
    const int n = w.cols(), nr = w.rows();
    if (n == 0 || nr == 0 || maxWidth <= 0 || maxHeight <= 0)
        return out;
    out.width = std::min(n, maxWidth);
    out.height = std::min(nr, maxHeight);
    out.values.resize(std::size_t(out.width) * std::size_t(out.height));
    // Per pixel row: first fold its matrix rows cell by cell into one row of per-column accumulators
    // (contiguous, vectorised), then reduce each pixel's run of columns once. The per-pixel work is
    // done once per pixel row, not once per matrix row.
    const std::vector<int> columnStart = runStarts(n, out.width);
    const std::vector<int> rowStart = runStarts(nr, out.height);
    constexpr float kMinusInf = -std::numeric_limits<float>::infinity();
    std::vector<float> best(how == Pooling::Max ? std::size_t(n) : 0);
    std::vector<double> sum(how == Pooling::Mean ? std::size_t(n) : 0);
    std::vector<int> count(static_cast<std::size_t>(n));
    for (int y = 0; y < out.height; ++y) {
        std::fill(best.begin(), best.end(), kMinusInf);
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        for (int r = w.row0 + rowStart[std::size_t(y)]; r < w.row0 + rowStart[std::size_t(y) + 1]; ++r)
            foldRow(m.data() + std::size_t(r) * std::size_t(m.cols()) + std::size_t(w.col0), n, how,
                    best.data(), sum.data(), count.data());
        float* pixels = out.values.data() + std::size_t(y) * std::size_t(out.width);
        for (int x = 0; x < out.width; ++x) {
            int present = 0;
            float top = kMinusInf;
            double total = 0.0;
            for (int c = columnStart[std::size_t(x)]; c < columnStart[std::size_t(x) + 1]; ++c) {
                present += count[std::size_t(c)];
                if (how == Pooling::Max)
                    top = std::max(top, best[std::size_t(c)]);
                else
                    total += sum[std::size_t(c)];
            }
            pixels[x] = present == 0          ? std::numeric_limits<float>::quiet_NaN()
                        : how == Pooling::Max ? top
                                              : float(total / double(present));
        }
    }
    return out;
}

std::pair<double, double> finiteRange(const attn::Matrix& m) {
    // Branch-free and in blocks of kBlock (a 4,096^2 map is 16 million cells): a lane per position in
    // the block, reduced at the end.
    constexpr float inf = std::numeric_limits<float>::infinity();
    float lo[kBlock], hi[kBlock];
    std::fill(lo, lo + kBlock, inf);
    std::fill(hi, hi + kBlock, -inf);
    const float* p = m.data();
    const std::size_t size = std::size_t(m.size());
    const auto take = [](float v, float& low, float& high) {
        const bool finite = (v - v) == 0.0f; // false for NaN and +-inf
        low = finite && v < low ? v : low;
        high = finite && v > high ? v : high;
    };
    std::size_t i = 0;
    for (; i + kBlock <= size; i += kBlock)
        for (int k = 0; k < kBlock; ++k)
            take(p[i + std::size_t(k)], lo[k], hi[k]);
    for (; i < size; ++i)
        take(p[i], lo[0], hi[0]);
    return {double(*std::min_element(lo, lo + kBlock)), double(*std::max_element(hi, hi + kBlock))};
}

} // namespace heatmap_lod
