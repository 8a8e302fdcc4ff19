// Shaded words and patch overlays (relevance_render.hpp).
#include "pages/explain/relevance_render.hpp"

#include "widgets/format.hpp"

#include <QPainter>
#include <algorithm>

namespace explainview {

namespace {

/// Maps a method's relevance onto 0..1 from its smallest to its largest value. Methods that start from
/// the identity (rollout, gradient: R = I + …) give every input a common floor, and shading by the
/// largest value alone painted all of gradient's words alike; what deletion (and AOPC) uses is the
/// order, which the range shows.
struct Range {
    double low = 0, high = 0;
    explicit Range(const std::vector<double>& v) {
        if (v.empty())
            return;
        const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        low = *lo;
        high = *hi;
    }
    double operator()(double x) const { return high > low ? (x - low) / (high - low) : 0.0; }
};

} // namespace

QString shadedWords(const std::vector<std::string>& words, const std::vector<double>& relevance,
                    const std::vector<bool>& unknown) {
    const Range range(relevance);
    QString html;
    for (std::size_t i = 0; i < words.size() && i < relevance.size(); ++i) {
        const double rel = range(relevance[i]);
        const bool mark = i < unknown.size() && unknown[i];
        html += QStringLiteral("<span style=\"background:%1\" title=\"%2\">&nbsp;%3%4&nbsp;</span> ")
                    .arg(format::shade(rel), format::num(relevance[i], 3),
                         mark ? QStringLiteral("⚠&nbsp;") : QString(), format::esc(words[i]));
    }
    return html;
}

QImage overlay(const attn::Image& image, const std::vector<double>& relevance, int side, int size) {
    QImage base(image.width, image.height, QImage::Format_RGB32);
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            auto px = [&](int c) {
                return std::clamp(
                    static_cast<int>(image.at(std::min(c, image.channels - 1), y, x) * 255.0f + 0.5f), 0,
                    255);
            };
            base.setPixel(x, y, qRgb(px(0), px(1), px(2)));
        }
    QImage out = base.scaled(size, size, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    if (side <= 0)
        return out;
    const Range range(relevance);
    QPainter p(&out);
    const double cell = static_cast<double>(size) / side;
    for (int k = 0; k < side * side && k < static_cast<int>(relevance.size()); ++k) {
        const double rel = range(relevance[static_cast<std::size_t>(k)]);
        QColor c(255, 120, 0);
        c.setAlphaF(0.75 * rel);
        p.fillRect(QRectF((k % side) * cell, (k / side) * cell, cell, cell), c);
    }
    return out;
}

OverlayLayout overlayLayout(int count, int width, int height, int caption, int gap) {
    OverlayLayout best;
    for (int c = 1; c <= std::max(1, count); ++c) {
        const int rows = std::max(1, (count + c - 1) / c);
        const int fit = std::min((width - (c - 1) * gap) / c, (height - rows * (caption + gap) + gap) / rows);
        const int tile = std::clamp(fit, 48, 132);
        // Fewer columns for the same rows keeps the rows even (2 + 2, not 3 + 1).
        if (tile > best.tile || (tile == best.tile && rows < best.rows))
            best = {tile, c, rows};
    }
    return best;
}

} // namespace explainview
