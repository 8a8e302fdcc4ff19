#pragma once
// Reader for the IDX format of MNIST / Fashion-MNIST (http://yann.lecun.com/exdb/mnist/):
// magic 0x00 0x00 <type> <ndims>, then ndims big-endian uint32 sizes, then the data.
// Only unsigned-byte data (type 0x08) is supported: images are 3-D (N x rows x cols),
// labels are 1-D (N). Gzip-compressed files (.gz, as MNIST and Debian's Fashion-MNIST ship) are
// inflated in memory with zlib (capped at 2 GiB); corrupt or truncated gzip data is an error.

#include <attn/datasets/common.hpp>
#include <filesystem>
#include <vector>

namespace attn::datasets {

/// Reads an IDX3 unsigned-byte image file. Result has channels = 1, pixels N x 1 x H x W.
/// Throws DatasetError naming the file and byte offset on a bad magic number, a truncated file,
/// trailing bytes, or sizes that do not fit.
Images readIdxImages(const std::filesystem::path& path);

/// Reads an IDX1 unsigned-byte label file.
std::vector<int> readIdxLabels(const std::filesystem::path& path);

/// Both at once; throws DatasetError when the counts differ.
LabelledImages readIdxPair(const std::filesystem::path& images, const std::filesystem::path& labels);

/// Writes an IDX3 image file (channels must be 1) / IDX1 label file (labels 0..255).
void writeIdxImages(const std::filesystem::path& path, const Images& images);
void writeIdxLabels(const std::filesystem::path& path, const std::vector<int>& labels);

} // namespace attn::datasets
