// Lesson files (.attnviz-lesson): parseLesson and readLesson must agree; what they accept must be
// within the limits (1 to kMaxStops stops, every text with its English, a known question kind, a metric
// exactly for top_head, paths absolute) and must survive the round trip: lessonText + parseLesson gives
// it back equal, saved at the same place or another, and writeLesson + readLesson gives it back too,
// leaving no temporary file. A stop's state must be what the session reader makes of the same object
// under "pages": the two readers share one set of page rules.
#include "harness.hpp"

#include <algorithm>
#include <attn/session/lesson_file.hpp>
#include <attn/session/session_file.hpp>
#include <iterator>
#include <nlohmann/json.hpp>
#include <type_traits>
#include <variant>

namespace {

using namespace attn::session;

std::string readBack(const Lesson& l, const std::string& path, const char* what) {
    try {
        const std::string text = lessonText(l, path);
        if (!(parseLesson(text, path) == l))
            fuzz::finding(std::string("the round trip changed the lesson (") + what + ")");
        return text;
    } catch (const attn::Error& e) {
        fuzz::finding(std::string("an accepted lesson was refused on the way back (") + what +
                      "): " + e.what());
    }
}

void checkPaths(const FileRef& f) {
    if (f.kind == FileRef::Kind::Path && (f.value.empty() || f.value.front() != '/'))
        fuzz::finding("a path was read as a relative path: " + f.value);
    if (f.kind == FileRef::Kind::Default && !f.value.empty())
        fuzz::finding("a default file ref carries a value");
}

void checkText(const LocalText& t, bool required, const char* what) {
    if ((required || !t.zh.empty()) && t.en.empty())
        fuzz::finding(std::string("a text without English was accepted: ") + what);
    if (t.en.size() > kMaxTextBytes || t.zh.size() > kMaxTextBytes)
        fuzz::finding(std::string("a text over the limit was accepted: ") + what);
}

void checkLimits(const Lesson& l) {
    if (l.version != kLessonVersion || l.stops.empty() || l.stops.size() > kMaxStops)
        fuzz::finding("a version or a number of stops outside the limits was accepted");
    checkText(l.title, true, "title");
    const auto& kinds = questionKinds();
    for (const Stop& s : l.stops) {
        checkText(s.title, true, "stop title");
        checkText(s.narration, true, "narration");
        std::visit(
            [](const auto& st) {
                using T = std::decay_t<decltype(st)>;
                if constexpr (std::is_same_v<T, WalkthroughState>)
                    checkPaths(st.learnedFrom);
                else if constexpr (std::is_same_v<T, TranslationState>) {
                    checkPaths(st.model);
                    checkPaths(st.baseline);
                    if (st.beam < 1 || st.beam > kMaxBeam)
                        fuzz::finding("a beam outside the limits was accepted");
                } else if constexpr (std::is_same_v<T, VisionState>) {
                    checkPaths(st.model);
                    checkPaths(st.image);
                    checkPaths(st.dataset);
                } else
                    checkPaths(st.model);
            },
            s.state);
        if (!s.question)
            continue;
        const Question& q = *s.question;
        if (std::find(kinds.begin(), kinds.end(), q.kind) == kinds.end())
            fuzz::finding("an unknown question kind was accepted: " + q.kind);
        const bool metricOk =
            q.kind == "top_head" ? q.metric == "attention_to" || q.metric == "entropy" : q.metric.empty();
        if (!metricOk)
            fuzz::finding("a metric '" + q.metric + "' was accepted on a " + q.kind + " question");
        checkText(q.prompt, true, "prompt");
        checkText(q.why, false, "why");
    }
}

/// Each stop's state, given to the session reader as that page's object, must read the same.
void checkSameRulesAsSessions(const Lesson& l, const std::string& text, const std::string& path) {
    const auto j = nlohmann::json::parse(text); // lessonText's own output: valid JSON
    const std::string sessionPath = path + ".attnviz";
    for (std::size_t i = 0; i < l.stops.size(); ++i) {
        const std::string key = pageKey(l.stops[i].state);
        const nlohmann::json session = {
            {"format", "attnviz-session"}, {"version", 1}, {"pages", {{key, j["stops"][i]["state"]}}}};
        try {
            const Session s = parseSession(session.dump(), sessionPath);
            if (!s.page(key) || !(*s.page(key) == l.stops[i].state))
                fuzz::finding("the session reader read stop " + std::to_string(i + 1) +
                              "'s state differently");
        } catch (const attn::Error& e) {
            fuzz::finding("the session reader refused stop " + std::to_string(i + 1) +
                          "'s state: " + e.what());
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    const std::string_view text = fuzz::asText(data, size);
    const std::string path = (fuzz::workDir() / "class" / "lesson.attnviz-lesson").string();
    fuzz::writeFile(path, text);

    Lesson parsed, read;
    std::string parseError, readError;
    try {
        parsed = parseLesson(text, path);
    } catch (const LessonError& e) {
        parseError = e.what();
    }
    try {
        read = readLesson(path);
    } catch (const LessonError& e) {
        readError = e.what();
    }
    if (parseError != readError)
        fuzz::finding("parseLesson and readLesson disagree: '" + parseError + "' / '" + readError + "'");
    if (!parseError.empty())
        return 0;
    if (!(parsed == read))
        fuzz::finding("parseLesson and readLesson gave different lessons");

    checkLimits(parsed);
    const std::string once = readBack(parsed, path, "same place");
    if (lessonText(parseLesson(once, path), path) != once)
        fuzz::finding("lessonText is not stable over a second round trip");
    checkSameRulesAsSessions(parsed, once, path);
    readBack(parsed, (fuzz::workDir() / "elsewhere" / "deeper" / "copy.attnviz-lesson").string(),
             "saved elsewhere");
    readBack(parsed, (fuzz::workDir() / "class" / "models" / "inside.attnviz-lesson").string(),
             "saved below");

    const std::string saved = (fuzz::workDir() / "class" / "saved.attnviz-lesson").string();
    try {
        writeLesson(parsed, saved);
        if (!(readLesson(saved) == parsed))
            fuzz::finding("writeLesson + readLesson changed the lesson");
    } catch (const attn::Error& e) {
        fuzz::finding(std::string("an accepted lesson could not be saved and read: ") + e.what());
    }
    const std::filesystem::directory_iterator folder(fuzz::workDir() / "class");
    if (std::distance(begin(folder), end(folder)) != 2) // lesson.attnviz-lesson and saved.attnviz-lesson
        fuzz::finding("writeLesson left a temporary file behind");
    return 0;
}
