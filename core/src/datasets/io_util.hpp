#pragma once
// Private helpers of the dataset readers.

#include <attn/datasets/common.hpp>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace attn::datasets::detail {

/// Whole file as bytes; DatasetError naming the path when it cannot be opened or read.
std::vector<unsigned char> readAllBytes(const std::filesystem::path& path);

/// Big-endian uint32 at `offset` (caller checked that 4 bytes are there).
std::uint32_t readBigEndian32(const std::vector<unsigned char>& bytes, std::size_t offset);

std::string where(const std::filesystem::path& path, std::size_t byteOffset);

/// DatasetError "<path>: byte <offset>: <what>" with path and byte offset as fields.
DatasetError atByte(const std::filesystem::path& path, std::size_t byteOffset, const std::string& what);
/// DatasetError "<path>:<line>: <what>" with path and line as fields.
DatasetError atLine(const std::filesystem::path& path, std::size_t line, const std::string& what);
/// DatasetError "<path>: <what>" with the path as a field.
DatasetError inFile(const std::filesystem::path& path, const std::string& what);

} // namespace attn::datasets::detail
