#include "io_util.hpp"

#include <attn/datasets/common.hpp>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace attn::datasets {

const unsigned char* Images::image(std::size_t i) const {
    if (i >= count)
        throw std::out_of_range("image index " + std::to_string(i) + " out of range (" +
                                std::to_string(count) + " images)");
    return pixels.data() + i * imageSize();
}

namespace detail {

std::vector<unsigned char> readAllBytes(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw detail::inFile(path, "no such file");
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        throw detail::inFile(path, "cannot determine size: " + ec.message());
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw detail::inFile(path, "cannot open for reading");
    std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        throw detail::inFile(path, "read failed");
    return bytes;
}

std::uint32_t readBigEndian32(const std::vector<unsigned char>& bytes, std::size_t offset) {
    return (std::uint32_t{bytes[offset]} << 24) | (std::uint32_t{bytes[offset + 1]} << 16) |
           (std::uint32_t{bytes[offset + 2]} << 8) | std::uint32_t{bytes[offset + 3]};
}

std::string where(const std::filesystem::path& path, std::size_t byteOffset) {
    return path.string() + ": byte " + std::to_string(byteOffset) + ": ";
}

DatasetError atByte(const std::filesystem::path& path, std::size_t byteOffset, const std::string& what) {
    return DatasetError(where(path, byteOffset) + what, ErrorInfo{.path = path.string(), .byte = byteOffset});
}

DatasetError atLine(const std::filesystem::path& path, std::size_t line, const std::string& what) {
    return DatasetError(path.string() + ":" + std::to_string(line) + ": " + what,
                        ErrorInfo{.path = path.string(), .line = line});
}

DatasetError inFile(const std::filesystem::path& path, const std::string& what) {
    return DatasetError(path.string() + ": " + what, ErrorInfo{.path = path.string()});
}

} // namespace detail
} // namespace attn::datasets
