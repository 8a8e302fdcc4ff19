// Session files (.attnviz): the strict reader and the writer (session_file.hpp, docs/session-format.md).
//
// The pages' states are read and written by page_state_json.cpp (shared with the lesson files); the
// size and nesting limits, the duplicate keys, the version check and the atomic write by json_file.cpp.
// What is here: the session's own keys (fields() below, one list for both directions) and "pages".

#include "json_file.hpp"
#include "page_state_json.hpp"

#include <array>
#include <attn/session/session_file.hpp>
#include <optional>
#include <utility>

namespace attn::session {

namespace {

using namespace detail;

const Names kLanguages{"", "en", "zh_CN"};

Names frontNames() {
    Names names{""};
    names.insert(names.end(), pageKeys().begin(), pageKeys().end());
    return names;
}

/// Upgrades a session of an older version to kSessionVersion in place. Version 1 is the first format,
/// so there is nothing to migrate yet; a version 2 adds its step here ("if (fromVersion < 2) ...").
void migrate(Json& session, int fromVersion) {
    (void)session;
    (void)fromVersion;
}

/// The session's own keys besides format, version and pages. V is In or Out.
template <class V> void fields(V& v, Session& s) {
    static const Names fronts = frontNames();
    v.choice("front", s.front, fronts);
    v.flag("teaching", s.teaching);
    v.integer("zoom", s.zoomPercent, kMinZoomPercent, kMaxZoomPercent);
    v.flag("paragraphs", s.paragraphs);
    v.choice("language", s.language, kLanguages);
    v.file("wordVectors", s.wordVectors);
}

Session readTree(const Reader& r, Json& root) {
    const int version = readVersion(r, root);
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
            const std::string key = child("pages", name);
            const std::optional<std::size_t> index = pageIndex(name);
            if (!index)
                r.fail(key, "\"" + shownKey(name) + "\" is not a page; the pages are " + joined(pageKeys()),
                       "one of " + joined(pageKeys()), name);
            byIndex[*index] = readPageState(r, *index, value, key);
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
    const Reader r(kSessionFile, fileName);
    Json root = parseStrict(r, text);
    return readTree(r, root);
}

Session readSession(const std::string& path) {
    return parseSession(readFileText(kSessionFile, path), path);
}

std::string sessionText(const Session& session, const std::string& path) {
    const Target target{kSessionFile, path, folderOf(path)};
    OrderedJson root = OrderedJson::object();
    root["format"] = kSessionFormat;
    root["version"] = kSessionVersion;
    Out top(target, root, "");
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
    for (std::size_t i = 0; i < byIndex.size(); ++i)
        if (byIndex[i])
            pages[pageKeys()[i]] = pageStateJson(target, *byIndex[i], "pages." + pageKeys()[i]);
    root["pages"] = std::move(pages);
    return checkedText(kSessionFile, root, path, [&](const std::string& text) { parseSession(text, path); });
}

void writeSession(const Session& session, const std::string& path) {
    writeFileAtomically(kSessionFile, sessionText(session, path), path);
}

} // namespace attn::session
