#include <algorithm>
#include <array>
#include <attn/model_name.hpp>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string_view>

namespace attn {

namespace {

constexpr std::size_t kMaxName = 80;

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string trim(std::string_view s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(b, e - b + 1));
}

std::string clip(std::string s) {
    if (s.size() <= kMaxName)
        return s;
    std::size_t n = kMaxName;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) // not inside a UTF-8 character
        --n;
    return s.substr(0, n) + "\xE2\x80\xA6"; // …
}

bool generic(const std::string& name) {
    static const std::array<std::string_view, 14> names = {
        "hf",     "model", "models",    "checkpoint", "checkpoints", "weights", "files", "main",
        "latest", "final", "snapshots", "",           ".",           ".."};
    const std::string l = lower(name);
    if (std::find(names.begin(), names.end(), l) != names.end())
        return true;
    return l.size() == 40 && std::all_of(l.begin(), l.end(),
                                         [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// "models--org--name" (the Hugging Face cache) -> "org/name"; other names as they are.
std::string fromFolder(const std::string& name) {
    if (name.rfind("models--", 0) != 0)
        return name;
    std::string rest = name.substr(8), out;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest.compare(i, 2, "--") == 0) {
            out += '/';
            ++i;
        } else {
            out += rest[i];
        }
    }
    return out;
}

// The last meaningful folder of `path` (generic ones skipped); empty when none.
std::string meaningfulFolder(std::filesystem::path path) {
    path = path.lexically_normal();
    if (!path.empty() && path.filename().empty())
        path = path.parent_path(); // a trailing separator
    for (int depth = 0; depth < 8 && !path.empty(); ++depth) {
        const std::string name = path.filename().string();
        if (!generic(name))
            return fromFolder(name);
        if (path.parent_path() == path)
            break;
        path = path.parent_path();
    }
    return {};
}

std::string fromConfig(const std::filesystem::path& dir) {
    std::ifstream in(dir / "config.json", std::ios::binary);
    if (!in)
        return {};
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object() || !j.contains("_name_or_path") || !j["_name_or_path"].is_string())
        return {};
    const std::string value = trim(j["_name_or_path"].get<std::string>());
    if (value.empty())
        return {};
    const bool local = value.front() == '/' || value.front() == '.' || value.front() == '~' ||
                       value.find('\\') != std::string::npos || (value.size() > 1 && value[1] == ':');
    return local ? meaningfulFolder(value) : value;
}

std::string fromCard(const std::filesystem::path& dir) {
    for (const char* file : {"MODEL_CARD.md", "README.md"}) {
        std::ifstream in(dir / file, std::ios::binary);
        if (!in)
            continue;
        std::string line;
        bool frontMatter = false;
        for (int n = 0; n < 200 && std::getline(in, line); ++n) {
            const std::string t = trim(line);
            if (n == 0 && t == "---") {
                frontMatter = true;
                continue;
            }
            if (frontMatter) {
                frontMatter = t != "---";
                continue;
            }
            if (t.rfind("# ", 0) != 0)
                continue;
            std::string heading = trim(std::string_view(t).substr(2));
            for (std::string_view cut : {" \xE2\x80\x94 ", " \xE2\x80\x93 ", " - ", ":"}) {
                const auto at = heading.find(cut);
                if (at != std::string::npos && at > 0)
                    heading = trim(std::string_view(heading).substr(0, at));
            }
            if (!heading.empty())
                return heading;
        }
    }
    return {};
}

} // namespace

std::string modelName(const std::filesystem::path& dir) {
    std::string name = fromConfig(dir);
    if (name.empty())
        name = fromCard(dir);
    if (name.empty())
        name = meaningfulFolder(std::filesystem::absolute(dir));
    if (name.empty())
        name = dir.filename().string();
    return clip(name);
}

} // namespace attn
