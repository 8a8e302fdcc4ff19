#pragma once
// Internal to core/src/session: what the two strict JSON readers of attnviz share, the session reader
// (session_file.cpp) and the lesson reader (lesson_file.cpp). The rules of the pages' states are in
// page_state_json.hpp; this is the machinery around them:
//
//   - FileFormat: what differs between the two files (the "format" value, the word in messages, the
//     newest version, the size limit, the error type thrown);
//   - parseStrict: the size limit (naming the value the limit falls in), the nesting limit, the parse
//     through attn::tryParseJson (every syntax error at its byte) and the refusal of duplicate keys;
//   - readVersion: the top-level object, its "format" and "version";
//   - Reader / In / Out: one value checked against its rule and stored, or written; an In refuses every
//     key that no rule took;
//   - readFileText / checkedText / writeFileAtomically: the size checked before reading, the writer's
//     self-check by parsing its own text, the temporary file + fsync + rename.

#include <attn/error.hpp>
#include <attn/json_parse.hpp>
#include <attn/session/page_state.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace attn::session::detail {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;
using Names = std::vector<std::string>;

/// What differs between a session file and a lesson file.
struct FileFormat {
    enum class Kind { Session, Lesson };
    Kind kind;
    const char* name;        ///< the value of "format": "attnviz-session"
    const char* noun;        ///< the file in messages: "session" ("a session file may have ...")
    int newestVersion;       ///< the newest version this attnviz reads and the version it writes
    std::uintmax_t maxBytes; ///< a larger file is refused before it is read
    int nesting;             ///< how deep a valid file nests (said when a file nests too deep)
};

extern const FileFormat kSessionFile;
extern const FileFormat kLessonFile;

/// Throws the format's error type (SessionError, LessonError) with `message` and `info`.
[[noreturn]] void raise(const FileFormat& format, const std::string& message, ErrorInfo info);

/// `key` as a message shows it. For a lesson, a key inside a stop also names the stop counting from 1,
/// as people count: "stops[3].question.kind (stop 4)". The key of the error (ErrorInfo::key) stays
/// "stops[3].question.kind".
std::string place(const FileFormat& format, const std::string& key);

/// "a, b, c"; an empty name is shown as "".
std::string joined(const Names& names);
/// "1 byte", "65,537 bytes".
std::string bytes(std::uint64_t n);
/// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
bool validUtf8(std::string_view s);
/// A key for a message: at most 64 bytes, cut at a character boundary ("...").
std::string shownKey(const std::string& key);
/// `key` below `path`: "pages.walkthrough" (a long key is cut for the message).
std::string child(const std::string& path, const std::string& key);
/// Element `index` of the list at `path`: "stops[3]".
std::string element(const std::string& path, std::size_t index);
/// The folder that relative paths are resolved against and written relative to: the file's folder,
/// made absolute (against the working directory) and lexically normal.
fs::path folderOf(const std::string& file);
/// An integral JSON number as sign and magnitude (a float with an integral value counts: 3.0 is 3).
bool integral(const Json& v, bool* negative, std::uint64_t* magnitude);

/// Checks one value against one rule, or throws the format's error naming the file and the key.
class Reader {
public:
    Reader(const FileFormat& format, std::string file);

    [[noreturn]] void fail(const std::string& key, const std::string& what, std::string expected = {},
                           std::string found = {}) const;
    [[noreturn]] void failAt(std::uint64_t byte, const std::string& what) const;
    /// "<the value> is not <expected>".
    [[noreturn]] void wrong(const std::string& key, const Json& v, const std::string& expected) const;

    /// A string of at most maxBytes, valid UTF-8.
    std::string text(const Json& v, const std::string& key, std::size_t maxBytes) const;
    /// An integer from lo to hi.
    template <class T>
    T integer(const Json& v, const std::string& key, std::int64_t lo, std::uint64_t hi) const {
        const std::string expected = "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
        bool negative = false;
        std::uint64_t magnitude = 0;
        if (!integral(v, &negative, &magnitude))
            wrong(key, v, expected);
        const bool inRange =
            negative ? lo < 0 && magnitude <= static_cast<std::uint64_t>(-(lo + 1)) + 1
                     : magnitude <= hi && (lo <= 0 || magnitude >= static_cast<std::uint64_t>(lo));
        if (!inRange)
            wrong(key, v, expected);
        return negative ? static_cast<T>(-static_cast<std::int64_t>(magnitude)) : static_cast<T>(magnitude);
    }
    /// null, {"shipped": name} or {"path": path}; a relative path resolved against folder().
    FileRef file(const Json& v, const std::string& key) const;

