// GloVe / word2vec text reader: validated, parallel, cancellable.
//
// Layout of the work: the body is cut into chunks at line boundaries; pass 1 counts the lines of
// every chunk (so each chunk knows its first line number and the rows it may write); pass 2 parses
// the chunks on all threads straight into one float buffer; the rows are then compacted (blank
// lines, duplicate words) in file order.

#include "detail.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <thread>

namespace attn::glove {
namespace {

inline bool isSep(char c) {
    return c == ' ' || c == '\t';
}

struct LineError {
    std::size_t localLine = 0; // 0-based within the chunk
    std::string what;
};

enum class Parsed { Row, Blank, Error };

// Parses one field as float32 into *out. Returns an empty string or the reason it is not a number.
std::string parseNumber(std::string_view f, float* out) {
    const char* b = f.data();
    const char* e = b + f.size();
    if (b != e && *b == '+')
        ++b;
    auto [ptr, ec] = std::from_chars(b, e, *out);
    if (ec == std::errc::result_out_of_range)
        return "'" + detail::excerpt(f) + "' is out of the float32 range";
    if (ec != std::errc() || ptr != e)
        return "'" + detail::excerpt(f) + "' is not a number";
    if (!std::isfinite(*out))
        return "'" + detail::excerpt(f) + "' is not a finite number";
    return {};
}

// 10^0 ... 10^10: each is exact in float32.
constexpr float kPow10[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

// The numbers GloVe and word2vec writers print ("-0.038194", "0.41800"): an optional '-', digits, an
// optional fraction, no exponent. When the digits form an integer w <= 2^24 and there are at most 10
// fraction digits, w and 10^k are both exact in float32, so the one division w / 10^k is correctly
// rounded, the same float std::from_chars returns (Clinger's fast path). Anything else returns nullptr
// and is left to std::from_chars, which costs about half of a load on its own.
inline const char* parseShortDecimal(const char* p, const char* e, float* out) {
    bool negative = false;
    if (p != e && *p == '-') {
        negative = true;
        ++p;
    }
    std::uint64_t w = 0;
    int digits = 0, fraction = 0;
    for (; p != e && static_cast<unsigned>(*p - '0') < 10u && digits < 18; ++p, ++digits)
        w = w * 10 + static_cast<unsigned>(*p - '0');
    if (p != e && *p == '.') {
        ++p;
        for (; p != e && static_cast<unsigned>(*p - '0') < 10u && digits < 18; ++p, ++digits, ++fraction)
            w = w * 10 + static_cast<unsigned>(*p - '0');
    }
    if (digits == 0 ||
        (p != e && (static_cast<unsigned>(*p - '0') < 10u || *p == 'e' || *p == 'E' || *p == '.')))
        return nullptr; // no digits, more than 18, an exponent, or a second point
    if (w > (1u << 24) || fraction > 10)
        return nullptr;
    const float v = static_cast<float>(w) / kPow10[fraction];
    *out = negative ? -v : v;
    return p;
}

class Parser {
public:
    Parser(std::size_t dim) : d_(dim) {}

    // `line` excludes the '\n'. On Row, *word and out[0..d) are set.
    Parsed parse(std::string_view line, std::string_view* word, float* out, std::string* err) const {
        // Tolerate CRLF and trailing blanks (word2vec text writers often leave one).
        std::size_t n = line.size();
        while (n > 0 && (line[n - 1] == '\r' || isSep(line[n - 1])))
            --n;
        line = line.substr(0, n);
        if (line.empty())
            return Parsed::Blank;
        const char* b = line.data();
        const char* e = b + line.size();
        // Fast path: "word v1 ... vd" separated by single blanks.
        const char* p = b;
        while (p != e && !isSep(*p))
            ++p;
        if (p != e && p != b) {
            bool ok = true;
            const char* q = p;
            for (std::size_t j = 0; j < d_; ++j) {
                while (q != e && isSep(*q))
                    ++q;
                if (q == e) {
                    ok = false;
                    break;
                }
                if (const char* fast = parseShortDecimal(q, e, &out[j])) {
                    if (fast != e && !isSep(*fast)) {
                        ok = false;
                        break;
                    }
                    q = fast;
                    continue;
                }
                auto [ptr, ec] = std::from_chars(q, e, out[j]);
                if (ec != std::errc() || (ptr != e && !isSep(*ptr)) || !std::isfinite(out[j])) {
                    ok = false;
                    break;
                }
                q = ptr;
            }
            if (ok) {
                while (q != e && isSep(*q))
                    ++q;
                if (q == e) {
                    *word = std::string_view(b, static_cast<std::size_t>(p - b));
                    return checkWord(*word, err);
                }
            }
        }
        return slowPath(line, word, out, err);
    }

private:
    Parsed checkWord(std::string_view w, std::string* err) const {
        for (char c : w) {
            if (static_cast<unsigned char>(c) >= 0x80) {
                const std::size_t bad = detail::invalidUtf8At(w);
                if (bad != std::string_view::npos) {
                    *err = "the word '" + detail::excerpt(w) + "' is not valid UTF-8 (byte " +
                           std::to_string(bad + 1) + " of the word)";
                    return Parsed::Error;
                }
                break;
            }
        }
        return Parsed::Row;
    }

    // Splits every field; words with spaces (glove.840B) are everything before the last d fields.
    Parsed slowPath(std::string_view line, std::string_view* word, float* out, std::string* err) const {
        std::vector<std::string_view> fields;
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && isSep(line[i]))
                ++i;
            std::size_t j = i;
            while (j < line.size() && !isSep(line[j]))
                ++j;
            if (j > i)
                fields.push_back(line.substr(i, j - i));
            i = j;
        }
        if (fields.size() < d_ + 1) {
            *err = "expected a word and " + std::to_string(d_) + " numbers (" + std::to_string(d_ + 1) +
                   " fields), found " + std::to_string(fields.size()) + " field" +
                   (fields.size() == 1 ? "" : "s");
            return Parsed::Error;
        }
        const std::size_t first = fields.size() - d_;
        for (std::size_t j = 0; j < d_; ++j) {
            std::string why = parseNumber(fields[first + j], &out[j]);
            if (!why.empty()) {
                *err = "field " + std::to_string(first + j + 1) + ": " + why;
                if (first > 1)
                    *err += " (read as the word '" +
                            detail::excerpt(line.substr(0, static_cast<std::size_t>(fields[first - 1].data() +
                                                                                    fields[first - 1].size() -
                                                                                    line.data()))) +
                            "' followed by " + std::to_string(d_) + " numbers)";
                return Parsed::Error;
            }
        }
        const char* wb = fields[0].data();
        const char* we = fields[first - 1].data() + fields[first - 1].size();
        *word = std::string_view(wb, static_cast<std::size_t>(we - wb));
        return checkWord(*word, err);
    }

