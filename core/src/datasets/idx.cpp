#include "io_util.hpp"

#include <attn/datasets/idx.hpp>
#include <fstream>
#include <limits>
#include <zlib.h>

namespace attn::datasets {
namespace {

constexpr unsigned char kUnsignedByte = 0x08;

/// Parses the header; returns the dimension sizes and sets dataOffset. Checks that exactly the
/// announced number of bytes follows.
std::vector<std::size_t> parseHeader(const std::vector<unsigned char>& bytes,
                                     const std::filesystem::path& path, std::size_t expectedDims,
                                     std::size_t& dataOffset) {
    if (bytes.size() < 4)
        throw detail::atByte(path, bytes.size(), "file too short for the 4-byte IDX magic");
    if (bytes[0] != 0 || bytes[1] != 0)
        throw detail::atByte(path, 0, "not an IDX file (magic must start with two zero bytes)");
    if (bytes[2] != kUnsignedByte)
        throw detail::atByte(path, 2,
                             "IDX data type 0x" + std::to_string(bytes[2]) +
                                 " not supported (expected 0x08, unsigned byte)");
    const std::size_t ndims = bytes[3];
    if (ndims != expectedDims)
        throw detail::atByte(path, 3,
                             "expected " + std::to_string(expectedDims) + " dimensions, found " +
                                 std::to_string(ndims));
    const std::size_t headerBytes = 4 + 4 * ndims;
    if (bytes.size() < headerBytes)
        throw detail::atByte(path, bytes.size(),
                             "truncated header: expected " + std::to_string(headerBytes) +
                                 " bytes, file has " + std::to_string(bytes.size()));
    std::vector<std::size_t> dims(ndims);
    // Compute the payload size with overflow checks before anyone allocates.
    std::size_t total = 1;
    for (std::size_t d = 0; d < ndims; ++d) {
        dims[d] = detail::readBigEndian32(bytes, 4 + 4 * d);
        if (dims[d] != 0 && total > std::numeric_limits<std::size_t>::max() / dims[d])
            throw detail::atByte(path, 4 + 4 * d, "dimension sizes overflow");
        total *= dims[d];
    }
    const std::size_t available = bytes.size() - headerBytes;
    if (available < total)
        throw detail::atByte(path, bytes.size(),
                             "truncated data: header announces " + std::to_string(total) +
                                 " bytes after the " + std::to_string(headerBytes) + "-byte header, found " +
                                 std::to_string(available));
    if (available > total)
        throw detail::atByte(path, headerBytes + total,
                             std::to_string(available - total) +
                                 " unexpected trailing bytes after the announced data");
    dataOffset = headerBytes;
    return dims;
}

void writeBytes(const std::filesystem::path& path, const std::vector<unsigned char>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw detail::inFile(path, "cannot open for writing");
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out)
        throw detail::inFile(path, "write failed");
}

void appendBigEndian32(std::vector<unsigned char>& out, std::size_t value,
                       const std::filesystem::path& path) {
    if (value > std::numeric_limits<std::uint32_t>::max())
        throw detail::inFile(path, "size " + std::to_string(value) + " does not fit IDX's 32 bits");
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<unsigned char>((value >> shift) & 0xff));
}

