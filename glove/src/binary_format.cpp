// The project's binary word-vector format; see glove/FORMAT.md for the layout.

#include "detail.hpp"

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <unistd.h>
#include <unordered_set>

namespace attn::glove {
namespace {

std::uint64_t u64At(std::string_view b, std::size_t off) {
    std::uint64_t v = 0;
    std::memcpy(&v, b.data() + off, 8);
    if constexpr (std::endian::native == std::endian::big)
        v = __builtin_bswap64(v);
    return v;
}

std::uint32_t u32At(std::string_view b, std::size_t off) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + off, 4);
    if constexpr (std::endian::native == std::endian::big)
        v = __builtin_bswap32(v);
    return v;
}

struct Layout {
    std::uint64_t count = 0, dim = 0, wordsOffset = 0, wordsBytes = 0, metaBytes = 0, matrixOffset = 0;
};

// Validates the header against the number of bytes and returns the layout.
Layout checkHeader(std::string_view b, const std::string& where) {
    using namespace detail;
    if (b.size() < kHeaderBytes)
        throw detail::errorAtByte(where, 0,
                                  "file is " + std::to_string(b.size()) + " bytes, shorter than the " +
                                      std::to_string(kHeaderBytes) +
                                      "-byte header of an attnviz GloVe binary");
    if (std::memcmp(b.data(), kMagic, sizeof kMagic) != 0)
        throw detail::errorAtByte(where, 0,
                                  "not an attnviz GloVe binary (expected the magic 'ATTNGLOV', found '" +
                                      excerpt(b.substr(0, 8)) + "')");
    if (const auto v = u32At(b, 8); v != kVersion)
        throw detail::errorAtByte(where, 8,
                                  "format version " + std::to_string(v) + ", this build reads version " +
                                      std::to_string(kVersion));
    if (const auto h = u32At(b, 12); h != kHeaderBytes)
        throw detail::errorAtByte(
            where, 12, "header size " + std::to_string(h) + ", expected " + std::to_string(kHeaderBytes));
    Layout l;
    l.count = u64At(b, 16);
    l.dim = u64At(b, 24);
    l.wordsOffset = u64At(b, 32);
    l.wordsBytes = u64At(b, 40);
    l.metaBytes = u64At(b, 48);
    l.matrixOffset = u64At(b, 56);
    const std::uint64_t size = b.size();
    if (l.dim == 0 || l.dim > kMaxDimensions)
        throw detail::errorAtByte(where, 24, "dimension " + std::to_string(l.dim) + " is not in 1..1048576");
    // Every count is checked against the bytes present before anything is allocated.
    if (l.count > size / 4 / l.dim)
        throw detail::errorAtByte(where, 16,
                                  "header announces " + std::to_string(l.count) + " words x " +
                                      std::to_string(l.dim) + " dims, more than the " + std::to_string(size) +
                                      "-byte file can hold");
    if (l.wordsOffset != kHeaderBytes)
        throw detail::errorAtByte(where, 32,
                                  "words offset " + std::to_string(l.wordsOffset) + ", expected " +
                                      std::to_string(kHeaderBytes));
    if (l.wordsBytes > size - l.wordsOffset || l.metaBytes > size - l.wordsOffset - l.wordsBytes)
        throw detail::errorAtByte(where, 40,
                                  "words (" + std::to_string(l.wordsBytes) + " bytes) and metadata (" +
                                      std::to_string(l.metaBytes) + " bytes) run past the end of the " +
                                      std::to_string(size) + "-byte file (truncated?)");
    if (l.wordsBytes < 2 * l.count)
        throw detail::errorAtByte(where, 40,
                                  std::to_string(l.wordsBytes) + " bytes cannot hold " +
                                      std::to_string(l.count) + " non-empty words");
    if (l.matrixOffset % kMatrixAlign != 0 || l.matrixOffset < l.wordsOffset + l.wordsBytes + l.metaBytes ||
        l.matrixOffset > size)
        throw detail::errorAtByte(
            where, 56,
            "matrix offset " + std::to_string(l.matrixOffset) +
                " is not a multiple of 64 after the words and metadata, inside the file");
    const std::uint64_t matrixBytes = l.count * l.dim * 4;
    if (size - l.matrixOffset != matrixBytes)
        throw detail::errorAtByte(where, l.matrixOffset,
                                  "expected " + std::to_string(matrixBytes) + " bytes of vectors (" +
                                      std::to_string(l.count) + " x " + std::to_string(l.dim) +
                                      " float32), found " + std::to_string(size - l.matrixOffset) +
                                      (size - l.matrixOffset < matrixBytes ? " (truncated)" : ""));
    return l;
}

