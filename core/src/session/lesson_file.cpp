// Lesson files (.attnviz-lesson): the strict reader and the writer (lesson_file.hpp,
// docs/lesson-format.md).
//
// A stop's "state" is read and written by the same rules as a session's pages (page_state_json.cpp);
// the limits, the duplicate keys, the version check and the atomic write are the session's too
// (json_file.cpp). What is here: the lesson's own keys, its stops, their texts and questions. Every
// object takes all its keys before checking any, so a misspelt key is reported as unknown rather than
// as the required key it was meant to be.

#include "json_file.hpp"
#include "page_state_json.hpp"

#include <attn/memory_budget.hpp>
#include <attn/session/lesson_file.hpp>
#include <optional>
#include <utility>

namespace attn::session {

namespace {

using namespace detail;

const Names kMetrics{"attention_to", "entropy"};
const std::string kLocalTextExpected = "a text: {\"en\": \"...\", \"zh\": \"...\"} (\"zh\" optional)";

/// Upgrades a lesson of an older version to kLessonVersion in place. Version 1 is the first format, so
/// there is nothing to migrate yet; a version 2 adds its step here ("if (fromVersion < 2) ...").
void migrate(Json& lesson, int fromVersion) {
    (void)lesson;
    (void)fromVersion;
}

/// The value of a required key, or "<key>: missing; <why>".
const Json& required(const Reader& r, const Json* v, const std::string& key, const std::string& why,
                     const std::string& expected) {
    if (!v)
        r.fail(key, "missing; " + why, expected, "nothing");
    return *v;
}

LocalText readText(const Reader& r, const Json& v, const std::string& key) {
    if (!v.is_object())
        r.wrong(key, v, kLocalTextExpected);
    In in(r, v, key);
    const Json* en = in.take("en");
    LocalText t;
    in.text("zh", t.zh);
    in.finish();
    t.en = r.text(required(r, en, in.at("en"), "every text has its English in \"en\" (\"zh\" is optional)",
                           "a non-empty string"),
                  in.at("en"), kMaxTextBytes);
    if (t.en.empty())
        r.fail(in.at("en"), "the English text is empty", "a non-empty string", "\"\"");
    return t;
}

Question readQuestion(const Reader& r, const Json& v, const std::string& key) {
    if (!v.is_object())
        r.wrong(key, v, "null or a question ({\"kind\": ..., \"prompt\": {...}})");
    In in(r, v, key);
    const Json* kind = in.take("kind");
    const Json* query = in.take("query");
    const Json* metric = in.take("metric");
    const Json* prompt = in.take("prompt");
    const Json* why = in.take("why");
    in.finish();

    Question q;
    const std::string kinds = joined(questionKinds());
    const Json& k =
        required(r, kind, in.at("kind"), "a question has a kind (" + kinds + ")", "one of " + kinds);
    for (const auto& name : questionKinds())
        if (k.is_string() && k.get_ref<const std::string&>() == name)
            q.kind = name;
    if (q.kind.empty())
        r.wrong(in.at("kind"), k, "one of " + kinds);
    if (query)
        q.query = r.text(*query, in.at("query"), kMaxTextBytes);
    if (q.kind == "top_head") {
        const Json& m =
            required(r, metric, in.at("metric"), "a top_head question has a metric (attention_to or entropy)",
                     "one of " + joined(kMetrics));
        for (const auto& name : kMetrics)
            if (m.is_string() && m.get_ref<const std::string&>() == name)
                q.metric = name;
        if (q.metric.empty())
            r.wrong(in.at("metric"), m, "one of " + joined(kMetrics));
        // attention_to needs the token whose column is averaged: no page has a "selected column".
        if (q.metric == "attention_to" && q.query.empty())
            r.fail(in.at("query"), "a top_head question on attention_to names its token in \"query\"",
                   "a token", query ? describeJson(*query) : std::string("nothing"));
    } else if (q.kind == "top_survey_head") {
        const Names survey{"sink", "previous", "self", "cls", "sep", "entropy", "distance", "induction"};
        const Json& m = required(r, metric, in.at("metric"),
                                 "a top_survey_head question has a metric (" + joined(survey) + ")",
                                 "one of " + joined(survey));
        for (const auto& name : survey)
            if (m.is_string() && m.get_ref<const std::string&>() == name)
                q.metric = name;
        if (q.metric.empty())
            r.wrong(in.at("metric"), m, "one of " + joined(survey));
        if (query)
            r.fail(in.at("query"), "a top_survey_head question has no query (the survey covers every input)",
                   "no query", describeJson(*query));
    } else if (metric) {
        r.fail(in.at("metric"),
               "only a top_head or top_survey_head question has a metric; this one is " + q.kind, "no metric",
               describeJson(*metric));
    }
    q.prompt = readText(
        r,
        required(r, prompt, in.at("prompt"), "a question has a prompt (what is asked)", kLocalTextExpected),
        in.at("prompt"));
    if (why)
        q.why = readText(r, *why, in.at("why"));
    return q;
}

Stop readStop(const Reader& r, const Json& v, const std::string& key) {
    if (!v.is_object())
        r.wrong(key, v, "a stop ({\"title\": ..., \"narration\": ..., \"page\": ..., \"state\": {...}})");
    In in(r, v, key);
    const Json* title = in.take("title");
    const Json* narration = in.take("narration");
    const Json* page = in.take("page");
    const Json* state = in.take("state");
    Stop s;
    in.flag("teaching", s.teaching);
    const Json* question = in.take("question");
    in.finish();

    s.title = readText(r, required(r, title, in.at("title"), "a stop has a title", kLocalTextExpected),
                       in.at("title"));
    s.narration =
        readText(r, required(r, narration, in.at("narration"), "a stop has a narration", kLocalTextExpected),
                 in.at("narration"));
    const std::string pages = joined(pageKeys());
    const Json& p =
        required(r, page, in.at("page"), "a stop names the page it shows (" + pages + ")", "one of " + pages);
    const std::optional<std::size_t> index =
        p.is_string() ? pageIndex(p.get_ref<const std::string&>()) : std::nullopt;
    if (!index)
        r.fail(in.at("page"), describeJson(p) + " is not a page; the pages are " + pages, "one of " + pages,
               describeJson(p));
    s.state = readPageState(r, *index,
                            required(r, state, in.at("state"),
                                     "a stop holds its page's state ({} is the page as it starts)",
                                     "an object of the page's keys"),
                            in.at("state"));
    if (question && !question->is_null())
        s.question = readQuestion(r, *question, in.at("question"));
    return s;
}

Lesson readTree(const Reader& r, Json& root) {
    const int version = readVersion(r, root);
    migrate(root, version);

    In top(r, root, "");
    top.take("format");
    top.take("version");
    const Json* title = top.take("title");
    const Json* stops = top.take("stops");
    top.finish();

    Lesson l;
    l.version = version;
    l.title = readText(r, required(r, title, "title", "a lesson has a title", kLocalTextExpected), "title");
    const std::string range = "a list of 1 to " + std::to_string(kMaxStops) + " stops";
    const Json& list = required(r, stops, "stops", "a lesson has a list of stops", range);
    if (!list.is_array())
        r.wrong("stops", list, range);
    if (list.empty())
        r.fail("stops", "the lesson has no stops; it needs at least one", range, "0");
    if (list.size() > kMaxStops)
        r.fail("stops",
               "a lesson of " + withThousands(list.size()) + " stops has more than the " +
                   std::to_string(kMaxStops) + " allowed",
               range, withThousands(list.size()));
    l.stops.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i)
        l.stops.push_back(readStop(r, list[i], element("stops", i)));
    return l;
}

// ---------------------------------------------------------------------------------------------------
// Writing

OrderedJson textJson(const Target& t, const LocalText& text, const std::string& key) {
    OrderedJson o = OrderedJson::object();
    Out out(t, o, key);
    out.text("en", text.en);
    if (!text.zh.empty())
        out.text("zh", text.zh);
    return o;
}

OrderedJson questionJson(const Target& t, const Question& q, const std::string& key) {
    OrderedJson o = OrderedJson::object();
    Out out(t, o, key);
    out.text("kind", q.kind);
    if (!q.query.empty())
        out.text("query", q.query);
    if (!q.metric.empty())
        out.text("metric", q.metric);
    o["prompt"] = textJson(t, q.prompt, out.at("prompt"));
    if (!q.why.en.empty() || !q.why.zh.empty())
        o["why"] = textJson(t, q.why, out.at("why"));
    return o;
}

OrderedJson stopJson(const Target& t, const Stop& s, const std::string& key) {
    OrderedJson o = OrderedJson::object();
    o["title"] = textJson(t, s.title, child(key, "title"));
    o["narration"] = textJson(t, s.narration, child(key, "narration"));
    o["page"] = pageKey(s.state);
    o["state"] = pageStateJson(t, s.state, child(key, "state"));
    o["teaching"] = s.teaching;
    o["question"] = s.question ? questionJson(t, *s.question, child(key, "question")) : OrderedJson(nullptr);
    return o;
}

} // namespace