/// The file's bytes, inflated when it is gzip-compressed (Fashion-MNIST and MNIST ship as .gz).
std::vector<unsigned char> readIdxBytes(const std::filesystem::path& path) {
    std::vector<unsigned char> raw = detail::readAllBytes(path);
    if (raw.size() < 2 || raw[0] != 0x1f || raw[1] != 0x8b)
        return raw;
    // The largest IDX file we accept after inflating: far above any real dataset file, and a
    // guard against decompression bombs.
    constexpr std::size_t kMaxInflated = std::size_t{2} << 30;
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK) // 15 = 32 KB window, +16 = expect a gzip wrapper
        throw detail::atByte(path, 0, "cannot initialise the gzip decoder");
    std::vector<unsigned char> out;
    out.reserve(std::min<std::size_t>(raw.size() * 4, kMaxInflated));
    std::vector<unsigned char> chunk(1 << 20);
    z.next_in = raw.data();
    std::size_t consumed = 0;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        const std::size_t left = raw.size() - consumed;
        z.avail_in = static_cast<uInt>(std::min<std::size_t>(left, std::numeric_limits<uInt>::max()));
        z.next_out = chunk.data();
        z.avail_out = static_cast<uInt>(chunk.size());
        const uInt before = z.avail_in;
        rc = inflate(&z, Z_NO_FLUSH);
        consumed += before - z.avail_in;
        const std::size_t produced = chunk.size() - z.avail_out;
        if (rc != Z_OK && rc != Z_STREAM_END && !(rc == Z_BUF_ERROR && produced > 0)) {
            const std::string why =
                z.msg ? z.msg : (rc == Z_BUF_ERROR ? "truncated gzip data" : "corrupt gzip data");
            inflateEnd(&z);
            throw detail::atByte(path, consumed, "gzip: " + why);
        }
        if (out.size() + produced > kMaxInflated) {
            inflateEnd(&z);
            throw detail::atByte(path, consumed, "gzip: inflated data exceeds 2 GiB");
        }
        out.insert(out.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(produced));
        if (rc != Z_STREAM_END && produced == 0 && consumed == raw.size()) {
            inflateEnd(&z);
            throw detail::atByte(path, consumed, "gzip: truncated data (the stream does not end)");
        }
    }
    inflateEnd(&z);
    return out;
}

} // namespace

Images readIdxImages(const std::filesystem::path& path) {
    const auto bytes = readIdxBytes(path);
    std::size_t offset = 0;
    const auto dims = parseHeader(bytes, path, 3, offset);
    Images images;
    images.count = dims[0];
    images.rows = dims[1];
    images.cols = dims[2];
    images.channels = 1;
    images.pixels.assign(bytes.begin() + static_cast<std::ptrdiff_t>(offset), bytes.end());
    return images;
}

std::vector<int> readIdxLabels(const std::filesystem::path& path) {
    const auto bytes = readIdxBytes(path);
    std::size_t offset = 0;
    parseHeader(bytes, path, 1, offset);
    return std::vector<int>(bytes.begin() + static_cast<std::ptrdiff_t>(offset), bytes.end());
}

LabelledImages readIdxPair(const std::filesystem::path& images, const std::filesystem::path& labels) {
    LabelledImages result;
    result.images = readIdxImages(images);
    result.labels = readIdxLabels(labels);
    if (result.labels.size() != result.images.count)
        throw detail::inFile(labels, "" + std::to_string(result.labels.size()) + " labels but " +
                                         images.string() + " has " + std::to_string(result.images.count) +
                                         " images");
    return result;
}

void writeIdxImages(const std::filesystem::path& path, const Images& images) {
    if (images.channels != 1)
        throw detail::inFile(path, "IDX images must have one channel");
    if (images.pixels.size() != images.count * images.imageSize())
        throw detail::inFile(path, "pixel buffer size does not match count x rows x cols");
    std::vector<unsigned char> out{0, 0, kUnsignedByte, 3};
    appendBigEndian32(out, images.count, path);
    appendBigEndian32(out, images.rows, path);
    appendBigEndian32(out, images.cols, path);
    out.insert(out.end(), images.pixels.begin(), images.pixels.end());
    writeBytes(path, out);
}

void writeIdxLabels(const std::filesystem::path& path, const std::vector<int>& labels) {
    std::vector<unsigned char> out{0, 0, kUnsignedByte, 1};
    appendBigEndian32(out, labels.size(), path);
    for (int label : labels) {
        if (label < 0 || label > 255)
            throw detail::inFile(path, "label " + std::to_string(label) + " outside 0..255");
        out.push_back(static_cast<unsigned char>(label));
    }
    writeBytes(path, out);
}

} // namespace attn::datasets
