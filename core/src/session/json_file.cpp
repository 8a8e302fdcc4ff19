// The machinery the session and lesson readers share (json_file.hpp).

#include "json_file.hpp"

#include <array>
#include <atomic>
#include <attn/memory_budget.hpp>
#include <attn/session/lesson_file.hpp>
#include <attn/session/session_file.hpp>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_set>
#include <utility>

namespace attn::session::detail {

const FileFormat kSessionFile{FileFormat::Kind::Session, kSessionFormat,   "session",
                              kSessionVersion,           kMaxSessionBytes, 4};
// The top, "stops", a stop, its state (or question), the switches or a file ref (or a text).
const FileFormat kLessonFile{FileFormat::Kind::Lesson, kLessonFormat,   "lesson",
                             kLessonVersion,           kMaxLessonBytes, 5};

namespace {

constexpr std::size_t kMaxShippedNameBytes = 128;
/// Neither file nests deeper than 5; deeper text is refused before a DOM is built for it (16 MB of "["
/// would otherwise become a million-level tree).
constexpr int kMaxDepth = 16;
/// Long keys are cut to this in messages.
constexpr std::size_t kShownKeyBytes = 64;

/// "16 MB" for a limit of 16 MiB.
std::string megabytes(std::uintmax_t n) {
    return std::to_string(n / (1024 * 1024)) + " MB";
}

/// The first byte where values nest deeper than kMaxDepth, or npos. Brackets inside strings are text.
std::size_t tooDeepAt(std::string_view text) {
    int depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"')
            inString = true;
        else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth)
                return i;
        } else if (c == ']' || c == '}')
            --depth; // unbalanced text is the parser's to report
    }
    return std::string_view::npos;
}

/// Follows the keys while nlohmann's SAX parser reads: where a duplicate key is (JSON allows one, the
/// DOM silently keeps the last) and in which value the text crossed the size limit. Builds nothing.
class PathSax {
public:
    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(Json::number_integer_t) { return value(); }
    bool number_unsigned(Json::number_unsigned_t) { return value(); }
    bool number_float(Json::number_float_t, const std::string&) { return value(); }
    bool string(std::string&) { return value(); }
    bool binary(Json::binary_t&) { return value(); }
    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(std::string& k) {
        Frame& f = frames_.back();
        f.key = k;
        f.hasKey = true;
        if (!f.keys.insert(k).second) {
            duplicate = true;
            return false;
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

    /// "pages.walkthrough.query", "pages.translation.prefix[3]"; "" at the top.
    std::string path() const {
        std::string out;
        for (std::size_t i = 0; i < frames_.size(); ++i) {
            const Frame& f = frames_[i];
            if (f.object && f.hasKey)
                out = child(out, f.key);
            else if (!f.object) {
                // The innermost list is reading its next element; an outer one is inside its last.
                const std::size_t index = i + 1 == frames_.size() ? f.count : f.count - 1;
                out = element(out, index);
            }
        }
        return out;
    }

    bool duplicate = false;

private:
    struct Frame {
        bool object = false;
        bool hasKey = false;
        std::string key{};
        std::size_t count = 0;
        std::unordered_set<std::string> keys{};
    };
    bool value() {
        if (!frames_.empty()) {
            Frame& f = frames_.back();
            if (f.object)
                f.hasKey = false; // the value is complete: the text after it is not in it
            else
                ++f.count;
        }
        return true;
    }
    bool open(bool object) {
        if (!frames_.empty() && !frames_.back().object)
            ++frames_.back().count;
        frames_.push_back(Frame{.object = object});
        return frames_.size() <= static_cast<std::size_t>(kMaxDepth);
    }
    bool close() {
        frames_.pop_back();
        if (!frames_.empty() && frames_.back().object)
            frames_.back().hasKey = false;
        return true;
    }
    std::vector<Frame> frames_;
};

} // namespace

void raise(const FileFormat& format, const std::string& message, ErrorInfo info) {
    if (format.kind == FileFormat::Kind::Lesson)
        throw LessonError(message, std::move(info));
    throw SessionError(message, std::move(info));
}

std::string place(const FileFormat& format, const std::string& key) {
    static constexpr std::string_view kStops = "stops[";
    if (format.kind != FileFormat::Kind::Lesson || key.compare(0, kStops.size(), kStops) != 0)
        return key;
    std::size_t i = kStops.size(), n = 0;
    bool digits = false;
    for (; i < key.size() && key[i] >= '0' && key[i] <= '9' && n < 1'000'000'000; ++i, digits = true)
        n = n * 10 + static_cast<std::size_t>(key[i] - '0');
    if (!digits || i >= key.size() || key[i] != ']')
        return key;
    return key + " (stop " + std::to_string(n + 1) + ")";
}

std::string joined(const Names& names) {
    std::string out;
    for (const auto& n : names)
        out += (out.empty() ? "" : ", ") + (n.empty() ? std::string("\"\"") : n);
    return out;
}

std::string bytes(std::uint64_t n) {
    return withThousands(n) + (n == 1 ? " byte" : " bytes");
}

bool validUtf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t n = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF)
            n = 1;
        else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0)
                lo = 0xA0;
            else if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F;
        } else
            return false;
        if (s.size() - i <= n)
            return false;
        for (std::size_t k = 1; k <= n; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
                return false;
        }
        i += n + 1;
    }
    return true;
}