    std::size_t d_;
};

struct Chunk {
    std::size_t begin = 0, end = 0; // byte range in body
    std::size_t lines = 0;          // number of lines (a last line without '\n' counts)
    std::size_t firstLine = 0;      // 1-based file line of the chunk's first line
    std::size_t rowStart = 0;       // first row slot in the float buffer
    std::size_t capacity = 0;       // row slots reserved
    std::vector<std::string_view> words;
    std::vector<std::uint32_t> wordLines; // local line of each row
    bool failed = false;
    LineError error;
};

// Runs fn(i) for i in [0, n) on up to `threads` threads.
template <class Fn> void parallelFor(std::size_t n, unsigned threads, Fn fn) {
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;)
            fn(i);
    };
    const unsigned t = static_cast<unsigned>(std::min<std::size_t>(threads, n));
    std::vector<std::thread> pool;
    for (unsigned k = 1; k < t; ++k)
        pool.emplace_back(worker);
    worker();
    for (auto& th : pool)
        th.join();
}

struct FreeFloats {
    void operator()(float* p) const { std::free(p); }
};

struct Owned {
    std::string blob;
    std::unique_ptr<float[], FreeFloats> data;
};

// The parsed vectors (136 MB for 341k x 100 words) in 2 MiB-aligned memory that the kernel is asked to
// back with transparent huge pages: writing them then takes ~70 page faults instead of ~33,000, which
// on a virtual machine were a tenth of a load. Where huge pages are off this is an ordinary buffer.
float* allocateVectors(std::size_t floats) {
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    const std::size_t bytes =
        (std::max<std::size_t>(1, floats) * sizeof(float) + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, bytes);
    if (!p)
        throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    ::madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return static_cast<float*>(p);
}

