#include "widgets/colormaps.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace colormaps {
namespace {

QCPColorGradient fromStops(const std::uint32_t* rgb, std::size_t count) {
    QCPColorGradient g;
    g.clearColorStops();
    for (std::size_t i = 0; i < count; ++i) {
        const double pos = count > 1 ? double(i) / double(count - 1) : 0.0;
        g.setColorStopAt(pos, QColor::fromRgb(QRgb(rgb[i])));
    }
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(256);
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(nanColor());
    g.setPeriodic(false);
    return g;
}

} // namespace

QCPColorGradient viridis() {
    // Source: matplotlib's viridis (van der Walt & Smith, 2015) as tabulated with 256 entries in
    // d3-scale-chromatic 3.0.0 (src/sequential-multi/viridis.js); these are entries
    // round(i * 255 / 15) for i = 0..15.
    static constexpr std::array<std::uint32_t, 16> stops = {
        0x440154, 0x481a6c, 0x472f7d, 0x414487, 0x39568c, 0x31688e, 0x2a788e, 0x23888e,
        0x1f988b, 0x22a884, 0x35b779, 0x54c568, 0x7ad151, 0xa5db36, 0xd2e21b, 0xfde725,
    };
    return fromStops(stops.data(), stops.size());
}

QCPColorGradient diverging() {
    // Source: ColorBrewer 2.0 "RdBu", 11 classes (Cynthia Brewer, colorbrewer2.org; marked
    // colour-blind safe there), listed from blue to red so that low (negative) values are blue.
    static constexpr std::array<std::uint32_t, 11> stops = {
        0x053061, 0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7,
        0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b, 0x67001f,
    };
    return fromStops(stops.data(), stops.size());
}

QColor nanColor() {
    return QColor(190, 190, 190);
}

double relativeLuminance(const QColor& c) {
    // WCAG 2.x: linearise sRGB, then weight by the Rec. 709 primaries.
    auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

QColor contrastingTextColor(const QColor& background) {
    const double l = relativeLuminance(background);
    const double againstBlack = (l + 0.05) / 0.05;
    const double againstWhite = 1.05 / (l + 0.05);
    return againstBlack >= againstWhite ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace colormaps
