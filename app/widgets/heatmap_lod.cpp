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
    std::vector<int> columnPixel(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c)
        columnPixel[std::size_t(c)] = pixelOf(w.col0 + c, w.col0, n, out.width);
    for (int r = w.row0; r < w.row1; ++r) {
        const std::size_t base = std::size_t(pixelOf(r, w.row0, nr, out.height)) * std::size_t(out.width);
        const float* row = m.data() + std::size_t(r) * std::size_t(m.cols()) + std::size_t(w.col0);
        for (int c = 0; c < n; ++c) {
            const float v = row[c];
            if (!std::isfinite(v))
                continue;
            const std::size_t i = base + std::size_t(columnPixel[std::size_t(c)]);
            ++present[i];
            if (how == Pooling::Max)
                acc[i] = std::max(acc[i], v);
            else
                sum[i] += double(v);
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
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    const float* p = m.data();
    const std::size_t size = std::size_t(m.size());
    for (std::size_t i = 0; i < size; ++i) {
        const float v = p[i];
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    return {double(lo), double(hi)};
}

} // namespace heatmap_lod
