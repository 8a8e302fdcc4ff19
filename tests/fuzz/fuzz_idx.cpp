// IDX images and labels, plain or gzip-compressed as they come (the reader detects gzip by content).
#include "harness.hpp"

#include <attn/datasets/idx.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "data.idx", fuzz::asText(data, size));
    fuzz::accept([&] {
        const auto images = attn::datasets::readIdxImages(path);
        if (images.pixels.size() != images.count * images.imageSize())
            fuzz::finding("pixel buffer does not match count x rows x cols");
    });
    fuzz::accept([&] { attn::datasets::readIdxLabels(path); });
    return 0;
}