const std::string& LocalText::in(std::string_view language) const {
    return (language == "zh_CN" || language == "zh") && !zh.empty() ? zh : en;
}

const std::vector<std::string>& questionKinds() {
    static const std::vector<std::string> kinds{"top_key",      "prediction", "changes_prediction",
                                                "better_model", "top_head",   "top_survey_head"};
    return kinds;
}

Lesson parseLesson(std::string_view text, const std::string& fileName) {
    const Reader r(kLessonFile, fileName);
    Json root = parseStrict(r, text);
    return readTree(r, root);
}

Lesson readLesson(const std::string& path) {
    return parseLesson(readFileText(kLessonFile, path), path);
}

std::string lessonText(const Lesson& lesson, const std::string& path) {
    const Target target{kLessonFile, path, folderOf(path)};
    OrderedJson root = OrderedJson::object();
    root["format"] = kLessonFormat;
    root["version"] = kLessonVersion;
    root["title"] = textJson(target, lesson.title, "title");
    OrderedJson stops = OrderedJson::array();
    for (std::size_t i = 0; i < lesson.stops.size(); ++i)
        stops.push_back(stopJson(target, lesson.stops[i], element("stops", i)));
    root["stops"] = std::move(stops);
    return checkedText(kLessonFile, root, path, [&](const std::string& text) { parseLesson(text, path); });
}

void writeLesson(const Lesson& lesson, const std::string& path) {
    writeFileAtomically(kLessonFile, lessonText(lesson, path), path);
}

} // namespace attn::session