struct OwnedFloats {
    std::unique_ptr<float[]> data;
};

} // namespace

namespace detail {

EmbeddingsPtr readBinaryBytes(std::string_view b, const std::string& where, std::string name,
                              std::string source, std::shared_ptr<const void> keepAlive,
                              const ReadOptions& options) {
    if (options.progress && !options.progress(0.0))
        throw Cancelled("loading cancelled");
    const Layout l = checkHeader(b, where);
    std::string_view blob = b.substr(l.wordsOffset, l.wordsBytes);
    std::vector<std::string_view> words;
    words.reserve(l.count);
    std::size_t pos = 0;
    while (pos < blob.size()) {
        const std::size_t end = blob.find('\n', pos);
        const std::size_t off = l.wordsOffset + pos;
        if (end == std::string_view::npos)
            throw detail::errorAtByte(
                where, off, "word " + std::to_string(words.size() + 1) + " is not terminated by '\\n'");
        std::string_view w = blob.substr(pos, end - pos);
        if (w.empty())
            throw detail::errorAtByte(where, off, "word " + std::to_string(words.size() + 1) + " is empty");
        if (words.size() == l.count)
            throw detail::errorAtByte(where, off,
                                      "more words than the " + std::to_string(l.count) + " in the header");
        if (const std::size_t bad = invalidUtf8At(w); bad != std::string_view::npos)
            throw detail::errorAtByte(where, off + bad,
                                      "word " + std::to_string(words.size() + 1) + " '" + excerpt(w) +
                                          "' is not valid UTF-8");
        words.push_back(w);
        pos = end + 1;
    }
    if (words.size() != l.count)
        throw detail::errorAtByte(where, l.wordsOffset + l.wordsBytes,
                                  "found " + std::to_string(words.size()) + " words, the header announces " +
                                      std::to_string(l.count));
    std::string_view matrix = b.substr(l.matrixOffset);
    const float* data = nullptr;
    const bool aligned = reinterpret_cast<std::uintptr_t>(matrix.data()) % alignof(float) == 0;
    if (aligned && std::endian::native == std::endian::little) {
        data = reinterpret_cast<const float*>(matrix.data());
    } else {
        auto owned = std::make_shared<OwnedFloats>();
        const std::size_t n = l.count * l.dim;
        owned->data.reset(new float[std::max<std::size_t>(1, n)]);
        std::memcpy(owned->data.get(), matrix.data(), n * 4);
        if constexpr (std::endian::native == std::endian::big) {
            for (std::size_t i = 0; i < n; ++i) {
                std::uint32_t u;
                std::memcpy(&u, &owned->data[i], 4);
                u = __builtin_bswap32(u);
                std::memcpy(&owned->data[i], &u, 4);
            }
        }
        data = owned->data.get();
        keepAlive = std::shared_ptr<const void>(
            std::make_shared<std::pair<std::shared_ptr<const void>, std::shared_ptr<OwnedFloats>>>(
                std::move(keepAlive), owned));
    }
    const std::string metaName = metaValue(b.substr(l.wordsOffset + l.wordsBytes, l.metaBytes), "name");
    if (!metaName.empty())
        name = metaName;
    EmbeddingsPtr e;
    try {
        e = std::make_shared<const Embeddings>(words, data, l.dim, std::move(keepAlive), std::move(name),
                                               std::move(source));
    } catch (const DuplicateWord& d) {
        std::size_t off = l.wordsOffset;
        for (std::size_t i = 0; i < d.second; ++i)
            off += words[i].size() + 1;
        throw detail::errorAtByte(where, off,
                                  "duplicate word '" + excerpt(words[d.second]) + "' (words " +
                                      std::to_string(d.first + 1) + " and " + std::to_string(d.second + 1) +
                                      ")");
    }
    if (options.progress && !options.progress(1.0))
        throw Cancelled("loading cancelled");
    return e;
}

} // namespace detail

