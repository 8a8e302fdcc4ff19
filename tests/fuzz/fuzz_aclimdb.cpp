// aclImdb folders. The input is files joined by fuzz::kSeparator; each section is
// "<relative path>\n<contents>", the path limited to [A-Za-z0-9_./-] without "..", at most 4 levels.
#include "harness.hpp"

#include <attn/datasets/aclimdb.hpp>

namespace {

bool safePath(std::string_view p) {
    if (p.empty() || p.size() > 64 || p.front() == '/' || p.back() == '/' ||
        p.find("..") != std::string_view::npos || p.find("//") != std::string_view::npos || p == "." ||
        p.find("/./") != std::string_view::npos || p.substr(0, 2) == "./" ||
        (p.size() >= 2 && p.substr(p.size() - 2) == "/."))
        return false;
    int depth = 0;
    for (char c : p) {
        if (c == '/' && ++depth > 4)
            return false;
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' || c == '-'))
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const auto root = fuzz::workDir() / "aclImdb";
    std::filesystem::create_directories(root);
    for (auto part : fuzz::sections(fuzz::asText(data, size))) {
        const auto nl = part.find('\n');
        const auto name = part.substr(0, nl);
        if (!safePath(name))
            continue;
        const auto target = root / std::string(name);
        std::error_code ec;
        if (std::filesystem::exists(target, ec)) // a path both file and folder: first one wins
            continue;
        std::filesystem::create_directories(target.parent_path(), ec);
        if (ec) // a parent is a file: skip this section
            continue;
        std::ofstream out(target, std::ios::binary);
        const auto body = nl == std::string_view::npos ? std::string_view() : part.substr(nl + 1);
        out.write(body.data(), static_cast<std::streamsize>(body.size()));
    }
    const std::size_t cancelAt = size > 0 ? data[size - 1] % 8 : 0;
    for (const char* split : {"train", "test"}) {
        std::vector<std::string> warnings;
        std::size_t calls = 0;
        fuzz::accept([&] {
            const auto reviews = attn::datasets::readAclImdb(
                root, split, [&](std::size_t, std::size_t) { return ++calls != cancelAt; }, &warnings);
            for (const auto& r : reviews)
                if (r.label != 0 && r.label != 1)
                    fuzz::finding("a review label other than 0 or 1");
        });
    }
    return 0;
}
