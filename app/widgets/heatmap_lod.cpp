#include "widgets/heatmap_lod.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace heatmap_lod {

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
    const std::size_t pixels = std::size_t(out.width) * std::size_t(out.height);
    // Accumulators per pixel: max (or sum) over present cells, and how many cells were present.
    std::vector<float> acc(pixels, how == Pooling::Max ? -std::numeric_limits<float>::infinity() : 0.0f);
    std::vector<double> sum(how == Pooling::Mean ? pixels : 0, 0.0);
    std::vector<int> present(pixels, 0);
    // Pixel x covers the cells [runStart[x], runStart[x + 1]) of the window (pixelOf inverted).
    std::vector<int> runStart(static_cast<std::size_t>(out.width) + 1, n);
    for (int c = n - 1; c >= 0; --c)
        runStart[std::size_t(pixelOf(w.col0 + c, w.col0, n, out.width))] = c;
    for (int r = w.row0; r < w.row1; ++r) {
        const std::size_t base = std::size_t(pixelOf(r, w.row0, nr, out.height)) * std::size_t(out.width);
        const float* row = m.data() + std::size_t(r) * std::size_t(m.cols()) + std::size_t(w.col0);
        for (int x = 0; x < out.width; ++x) {
            const int a = runStart[std::size_t(x)], b = runStart[std::size_t(x) + 1];
            float best = -std::numeric_limits<float>::infinity();
            double total = 0.0;
            int count = 0;
            if (how == Pooling::Max) {
                for (int c = a; c < b; ++c) {
                    const float v = row[c];
                    const bool finite = (v - v) == 0.0f; // false for NaN and +-inf
                    count += finite;
                    best = finite && v > best ? v : best;
                }
            } else {
                for (int c = a; c < b; ++c) {
                    const float v = row[c];
                    if (!std::isfinite(v))
                        continue;
                    ++count;
                    total += double(v);
                }
            }
            const std::size_t i = base + std::size_t(x);
            present[i] += count;
            if (how == Pooling::Max)
                acc[i] = std::max(acc[i], best);
            else
                sum[i] += total;
        }
    }
    out.values.resize(pixels);
    for (std::size_t i = 0; i < pixels; ++i) {
        if (present[i] == 0)
            out.values[i] = std::numeric_limits<float>::quiet_NaN();
        else
            out.values[i] = how == Pooling::Max ? acc[i] : float(sum[i] / double(present[i]));
    }
    return out;
}

std::pair<double, double> finiteRange(const attn::Matrix& m) {
    // Branch-free (a 4,096^2 map is 16 million cells).
    constexpr float inf = std::numeric_limits<float>::infinity();
    float lo = inf, hi = -inf;
    const float* p = m.data();
    const std::size_t size = std::size_t(m.size());
    for (std::size_t i = 0; i < size; ++i) {
        const float v = p[i];
        const bool finite = (v - v) == 0.0f; // false for NaN and +-inf
        lo = finite && v < lo ? v : lo;
        hi = finite && v > hi ? v : hi;
    }
    return {double(lo), double(hi)};
}

} // namespace heatmap_lod