std::string shownKey(const std::string& key) {
    if (key.size() <= kShownKeyBytes)
        return key;
    std::size_t end = kShownKeyBytes;
    while (end > 0 && (static_cast<unsigned char>(key[end]) & 0xC0) == 0x80)
        --end;
    return key.substr(0, end) + "...";
}

std::string child(const std::string& path, const std::string& key) {
    return path.empty() ? shownKey(key) : path + "." + shownKey(key);
}

std::string element(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

fs::path folderOf(const std::string& file) {
    std::error_code ec;
    fs::path p = file.empty() ? fs::current_path(ec) / "file" : fs::absolute(fs::path(file), ec);
    if (ec)
        p = fs::path("/") / file;
    return p.lexically_normal().parent_path();
}

bool integral(const Json& v, bool* negative, std::uint64_t* magnitude) {
    if (v.is_number_unsigned()) {
        *negative = false;
        *magnitude = v.get<std::uint64_t>();
        return true;
    }
    if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        *negative = i < 0;
        *magnitude = i < 0 ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i);
        return true;
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || std::trunc(d) != d || std::fabs(d) >= 18446744073709551616.0)
            return false;
        *magnitude = static_cast<std::uint64_t>(std::fabs(d));
        *negative = d < 0 && *magnitude != 0;
        return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------------
// Reader

Reader::Reader(const FileFormat& format, std::string file)
    : format_(format), file_(std::move(file)), folder_(folderOf(file_)) {}

void Reader::fail(const std::string& key, const std::string& what, std::string expected,
                  std::string found) const {
    raise(format_, file_ + ": " + (key.empty() ? "" : place(format_, key) + ": ") + what,
          ErrorInfo{.path = file_, .key = key, .expected = std::move(expected), .found = std::move(found)});
}

void Reader::failAt(std::uint64_t byte, const std::string& what) const {
    raise(format_, file_ + ": byte " + std::to_string(byte) + ": " + what,
          ErrorInfo{.path = file_, .byte = byte});
}

void Reader::wrong(const std::string& key, const Json& v, const std::string& expected) const {
    const std::string found = describeJson(v);
    fail(key, found + " is not " + expected, expected, found);
}

std::string Reader::text(const Json& v, const std::string& key, std::size_t maxBytes) const {
    if (!v.is_string())
        wrong(key, v, "a string");
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > maxBytes)
        fail(key, "a string of " + bytes(s.size()) + " is longer than the " + bytes(maxBytes) + " allowed",
             "at most " + bytes(maxBytes), bytes(s.size()));
    if (!validUtf8(s))
        fail(key, "the string is not valid UTF-8", "UTF-8 text", "invalid UTF-8");
    return s;
}

FileRef Reader::file(const Json& v, const std::string& key) const {
    if (v.is_null())
        return {};
    static const std::string expected = "{\"shipped\": name} or {\"path\": path} (or null: the default)";
    if (!v.is_object())
        wrong(key, v, expected);
    for (const auto& [name, value] : v.items())
        if (name != "shipped" && name != "path")
            fail(child(key, name), "unknown key; a file is {\"shipped\": name} or {\"path\": path}",
                 "shipped or path", name);
    const auto shipped = v.find("shipped"), path = v.find("path");
    if (shipped != v.end() && path != v.end())
        fail(key, "has both \"shipped\" and \"path\"; a file is one or the other", expected, "both");
    if (shipped != v.end())
        return FileRef::shipped(shippedName(*shipped, child(key, "shipped")));
    if (path != v.end())
        return FileRef::path(resolved(*path, child(key, "path")));
    fail(key, "has neither \"shipped\" nor \"path\"", expected, "{}");
}