    const FileFormat& format() const { return format_; }
    const std::string& fileName() const { return file_; }
    const fs::path& folder() const { return folder_; }

private:
    std::string shippedName(const Json& v, const std::string& key) const;
    std::string resolved(const Json& v, const std::string& key) const;

    const FileFormat& format_;
    std::string file_;
    fs::path folder_;
};

/// The reader's side of the field lists (page_state_json.cpp, session_file.cpp): each key's value is
/// checked and stored; absent keys keep the default; finish() refuses every key no rule took.
class In {
public:
    In(const Reader& r, const Json& object, std::string path) : r_(r), j_(object), path_(std::move(path)) {}

    void text(const char* key, std::string& out);
    void flag(const char* key, bool& out);
    void choice(const char* key, std::string& out, const Names& names);
    template <class T> void integer(const char* key, T& out, std::int64_t lo, std::uint64_t hi) {
        if (const Json* v = take(key))
            out = r_.integer<T>(*v, at(key), lo, hi);
    }
    void number(const char* key, double& out, int lo, int hi);
    void ids(const char* key, std::vector<int>& out);
    /// A list of at most `maxItems` texts, each as text() checks it.
    void texts(const char* key, std::vector<std::string>& out, std::size_t maxItems);
    void file(const char* key, FileRef& out);
    /// A nested object read by its own field list (defined in page_state_json.cpp, for the states).
    template <class S> void object(const char* key, S& out);

    /// Refuses every key that no field took (a typo must not quietly leave a default).
    void finish() const;

    /// Marks `key` known and gives its value, or nullptr when absent.
    const Json* take(const char* key);
    /// Marks `key` known and gives its value; absent: "<key>: missing; <why>".
    const Json& need(const char* key, const std::string& why, const std::string& expected);
    std::string at(const std::string& key) const { return child(path_, key); }
    const Reader& reader() const { return r_; }

private:
    const Reader& r_;
    const Json& j_;
    std::string path_;
    std::vector<const char*> taken_;
};

/// Where a text is written: its format, its file and the folder paths are written relative to.
struct Target {
    const FileFormat& format;
    std::string file;
    fs::path folder;
};

/// The writer's side of the field lists. Every string is checked for UTF-8 here (nlohmann cannot write
/// one that is not); every other rule is checked by reading the text back (checkedText).
class Out {
public:
    Out(const Target& target, OrderedJson& object, std::string path)
        : t_(target), o_(object), path_(std::move(path)) {}

    void text(const char* key, const std::string& v) { o_[key] = utf8(key, v); }
    void flag(const char* key, bool v) { o_[key] = v; }
    void choice(const char* key, const std::string& v, const Names&) { o_[key] = utf8(key, v); }
    template <class T> void integer(const char* key, T v, std::int64_t, std::uint64_t) { o_[key] = v; }
    void number(const char* key, double v, int, int) { o_[key] = v; }
    void ids(const char* key, const std::vector<int>& v) { o_[key] = v; }
    void texts(const char* key, const std::vector<std::string>& v, std::size_t) {
        OrderedJson list = OrderedJson::array();
        for (const auto& s : v)
            list.push_back(utf8(key, s));
        o_[key] = std::move(list);
    }
    void file(const char* key, const FileRef& f);
    template <class S> void object(const char* key, const S& sub);

    const Target& target() const { return t_; }
    std::string at(const std::string& key) const { return child(path_, key); }

private:
    const std::string& utf8(const char* key, const std::string& v) const;
    /// Below the file's folder: relative, with '/'; elsewhere (or the folder itself): absolute.
    std::string written(const std::string& value) const;

    const Target& t_;
    OrderedJson& o_;
    std::string path_;
};

/// The parsed text, refused (naming the byte or the key) when it is over the format's size, nests too
/// deep, is not JSON (or not UTF-8), or holds a key twice in one object.
Json parseStrict(const Reader& r, std::string_view text);
/// Checks that `root` is an object of this format with a version this attnviz reads; the version.
int readVersion(const Reader& r, const Json& root);
/// The bytes of `path`, its size checked before it is read.
std::string readFileText(const FileFormat& format, const std::string& path);
/// root as text (2-space indent), after `parse` (the format's reader) accepted it: a value the reader
/// would refuse is refused here ("<file>: not saved: <key>: ..."), so no file is written that attnviz
/// cannot open again.
std::string checkedText(const FileFormat& format, const OrderedJson& root, const std::string& path,
                        const std::function<void(const std::string&)>& parse);
/// Writes `text` to `path` through a fresh temporary file in the same folder (fsync, then rename over
/// the target); on failure throws naming the file and leaves nothing behind.
void writeFileAtomically(const FileFormat& format, const std::string& text, const std::string& path);

} // namespace attn::session::detail
