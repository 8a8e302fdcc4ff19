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
        throw DatasetError(path.string() + ": no such file");
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        throw DatasetError(path.string() + ": cannot determine size: " + ec.message());
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DatasetError(path.string() + ": cannot open for reading");
    std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        throw DatasetError(path.string() + ": read failed");
    return bytes;
}

std::uint32_t readBigEndian32(const std::vector<unsigned char>& bytes, std::size_t offset) {
    return (std::uint32_t{bytes[offset]} << 24) | (std::uint32_t{bytes[offset + 1]} << 16) |
           (std::uint32_t{bytes[offset + 2]} << 8) | std::uint32_t{bytes[offset + 3]};
}

std::string where(const std::filesystem::path& path, std::size_t byteOffset) {
    return path.string() + ": byte " + std::to_string(byteOffset) + ": ";
}

} // namespace detail
} // namespace attn::datasets