std::string Reader::shippedName(const Json& v, const std::string& key) const {
    static const std::string expected =
        "a shipped model name (at most 128 letters, digits, '_', '.' or '-'; no '/')";
    std::string name = text(v, key, kMaxShippedNameBytes);
    bool ok = !name.empty() && name != "." && name != "..";
    for (const char c : name)
        ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '-');
    if (!ok)
        wrong(key, v, expected);
    return name;
}

std::string Reader::resolved(const Json& v, const std::string& key) const {
    const std::string written = text(v, key, kMaxPathBytes);
    if (written.empty())
        fail(key, "the path is empty", "a path", "\"\"");
    if (written.find('\0') != std::string::npos)
        fail(key, "a path cannot hold a NUL character", "a path", "a NUL character");
    fs::path p(written);
    if (p.is_relative())
        p = folder_ / p;
    std::string full = p.lexically_normal().string();
    if (full.size() > kMaxPathBytes)
        fail(key,
             "resolved against " + folder_.string() + " the path is " + bytes(full.size()) +
                 ", longer than the " + bytes(kMaxPathBytes) + " allowed",
             "at most " + bytes(kMaxPathBytes), bytes(full.size()));
    return full;
}

// ---------------------------------------------------------------------------------------------------
// In and Out

void In::text(const char* key, std::string& out) {
    if (const Json* v = take(key))
        out = r_.text(*v, at(key), kMaxTextBytes);
}

void In::flag(const char* key, bool& out) {
    if (const Json* v = take(key)) {
        if (!v->is_boolean())
            r_.wrong(at(key), *v, "true or false");
        out = v->get<bool>();
    }
}

void In::choice(const char* key, std::string& out, const Names& names) {
    if (const Json* v = take(key)) {
        if (v->is_string())
            for (const auto& n : names)
                if (v->get_ref<const std::string&>() == n) {
                    out = n;
                    return;
                }
        r_.wrong(at(key), *v, "one of " + joined(names));
    }
}

void In::number(const char* key, double& out, int lo, int hi) {
    if (const Json* v = take(key)) {
        // JSON has no NaN or infinity and tryParseJson refuses a number beyond double: finite here.
        if (!v->is_number() || !(v->get<double>() >= lo && v->get<double>() <= hi))
            r_.wrong(at(key), *v, "a number from " + std::to_string(lo) + " to " + std::to_string(hi));
        out = v->get<double>();
    }
}

void In::ids(const char* key, std::vector<int>& out) {
    static constexpr std::int64_t kMaxTokenId = 10'000'000;
    if (const Json* v = take(key)) {
        if (!v->is_array())
            r_.wrong(at(key), *v, "a list of token ids");
        if (v->size() > kMaxPrefixTokens)
            r_.fail(at(key),
                    "a list of " + withThousands(v->size()) + " token ids is longer than the " +
                        withThousands(kMaxPrefixTokens) + " allowed",
                    "at most " + withThousands(kMaxPrefixTokens) + " ids", withThousands(v->size()));
        std::vector<int> ids;
        ids.reserve(v->size());
        for (std::size_t i = 0; i < v->size(); ++i)
            ids.push_back(r_.integer<int>((*v)[i], element(at(key), i), 0, kMaxTokenId));
        out = std::move(ids);
    }
}

void In::texts(const char* key, std::vector<std::string>& out, std::size_t maxItems) {
    if (const Json* v = take(key)) {
        if (!v->is_array())
            r_.wrong(at(key), *v, "a list of texts");
        if (v->size() > maxItems)
            r_.fail(at(key),
                    "a list of " + withThousands(v->size()) + " texts is longer than the " +
                        withThousands(maxItems) + " allowed",
                    "at most " + withThousands(maxItems) + " texts", withThousands(v->size()));
        std::vector<std::string> texts;
        texts.reserve(v->size());
        for (std::size_t i = 0; i < v->size(); ++i)
            texts.push_back(r_.text((*v)[i], element(at(key), i), kMaxTextBytes));
        out = std::move(texts);
    }
}

void In::file(const char* key, FileRef& out) {
    if (const Json* v = take(key))
        out = r_.file(*v, at(key));
}