EmbeddingsPtr readBinaryMemory(std::span<const std::byte> bytes, const std::string& displayName,
                               std::shared_ptr<const void> keepAlive, const ReadOptions& options) {
    std::string_view b(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return detail::readBinaryBytes(b, displayName, displayName, displayName, std::move(keepAlive), options);
}

EmbeddingsPtr readBinary(const std::filesystem::path& path, const ReadOptions& options) {
    auto file = std::make_shared<detail::MappedFile>(path, true);
    return detail::readBinaryBytes(file->view(), path.string(), path.filename().string(), path.string(), file,
                                   options);
}

bool isBinaryFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[8] = {};
    if (!in.read(magic, 8))
        return false;
    return std::memcmp(magic, detail::kMagic, 8) == 0;
}

std::string readBinaryMeta(const std::filesystem::path& path) {
    detail::MappedFile file(path, false);
    const Layout l = checkHeader(file.view(), path.string());
    return std::string(file.view().substr(l.wordsOffset + l.wordsBytes, l.metaBytes));
}

namespace {

void putU32(std::string& h, std::size_t off, std::uint32_t v) {
    if constexpr (std::endian::native == std::endian::big)
        v = __builtin_bswap32(v);
    std::memcpy(h.data() + off, &v, 4);
}
void putU64(std::string& h, std::size_t off, std::uint64_t v) {
    if constexpr (std::endian::native == std::endian::big)
        v = __builtin_bswap64(v);
    std::memcpy(h.data() + off, &v, 8);
}

} // namespace

void writeBinary(const Embeddings& e, const std::filesystem::path& path, const std::string& meta) {
    static_assert(std::endian::native == std::endian::little, "writeBinary assumes a little-endian host");
    std::string words;
    for (std::size_t i = 0; i < e.size(); ++i) {
        const auto w = e.word(i);
        if (w.empty() || w.find('\n') != std::string_view::npos)
            throw std::runtime_error(path.string() + ": word " + std::to_string(i + 1) +
                                     " cannot be stored (empty or contains a newline)");
        words.append(w);
        words += '\n';
    }
    std::string header(detail::kHeaderBytes, '\0');
    std::memcpy(header.data(), detail::kMagic, 8);
    putU32(header, 8, detail::kVersion);
    putU32(header, 12, detail::kHeaderBytes);
    putU64(header, 16, e.size());
    putU64(header, 24, e.dim());
    putU64(header, 32, detail::kHeaderBytes);
    putU64(header, 40, words.size());
    putU64(header, 48, meta.size());
    std::size_t matrixOffset = detail::kHeaderBytes + words.size() + meta.size();
    const std::size_t pad =
        (detail::kMatrixAlign - matrixOffset % detail::kMatrixAlign) % detail::kMatrixAlign;
    matrixOffset += pad;
    putU64(header, 56, matrixOffset);

    // Atomic: write a temporary file next to the target, then rename over it.
    std::random_device rd;
    const std::filesystem::path tmp =
        path.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(rd());
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        throw std::runtime_error(tmp.string() + ": cannot create: " + std::strerror(errno));
    const std::string zeros(pad, '\0');
    bool ok = std::fwrite(header.data(), 1, header.size(), f) == header.size() &&
              std::fwrite(words.data(), 1, words.size(), f) == words.size() &&
              std::fwrite(meta.data(), 1, meta.size(), f) == meta.size() &&
              std::fwrite(zeros.data(), 1, zeros.size(), f) == zeros.size();
    const std::size_t n = e.size() * e.dim();
    if (ok && n > 0)
        ok = std::fwrite(e.row(0).data(), sizeof(float), n, f) == n;
    ok = (std::fflush(f) == 0) && ok;
    ok = (std::fclose(f) == 0) && ok;
    if (!ok) {
        const int err = errno;
        std::filesystem::remove(tmp);
        throw std::runtime_error(tmp.string() + ": write failed: " + std::strerror(err));
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp);
        throw std::runtime_error(path.string() +
                                 ": cannot rename the temporary file into place: " + ec.message());
    }
}

} // namespace attn::glove
