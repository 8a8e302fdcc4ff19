#pragma once
// Internal helpers of attn_glove (not installed, not part of the API).

#include "attn/glove/embeddings.hpp"
#include "attn/glove/loader.hpp"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace attn::glove::detail {

/// A read-only memory map of a whole file (or an empty view for an empty file).
class MappedFile {
public:
    explicit MappedFile(const std::filesystem::path& path, bool populate);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    std::string_view view() const { return {static_cast<const char*>(addr_), size_}; }

private:
    void* addr_ = nullptr;
    std::size_t size_ = 0;
};

/// Offset of the first byte that breaks UTF-8 (overlongs, surrogates and > U+10FFFF are invalid),
/// or npos if `s` is valid.
std::size_t invalidUtf8At(std::string_view s);

/// Printable excerpt for messages: at most `max` bytes, control bytes and bad UTF-8 escaped.
std::string excerpt(std::string_view s, std::size_t max = 40);

/// Binary reader with separate names: `where` prefixes error messages, `name`/`source` describe the set.
EmbeddingsPtr readBinaryBytes(std::string_view bytes, const std::string& where, std::string name,
                              std::string source, std::shared_ptr<const void> keepAlive,
                              const ReadOptions& options);

/// Text reader with separate message prefix and description.
EmbeddingsPtr readTextBytes(std::string_view bytes, const std::string& where, std::string name,
                            std::string source, const ReadOptions& options);

/// LoadError "<where>:<line>: <what>" (text formats) with path and line as fields.
LoadError errorAtLine(const std::string& where, std::uint64_t line, const std::string& what);
/// LoadError "<where>: byte <offset>: <what>" (binary formats) with path and byte offset as fields.
LoadError errorAtByte(const std::string& where, std::uint64_t offset, const std::string& what);

/// Value of "key=value" in a binary file's metadata text, or empty.
std::string metaValue(std::string_view meta, std::string_view key);

/// Thrown by the Embeddings constructor when two rows hold the same word.
struct DuplicateWord : std::invalid_argument {
    DuplicateWord(std::size_t f, std::size_t s)
        : std::invalid_argument("duplicate word in rows " + std::to_string(f) + " and " + std::to_string(s)),
          first(f), second(s) {}
    std::size_t first, second;
};

constexpr char kMagic[8] = {'A', 'T', 'T', 'N', 'G', 'L', 'O', 'V'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 64;
constexpr std::size_t kMatrixAlign = 64;

} // namespace attn::glove::detail
