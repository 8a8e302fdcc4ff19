// Session files (.attnviz): parseSession and readSession must agree; what they accept must be within
// the limits (paths absolute, one state per page, in tab order) and must survive the round trip:
// sessionText + parseSession gives it back equal, saved at the same place or another, and
// writeSession + readSession gives it back too, leaving no temporary file.
#include "harness.hpp"

#include <attn/session/session_file.hpp>
#include <iterator>
#include <type_traits>

namespace {

using namespace attn::session;

std::string readBack(const Session& s, const std::string& path, const char* what) {
    try {
        const std::string text = sessionText(s, path);
        if (!(parseSession(text, path) == s))
            fuzz::finding(std::string("the round trip changed the session (") + what + ")");
        return text;
    } catch (const attn::Error& e) {
        fuzz::finding(std::string("an accepted session was refused on the way back (") + what +
                      "): " + e.what());
    }
}

void checkPaths(const FileRef& f) {
    if (f.kind == FileRef::Kind::Path && (f.value.empty() || f.value.front() != '/'))
        fuzz::finding("a path was read as a relative path: " + f.value);
    if (f.kind == FileRef::Kind::Default && !f.value.empty())
        fuzz::finding("a default file ref carries a value");
}

void checkLimits(const Session& s) {
    checkPaths(s.wordVectors);
    if (s.version != kSessionVersion || s.zoomPercent < kMinZoomPercent || s.zoomPercent > kMaxZoomPercent)
        fuzz::finding("a version or zoom outside the limits was accepted");
    for (std::size_t i = 0; i < s.pages.size(); ++i)
        if (i > 0 && s.pages[i].index() <= s.pages[i - 1].index())
            fuzz::finding("pages repeated or out of tab order");
    for (const auto& p : s.pages)
        std::visit(
            [](const auto& st) {
                using T = std::decay_t<decltype(st)>;
                if constexpr (std::is_same_v<T, WalkthroughState>)
                    checkPaths(st.learnedFrom);
                else if constexpr (std::is_same_v<T, TranslationState>) {
                    checkPaths(st.model);
                    checkPaths(st.baseline);
                    if (st.beam < 1 || st.beam > kMaxBeam || st.prefix.size() > kMaxPrefixTokens)
                        fuzz::finding("a translation state outside the limits was accepted");
                } else if constexpr (std::is_same_v<T, VisionState>) {
                    checkPaths(st.model);
                    checkPaths(st.image);
                    checkPaths(st.dataset);
                } else if constexpr (std::is_same_v<T, HeadsState>) {
                    checkPaths(st.model);
                    checkPaths(st.corpus);
                    if (st.limit < 1 || st.limit > kMaxSurveyInputs)
                        fuzz::finding("a heads state outside the limits was accepted");
                } else if constexpr (std::is_same_v<T, GenerateState>) {
                    checkPaths(st.model);
                    if (!(st.temperature >= 0 && st.temperature <= 100) || st.keepTop < 1)
                        fuzz::finding("a generate state outside the limits was accepted");
                } else
                    checkPaths(st.model);
            },
            p);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const std::string_view text = fuzz::asText(data, size);
    const std::string path = (fuzz::workDir() / "lesson" / "session.attnviz").string();
    fuzz::writeFile(path, text);

    Session parsed, read;
    std::string parseError, readError;
    try {
        parsed = parseSession(text, path);
    } catch (const SessionError& e) {
        parseError = e.what();
    }
    try {
        read = readSession(path);
    } catch (const SessionError& e) {
        readError = e.what();
    }
    if (parseError != readError)
        fuzz::finding("parseSession and readSession disagree: '" + parseError + "' / '" + readError + "'");
    if (!parseError.empty())
        return 0;
    if (!(parsed == read))
        fuzz::finding("parseSession and readSession gave different sessions");

    checkLimits(parsed);
    const std::string once = readBack(parsed, path, "same place");
    if (sessionText(parseSession(once, path), path) != once)
        fuzz::finding("sessionText is not stable over a second round trip");
    readBack(parsed, (fuzz::workDir() / "elsewhere" / "deeper" / "copy.attnviz").string(), "saved elsewhere");
    readBack(parsed, (fuzz::workDir() / "lesson" / "models" / "inside.attnviz").string(), "saved below");

    const std::string saved = (fuzz::workDir() / "lesson" / "saved.attnviz").string();
    try {
        writeSession(parsed, saved);
        if (!(readSession(saved) == parsed))
            fuzz::finding("writeSession + readSession changed the session");
    } catch (const attn::Error& e) {
        fuzz::finding(std::string("an accepted session could not be saved and read: ") + e.what());
    }
    const std::filesystem::directory_iterator lesson(fuzz::workDir() / "lesson");
    if (std::distance(begin(lesson), end(lesson)) != 2) // session.attnviz and saved.attnviz
        fuzz::finding("writeSession left a temporary file behind");
    return 0;
}
