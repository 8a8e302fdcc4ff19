#include <algorithm>
#include <attn/config.hpp>
#include <attn/hf/image_preprocessor.hpp>
#include <cmath>
#include <stdexcept>

namespace attn::hf {

namespace fs = std::filesystem;

namespace {

// Pillow's filters (libImaging/Resample.c): support in input pixels at scale 1, and the kernel.
double triangle(double x) {
    x = std::abs(x);
    return x < 1.0 ? 1.0 - x : 0.0;
}

double keysCubic(double x) { // a = -0.5
    constexpr double a = -0.5;
    x = std::abs(x);
    if (x < 1.0)
        return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
    if (x < 2.0)
        return (((x - 5.0) * x + 8.0) * x - 4.0) * a;
    return 0.0;
}

constexpr int kPrecisionBits = 32 - 8 - 2; // Pillow's fixed point for 8-bit images

/// One output position's taps: first input index and integer weights (sum ~ 1 << kPrecisionBits).
struct Taps {
    int first = 0;
    std::vector<std::int32_t> weights;
};

/// Pillow's precompute_coeffs + normalize_coeffs_8bpc for a whole axis (box = [0, inSize)).
std::vector<Taps> coefficients(int inSize, int outSize, Resample filter) {
    const double support1 = filter == Resample::Bicubic ? 2.0 : 1.0;
    const double scale = static_cast<double>(inSize) / outSize;
    const double filterScale = std::max(scale, 1.0);
    const double support = support1 * filterScale;
    std::vector<Taps> out(static_cast<std::size_t>(outSize));
    for (int o = 0; o < outSize; ++o) {
        const double centre = (o + 0.5) * scale;
        // Pillow rounds with (int)(v + 0.5), which truncates toward zero.
        const int lo = std::max(static_cast<int>(centre - support + 0.5), 0);
        const int hi = std::min(static_cast<int>(centre + support + 0.5), inSize);
        std::vector<double> k;
        double sum = 0;
        for (int x = lo; x < hi; ++x) {
            const double t = (x - centre + 0.5) / filterScale;
            const double w = filter == Resample::Bicubic ? keysCubic(t) : triangle(t);
            k.push_back(w);
            sum += w;
        }
        auto& taps = out[static_cast<std::size_t>(o)];
        taps.first = lo;
        for (double w : k) {
            const double n = sum != 0.0 ? w / sum : w;
            const double f = n * static_cast<double>(1 << kPrecisionBits);
            taps.weights.push_back(static_cast<std::int32_t>(n < 0 ? -0.5 + f : 0.5 + f));
        }
    }
    return out;
}

std::uint8_t clip8(std::int64_t v) {
    if (v >= (std::int64_t{1} << kPrecisionBits << 8))
        return 255;
    if (v <= 0)
        return 0;
    return static_cast<std::uint8_t>(v >> kPrecisionBits);
}

float channelValue(const std::vector<float>& v, int c, float fallback) {
    if (v.empty())
        return fallback;
    return v.size() == 1 ? v[0] : v[static_cast<std::size_t>(c)];
}

} // namespace

std::vector<std::uint8_t> pillowResize(const std::vector<std::uint8_t>& planes, int channels, int height,
                                       int width, int outHeight, int outWidth, Resample filter) {
    if (filter != Resample::Bilinear && filter != Resample::Bicubic)
        throw std::invalid_argument("pillowResize: only bilinear (2) and bicubic (3) are implemented");
    if (channels <= 0 || height <= 0 || width <= 0 || outHeight <= 0 || outWidth <= 0)
        throw std::invalid_argument("pillowResize: empty image or size");
    if (planes.size() != static_cast<std::size_t>(channels) * height * width)
        throw std::invalid_argument("pillowResize: pixel count does not match the size");
    if (outHeight == height && outWidth == width) // Image.resize returns a copy
        return planes;
    std::vector<std::uint8_t> cur = planes; // channels x h x w
    int h = height, w = width;
    if (outWidth != width) { // horizontal pass: channels x h x outWidth
        const auto taps = coefficients(width, outWidth, filter);
        std::vector<std::uint8_t> next(static_cast<std::size_t>(channels) * h * outWidth);
        for (int c = 0; c < channels; ++c)
            for (int y = 0; y < h; ++y) {
                const std::uint8_t* row = cur.data() + (static_cast<std::size_t>(c) * h + y) * w;
                std::uint8_t* dst = next.data() + (static_cast<std::size_t>(c) * h + y) * outWidth;
                for (int x = 0; x < outWidth; ++x) {
                    const auto& t = taps[static_cast<std::size_t>(x)];
                    std::int64_t acc = std::int64_t{1} << (kPrecisionBits - 1);
                    for (std::size_t i = 0; i < t.weights.size(); ++i)
                        acc += static_cast<std::int64_t>(row[t.first + static_cast<int>(i)]) * t.weights[i];
                    dst[x] = clip8(acc);
                }
            }
        cur.swap(next);
        w = outWidth;
    }
    if (outHeight != height) { // vertical pass: channels x outHeight x w
        const auto taps = coefficients(height, outHeight, filter);
        std::vector<std::uint8_t> next(static_cast<std::size_t>(channels) * outHeight * w);
        for (int c = 0; c < channels; ++c)
            for (int y = 0; y < outHeight; ++y) {
                const auto& t = taps[static_cast<std::size_t>(y)];
                std::uint8_t* dst = next.data() + (static_cast<std::size_t>(c) * outHeight + y) * w;
                for (int x = 0; x < w; ++x) {
                    std::int64_t acc = std::int64_t{1} << (kPrecisionBits - 1);
                    for (std::size_t i = 0; i < t.weights.size(); ++i)
                        acc += static_cast<std::int64_t>(
                                   cur[(static_cast<std::size_t>(c) * h + t.first + static_cast<int>(i)) * w +
                                       x]) *
                               t.weights[i];
                    dst[x] = clip8(acc);
                }
            }
        cur.swap(next);
        h = outHeight;
    }
    return cur;
}

ImagePreprocessor ImagePreprocessor::read(const fs::path& dir) {
    const auto path = dir / "preprocessor_config.json";
    if (!fs::exists(path))
        throw ConfigError(path.string() +
                              ": missing (a ViT directory needs its image processor config: size, resample, "
                              "rescale_factor, image_mean, image_std)",
                          ErrorInfo{.path = path.string()});
    return fromJson(readConfigJson(path), path.string());
}

ImagePreprocessor ImagePreprocessor::fromJson(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object())
        throw ConfigError(file + ": expected a JSON object", ErrorInfo{.path = file});
    const HfConfig c(j, file);
    ImagePreprocessor p;
    p.file_ = file;
    p.doResize_ = c.boolean("do_resize", true);
    if (c.has("size")) {
        const auto& s = j["size"];
        if (s.is_number_integer()) {
            p.height_ = p.width_ = c.integer("size");
        } else if (s.is_object() && s.contains("height") && s.contains("width") && s.size() == 2) {
            const HfConfig sc(s, file);
            try {
                p.height_ = sc.integer("height");
                p.width_ = sc.integer("width");
            } catch (const ConfigError&) {
                c.fail("size", "height and width must be positive integers, got " + s.dump());
            }
        } else {
            c.fail("size", "expected an integer or {\"height\": H, \"width\": W}, got " + s.dump() +
                               " (shortest_edge / longest_edge resizing is not implemented)");
        }
        // Bounded where it enters: a size of 100000 made apply() ask for 10^10 pixels. 4096 a side (3 x
        // 4096^2 floats = 192 MiB) is far above any ViT processor (224 to 1024).
        constexpr int kMaxSide = 4096;
        if (p.height_ > kMaxSide || p.width_ > kMaxSide)
            c.fail("size", std::to_string(p.height_) + " x " + std::to_string(p.width_) + " is larger than " +
                               std::to_string(kMaxSide) + " pixels a side");
    }
    const int resample = c.integer("resample", 2);
    if (resample != 2 && resample != 3)
        c.fail("resample", "unsupported resample " + std::to_string(resample) +
                               " (attnviz implements Pillow's 2 = bilinear and 3 = bicubic)");
    p.resample_ = static_cast<Resample>(resample);
    p.doRescale_ = c.boolean("do_rescale", true);
    p.rescaleFactor_ = c.number("rescale_factor", 1.0f / 255.0f);
    p.doNormalize_ = c.boolean("do_normalize", true);
    auto list = [&](const char* key) {
        std::vector<float> v;
        if (!c.has(key))
            return v;
        const auto& x = j[key];
        if (x.is_number()) {
            v.push_back(x.get<float>());
        } else if (x.is_array() && !x.empty()) {
            for (const auto& e : x) {
                if (!e.is_number())
                    c.fail(key, "expected a list of numbers, got " + x.dump());
                v.push_back(e.get<float>());
            }
        } else {
            c.fail(key, "expected a number or a list of numbers, got " + x.dump());
        }
        return v;
    };
    p.mean_ = list("image_mean");
    p.std_ = list("image_std");
    for (float s : p.std_)
        if (s == 0.0f)
            c.fail("image_std", "a standard deviation is 0");
    c.requireDefault("do_center_crop", false, "center cropping is not implemented");
    c.requireDefault("do_pad", false, "padding is not implemented");
    c.requireDefault("do_reduce_labels", false, "not an image classification option");
    return p;
}

