#pragma once
// Reader for the CIFAR-10 binary version (https://www.cs.toronto.edu/~kriz/cifar.html):
// each record is 1 label byte (0..9) followed by 3,072 pixel bytes, the 32x32 red plane,
// then green, then blue (row-major). data_batch_1..5.bin hold 10,000 records each, test_batch.bin
// the 10,000 test images.

#include <array>
#include <attn/datasets/common.hpp>
#include <filesystem>
#include <string>

namespace attn::datasets {

inline constexpr std::size_t kCifarSide = 32;
inline constexpr std::size_t kCifarRecordBytes = 1 + 3 * kCifarSide * kCifarSide; // 3073

/// The ten class names in label order.
const std::array<std::string, 10>& cifar10Labels();

/// Reads one batch file. Result: channels 3, 32 x 32, pixels N x 3 x 32 x 32.
/// Throws DatasetError naming the file and byte offset for a size that is not a whole number of
/// records (truncated record) or a label outside 0..9.
LabelledImages readCifar10Batch(const std::filesystem::path& path);

/// Reads data_batch_1..5.bin (train = true) or test_batch.bin (train = false) from a directory.
/// Missing files are errors naming the path.
LabelledImages readCifar10(const std::filesystem::path& dir, bool train, const Progress& progress = {});

} // namespace attn::datasets
