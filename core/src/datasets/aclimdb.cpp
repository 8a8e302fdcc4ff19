#include "io_util.hpp"

#include <algorithm>
#include <attn/datasets/aclimdb.hpp>
#include <charconv>
#include <string_view>

namespace attn::datasets {
namespace {

void requireDirectory(const std::filesystem::path& dir, const std::string& what) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        throw detail::inFile(dir, "missing " + what + " folder (expected aclImdb layout <root>/" +
                                      "train|test/pos|neg/<id>_<rating>.txt)");
}

/// "123_8" -> 8; -1 if the stem has no parseable "_<rating>" suffix.
int ratingFromStem(const std::string& stem) {
    const auto underscore = stem.rfind('_');
    if (underscore == std::string::npos || underscore + 1 >= stem.size())
        return -1;
    int value = -1;
    const char* first = stem.data() + underscore + 1;
    const char* last = stem.data() + stem.size();
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || ptr != last)
        return -1;
    return value;
}

std::string replaceBreaks(const std::string& text) {
    // Builds a new string (in-place replace trips GCC 12's -Wrestrict false positive).
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        bool replaced = false;
        if (text[i] == '<')
            for (const char* tag : {"<br />", "<br/>", "<br>"}) {
                const std::string_view t(tag);
                if (text.compare(i, t.size(), t) == 0) {
                    out.push_back(' ');
                    i += t.size();
                    replaced = true;
                    break;
                }
            }
        if (!replaced)
            out.push_back(text[i++]);
    }
    return out;
}

} // namespace

std::vector<Review> readAclImdb(const std::filesystem::path& root, const std::string& split,
                                const Progress& progress, Warnings* warnings) {
    if (split != "train" && split != "test")
        throw DatasetError("aclImdb split must be \"train\" or \"test\", got \"" + split + "\"");
    requireDirectory(root, "aclImdb root");
    requireDirectory(root / split, split);
    struct Entry {
        std::filesystem::path path;
        int label;
    };
    std::vector<Entry> entries;
    for (const auto& [sub, label] : {std::pair<std::string, int>{"pos", 1}, {"neg", 0}}) {
        const auto dir = root / split / sub;
        requireDirectory(dir, sub);
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.is_regular_file() && e.path().extension() == ".txt")
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (auto& f : files)
            entries.push_back({std::move(f), label});
    }
    std::vector<Review> reviews;
    reviews.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (progress && (i % 256 == 0) && !progress(i, entries.size()))
            throw Cancelled();
        const auto bytes = detail::readAllBytes(entries[i].path);
        Review r;
        r.text = replaceBreaks(std::string(bytes.begin(), bytes.end()));
        r.label = entries[i].label;
        r.id = entries[i].path.stem().string();
        r.rating = ratingFromStem(r.id);
        r.path = entries[i].path;
        if (r.rating < 0 && warnings)
            warnings->push_back(entries[i].path.string() +
                                ": file name is not <id>_<rating>.txt; rating unknown");
        reviews.push_back(std::move(r));
    }
    if (progress && !progress(entries.size(), entries.size()))
        throw Cancelled();
    return reviews;
}

} // namespace attn::datasets
