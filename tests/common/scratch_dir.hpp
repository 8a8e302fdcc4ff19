#pragma once
// A scratch directory for one test: fresh and empty when made, gone with everything in it when the
// object goes, also when an ASSERT returns early. Its name holds the process id and a counter, so that
// two test processes (ctest -j, or the dev and sanitizer suites side by side) never share one.

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace testutil {

class ScratchDir {
public:
    explicit ScratchDir(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("attnviz-test-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(next()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ScratchDir(ScratchDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ScratchDir& operator=(ScratchDir&&) = delete;
    ~ScratchDir() {
        if (path_.empty())
            return;
        std::error_code ignored; // a test may already have removed it
        std::filesystem::remove_all(path_, ignored);
    }

    const std::filesystem::path& path() const& { return path_; }
    operator const std::filesystem::path&() const& { return path_; }
    // A temporary would remove its directory at the end of the statement, leaving a dangling path:
    // `fs::path p = tempDir(...)` and `tempDir(...) / "file"` do not compile.
    operator const std::filesystem::path&() const&& = delete;
    std::string string() const&& = delete;
    std::filesystem::path operator/(const std::filesystem::path&) const&& = delete;
    std::string string() const& { return path_.string(); }
    std::filesystem::path operator/(const std::filesystem::path& child) const& { return path_ / child; }

private:
    static unsigned next() {
        static std::atomic<unsigned> counter{0};
        return counter++;
    }
    std::filesystem::path path_;
};

} // namespace testutil
