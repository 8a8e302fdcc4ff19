#include "detail.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace attn::glove::detail {

MappedFile::MappedFile(const std::filesystem::path& path, bool populate) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw LoadError(path.string() + ": cannot open: " + std::strerror(errno),
                        ErrorInfo{.path = path.string()});
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        throw LoadError(path.string() + ": cannot stat: " + std::strerror(e),
                        ErrorInfo{.path = path.string()});
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw LoadError(path.string() + ": is a directory, expected a file",
                        ErrorInfo{.path = path.string()});
    }
    size_ = static_cast<std::size_t>(st.st_size);
    if (size_ > 0) {
        int flags = MAP_PRIVATE;
        if (populate)
            flags |= MAP_POPULATE;
        void* p = ::mmap(nullptr, size_, PROT_READ, flags, fd, 0);
        if (p == MAP_FAILED) {
            const int e = errno;
            ::close(fd);
            throw LoadError(path.string() + ": cannot map " + std::to_string(size_) +
                                " bytes: " + std::strerror(e),
                            ErrorInfo{.path = path.string()});
        }
        addr_ = p;
        ::madvise(addr_, size_, MADV_SEQUENTIAL);
    }
    ::close(fd);
}

MappedFile::~MappedFile() {
    if (addr_)
        ::munmap(addr_, size_);
}

std::size_t invalidUtf8At(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        for (std::size_t k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

std::string excerpt(std::string_view s, std::size_t max) {
    std::string out;
    const bool cut = s.size() > max;
    if (cut)
        s = s.substr(0, max);
    const std::size_t bad = invalidUtf8At(s);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7F || (bad != std::string_view::npos && i >= bad && c >= 0x80)) {
            static const char hex[] = "0123456789ABCDEF";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (cut)
        out += "...";
    return out;
}

LoadError errorAtLine(const std::string& where, std::uint64_t line, const std::string& what) {
    return LoadError(where + ":" + std::to_string(line) + ": " + what,
                     ErrorInfo{.path = where, .line = line});
}

LoadError errorAtByte(const std::string& where, std::uint64_t offset, const std::string& what) {
    return LoadError(where + ": byte " + std::to_string(offset) + ": " + what,
                     ErrorInfo{.path = where, .byte = offset});
}

std::string metaValue(std::string_view meta, std::string_view key) {
    std::size_t pos = 0;
    while (pos < meta.size()) {
        std::size_t end = meta.find('\n', pos);
        if (end == std::string_view::npos)
            end = meta.size();
        std::string_view line = meta.substr(pos, end - pos);
        if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == '=')
            return std::string(line.substr(key.size() + 1));
        pos = end + 1;
    }
    return {};
}

} // namespace attn::glove::detail
