#pragma once
// Session files (.attnviz, issue 48): every page's state, the page in front, teaching mode, presenter
// zoom, whether the explanatory paragraphs are shown, the interface language and the word-vector set.
//
//   {"format": "attnviz-session", "version": 1, "front": "walkthrough", "teaching": true,
//    "zoom": 125, "paragraphs": true, "language": "zh_CN", "wordVectors": {"path": "vectors/glove.txt"},
//    "pages": {"walkthrough": {...}, "translation": {...}, ...}}
//
// A file ref is {"shipped": "sentiment"} or {"path": "..."}; absent = the page's default. Paths below
// the session file's folder are written relative to it, so a folder (session + models + images) can be
// carried to another machine; the reader resolves them against the file's folder.
//
// The reader is strict and reads nothing but the text it is given: a file over kMaxSessionBytes is
// refused before it is read; bad JSON, a wrong type, an unknown key or page, a name outside a key's
// list, a number or string outside the limits of page_state.hpp, or a newer version each throw
// SessionError naming the file and the key ("pages.transformer.step") or the byte. Older versions are
// migrated (version 1 is the first).

#include "attn/error.hpp"
#include "attn/session/page_state.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn::session {

class SessionError : public Error {
public:
    using Error::Error;
};

inline constexpr const char* kSessionFormat = "attnviz-session";
inline constexpr int kSessionVersion = 1;
inline constexpr std::uintmax_t kMaxSessionBytes = 16u * 1024 * 1024;
inline constexpr int kMinZoomPercent = 50;
inline constexpr int kMaxZoomPercent = 300;

struct Session {
    int version = kSessionVersion; ///< the version of the file read (sessionText writes kSessionVersion)
    std::string front;             ///< pageKey of the page in front; empty = the first
    bool teaching = false;
    int zoomPercent = 100;        ///< presenter zoom, kMinZoomPercent..kMaxZoomPercent
    bool paragraphs = true;       ///< explanatory paragraphs shown
    std::string language;         ///< "en", "zh_CN"; empty = leave the app's language
    FileRef wordVectors;          ///< Default = the embedded set
    std::vector<PageState> pages; ///< at most one per page key, in any order (parseSession: tab order)
    /// Field by field; `pages` as a set (their order does not matter).
    bool operator==(const Session&) const;

    /// The state of page `key`, or nullptr when the session has none.
    const PageState* page(const std::string& key) const;
};

/// Parses a session. `fileName` is used in messages and to resolve relative paths (against its folder).
Session parseSession(std::string_view text, const std::string& fileName);
/// Reads and parses `path` (size checked before reading).
Session readSession(const std::string& path);
/// The JSON text of `session` as it would be saved at `path` (paths below path's folder made relative).
/// Every field is written, also the defaults. A session that the reader would refuse (a value outside
/// the limits, two states for one page, text that is not UTF-8) throws SessionError naming the key:
/// no file is written that attnviz cannot open again.
std::string sessionText(const Session& session, const std::string& path);
/// Writes sessionText to `path` through a temporary file in the same folder, then renames it (an
/// existing file is replaced only by a complete one). Throws SessionError naming the file on failure.
void writeSession(const Session& session, const std::string& path);

} // namespace attn::session