void In::finish() const {
    for (const auto& [name, value] : j_.items()) {
        bool known = false;
        for (const char* k : taken_)
            known = known || name == k;
        if (!known) {
            Names keys(taken_.begin(), taken_.end());
            r_.fail(at(name), "unknown key; the keys here are " + joined(keys), "one of " + joined(keys),
                    name);
        }
    }
}

const Json* In::take(const char* key) {
    taken_.push_back(key);
    const auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
}

const Json& In::need(const char* key, const std::string& why, const std::string& expected) {
    if (const Json* v = take(key))
        return *v;
    r_.fail(at(key), "missing; " + why, expected, "nothing");
}

void Out::file(const char* key, const FileRef& f) {
    switch (f.kind) {
    case FileRef::Kind::Default:
        o_[key] = nullptr;
        break;
    case FileRef::Kind::Shipped:
        o_[key] = OrderedJson{{"shipped", utf8(key, f.value)}};
        break;
    case FileRef::Kind::Path:
        o_[key] = OrderedJson{{"path", written(utf8(key, f.value))}};
        break;
    }
}

const std::string& Out::utf8(const char* key, const std::string& v) const {
    if (!validUtf8(v))
        raise(t_.format,
              t_.file + ": " + place(t_.format, at(key)) + ": not saved: the text is not valid UTF-8",
              ErrorInfo{.path = t_.file, .key = at(key)});
    return v;
}

std::string Out::written(const std::string& value) const {
    fs::path p(value);
    std::error_code ec;
    if (p.is_relative())
        p = fs::absolute(p, ec);
    p = p.lexically_normal();
    const fs::path rel = p.lexically_relative(t_.folder);
    const bool below =
        !rel.empty() && rel != "." && *rel.begin() != ".." && (t_.folder / rel).lexically_normal() == p;
    return below ? rel.generic_string() : p.generic_string();
}

// ---------------------------------------------------------------------------------------------------
// Files

Json parseStrict(const Reader& r, std::string_view text) {
    const FileFormat& f = r.format();
    const std::string& fileName = r.fileName();
    const std::string noun = f.noun;
    if (text.size() > f.maxBytes) {
        // Parse no further than the limit, only to name the value the limit falls in.
        PathSax sax;
        const std::string_view head = text.substr(0, f.maxBytes);
        Json::sax_parse(head.begin(), head.end(), &sax);
        const std::string key = sax.path();
        raise(f,
              fileName + ": " + (key.empty() ? "" : place(f, key) + ": ") + "the " + noun + " is " +
                  bytes(text.size()) + ", more than the " + bytes(f.maxBytes) + " (" + megabytes(f.maxBytes) +
                  ") a " + noun + " file may have" +
                  (key.empty() ? "" : "; the limit is passed in this value"),
              ErrorInfo{.path = fileName,
                        .byte = f.maxBytes,
                        .key = key,
                        .expected = "at most " + bytes(f.maxBytes),
                        .found = bytes(text.size())});
    }
    JsonParseFailure failure;
    if (const std::size_t deep = tooDeepAt(text); deep != std::string_view::npos) {
        // A syntax error before that point is the better message (the text may not be JSON at all).
        if (!tryParseJson(text.substr(0, deep), &failure) &&
            failure.reason.find("end of input") == std::string::npos)
            r.failAt(failure.offset, failure.reason);
        r.failAt(deep, "values nested more than " + std::to_string(kMaxDepth) + " deep (a " + noun +
                           " nests " + std::to_string(f.nesting) + " deep at most)");
    }
    std::optional<Json> root = tryParseJson(text, &failure);
    if (!root)
        r.failAt(failure.offset, failure.reason);
    PathSax keys;
    Json::sax_parse(text.begin(), text.end(), &keys);
    if (keys.duplicate)
        r.fail(keys.path(), "the key appears twice in its object (a key may appear once)", "one value",
               "two");
    return std::move(*root);
}

