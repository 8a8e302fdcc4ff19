#pragma once
// A Hugging Face image processor (preprocessor_config.json of ViTImageProcessor / ViTFeatureExtractor,
// transformers' image_processing_vit.py) applied to attn::Image. The steps, in transformers' order:
//
//   pixels  8-bit values v = round(255 * x) of the image (attn::Image holds x = v / 255; HF starts from
//           the uint8 array of the decoded file); grey -> RGB repeats the plane, RGBA -> RGB drops alpha
//   resize  (do_resize, size = N or {"height", "width"}, resample) Pillow's Image.resize on the 8-bit
//           image, as image_transforms.resize calls it: a separable convolution whose triangle filter
//           (bilinear, resample 2) or Keys cubic a = -0.5 (bicubic, resample 3) is widened by the scale
//           when shrinking (support max(1, in/out) pixels: antialiased), horizontal pass then vertical,
//           coefficients in 22-bit fixed point and each pass rounded to 8 bits — the arithmetic of
//           Pillow's libImaging/Resample.c, so that the bytes are Pillow's. Same size: unchanged.
//   rescale (do_rescale, rescale_factor, 1/255 by default) v * factor
//   normalize (do_normalize, image_mean, image_std, one value or one per channel; 0.5 by default)
//           (x - mean[c]) / std[c]
//
// Anything else (another resample, size as shortest_edge, do_center_crop, do_pad, ...) is a ConfigError
// naming the file and key, never silently ignored.

#include <attn/hf/hf_config.hpp>
#include <attn/image.hpp>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace attn::hf {

/// Pillow's Image.Resampling numbers, as preprocessor_config.json stores them.
enum class Resample { Nearest = 0, Lanczos = 1, Bilinear = 2, Bicubic = 3, Box = 4, Hamming = 5 };

/// Pillow's resize of an 8-bit image (planar C x H x W bytes) with the bilinear or bicubic filter.
/// Throws std::invalid_argument for another filter or an empty size.
std::vector<std::uint8_t> pillowResize(const std::vector<std::uint8_t>& planes, int channels, int height,
                                       int width, int outHeight, int outWidth, Resample filter);

class ImagePreprocessor {
public:
    /// Reads dir/preprocessor_config.json; a missing file is a ConfigError naming it.
    static ImagePreprocessor read(const std::filesystem::path& dir);
    /// From parsed JSON; `file` names the source in every error.
    static ImagePreprocessor fromJson(const nlohmann::json& j, const std::string& file);

    const std::string& file() const { return file_; }
    bool doResize() const { return doResize_; }
    int height() const { return height_; } // target size when do_resize
    int width() const { return width_; }
    Resample resample() const { return resample_; }
    bool doRescale() const { return doRescale_; }
    float rescaleFactor() const { return rescaleFactor_; }
    bool doNormalize() const { return doNormalize_; }
    const std::vector<float>& mean() const { return mean_; } // empty = 0.5 per channel
    const std::vector<float>& stdDev() const { return std_; }

    /// Channel conversion to `channels` and the resize, in [0, 1] (bytes / 255): what the model sees,
    /// before rescale and normalisation (for showing it).
    Image resized(const Image& image, int channels) const;
    /// The full pipeline: `channels` x H x W pixel values for the model.
    Image apply(const Image& image, int channels) const;

private:
    std::vector<std::uint8_t> resizedBytes(const Image& image, int channels, int& h, int& w) const;

    std::string file_;
    bool doResize_ = true;
    int height_ = 224, width_ = 224;
    Resample resample_ = Resample::Bilinear;
    bool doRescale_ = true;
    float rescaleFactor_ = 1.0f / 255.0f;
    bool doNormalize_ = true;
    std::vector<float> mean_, std_;
};

} // namespace attn::hf
