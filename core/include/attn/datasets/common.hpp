#pragma once
// Shared pieces of the dataset readers (namespace attn::datasets). Qt-free; never prints.

#include <attn/error.hpp>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn::datasets {

/// Thrown for unreadable or malformed dataset files. The message names the path and the line
/// (text formats) or byte offset (binary formats), and what was expected there; path(), line() and
/// byteOffset() carry the same facts.
class DatasetError : public Error {
public:
    using Error::Error;
};

/// Thrown when a progress callback returned false: the one attn::Cancelled.
using Cancelled = attn::Cancelled;

/// Progress callback: (items done, items total). Return false to cancel (the reader then throws
/// Cancelled). An empty function means "no progress reporting".
using Progress = std::function<bool(std::size_t done, std::size_t total)>;

/// Non-fatal observations (skipped empty lines, unreadable ratings, ...) are appended here.
using Warnings = std::vector<std::string>;

/// Images stored as N x C x H x W bytes (planar, like PyTorch's NCHW).
struct Images {
    std::size_t count = 0;
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::size_t channels = 1;
    std::vector<unsigned char> pixels; // count * channels * rows * cols

    std::size_t imageSize() const { return channels * rows * cols; }
    /// First byte of image i (C x H x W). Throws std::out_of_range for i >= count.
    const unsigned char* image(std::size_t i) const;
};

/// Images with one integer class label each.
struct LabelledImages {
    Images images;
    std::vector<int> labels; // images.count entries
};

} // namespace attn::datasets
