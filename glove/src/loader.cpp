// File-format detection, the on-disk cache and the well-known locations.

#include "detail.hpp"

#include <cstdio>
#include <cstdlib>

namespace attn::glove {
namespace {

std::filesystem::path envDir(const char* own, const char* xdg, const char* homeSuffix) {
    if (const char* v = std::getenv(own); v && *v)
        return v;
    if (const char* v = std::getenv(xdg); v && *v)
        return std::filesystem::path(v) / "attnviz";
    if (const char* h = std::getenv("HOME"); h && *h)
        return std::filesystem::path(h) / homeSuffix / "attnviz";
    return std::filesystem::temp_directory_path() / "attnviz";
}

std::uint64_t fnv1a(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

// The cache key: absolute path, size and modification time of the text file.
std::string cacheKey(const std::filesystem::path& textFile) {
    const auto abs = std::filesystem::absolute(textFile).lexically_normal();
    const auto size = std::filesystem::file_size(abs);
    const auto mtime = std::filesystem::last_write_time(abs).time_since_epoch().count();
    return "attnviz-glove-cache 1\nsource=" + abs.string() + "\nsize=" + std::to_string(size) +
           "\nmtime=" + std::to_string(mtime) + "\n";
}

} // namespace

std::filesystem::path defaultCacheDir() {
    return envDir("ATTNVIZ_CACHE_DIR", "XDG_CACHE_HOME", ".cache");
}
std::filesystem::path defaultDataDir() {
    return envDir("ATTNVIZ_DATA_DIR", "XDG_DATA_HOME", ".local/share");
}
std::filesystem::path fullSetPath() {
    return defaultDataDir() / "glove-wink-100d.bin";
}

std::filesystem::path cachePathFor(const std::filesystem::path& textFile,
                                   const std::filesystem::path& cacheDir) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(cacheKey(textFile))));
    return cacheDir / (std::string("glove-") + hex + ".bin");
}

EmbeddingsPtr open(const std::filesystem::path& path, const OpenOptions& options) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw LoadError(path.string() + ": no such file", ErrorInfo{.path = path.string()});
    if (isBinaryFile(path))
        return readBinary(path, options.read);
    if (!options.useCache)
        return readText(path, options.read);

    std::vector<std::string>* warnings = options.read.warnings;
    const std::filesystem::path dir = options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
    std::string key;
    std::filesystem::path cached;
    try {
        key = cacheKey(path);
        cached = cachePathFor(path, dir);
    } catch (const std::exception& e) {
        if (warnings)
            warnings->push_back(std::string("cache not used: ") + e.what());
        return readText(path, options.read);
    }
    if (std::filesystem::exists(cached, ec)) {
        try {
            if (readBinaryMeta(cached) == key) {
                // Not populated: a reload touches the words and the rows it is asked for, and a
                // whole-matrix search faults the rest in 16-page steps (fault-around), cheaper than
                // mapping all of it up front (0.11-0.13 s -> 0.09-0.10 s for 341k x 100 words).
                auto file = std::make_shared<detail::MappedFile>(cached, false);
                return detail::readBinaryBytes(file->view(), cached.string(), path.filename().string(),
                                               path.string(), file, options.read);
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            if (warnings)
                warnings->push_back(cached.string() + ": unusable cache entry ignored (" + e.what() + ")");
        }
    }
    auto e = readText(path, options.read);
    try {
        std::filesystem::create_directories(dir);
        writeBinary(*e, cached, key);
    } catch (const std::exception& ex) {
        if (warnings)
            warnings->push_back(std::string("could not write the cache: ") + ex.what());
    }
    return e;
}

} // namespace attn::glove
