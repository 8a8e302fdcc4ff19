#pragma once
// Shared pieces of the libFuzzer harnesses (tests/fuzz/README.md).
//
// A harness feeds one input to one reader and accepts exactly the project's documented outcomes:
// success, attn::Error (and its subclasses) or attn::Cancelled. Everything else is a finding:
//   - any other exception: it escapes LLVMFuzzerTestOneInput, std::terminate names its type;
//   - a sanitizer report (ASan, UBSan with -fno-sanitize-recover), a timeout, an allocation over
//     -malloc_limit_mb or an RSS over -rss_limit_mb (reported by libFuzzer itself);
//   - a file descriptor still open after the input (Check below), a temporary file left behind or a
//     broken invariant the harness checks (finding()).

#include <algorithm>
#include <attn/error.hpp>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace fuzz {

/// Prints the finding and aborts: libFuzzer saves the input as a crash artifact.
[[noreturn]] inline void finding(const std::string& what) {
    std::fprintf(stderr, "==attnviz-fuzz== FINDING: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

inline std::size_t openDescriptors() {
    std::size_t n = 0;
    if (DIR* d = ::opendir("/proc/self/fd")) {
        while (::readdir(d))
            ++n;
        ::closedir(d);
    }
    return n;
}

/// A private directory for this process (the readers take paths), emptied before every input.
inline const std::filesystem::path& workDir() {
    static const std::filesystem::path dir = [] {
        const char* tmp = std::getenv("TMPDIR");
        const std::filesystem::path base = tmp && *tmp ? tmp : "/tmp";
        auto d = base / ("attnviz-fuzz-" + std::to_string(::getpid()));
        std::filesystem::remove_all(d);
        std::filesystem::create_directories(d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(workDir(), ec);
        });
        return d;
    }();
    return dir;
}

inline void clearWorkDir() {
    for (const auto& e : std::filesystem::directory_iterator(workDir()))
        std::filesystem::remove_all(e.path());
}

inline std::filesystem::path writeFile(const std::filesystem::path& path, std::string_view bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out)
        finding("harness: cannot write " + path.string());
    return path;
}

/// Runs f and swallows only the documented errors.
template <class F> bool accept(F&& f) {
    try {
        f();
        return true;
    } catch (const attn::Error&) {
    } catch (const attn::Cancelled&) {
    }
    return false;
}

/// Per input: a clean work directory at the start, no descriptor left open at the end.
class Check {
public:
    Check() : before_((clearWorkDir(), openDescriptors())) {}
    ~Check() noexcept(false) {
        const std::size_t after = openDescriptors();
        if (after != before_)
            finding("file descriptor leak: " + std::to_string(before_) + " open before the input, " +
                    std::to_string(after) + " after");
    }
    Check(const Check&) = delete;
    Check& operator=(const Check&) = delete;

private:
    std::size_t before_;
};

/// Splits a multi-file input at kSeparator: section i becomes file i (directory-shaped readers).
inline constexpr std::string_view kSeparator = "\n%%attnviz-fuzz-file%%\n";
inline std::vector<std::string_view> sections(std::string_view all) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto at = all.find(kSeparator);
        out.push_back(all.substr(0, at));
        if (at == std::string_view::npos)
            return out;
        all.remove_prefix(at + kSeparator.size());
    }
}

inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace fuzz
