#include "io_util.hpp"

#include <attn/datasets/cifar10.hpp>

namespace attn::datasets {

const std::array<std::string, 10>& cifar10Labels() {
    static const std::array<std::string, 10> names{"airplane", "automobile", "bird",  "cat",  "deer",
                                                   "dog",      "frog",       "horse", "ship", "truck"};
    return names;
}

namespace {

void appendBatch(const std::filesystem::path& path, LabelledImages& into) {
    const auto bytes = detail::readAllBytes(path);
    if (bytes.empty())
        throw detail::inFile(path, "empty file, expected 3073-byte CIFAR-10 records");
    if (bytes.size() % kCifarRecordBytes != 0) {
        const std::size_t whole = bytes.size() / kCifarRecordBytes;
        throw detail::atByte(path, whole * kCifarRecordBytes,
                             "truncated record " + std::to_string(whole) + ": " +
                                 std::to_string(bytes.size() - whole * kCifarRecordBytes) + " of " +
                                 std::to_string(kCifarRecordBytes) + " bytes (file size " +
                                 std::to_string(bytes.size()) + " is not a multiple of 3073)");
    }
    const std::size_t n = bytes.size() / kCifarRecordBytes;
    // Validate every label before growing the buffers.
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned label = bytes[i * kCifarRecordBytes];
        if (label > 9)
            throw detail::atByte(path, i * kCifarRecordBytes,
                                 "record " + std::to_string(i) + ": label " + std::to_string(label) +
                                     " outside 0..9");
    }
    const std::size_t pixelsPer = kCifarRecordBytes - 1;
    into.images.pixels.reserve(into.images.pixels.size() + n * pixelsPer);
    into.labels.reserve(into.labels.size() + n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto* record = bytes.data() + i * kCifarRecordBytes;
        into.labels.push_back(record[0]);
        into.images.pixels.insert(into.images.pixels.end(), record + 1, record + kCifarRecordBytes);
    }
    into.images.count += n;
}

LabelledImages emptyCifar() {
    LabelledImages r;
    r.images.rows = kCifarSide;
    r.images.cols = kCifarSide;
    r.images.channels = 3;
    return r;
}

} // namespace

LabelledImages readCifar10Batch(const std::filesystem::path& path) {
    auto result = emptyCifar();
    appendBatch(path, result);
    return result;
}

LabelledImages readCifar10(const std::filesystem::path& dir, bool train, const Progress& progress) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        throw detail::inFile(dir, "no such directory");
    std::vector<std::filesystem::path> files;
    if (train)
        for (int i = 1; i <= 5; ++i)
            files.push_back(dir / ("data_batch_" + std::to_string(i) + ".bin"));
    else
        files.push_back(dir / "test_batch.bin");
    for (const auto& f : files)
        if (!std::filesystem::is_regular_file(f, ec))
            throw detail::inFile(f, "no such file");
    auto result = emptyCifar();
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (progress && !progress(i, files.size()))
            throw Cancelled();
        appendBatch(files[i], result);
    }
    if (progress && !progress(files.size(), files.size()))
        throw Cancelled();
    return result;
}

} // namespace attn::datasets
