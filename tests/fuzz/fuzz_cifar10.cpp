// CIFAR-10 binary batches: one file (readCifar10Batch) and a test directory (readCifar10), with a
// progress callback that cancels when the first byte says so.
#include "harness.hpp"

#include <attn/datasets/cifar10.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto path = fuzz::writeFile(fuzz::workDir() / "test_batch.bin", fuzz::asText(data, size));
    fuzz::accept([&] {
        const auto r = attn::datasets::readCifar10Batch(path);
        if (r.labels.size() != r.images.count || r.images.pixels.size() != r.images.count * 3 * 32 * 32)
            fuzz::finding("labels or pixels do not match the record count");
    });
    const bool cancel = size > 0 && data[0] == 9;
    fuzz::accept([&] {
        attn::datasets::readCifar10(fuzz::workDir(), false,
                                    [&](std::size_t, std::size_t) { return !cancel; });
    });
    return 0;
}