std::string at(const std::string& where, std::size_t line) {
    return where + ":" + std::to_string(line) + ": ";
}

} // namespace

namespace detail {

EmbeddingsPtr readTextBytes(std::string_view all, const std::string& where, std::string name,
                            std::string source, const ReadOptions& options) {
    const Progress& progress = options.progress;
    if (progress && !progress(0.0))
        throw Cancelled("loading cancelled");
    if (all.empty())
        throw detail::errorAtLine(where, 1, "empty file; expected lines of 'word v1 v2 ... vd'");
    // A binary file opened by mistake (word2vec .bin, a cache file, an archive ...).
    {
        const std::size_t scan = std::min<std::size_t>(all.size(), 1 << 16);
        const void* nul = std::memchr(all.data(), '\0', scan);
        if (nul) {
            const std::size_t off = static_cast<std::size_t>(static_cast<const char*>(nul) - all.data());
            const std::size_t line =
                1 + static_cast<std::size_t>(std::count(all.data(), all.data() + off, '\n'));
            throw detail::errorAtLine(
                where, line,
                "binary data (a NUL byte at byte offset " + std::to_string(off) +
                    "); expected a GloVe/word2vec text file (word2vec .bin files are not supported)");
        }
    }
    std::string_view text = all;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // UTF-8 byte-order mark

    // First line: a word2vec header "N d" or the first row, which fixes d.
    const std::size_t nl = text.find('\n');
    std::string_view first = text.substr(0, nl == std::string_view::npos ? text.size() : nl);
    while (!first.empty() && (first.back() == '\r' || isSep(first.back())))
        first.remove_suffix(1);
    // Counted, not collected: only the first two fields are looked at, and a hostile first line may
    // hold millions (each would cost 16 bytes here before the dimension limit below is checked).
    std::vector<std::string_view> fields;
    std::size_t fieldCount = 0;
    for (std::size_t i = 0; i < first.size();) {
        while (i < first.size() && isSep(first[i]))
            ++i;
        std::size_t j = i;
        while (j < first.size() && !isSep(first[j]))
            ++j;
        if (j > i && ++fieldCount <= 2)
            fields.push_back(first.substr(i, j - i));
        i = j;
    }
    if (fields.empty())
        throw detail::errorAtLine(
            where, 1, "the first line is blank; expected 'word v1 v2 ... vd' or a word2vec header 'N d'");
    auto asCount = [](std::string_view f, std::size_t* v) {
        auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), *v);
        return ec == std::errc() && p == f.data() + f.size();
    };
    std::size_t headerCount = 0, dim = 0;
    bool hasHeader = false;
    std::string_view body = text;
    std::size_t bodyFirstLine = 1;
    if (fieldCount == 2 && asCount(fields[0], &headerCount) && asCount(fields[1], &dim)) {
        hasHeader = true;
        if (dim == 0)
            throw detail::errorAtLine(where, 1,
                                      "word2vec header '" + detail::excerpt(first) + "' gives 0 dimensions");
        body = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        bodyFirstLine = 2;
    } else {
        if (fieldCount < 2)
            throw detail::errorAtLine(where, 1,
                                      "expected a word followed by its numbers, found 1 field ('" +
                                          detail::excerpt(fields[0]) + "')");
        dim = fieldCount - 1;
    }
    // One limit for every format: what is read here can also be written to the binary cache.
    if (dim > kMaxDimensions)
        throw detail::errorAtLine(where, 1,
                                  (hasHeader ? "word2vec header announces " : "the first row has ") +
                                      std::to_string(dim) + " dimensions, more than the " +
                                      groupThousands(kMaxDimensions) + " attnviz reads (and caches)");
    // Each valid row needs at least 2*d+1 bytes; d larger than the file can back is an error here.
    if (dim > all.size() / 2)
        throw detail::errorAtLine(where, 1,
                                  "word2vec header announces " + std::to_string(dim) +
                                      " dimensions but the file has only " + std::to_string(all.size()) +
                                      " bytes");

    // Chunks at line boundaries.
    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    const std::size_t target =
        std::max<std::size_t>(1, std::min<std::size_t>(threads * 16, body.size() / (1 << 20)));
    std::vector<Chunk> chunks;
    for (std::size_t pos = 0; pos < body.size();) {
        std::size_t end = std::min(body.size(), pos + std::max<std::size_t>(1, body.size() / target));
        if (end < body.size()) {
            const std::size_t n2 = body.find('\n', end > 0 ? end - 1 : 0);
            end = n2 == std::string_view::npos ? body.size() : n2 + 1;
        }
        Chunk c;
        c.begin = pos;
        c.end = end;
        chunks.push_back(std::move(c));
        pos = end;
    }
    // Pass 1: lines per chunk.
    parallelFor(chunks.size(), threads, [&](std::size_t i) {
        Chunk& c = chunks[i];
        const char* b = body.data() + c.begin;
        const char* e = body.data() + c.end;
        std::size_t n = 0;
        for (const char* p = b; p < e;) {
            const void* q = std::memchr(p, '\n', static_cast<std::size_t>(e - p));
            if (!q) {
                ++n; // last line without a newline
                break;
            }
            ++n;
            p = static_cast<const char*>(q) + 1;
        }
        c.lines = n;
        // A row takes at least 2*d+1 bytes: never reserve more slots than the bytes can back.
        c.capacity = std::min(n, (c.end - c.begin) / (2 * dim + 1) + 1);
    });
    std::size_t line = bodyFirstLine, slots = 0;
    for (auto& c : chunks) {
        c.firstLine = line;
        line += c.lines;
        c.rowStart = slots;
        slots += c.capacity;
    }
    auto owned = std::make_shared<Owned>();
    owned->data.reset(allocateVectors(slots * dim));
    float* data = owned->data.get();

    // Pass 2: parse.
    std::atomic<std::size_t> bytesDone{0};
    std::atomic<bool> stop{false};
    std::atomic<std::size_t> firstFailed{chunks.size()};
    std::atomic<bool> finished{false};
    const Parser parser(dim);
    auto parseChunk = [&](std::size_t ci) {
        Chunk& c = chunks[ci];
        if (stop.load(std::memory_order_relaxed) || ci > firstFailed.load())
            return;
        const char* p = body.data() + c.begin;
        const char* e = body.data() + c.end;
        std::size_t local = 0, rows = 0, reported = 0;
        c.words.reserve(c.capacity);
        c.wordLines.reserve(c.capacity);
        std::string err;
        while (p < e) {
            const char* q = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(e - p)));
            const char* lineEnd = q ? q : e;
            std::string_view w;
            float* out = data + (c.rowStart + std::min(rows, c.capacity - 1)) * dim;
            const Parsed r =
                parser.parse(std::string_view(p, static_cast<std::size_t>(lineEnd - p)), &w, out, &err);
            if (r == Parsed::Error) {
                c.failed = true;
                c.error = {local, err};
                std::size_t cur = firstFailed.load();
                while (ci < cur && !firstFailed.compare_exchange_weak(cur, ci)) {
                }
                return;
            }
            if (r == Parsed::Row) {
                c.words.push_back(w);
                c.wordLines.push_back(static_cast<std::uint32_t>(local));
                ++rows;
            }
            ++local;
            p = q ? q + 1 : e;
            if ((local & 1023) == 0) {
                const std::size_t done = static_cast<std::size_t>(p - (body.data() + c.begin));
                bytesDone.fetch_add(done - reported, std::memory_order_relaxed);
                reported = done;
                if (stop.load(std::memory_order_relaxed))
                    return;
            }
        }
        bytesDone.fetch_add((c.end - c.begin) - reported, std::memory_order_relaxed);
    };
    bool cancelled = false;
    {
        // The caller's thread reports progress every options.progressInterval (15 ms) and is woken as
        // soon as the parse ends (a plain sleep made every read, however small, take at least 15 ms).
        std::mutex doneMutex;
        std::condition_variable doneCv;
        std::thread runner([&] {
            parallelFor(chunks.size(), threads, parseChunk);
            {
                const std::lock_guard<std::mutex> lock(doneMutex);
                finished.store(true);
            }
            doneCv.notify_all();
        });
        while (!finished.load()) {
            {
                std::unique_lock<std::mutex> lock(doneMutex);
                doneCv.wait_for(lock, options.progressInterval, [&] { return finished.load(); });
            }
            if (progress && !finished.load() && !cancelled) {
                const double f = body.empty() ? 1.0
                                              : 0.95 * static_cast<double>(bytesDone.load()) /
                                                    static_cast<double>(body.size());
                if (!progress(f)) {
                    cancelled = true;
                    stop.store(true);
                }
            }
        }
        runner.join();
    }
    if (cancelled)
        throw Cancelled("loading cancelled");
    if (firstFailed.load() < chunks.size()) {
        const Chunk& c = chunks[firstFailed.load()];
        throw detail::errorAtLine(where, c.firstLine + c.error.localLine, c.error.what);
    }

    // Compact in file order, dropping duplicate words (the first wins).
    std::size_t total = 0;
    for (const auto& c : chunks)
        total += c.words.size();
    if (total == 0)
        throw detail::errorAtLine(where, bodyFirstLine,
                                  (hasHeader ? "no vectors after the word2vec header" : "no vectors"));
    // Duplicates are found with a flat open-addressing table (slot = kept row + 1, 0 = empty), the
    // layout of the Embeddings index: a node-based map cost a tenth of a 341k-word load here.
    std::size_t capacity = 16;
    while (capacity < 2 * total)
        capacity *= 2;
    std::vector<std::uint32_t> index(capacity, 0);
    const std::size_t mask = capacity - 1;
    std::vector<std::size_t> keptLines; // file line of each kept row
    keptLines.reserve(total);
    std::vector<std::string_view> words;
    words.reserve(total);
    std::size_t blobSize = 0, dupCount = 0, row = 0;
    std::vector<std::string>* warnings = options.warnings;
    for (const auto& c : chunks) {
        for (std::size_t k = 0; k < c.words.size(); ++k) {
            const std::size_t fileLine = c.firstLine + c.wordLines[k];
            std::size_t slot = Embeddings::hashWord(c.words[k]) & mask;
            while (index[slot] != 0 && words[index[slot] - 1] != c.words[k])
                slot = (slot + 1) & mask;
            if (index[slot] != 0) {
                if (warnings && dupCount < 20)
                    warnings->push_back(at(where, fileLine) + "duplicate word '" +
                                        detail::excerpt(c.words[k]) + "' skipped; the first, on line " +
                                        std::to_string(keptLines[index[slot] - 1]) + ", is kept");
                ++dupCount;
                continue;
            }
            index[slot] = static_cast<std::uint32_t>(row + 1);
            keptLines.push_back(fileLine);
            const std::size_t src = c.rowStart + k;
            if (src != row)
                std::memmove(data + row * dim, data + src * dim, dim * sizeof(float));
            words.push_back(c.words[k]);
            blobSize += c.words[k].size();
            ++row;
        }
    }
    if (warnings && dupCount > 20)
        warnings->push_back(where + ": " + std::to_string(dupCount - 20) + " more duplicate words skipped");
    if (hasHeader && headerCount != total && warnings)
        warnings->push_back(at(where, 1) + "the word2vec header announces " + std::to_string(headerCount) +
                            " words but the file has " + std::to_string(total));
    owned->blob.reserve(blobSize);
    for (auto w : words)
        owned->blob.append(w);
    std::size_t off = 0;
    for (auto& w : words) {
        const std::size_t len = w.size();
        w = std::string_view(owned->blob.data() + off, len);
        off += len;
    }
    if (progress && !progress(1.0))
        throw Cancelled("loading cancelled");
    const float* ptr = owned->data.get();
    return std::make_shared<const Embeddings>(std::move(words), ptr, dim, std::shared_ptr<const void>(owned),
                                              std::move(name), std::move(source));
}

} // namespace detail

EmbeddingsPtr readTextBuffer(std::string_view bytes, const std::string& displayName,
                             const ReadOptions& options) {
    return detail::readTextBytes(bytes, displayName, displayName, displayName, options);
}

EmbeddingsPtr readText(const std::filesystem::path& path, const ReadOptions& options) {
    detail::MappedFile file(path, true);
    return detail::readTextBytes(file.view(), path.string(), path.filename().string(), path.string(),
                                 options);
}

} // namespace attn::glove
