#pragma once
// Reading word vectors from files and memory. Every reader validates sizes before allocating,
// reports progress (and can be cancelled), and appends recoverable problems to `warnings`.

#include "attn/glove/embeddings.hpp"

#include <chrono>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace attn::glove {

struct ReadOptions {
    Progress progress;                            ///< may be empty
    std::vector<std::string>* warnings = nullptr; ///< may be null
    unsigned threads = 0;                         ///< 0 = all hardware threads
    /// While a text file is parsed, the calling thread reports progress this often; it is woken as soon
    /// as the parse ends, so a small file never waits for it (tests make it long to show that).
    std::chrono::milliseconds progressInterval{15};
};

/// GloVe / word2vec text: "word v1 ... vd" per line, any d (fixed by the first line), an optional
/// word2vec header "N d", words with spaces (the last d fields are the vector), CRLF and a UTF-8 BOM.
/// Throws LoadError ("<path>:<line>: ...") or Cancelled.
EmbeddingsPtr readText(const std::filesystem::path& path, const ReadOptions& options = {});
/// The same parser over bytes in memory; `displayName` is used in messages and as the source.
EmbeddingsPtr readTextBuffer(std::string_view bytes, const std::string& displayName,
                             const ReadOptions& options = {});

/// The project's binary format (glove/FORMAT.md), memory-mapped. Throws LoadError
/// ("<path>: byte <offset>: ...").
EmbeddingsPtr readBinary(const std::filesystem::path& path, const ReadOptions& options = {});
/// The binary format over bytes that outlive the result (e.g. embedded data) or are kept by `keepAlive`.
EmbeddingsPtr readBinaryMemory(std::span<const std::byte> bytes, const std::string& displayName,
                               std::shared_ptr<const void> keepAlive = {}, const ReadOptions& options = {});

/// True when the file starts with the binary format's magic.
bool isBinaryFile(const std::filesystem::path& path);

/// Writes the binary format atomically (temporary file in the same directory, then rename).
/// `meta` is free text stored in the file (the cache stores its key there).
void writeBinary(const Embeddings& e, const std::filesystem::path& path, const std::string& meta = {});

/// The metadata text of a binary file (empty if it has none); throws LoadError if it is not one.
std::string readBinaryMeta(const std::filesystem::path& path);

// ---- cache ---------------------------------------------------------------------------------

/// $ATTNVIZ_CACHE_DIR, else $XDG_CACHE_HOME/attnviz, else ~/.cache/attnviz.
std::filesystem::path defaultCacheDir();
/// Where the cache file of a text file lives; the name depends on the file's absolute path,
/// size and modification time, so an edited file never hits a stale entry.
std::filesystem::path cachePathFor(const std::filesystem::path& textFile,
                                   const std::filesystem::path& cacheDir);

struct OpenOptions {
    ReadOptions read;
    bool useCache = true;           ///< false: neither read nor write the cache
    std::filesystem::path cacheDir; ///< empty = defaultCacheDir()
};

/// Opens a text or binary file (detected by content). Text files go through the cache when
/// enabled: a valid entry is memory-mapped, otherwise the text is parsed and the entry written
/// (a failure to write it is a warning, not an error).
EmbeddingsPtr open(const std::filesystem::path& path, const OpenOptions& options = {});

// ---- the built-in sets ---------------------------------------------------------------------

/// The bytes of the default set compiled into the executable (binary format).
std::span<const std::byte> embeddedDefaultBytes();
/// The embedded default, parsed once (thread-safe) and shared.
EmbeddingsPtr embeddedDefault();

/// $ATTNVIZ_DATA_DIR, else $XDG_DATA_HOME/attnviz, else ~/.local/share/attnviz.
std::filesystem::path defaultDataDir();
/// Where glove/tools/install_full.sh puts the full 341,479-word set.
std::filesystem::path fullSetPath();

} // namespace attn::glove