int readVersion(const Reader& r, const Json& root) {
    const FileFormat& f = r.format();
    const std::string name = f.name, noun = f.noun;
    if (!root.is_object())
        r.wrong("", root, "a JSON object (a " + noun + " file is {\"format\": \"" + name + "\", ...})");
    const auto format = root.find("format");
    if (format == root.end())
        r.fail("format", "missing; a " + noun + " file has \"format\": \"" + name + "\"", "\"" + name + "\"",
               "nothing");
    if (!format->is_string() || format->get_ref<const std::string&>() != name)
        r.wrong("format", *format, "\"" + name + "\" (this is not an attnviz " + noun + " file)");
    const auto versionAt = root.find("version");
    const std::string newest = std::to_string(f.newestVersion);
    if (versionAt == root.end())
        r.fail("version", "missing; a " + noun + " file has \"version\": " + newest,
               "an integer from 1 to " + newest, "nothing");
    bool negative = false;
    std::uint64_t magnitude = 0;
    if (!integral(*versionAt, &negative, &magnitude) || negative || magnitude < 1)
        r.wrong("version", *versionAt, "a " + noun + " version (an integer from 1)");
    if (magnitude > static_cast<std::uint64_t>(f.newestVersion))
        r.fail("version",
               "the file is version " + describeJson(*versionAt) +
                   ", newer than this attnviz; this attnviz reads " + noun + " files up to version " + newest,
               "at most " + newest, describeJson(*versionAt));
    return static_cast<int>(magnitude);
}

std::string readFileText(const FileFormat& format, const std::string& path) {
    const std::string noun = format.noun;
    const auto fail = [&](const std::string& what) {
        raise(format, path + ": " + what, ErrorInfo{.path = path});
    };
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st))
        fail("cannot open: " + (ec ? ec.message() : std::string("no such file")));
    if (fs::is_directory(st))
        fail("cannot open: this is a folder, not a " + noun + " file");
    if (!fs::is_regular_file(st))
        fail("cannot open: not a regular file");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec)
        fail("cannot read: " + ec.message());
    const auto tooLarge = [&](std::uintmax_t n) {
        raise(format,
              path + ": the file is " + bytes(n) + ", more than the " + bytes(format.maxBytes) + " (" +
                  megabytes(format.maxBytes) + ") a " + noun + " file may have",
              ErrorInfo{.path = path, .expected = "at most " + bytes(format.maxBytes), .found = bytes(n)});
    };
    if (size > format.maxBytes)
        tooLarge(size);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        fail(std::string("cannot open: ") + std::strerror(errno));
    // Read to the end in pieces: the file may have changed since its size was taken.
    std::string text;
    text.reserve(static_cast<std::size_t>(size));
    std::array<char, 64 * 1024> chunk{};
    while (in) {
        in.read(chunk.data(), chunk.size());
        text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
        if (text.size() > format.maxBytes)
            tooLarge(text.size());
    }
    if (in.bad())
        fail("cannot read: input/output error");
    return text;
}

std::string checkedText(const FileFormat& format, const OrderedJson& root, const std::string& path,
                        const std::function<void(const std::string&)>& parse) {
    std::string text;
    try {
        text = root.dump(2) + "\n"; // every string was checked for UTF-8 by Out; nothing else throws
    } catch (const nlohmann::json::exception& e) {
        raise(format, path + ": not saved: " + e.what(), ErrorInfo{.path = path});
    }
    // Only what the reader accepts is written: a value outside the limits is refused here, by name.
    try {
        parse(text);
    } catch (const Error& e) {
        std::string what = e.what();
        if (what.compare(0, path.size() + 2, path + ": ") == 0)
            what.erase(0, path.size() + 2);
        raise(format, path + ": not saved: " + what, e.info());
    }
    return text;
}

void writeFileAtomically(const FileFormat& format, const std::string& text, const std::string& path) {
    const auto fail = [&](const std::string& what, int err) {
        raise(format, path + ": cannot save: " + what + ": " + std::strerror(err), ErrorInfo{.path = path});
    };
    const fs::path target(path);
    if (!target.has_filename())
        fail("the name is a folder", EISDIR);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    // A fresh name beside the target (O_EXCL: never another's file), renamed over it when complete.
    static std::atomic<unsigned> counter{0};
    fs::path tmp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
        tmp = folder / ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                        std::to_string(counter++) + "-" + std::to_string(stamp % 1000000));
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        fail("cannot create a file in " + folder.string(), errno);
    // Replacing a file keeps its permissions.
    struct stat old {};
    if (::stat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode))
        (void)::fchmod(fd, old.st_mode & 07777);
    std::size_t done = 0;
    int err = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            err = n < 0 ? errno : EIO;
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    if (err == 0 && ::fsync(fd) != 0)
        err = errno;
    if (::close(fd) != 0 && err == 0)
        err = errno;
    if (err == 0 && ::rename(tmp.c_str(), path.c_str()) != 0)
        err = errno;
    if (err != 0) {
        ::unlink(tmp.c_str());
        fail("writing " + tmp.filename().string() + " and renaming it failed", err);
    }
}

} // namespace attn::session::detail