std::vector<std::uint8_t> ImagePreprocessor::resizedBytes(const Image& image, int channels, int& h,
                                                          int& w) const {
    if (image.empty())
        throw ConfigError(file_ + ": the image is empty", ErrorInfo{.path = file_});
    Image img;
    try {
        img = convertChannels(image, channels);
    } catch (const std::invalid_argument&) {
        throw ConfigError(file_ + ": cannot convert an image of " + std::to_string(image.channels) +
                              " channels to the model's " + std::to_string(channels),
                          ErrorInfo{.path = file_});
    }
    std::vector<std::uint8_t> bytes(img.data.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) // back to the decoded 8-bit values
        bytes[i] = static_cast<std::uint8_t>(std::lround(std::clamp(img.data[i], 0.0f, 1.0f) * 255.0f));
    h = img.height;
    w = img.width;
    if (!doResize_)
        return bytes;
    bytes = pillowResize(bytes, channels, h, w, height_, width_, resample_);
    h = height_;
    w = width_;
    return bytes;
}

Image ImagePreprocessor::resized(const Image& image, int channels) const {
    int h = 0, w = 0;
    const auto bytes = resizedBytes(image, channels, h, w);
    return imageFromBytes(bytes.data(), channels, h, w, /*interleaved=*/false);
}

Image ImagePreprocessor::apply(const Image& image, int channels) const {
    for (const auto* v : {&mean_, &std_})
        if (v->size() > 1 && static_cast<int>(v->size()) != channels)
            throw ConfigError(file_ + ": key '" + (v == &mean_ ? "image_mean" : "image_std") + "': has " +
                                  std::to_string(v->size()) + " values, expected 1 or " +
                                  std::to_string(channels) + " (the model's num_channels)",
                              ErrorInfo{.path = file_});
    int h = 0, w = 0;
    const auto bytes = resizedBytes(image, channels, h, w);
    Image out(channels, h, w); // channels x h x w
    const std::size_t plane = static_cast<std::size_t>(h) * w;
    for (int c = 0; c < channels; ++c) {
        const float m = channelValue(mean_, c, 0.5f), s = channelValue(std_, c, 0.5f);
        for (std::size_t i = 0; i < plane; ++i) {
            const std::size_t k = c * plane + i;
            float v = doRescale_ ? static_cast<float>(static_cast<double>(bytes[k]) * rescaleFactor_)
                                 : static_cast<float>(bytes[k]);
            if (doNormalize_)
                v = (v - m) / s;
            out.data[k] = v;
        }
    }
    return out;
}

} // namespace attn::hf
