// Session files (.attnviz): the strict reader and the writer (session_file.hpp, docs/session-format.md).
//
// One list of fields per state (fields() below) drives both directions: the reader's visitor (In)
// checks each value against its rule and the writer's (Out) writes it, so a key cannot be read under
// one rule and written under another, and every key the reader does not take is an unknown key.

#include <algorithm>
#include <array>
#include <atomic>
#include <attn/json_parse.hpp>
#include <attn/memory_budget.hpp>
#include <attn/session/session_file.hpp>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_set>
#include <utility>

namespace attn::session {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;
using Names = std::vector<std::string>;

// The names listed beside each field in page_state.hpp.
const Names kScorings{"dot", "scaled", "additive"};
const Names kProjections{"none", "random", "learned"};
const Names kWalkthroughSteps{"embeddings", "scores", "scaled", "weights", "outputs"};
const Names kUnits{"words", "pieces"};
const Names kDecoders{"attention", "baseline"};
const Names kForcings{"own", "choice", "given"};
const Names kTransformerSteps{"embeddings",  "heads",  "attention", "concat", "norm1",
                              "feedforward", "output", "whatif",    "cost"};
const Names kParts{"scores", "scaled", "masked", "weights", "values"};
const Names kLanguages{"", "en", "zh_CN"};

constexpr std::int64_t kMaxTokenId = 10'000'000;
constexpr int kMaxKeepTop = 100;
constexpr int kMaxTemperature = 100;
constexpr std::size_t kMaxShippedNameBytes = 128;
/// A session nests 4 deep (top, pages, a page, its switches or a file ref); deeper text is refused
/// before a DOM is built for it (16 MB of "[" would otherwise become a million-level tree).
constexpr int kMaxDepth = 16;
/// Long keys are cut to this in messages.
constexpr std::size_t kShownKeyBytes = 64;

Names frontNames() {
    Names names{""};
    names.insert(names.end(), pageKeys().begin(), pageKeys().end());
    return names;
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

/// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
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

/// A key for a message: at most kShownKeyBytes, cut at a character boundary.
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

/// The folder that relative paths are resolved against and written relative to: the session file's,
/// made absolute (against the working directory) and lexically normal.
fs::path folderOf(const std::string& file) {
    std::error_code ec;
    fs::path p = file.empty() ? fs::current_path(ec) / "session" : fs::absolute(fs::path(file), ec);
    if (ec)
        p = fs::path("/") / file;
    return p.lexically_normal().parent_path();
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
                out += "[" + std::to_string(index) + "]";
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

/// Upgrades a session of an older version to kSessionVersion in place. Version 1 is the first format,
/// so there is nothing to migrate yet; a version 2 adds its step here ("if (fromVersion < 2) ...").
void migrate(Json& session, int fromVersion) {
    (void)session;
    (void)fromVersion;
}

// ---------------------------------------------------------------------------------------------------
// Reading

/// An integral JSON number as sign and magnitude (a float with an integral value counts: 3.0 is 3).
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

class Reader {
public:
    explicit Reader(std::string file) : file_(std::move(file)), folder_(folderOf(file_)) {}

    [[noreturn]] void fail(const std::string& key, const std::string& what, std::string expected = {},
                           std::string found = {}) const {
        throw SessionError(
            file_ + ": " + (key.empty() ? "" : key + ": ") + what,
            ErrorInfo{.path = file_, .key = key, .expected = std::move(expected), .found = std::move(found)});
    }
    [[noreturn]] void failAt(std::uint64_t byte, const std::string& what) const {
        throw SessionError(file_ + ": byte " + std::to_string(byte) + ": " + what,
                           ErrorInfo{.path = file_, .byte = byte});
    }
    [[noreturn]] void wrong(const std::string& key, const Json& v, const std::string& expected) const {
        const std::string found = describeJson(v);
        fail(key, found + " is not " + expected, expected, found);
    }

    std::string text(const Json& v, const std::string& key, std::size_t maxBytes) const {
        if (!v.is_string())
            wrong(key, v, "a string");
        const auto& s = v.get_ref<const std::string&>();
        if (s.size() > maxBytes)
            fail(key,
                 "a string of " + bytes(s.size()) + " is longer than the " + bytes(maxBytes) + " allowed",
                 "at most " + bytes(maxBytes), bytes(s.size()));
        if (!validUtf8(s))
            fail(key, "the string is not valid UTF-8", "UTF-8 text", "invalid UTF-8");
        return s;
    }

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

    FileRef file(const Json& v, const std::string& key) const {
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

    const std::string& fileName() const { return file_; }
    const fs::path& folder() const { return folder_; }

private:
    std::string shippedName(const Json& v, const std::string& key) const {
        static const std::string expected =
            "a shipped model name (at most 128 letters, digits, '_', '.' or '-'; no '/')";
        std::string name = text(v, key, kMaxShippedNameBytes);
        bool ok = !name.empty() && name != "." && name != "..";
        for (const char c : name)
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                        c == '_' || c == '.' || c == '-');
        if (!ok)
            wrong(key, v, expected);
        return name;
    }

    std::string resolved(const Json& v, const std::string& key) const {
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

    std::string file_;
    fs::path folder_;
};

/// The reader's side of fields(): each key's value is checked and stored; absent keys keep the default.
class In {
public:
    In(const Reader& r, const Json& object, std::string path) : r_(r), j_(object), path_(std::move(path)) {}

    void text(const char* key, std::string& out) {
        if (const Json* v = take(key))
            out = r_.text(*v, at(key), kMaxTextBytes);
    }
    void flag(const char* key, bool& out) {
        if (const Json* v = take(key)) {
            if (!v->is_boolean())
                r_.wrong(at(key), *v, "true or false");
            out = v->get<bool>();
        }
    }
    void choice(const char* key, std::string& out, const Names& names) {
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
    template <class T> void integer(const char* key, T& out, std::int64_t lo, std::uint64_t hi) {
        if (const Json* v = take(key))
            out = r_.integer<T>(*v, at(key), lo, hi);
    }
    void number(const char* key, double& out, int lo, int hi) {
        if (const Json* v = take(key)) {
            // JSON has no NaN or infinity and tryParseJson refuses a number beyond double: finite here.
            if (!v->is_number() || !(v->get<double>() >= lo && v->get<double>() <= hi))
                r_.wrong(at(key), *v, "a number from " + std::to_string(lo) + " to " + std::to_string(hi));
            out = v->get<double>();
        }
    }
    void ids(const char* key, std::vector<int>& out) {
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
                ids.push_back(
                    r_.integer<int>((*v)[i], at(key) + "[" + std::to_string(i) + "]", 0, kMaxTokenId));
            out = std::move(ids);
        }
    }
    void file(const char* key, FileRef& out) {
        if (const Json* v = take(key))
            out = r_.file(*v, at(key));
    }
    template <class S> void object(const char* key, S& out);

    /// Refuses every key that no field took (a typo must not quietly leave a default).
    void finish() const {
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

    /// Marks `key` known and gives its value, or nullptr when absent.
    const Json* take(const char* key) {
        taken_.push_back(key);
        const auto it = j_.find(key);
        return it == j_.end() ? nullptr : &*it;
    }
    std::string at(const std::string& key) const { return child(path_, key); }

private:
    const Reader& r_;
    const Json& j_;
    std::string path_;
    std::vector<const char*> taken_;
};

/// The writer's side of fields(). Every string is checked for UTF-8 here (nlohmann cannot write one
/// that is not); every other rule is checked by reading the text back (sessionText).
class Out {
public:
    Out(const std::string& file, const fs::path& folder, OrderedJson& object, std::string path)
        : file_(file), folder_(folder), o_(object), path_(std::move(path)) {}

    void text(const char* key, const std::string& v) { o_[key] = utf8(key, v); }
    void flag(const char* key, bool v) { o_[key] = v; }
    void choice(const char* key, const std::string& v, const Names&) { o_[key] = utf8(key, v); }
    template <class T> void integer(const char* key, T v, std::int64_t, std::uint64_t) { o_[key] = v; }
    void number(const char* key, double v, int, int) { o_[key] = v; }
    void ids(const char* key, const std::vector<int>& v) { o_[key] = v; }
    void file(const char* key, const FileRef& f) {
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
    template <class S> void object(const char* key, const S& sub);

    const std::string& fileName() const { return file_; }
    const fs::path& folder() const { return folder_; }

private:
    const std::string& utf8(const char* key, const std::string& v) const {
        if (!validUtf8(v))
            throw SessionError(file_ + ": " + child(path_, key) + ": not saved: the text is not valid UTF-8",
                               ErrorInfo{.path = file_, .key = child(path_, key)});
        return v;
    }
    /// Below the session's folder: relative, with '/'; elsewhere (or the folder itself): absolute.
    std::string written(const std::string& value) const {
        fs::path p(value);
        std::error_code ec;
        if (p.is_relative())
            p = fs::absolute(p, ec);
        p = p.lexically_normal();
        const fs::path rel = p.lexically_relative(folder_);
        const bool below =
            !rel.empty() && rel != "." && *rel.begin() != ".." && (folder_ / rel).lexically_normal() == p;
        return below ? rel.generic_string() : p.generic_string();
    }

    const std::string& file_;
    const fs::path& folder_;
    OrderedJson& o_;
    std::string path_;
};

// ---------------------------------------------------------------------------------------------------
// The fields of each state: key, rule, member. V is In or Out.

template <class V> void fields(V& v, WalkthroughState& s) {
    v.text("query", s.query);
    v.text("keys", s.keys);
    v.flag("selfAttention", s.selfAttention);
    v.flag("toy", s.toy);
    v.choice("scoring", s.scoring, kScorings);
    v.choice("projection", s.projection, kProjections);
    v.integer("seed", s.seed, 0, std::numeric_limits<std::uint32_t>::max());
    v.integer("head", s.head, 0, kMaxIndex);
    v.file("learnedFrom", s.learnedFrom);
    v.choice("step", s.step, kWalkthroughSteps);
    v.integer("selectedQuery", s.selectedQuery, -1, kMaxIndex);
}

template <class V> void fields(V& v, TranslationState& s) {
    v.text("text", s.text);
    v.text("reference", s.reference);
    v.text("autoReference", s.autoReference);
    v.integer("beam", s.beam, 1, kMaxBeam);
    v.choice("unit", s.unit, kUnits);
    v.choice("decoder", s.decoder, kDecoders);
    v.integer("step", s.step, 0, kMaxIndex);
    v.choice("forcing", s.forcing, kForcings);
    v.text("given", s.given);
    v.choice("chosenBy", s.chosenBy, kDecoders);
    v.ids("prefix", s.prefix);
    v.file("model", s.model);
    v.file("baseline", s.baseline);
}

template <class V> void fields(V& v, SentimentState& s) {
    v.text("text", s.text);
    v.integer("padTo", s.padTo, 0, kMaxIndex);
    v.flag("maskPadding", s.maskPadding);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.integer("row", s.row, -1, kMaxIndex);
    v.integer("tab", s.tab, 0, kMaxIndex);
    v.file("model", s.model);
}

template <class V> void fields(V& v, TransformerSwitches& s) {
    v.flag("noPositions", s.noPositions);
    v.flag("shuffle", s.shuffle);
    v.flag("noResidual1", s.noResidual1);
    v.flag("noResidual2", s.noResidual2);
    v.flag("noMask", s.noMask);
    v.flag("seedEnabled", s.seedEnabled);
    v.integer("seed", s.seed, 0, std::numeric_limits<std::int32_t>::max());
    v.integer("padTo", s.padTo, 0, kMaxIndex);
    v.integer("ablate", s.ablate, 0, kMaxIndex + 1); // head + 1
    v.integer("uniform", s.uniform, 0, kMaxIndex + 1);
}

template <class V> void fields(V& v, TransformerState& s) {
    v.text("text", s.text);
    v.choice("step", s.step, kTransformerSteps);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.integer("token", s.token, 0, kMaxIndex);
    v.choice("part", s.part, kParts);
    v.object("switches", s.switches);
    v.file("model", s.model);
}

template <class V> void fields(V& v, VisionState& s) {
    v.file("model", s.model);
    v.file("image", s.image);
    v.file("dataset", s.dataset);
    v.integer("browsed", s.browsed, -1, kMaxIndex);
    v.integer("tab", s.tab, 0, kMaxIndex);
}

template <class V> void fields(V& v, GenerateState& s) {
    v.text("prompt", s.prompt);
    v.number("temperature", s.temperature, 0, kMaxTemperature);
    v.integer("topK", s.topK, 0, kMaxIndex);
    v.integer("seed", s.seed, 0, std::numeric_limits<std::uint64_t>::max());
    v.integer("keepTop", s.keepTop, 1, kMaxKeepTop);
    v.integer("tokens", s.tokens, 0, kMaxIndex);
    v.integer("selectedStep", s.selectedStep, -1, kMaxIndex);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.file("model", s.model);
}

/// The session's own keys besides format, version and pages.
template <class V> void fields(V& v, Session& s) {
    static const Names fronts = frontNames();
    v.choice("front", s.front, fronts);
    v.flag("teaching", s.teaching);
    v.integer("zoom", s.zoomPercent, kMinZoomPercent, kMaxZoomPercent);
    v.flag("paragraphs", s.paragraphs);
    v.choice("language", s.language, kLanguages);
    v.file("wordVectors", s.wordVectors);
}

template <class S> void In::object(const char* key, S& out) {
    if (const Json* v = take(key)) {
        if (!v->is_object())
            r_.wrong(at(key), *v, "an object");
        In in(r_, *v, at(key));
        fields(in, out);
        in.finish();
    }
}

template <class S> void Out::object(const char* key, const S& sub) {
    OrderedJson o = OrderedJson::object();
    Out out(file_, folder_, o, child(path_, key));
    S copy = sub;
    fields(out, copy);
    o_[key] = std::move(o);
}

/// A PageState of alternative `index`, default-constructed.
template <std::size_t I = 0> PageState pageOfIndex(std::size_t index) {
    if constexpr (I + 1 < std::variant_size_v<PageState>)
        if (index != I)
            return pageOfIndex<I + 1>(index);
    return PageState(std::in_place_index<I>);
}

Session readTree(const Reader& r, Json& root) {
    if (!root.is_object())
        r.wrong("", root, "a JSON object (a session file is {\"format\": \"attnviz-session\", ...})");
    const auto format = root.find("format");
    if (format == root.end())
        r.fail("format", "missing; a session file has \"format\": \"attnviz-session\"", "\"attnviz-session\"",
               "nothing");
    if (!format->is_string() || format->get_ref<const std::string&>() != kSessionFormat)
        r.wrong("format", *format, "\"attnviz-session\" (this is not an attnviz session file)");
    const auto versionAt = root.find("version");
    const std::string newest = std::to_string(kSessionVersion);
    if (versionAt == root.end())
        r.fail("version", "missing; a session file has \"version\": " + newest,
               "an integer from 1 to " + newest, "nothing");
    bool negative = false;
    std::uint64_t magnitude = 0;
    if (!integral(*versionAt, &negative, &magnitude) || negative || magnitude < 1)
        r.wrong("version", *versionAt, "a session version (an integer from 1)");
    if (magnitude > static_cast<std::uint64_t>(kSessionVersion))
        r.fail("version",
               "the file is version " + describeJson(*versionAt) +
                   ", newer than this attnviz; this attnviz reads session files up to version " + newest,
               "at most " + newest, describeJson(*versionAt));
    const int version = static_cast<int>(magnitude);
    migrate(root, version);

    Session s;
    s.version = version;
    In top(r, root, "");
    top.take("format");
    top.take("version");
    fields(top, s);
    if (const Json* pages = top.take("pages")) {
        if (!pages->is_object())
            r.wrong("pages", *pages, "an object of pages (\"walkthrough\": {...}, ...)");
        std::array<std::optional<PageState>, std::variant_size_v<PageState>> byIndex;
        for (const auto& [name, value] : pages->items()) {
            const auto& keys = pageKeys();
            const auto it = std::find(keys.begin(), keys.end(), name);
            const std::string key = child("pages", name);
            if (it == keys.end())
                r.fail(key, "\"" + shownKey(name) + "\" is not a page; the pages are " + joined(keys),
                       "one of " + joined(keys), name);
            if (!value.is_object())
                r.wrong(key, value, "an object of the page's keys");
            const auto index = static_cast<std::size_t>(it - keys.begin());
            PageState state = pageOfIndex(index);
            In in(r, value, key);
            std::visit([&](auto& st) { fields(in, st); }, state);
            in.finish();
            byIndex[index] = std::move(state);
        }
        for (auto& p : byIndex)
            if (p)
                s.pages.push_back(std::move(*p));
    }
    top.finish();
    return s;
}

} // namespace

bool Session::operator==(const Session& other) const {
    if (version != other.version || front != other.front || teaching != other.teaching ||
        zoomPercent != other.zoomPercent || paragraphs != other.paragraphs || language != other.language ||
        wordVectors != other.wordVectors || pages.size() != other.pages.size())
        return false;
    for (const auto& p : pages) {
        const PageState* q = other.page(pageKey(p));
        if (!q || !(*q == p))
            return false;
    }
    // Equal sizes and each of ours found there; a page twice here and missing there is caught by
    // looking the other way too.
    for (const auto& q : other.pages)
        if (!page(pageKey(q)))
            return false;
    return true;
}

const PageState* Session::page(const std::string& key) const {
    for (const auto& p : pages)
        if (pageKey(p) == key)
            return &p;
    return nullptr;
}

Session parseSession(std::string_view text, const std::string& fileName) {
    const Reader r(fileName);
    const std::string limit = bytes(kMaxSessionBytes) + " (16 MB)";
    if (text.size() > kMaxSessionBytes) {
        // Parse no further than the limit, only to name the value the limit falls in.
        PathSax sax;
        const std::string_view head = text.substr(0, kMaxSessionBytes);
        Json::sax_parse(head.begin(), head.end(), &sax);
        const std::string key = sax.path();
        throw SessionError(fileName + ": " + (key.empty() ? "" : key + ": ") + "the session is " +
                               bytes(text.size()) + ", more than the " + limit + " a session file may have" +
                               (key.empty() ? "" : "; the limit is passed in this value"),
                           ErrorInfo{.path = fileName,
                                     .byte = kMaxSessionBytes,
                                     .key = key,
                                     .expected = "at most " + bytes(kMaxSessionBytes),
                                     .found = bytes(text.size())});
    }
    JsonParseFailure failure;
    if (const std::size_t deep = tooDeepAt(text); deep != std::string_view::npos) {
        // A syntax error before that point is the better message (the text may not be JSON at all).
        if (!tryParseJson(text.substr(0, deep), &failure) &&
            failure.reason.find("end of input") == std::string::npos)
            r.failAt(failure.offset, failure.reason);
        r.failAt(deep, "values nested more than " + std::to_string(kMaxDepth) +
                           " deep (a session nests 4 deep at most)");
    }
    std::optional<Json> root = tryParseJson(text, &failure);
    if (!root)
        r.failAt(failure.offset, failure.reason);
    PathSax keys;
    Json::sax_parse(text.begin(), text.end(), &keys);
    if (keys.duplicate)
        r.fail(keys.path(), "the key appears twice in its object (a key may appear once)", "one value",
               "two");
    return readTree(r, *root);
}

Session readSession(const std::string& path) {
    const auto fail = [&](const std::string& what) -> SessionError {
        return SessionError(path + ": " + what, ErrorInfo{.path = path});
    };
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st))
        throw fail("cannot open: " + (ec ? ec.message() : std::string("no such file")));
    if (fs::is_directory(st))
        throw fail("cannot open: this is a folder, not a session file");
    if (!fs::is_regular_file(st))
        throw fail("cannot open: not a regular file");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec)
        throw fail("cannot read: " + ec.message());
    const auto tooLarge = [&](std::uintmax_t n) {
        return SessionError(
            path + ": the file is " + bytes(n) + ", more than the " + bytes(kMaxSessionBytes) +
                " (16 MB) a session file may have",
            ErrorInfo{.path = path, .expected = "at most " + bytes(kMaxSessionBytes), .found = bytes(n)});
    };
    if (size > kMaxSessionBytes)
        throw tooLarge(size);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw fail(std::string("cannot open: ") + std::strerror(errno));
    // Read to the end in pieces: the file may have changed since its size was taken.
    std::string text;
    text.reserve(static_cast<std::size_t>(size));
    std::array<char, 64 * 1024> chunk{};
    while (in) {
        in.read(chunk.data(), chunk.size());
        text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxSessionBytes)
            throw tooLarge(text.size());
    }
    if (in.bad())
        throw fail("cannot read: input/output error");
    return parseSession(text, path);
}

std::string sessionText(const Session& session, const std::string& path) {
    const fs::path folder = folderOf(path);
    OrderedJson root = OrderedJson::object();
    root["format"] = kSessionFormat;
    root["version"] = kSessionVersion;
    Out top(path, folder, root, "");
    Session copy = session;
    fields(top, copy);
    std::array<const PageState*, std::variant_size_v<PageState>> byIndex{};
    for (const auto& p : session.pages) {
        if (byIndex[p.index()])
            throw SessionError(path + ": pages." + pageKey(p) +
                                   ": not saved: the session holds two states for this page",
                               ErrorInfo{.path = path, .key = "pages." + pageKey(p)});
        byIndex[p.index()] = &p;
    }
    OrderedJson pages = OrderedJson::object();
    for (std::size_t i = 0; i < byIndex.size(); ++i) {
        if (!byIndex[i])
            continue;
        const std::string key = pageKeys()[i];
        OrderedJson page = OrderedJson::object();
        Out out(path, folder, page, "pages." + key);
        PageState state = *byIndex[i];
        std::visit([&](auto& st) { fields(out, st); }, state);
        pages[key] = std::move(page);
    }
    root["pages"] = std::move(pages);
    std::string text;
    try {
        text = root.dump(2) + "\n"; // every string was checked for UTF-8 above; nothing else throws
    } catch (const nlohmann::json::exception& e) {
        throw SessionError(path + ": not saved: " + e.what(), ErrorInfo{.path = path});
    }
    // Only what the reader accepts is written: a value outside the limits is refused here, by name.
    try {
        parseSession(text, path);
    } catch (const SessionError& e) {
        std::string what = e.what();
        if (what.compare(0, path.size() + 2, path + ": ") == 0)
            what.erase(0, path.size() + 2);
        throw SessionError(path + ": not saved: " + what, e.info());
    }
    return text;
}

void writeSession(const Session& session, const std::string& path) {
    const std::string text = sessionText(session, path);
    const auto fail = [&](const std::string& what, int err) {
        return SessionError(path + ": cannot save: " + what + ": " + std::strerror(err),
                            ErrorInfo{.path = path});
    };
    const fs::path target(path);
    if (!target.has_filename())
        throw fail("the name is a folder", EISDIR);
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
        throw fail("cannot create a file in " + folder.string(), errno);
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
        throw fail("writing " + tmp.filename().string() + " and renaming it failed", err);
    }
}

} // namespace attn::session
