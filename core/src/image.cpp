#include <algorithm>
#include <attn/image.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn {

Image::Image(int c, int h, int w, float fill) : channels(c), height(h), width(w) {
    if (c < 0 || h < 0 || w < 0)
        throw std::invalid_argument("Image: negative size");
    data.assign(static_cast<std::size_t>(c) * h * w, fill);
}

Image imageFromBytes(const std::uint8_t* pixels, int channels, int height, int width, bool interleaved) {
    if (channels <= 0 || height <= 0 || width <= 0 || !pixels)
        throw std::invalid_argument("imageFromBytes: empty image");
    Image img(channels, height, width);
    const std::size_t plane = static_cast<std::size_t>(height) * width;
    for (int c = 0; c < channels; ++c)
        for (std::size_t i = 0; i < plane; ++i) {
            const std::uint8_t v = interleaved ? pixels[i * channels + c] : pixels[c * plane + i];
            img.data[c * plane + i] = static_cast<float>(v) / 255.0f;
        }
    return img;
}

Image convertChannels(const Image& in, int channels) {
    if (in.channels == channels)
        return in;
    Image out(channels, in.height, in.width);
    const std::size_t plane = static_cast<std::size_t>(in.height) * in.width;
    if (in.channels == 1 && (channels == 3 || channels == 4)) {
        for (int c = 0; c < 3; ++c)
            std::copy_n(in.data.begin(), plane, out.data.begin() + c * plane);
        if (channels == 4)
            std::fill_n(out.data.begin() + 3 * plane, plane, 1.0f);
    } else if ((in.channels == 3 || in.channels == 4) && channels == 1) {
        for (std::size_t i = 0; i < plane; ++i)
            out.data[i] = 0.299f * in.data[i] + 0.587f * in.data[plane + i] + 0.114f * in.data[2 * plane + i];
    } else if (in.channels == 4 && channels == 3) {
        std::copy_n(in.data.begin(), 3 * plane, out.data.begin());
    } else {
        throw std::invalid_argument("convertChannels: cannot convert " + std::to_string(in.channels) +
                                    " channels to " + std::to_string(channels));
    }
    return out;
}

Image resizeBilinear(const Image& in, int height, int width) {
    if (height <= 0 || width <= 0)
        throw std::invalid_argument("resizeBilinear: empty target size");
    if (in.height == height && in.width == width)
        return in;
    if (in.empty())
        throw std::invalid_argument("resizeBilinear: empty image");
    Image out(in.channels, height, width);
    const float sy = static_cast<float>(in.height) / static_cast<float>(height);
    const float sx = static_cast<float>(in.width) / static_cast<float>(width);
    for (int y = 0; y < height; ++y) {
        const float fy =
            std::clamp((static_cast<float>(y) + 0.5f) * sy - 0.5f, 0.0f, static_cast<float>(in.height - 1));
        const int y0 = static_cast<int>(fy);
        const int y1 = std::min(y0 + 1, in.height - 1);
        const float wy = fy - static_cast<float>(y0);
        for (int x = 0; x < width; ++x) {
            const float fx = std::clamp((static_cast<float>(x) + 0.5f) * sx - 0.5f, 0.0f,
                                        static_cast<float>(in.width - 1));
            const int x0 = static_cast<int>(fx);
            const int x1 = std::min(x0 + 1, in.width - 1);
            const float wx = fx - static_cast<float>(x0);
            for (int c = 0; c < in.channels; ++c) {
                const float top = in.at(c, y0, x0) * (1 - wx) + in.at(c, y0, x1) * wx;
                const float bottom = in.at(c, y1, x0) * (1 - wx) + in.at(c, y1, x1) * wx;
                out.at(c, y, x) = top * (1 - wy) + bottom * wy;
            }
        }
    }
    return out;
}

Image normalize(const Image& in, const std::vector<float>& mean, const std::vector<float>& std) {
    if (static_cast<int>(mean.size()) != in.channels || static_cast<int>(std.size()) != in.channels)
        throw std::invalid_argument("normalize: mean/std need one value per channel");
    Image out = in;
    const std::size_t plane = static_cast<std::size_t>(in.height) * in.width;
    for (int c = 0; c < in.channels; ++c) {
        if (std[c] == 0)
            throw std::invalid_argument("normalize: std is 0");
        for (std::size_t i = 0; i < plane; ++i)
            out.data[c * plane + i] = (in.data[c * plane + i] - mean[c]) / std[c];
    }
    return out;
}

} // namespace attn
