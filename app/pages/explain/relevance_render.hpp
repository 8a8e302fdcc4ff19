#pragma once
// Drawing one relevance vector (issue 17 views): a review with each word shaded by its relevance, or an
// image with the patches tinted. The values are the engine's; this file only maps them to colours.

#include <QImage>
#include <QString>
#include <attn/image.hpp>
#include <string>
#include <vector>

namespace explainview {

/// HTML: the words with backgrounds from format::shade, white at the vector's smallest value and full
/// orange at its largest (the order is what deletion uses), each with its value in the title attribute.
/// Words flagged in `unknown` (not in the vocabulary) are marked ⚠.
QString shadedWords(const std::vector<std::string>& words, const std::vector<double>& relevance,
                    const std::vector<bool>& unknown = {});

/// The image (pixels in [0, 1], grey or RGB) scaled up to `size` x `size`, each patch tinted orange in
/// proportion to its place between the smallest and the largest relevance. `side` patches per side, patches
/// row by row.
QImage overlay(const attn::Image& image, const std::vector<double>& relevance, int side, int size);

/// How `count` overlays with captions `caption` px tall go into a `width` x `height` area, `gap` px apart:
/// the largest tile that fits (clamped to 48-132 px: smaller is unreadable, larger adds nothing), and
/// among equal tiles the fewest rows, then the fewest columns.
struct OverlayLayout {
    int tile = 0;
    int columns = 1;
    int rows = 1;
};
OverlayLayout overlayLayout(int count, int width, int height, int caption, int gap);

} // namespace explainview
