// ViT preprocessor_config.json (ImagePreprocessor::read), then the pipeline on a small image: what the
// reader accepts must run (resize to its size, rescale, normalise) and give channels x height x width
// values, all finite when the image is.
#include "harness.hpp"

#include <attn/hf/image_preprocessor.hpp>
#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    fuzz::writeFile(fuzz::workDir() / "preprocessor_config.json", fuzz::asText(data, size));
    std::optional<attn::hf::ImagePreprocessor> p;
    if (!fuzz::accept([&] { p.emplace(attn::hf::ImagePreprocessor::read(fuzz::workDir())); }))
        return 0;
    attn::Image img;
    img.channels = 3;
    img.height = 5;
    img.width = 7;
    img.data.resize(3 * 5 * 7);
    for (std::size_t i = 0; i < img.data.size(); ++i)
        img.data[i] = static_cast<float>((i * 37) % 256) / 255.0f;
    for (int channels : {1, 3}) {
        attn::Image out;
        if (!fuzz::accept([&] { out = p->apply(img, channels); }))
            continue;
        if (out.channels != channels ||
            out.data.size() != static_cast<std::size_t>(out.channels) * out.height * out.width)
            fuzz::finding("apply() gave an image of another shape than it says");
        if (p->doResize() && (out.height != p->height() || out.width != p->width()))
            fuzz::finding("apply() did not resize to the configured size");
    }
    return 0;
}
