#pragma once
// A Qt-free image: C x H x W floats, channel-major (planar), row by row. Readers (PNG via QImage in the
// app, IDX, CIFAR-10) fill it; the ViT preprocesses it per its config.

#include <cstdint>
#include <vector>

namespace attn {

struct Image {
    int channels = 0, height = 0, width = 0;
    std::vector<float> data; // channels * height * width, index (c * height + y) * width + x

    Image() = default;
    Image(int c, int h, int w, float fill = 0.0f);
    float& at(int c, int y, int x) { return data[(static_cast<std::size_t>(c) * height + y) * width + x]; }
    float at(int c, int y, int x) const {
        return data[(static_cast<std::size_t>(c) * height + y) * width + x];
    }
    bool empty() const { return data.empty(); }
};

/// From 8-bit pixels, scaled to [0, 1]. `interleaved` = H x W x C (e.g. RGB888 scanlines);
/// otherwise planar C x H x W (IDX, CIFAR-10). Throws std::invalid_argument on a size mismatch.
Image imageFromBytes(const std::uint8_t* pixels, int channels, int height, int width, bool interleaved);

/// 1 -> 3 channels repeats the grey plane; 3 -> 1 uses ITU-R 601 luma (0.299 R + 0.587 G + 0.114 B);
/// 4 -> 3 drops alpha; same count is a copy. Other conversions throw std::invalid_argument.
Image convertChannels(const Image& in, int channels);

/// Bilinear resize with half-pixel centres (as PIL / torchvision without antialias); same size = copy.
Image resizeBilinear(const Image& in, int height, int width);

/// (x - mean[c]) / std[c] per channel. mean/std must have one entry per channel (std != 0).
Image normalize(const Image& in, const std::vector<float>& mean, const std::vector<float>& std);

} // namespace attn
