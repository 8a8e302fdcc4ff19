#pragma once
// A loaded set of word vectors: N words, each a row of d float32 values, in file order.
//
// The values are exactly those of the file (text parsed with correct rounding to float32, binary
// copied bit for bit). The rows may live in owned memory, in a memory-mapped cache file or in the
// read-only data embedded into the executable; `Embeddings` keeps whichever alive.

#include "attn/error.hpp"
#include "attn/matrix.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace attn::glove {

/// A file that cannot be read as word vectors. The message always starts with where:
/// "<path>:<line>: <what was expected>" for text, "<path>: byte <offset>: ..." for binary; path(),
/// line() and byteOffset() carry the same facts.
class LoadError : public Error {
public:
    using Error::Error;
};

/// The progress callback returned false: the one attn::Cancelled, deliberately not a LoadError.
using Cancelled = attn::Cancelled;

/// The most dimensions a word vector may have, in every format (text, binary, cache, wink import):
/// the binary format's limit (FORMAT.md), so whatever a reader accepts can also be cached.
inline constexpr std::size_t kMaxDimensions = std::size_t{1} << 20; // 1,048,576

/// Called with a fraction in [0, 1]; return false to cancel (the loader then throws Cancelled).
using Progress = std::function<bool(double fraction)>;

struct Neighbour {
    std::string word;
    float cosine = 0.0f;
};

class Embeddings {
public:
    /// `data` must hold words.size() * dim floats and stay valid as long as `keepAlive` does.
    /// Words must be unique (readers check and report duplicates before constructing).
    Embeddings(std::vector<std::string_view> words, const float* data, std::size_t dim,
               std::shared_ptr<const void> keepAlive, std::string name, std::string source);

    Embeddings(const Embeddings&) = delete;
    Embeddings& operator=(const Embeddings&) = delete;

    std::size_t size() const { return words_.size(); }
    std::size_t dim() const { return dim_; }

    std::string_view word(std::size_t row) const { return words_[row]; }
    const std::vector<std::string_view>& words() const { return words_; }

    /// Row of exactly this word, or nullopt when it is out of vocabulary.
    std::optional<std::size_t> lookup(std::string_view word) const;
    /// Exactly this word, else its ASCII-lower-cased form (GloVe 6B is lower-case only).
    std::optional<std::size_t> lookupFolded(std::string_view word) const;

    std::span<const float> row(std::size_t r) const { return {data_ + r * dim_, dim_}; }
    /// The vector of `word` (see lookup), or nullopt: never a silent zero vector.
    std::optional<std::span<const float>> vector(std::string_view word) const;

    /// N x d, row-major, read-only view of the values.
    Eigen::Map<const Matrix> matrix() const;

    /// The k rows with the highest cosine similarity to `v` (v.size() must equal dim()), best first.
    /// Rows listed in `exclude` are skipped; zero vectors have cosine 0.
    std::vector<Neighbour> nearest(std::span<const float> v, std::size_t k,
                                   std::span<const std::size_t> exclude = {}) const;
    /// Neighbours of an in-vocabulary word (found with lookupFolded), without the word itself.
    /// Empty when the word is out of vocabulary.
    std::vector<Neighbour> nearest(std::string_view word, std::size_t k) const;

    /// Short human name, e.g. "GloVe 6B 100d (embedded default)" or the file name.
    const std::string& name() const { return name_; }
    /// Where the vectors came from: a path, or "embedded" for the built-in set.
    const std::string& source() const { return source_; }
    /// For a status bar: "<name>: 40,000 words × 100".
    std::string description() const;

    /// The hash of the word index (FNV-1a with a final mix); the text reader finds duplicates with it.
    static std::uint64_t hashWord(std::string_view w);

private:
    const std::vector<float>& norms() const;

    std::vector<std::string_view> words_;
    const float* data_ = nullptr;
    std::size_t dim_ = 0;
    std::shared_ptr<const void> keepAlive_;
    std::string name_, source_;
    // Open-addressing hash index (linear probing): slot = row + 1, 0 = empty; size a power of two
    // >= 2N. Flat, so building it for 341k words costs no allocation per word.
    std::vector<std::uint32_t> slots_;
    std::size_t mask_ = 0;
    mutable std::once_flag normsOnce_;
    mutable std::vector<float> norms_;
};

using EmbeddingsPtr = std::shared_ptr<const Embeddings>;

/// Thousands separators for counts in messages: 341479 -> "341,479".
std::string groupThousands(std::size_t n);

} // namespace attn::glove
