// Lesson files (.attnviz-lesson, issue 52): a lesson with a stop on every page and a question of every
// kind survives lessonText -> parseLesson and writeLesson -> readLesson; a stop's state follows the
// session format's rules for its page; and every rule of the strict reader refuses its bad input with
// the file, the key ("stops[3].question.kind", stops counted from 0) and a message that also names the
// stop as people count ("(stop 4)").

#include <attn/memory_budget.hpp>
#include <attn/session/lesson_file.hpp>
#include <attn/session/session_file.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <scratch_dir.hpp>
#include <string>

namespace fs = std::filesystem;
using namespace attn::session;
using nlohmann::json;

namespace {

// parseLesson reads nothing from disk: this folder need not exist.
const std::string kFolder = "/data/class";
const std::string kFile = kFolder + "/chapter.attnviz-lesson";

/// The smallest valid stop on `page`.
json stop(const std::string& page = "walkthrough", const json& state = json::object()) {
    return {
        {"title", {{"en", "A stop"}}}, {"narration", {{"en", "Look."}}}, {"page", page}, {"state", state}};
}

/// A version-1 lesson text with `stops` (and the top-level keys in `extra`).
std::string lesson(const json& stops, const json& extra = json::object()) {
    json l = {
        {"format", "attnviz-lesson"}, {"version", 1}, {"title", {{"en", "A lesson"}}}, {"stops", stops}};
    l.update(extra);
    return l.dump();
}

/// A lesson of one stop `s`.
std::string oneStop(const json& s) {
    return lesson(json::array({s}));
}

/// A lesson whose third stop (stops[2], "stop 3") asks `question`.
std::string thirdAsks(const json& question) {
    json s = stop("sentiment");
    s["question"] = question;
    return lesson(json::array({stop(), stop("vision"), s}));
}

/// The LessonError that parsing `text` throws; fails the test when it parses.
LessonError refusal(const std::string& text) {
    try {
        parseLesson(text, kFile);
    } catch (const LessonError& e) {
        return e;
    }
    ADD_FAILURE() << "accepted: " << text.substr(0, 300);
    return LessonError("(accepted)");
}

/// The LessonError that saving `l` throws; fails the test when it is saved.
LessonError notSaved(const Lesson& l) {
    try {
        lessonText(l, kFile);
    } catch (const LessonError& e) {
        return e;
    }
    ADD_FAILURE() << "saved";
    return LessonError("(saved)");
}

std::string what(const attn::Error& e) {
    return e.what();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

Question question(std::string kind, std::string query, std::string metric, LocalText prompt,
                  LocalText why = {}) {
    return {std::move(kind), std::move(query), std::move(metric), std::move(prompt), std::move(why)};
}

/// A stop on every page, a question of every kind, Chinese, a stop without Chinese, one without a
/// question, teaching off, paths below and outside the lesson's folder.
Lesson fullLesson() {
    Lesson l;
    l.title = {"Attention, step by step", "注意力，一步一步"};

    WalkthroughState w;
    w.query = "she";
    w.keys = "improve the";
    w.toy = true;
    w.scoring = "dot";
    w.step = "weights";
    w.selectedQuery = 0;
    l.stops.push_back(
        Stop{{"Softmax of two scores", "两个分数的 softmax"},
             {"Two keys: 0.90 and 0.20.", "两个键：0.90 和 0.20。"},
             w,
             true,
             question("top_key", "she", "", {"Which key does “she” attend to most?", "“she”最关注哪个键？"},
                      {"Softmax keeps the order.", "softmax 保持顺序。"})});

    TranslationState t;
    t.text = "The book that I bought is very interesting";
    t.reference = "El libro que compré es muy interesante.";
    t.model = FileRef::path(kFolder + "/models/translation");
    t.baseline = FileRef::shipped("translation-en-es-noattn");
    l.stops.push_back(
        Stop{{"With and without attention", ""},
             {"Two decoders, one sentence.", ""},
             t,
             false,
             question("better_model", "", "", {"Which model scores higher chrF?", "哪个模型的 chrF 更高？"},
                      {"chrF counts shared character n-grams.", ""})});

    SentimentState se;
    se.text = "a moving and beautiful film";
    se.layer = 1;
    l.stops.push_back(Stop{
        {"Heads", "注意力头"},
        {"Every head of every layer.", "每一层的每一个头。"},
        se,
        true,
        question("top_head", "beautiful", "attention_to",
                 {"Which head puts the most weight on “beautiful”?", "哪个头在“beautiful”上的权重最大？"})});

    VisionState v;
    v.dataset = FileRef::path("/usr/share/datasets/t10k-images-idx3-ubyte.gz");
    v.browsed = 3;
    v.tab = 1;
    l.stops.push_back(
        Stop{{"A ViT", "ViT"},
             {"Patches and the [CLS] token.", "图像块与 [CLS] 词元。"},
             v,
             true,
             question("prediction", "", "", {"Which class?", "哪一类？"}, {"Read from [CLS].", ""})});

    TransformerState tr;
    tr.text = "The teacher praised a student because she improved";
    tr.step = "whatif";
    tr.token = 6;
    tr.switches.noMask = true;
    tr.switches.padTo = 16;
    l.stops.push_back(
        Stop{{"Forgetting the mask", "忘了掩码"},
             {"Padding enters every row.", "填充进入了每一行。"},
             tr,
             true,
             question("changes_prediction", "", "", {"Does the prediction change?", "预测会改变吗？"})});

    TransformerState heads = tr;
    heads.step = "heads";
    heads.switches = {};
    l.stops.push_back(
        Stop{{"Sharp and flat heads", ""},
             {"Some heads look at one token, some at all.", ""},
             heads,
             false,
             question("top_head", "", "entropy", {"Which head is the flattest?", "哪个头最平？"})});

    GenerateState g;
    g.prompt = "从前 Once upon a time";
    g.tokens = 12;
    g.model = FileRef::path(kFolder + "/models/stories260K");
    l.stops.push_back(
        Stop{{"Writing token by token", "逐词元生成"},
             {"A \"quoted\" word, a back\\slash, a tab\tand a new\nline, é, 😀", "一个词元接一个词元。"},
             g,
             true,
             std::nullopt});

    HeadsState hs;
    hs.limit = 400;
    hs.run = true;
    l.stops.push_back(Stop{{"Which head looks back?", "哪个头看前一个词元？"},
                           {"Every head over 400 sentences.", "每个头在 400 个句子上的表现。"},
                           hs,
                           true,
                           question("top_survey_head", "", "previous",
                                    {"Which head looks at the previous token?", "哪个头关注前一个词元？"})});

    SimilarityState sim;
    sim.sentences = {"How old are you?", "What is your age?"};
    sim.head = 3;
    l.stops.push_back(Stop{{"Same meaning, other words", "意思相同，用词不同"},
                           {"A pretrained encoder compares sentences.", ""},
                           sim,
                           false,
                           std::nullopt});
    return l;
}

} // namespace

TEST(LessonFile, LocalTextFallsBackToEnglish) {
    const LocalText both{"Attention", "注意力"}, english{"Attention", ""};
    EXPECT_EQ(both.in("zh_CN"), "注意力");
    EXPECT_EQ(both.in("zh"), "注意力");
    for (const char* other : {"en", "", "fr", "zh_TW", "ZH_CN"})
        EXPECT_EQ(both.in(other), "Attention") << other;
    EXPECT_EQ(english.in("zh_CN"), "Attention");
    EXPECT_EQ(english.in("zh"), "Attention");
}

TEST(LessonFile, TheQuestionKindsAreTheSixOfTheHeader) {
    const std::vector<std::string> expected{"top_key",      "prediction", "changes_prediction",
                                            "better_model", "top_head",   "top_survey_head"};
    EXPECT_EQ(questionKinds(), expected);
}

TEST(LessonFile, AFullLessonRoundTripsThroughItsText) {
    const Lesson l = fullLesson();
    const std::string text = lessonText(l, kFile);
    const Lesson back = parseLesson(text, kFile);
    EXPECT_TRUE(back == l);
    ASSERT_EQ(back.stops.size(), l.stops.size());
    for (std::size_t i = 0; i < l.stops.size(); ++i) {
        EXPECT_TRUE(back.stops[i].title == l.stops[i].title) << i;
        EXPECT_TRUE(back.stops[i].state == l.stops[i].state) << i;
        EXPECT_TRUE(back.stops[i].question == l.stops[i].question) << i;
        EXPECT_EQ(back.stops[i].teaching, l.stops[i].teaching) << i;
    }
    // Every page and every question kind is in it.
    std::vector<std::string> pages, kinds;
    for (const auto& s : back.stops) {
        pages.push_back(pageKey(s.state));
        if (s.question)
            kinds.push_back(s.question->kind);
    }
    for (const auto& p : pageKeys())
        EXPECT_NE(std::find(pages.begin(), pages.end(), p), pages.end()) << p;
    for (const auto& k : questionKinds())
        EXPECT_NE(std::find(kinds.begin(), kinds.end(), k), kinds.end()) << k;

    // The text itself, read by nlohmann directly.
    const json j = json::parse(text);
    EXPECT_EQ(j["format"], "attnviz-lesson");
    EXPECT_EQ(j["version"], 1);
    EXPECT_EQ(j["title"], json({{"en", "Attention, step by step"}, {"zh", "注意力，一步一步"}}));
    ASSERT_EQ(j["stops"].size(), 9u);
    const json& first = j["stops"][0];
    EXPECT_EQ(first.size(), 6u); // title, narration, page, state, teaching, question
    EXPECT_EQ(first["page"], "walkthrough");
    EXPECT_EQ(first["state"].size(), 11u) << "every key of the page's state, as in a session";
    EXPECT_EQ(first["state"]["scoring"], "dot");
    EXPECT_EQ(first["teaching"], true);
    EXPECT_EQ(
        first["question"],
        json({{"kind", "top_key"},
              {"query", "she"},
              {"prompt", {{"en", "Which key does “she” attend to most?"}, {"zh", "“she”最关注哪个键？"}}},
              {"why", {{"en", "Softmax keeps the order."}, {"zh", "softmax 保持顺序。"}}}}));
    // An empty Chinese text and an empty why are left out; a path below the folder is relative.
    EXPECT_EQ(j["stops"][1]["title"], json({{"en", "With and without attention"}}));
    EXPECT_EQ(j["stops"][1]["teaching"], false);
    EXPECT_EQ(j["stops"][1]["state"]["model"], json({{"path", "models/translation"}}));
    EXPECT_EQ(j["stops"][1]["state"]["baseline"], json({{"shipped", "translation-en-es-noattn"}}));
    EXPECT_EQ(j["stops"][2]["question"]["metric"], "attention_to");
    EXPECT_FALSE(j["stops"][2]["question"].contains("why"));
    EXPECT_EQ(j["stops"][3]["state"]["dataset"],
              json({{"path", "/usr/share/datasets/t10k-images-idx3-ubyte.gz"}}));
    EXPECT_EQ(j["stops"][4]["state"]["switches"]["padTo"], 16);
    EXPECT_FALSE(j["stops"][5]["question"].contains("query"));
    EXPECT_TRUE(j["stops"][6]["question"].is_null());
    EXPECT_EQ(j["stops"][7]["page"], "heads");
    EXPECT_EQ(j["stops"][7]["state"]["limit"], 400);
    EXPECT_EQ(j["stops"][7]["question"]["metric"], "previous");
    EXPECT_FALSE(j["stops"][7]["question"].contains("query"));
    EXPECT_TRUE(contains(text, "\"zh\": \"注意力，一步一步\"")) << "UTF-8 written as it is, not escaped";
}

TEST(LessonFile, OptionalKeysTakeTheirDefaults) {
    const Lesson l = parseLesson(oneStop(stop("vision")), kFile);
    EXPECT_EQ(l.version, 1);
    EXPECT_EQ(l.title, (LocalText{"A lesson", ""}));
    ASSERT_EQ(l.stops.size(), 1u);
    EXPECT_TRUE(l.stops[0].teaching);
    EXPECT_FALSE(l.stops[0].question.has_value());
    EXPECT_TRUE(l.stops[0].state == PageState(VisionState{}));
    // "question": null is no question; "teaching": false is read.
    json s = stop("generate", {{"prompt", "Once"}});
    s["question"] = nullptr;
    s["teaching"] = false;
    const Lesson m = parseLesson(oneStop(s), kFile);
    EXPECT_FALSE(m.stops[0].question.has_value());
    EXPECT_FALSE(m.stops[0].teaching);
    EXPECT_EQ(std::get<GenerateState>(m.stops[0].state).prompt, "Once");
    // A question's query and why are optional; a Chinese text may be empty.
    json q = stop("sentiment");
    q["question"] = {{"kind", "prediction"}, {"prompt", {{"en", "Which class?"}, {"zh", ""}}}};
    EXPECT_TRUE(parseLesson(oneStop(q), kFile).stops[0].question ==
                question("prediction", "", "", {"Which class?", ""}));
}

TEST(LessonFile, RelativePathsInAStopResolveAgainstTheLessonsFolder) {
    const Lesson l =
        parseLesson(oneStop(stop("vision", {{"dataset", {{"path", "images/../fashion-mnist-sample"}}},
                                            {"model", {{"path", "../models/vit"}}}})),
                    kFile);
    const auto& v = std::get<VisionState>(l.stops[0].state);
    EXPECT_EQ(v.dataset, FileRef::path("/data/class/fashion-mnist-sample"));
    EXPECT_EQ(v.model, FileRef::path("/data/models/vit"));
    // Saved elsewhere: written relative to the new folder when below it, else absolute.
    const std::string text = lessonText(l, "/data/lesson.attnviz-lesson");
    EXPECT_TRUE(contains(text, R"("path": "class/fashion-mnist-sample")")) << text;
    EXPECT_TRUE(contains(text, R"("path": "models/vit")")) << text;
    EXPECT_TRUE(parseLesson(text, "/data/lesson.attnviz-lesson") == l);
    const std::string away = lessonText(l, "/elsewhere/l.attnviz-lesson");
    EXPECT_TRUE(contains(away, R"("path": "/data/class/fashion-mnist-sample")")) << away;
}

TEST(LessonFile, WriteThenReadGivesTheLessonBackAndLeavesNoTemporaryFile) {
    const testutil::ScratchDir dir("lesson-write");
    const std::string path = (dir.path() / "class.attnviz-lesson").string();
    Lesson l = fullLesson();
    std::get<GenerateState>(l.stops[6].state).model = FileRef::path((dir.path() / "models" / "m").string());
    writeLesson(l, path);
    EXPECT_TRUE(readLesson(path) == l);
    l.stops.resize(2);
    writeLesson(l, path); // replaced by a complete file
    EXPECT_EQ(readLesson(path).stops.size(), 2u);
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir.path()))
        names.push_back(e.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"class.attnviz-lesson"});
}

// ---------------------------------------------------------------------------------------------------
// Refusals: the key, and the message with the file, the key, the stop and the reason.

TEST(LessonFile, TextThatIsNotJsonIsRefusedAtItsByte) {
    auto e = refusal("<lesson/>");
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(0));
    EXPECT_EQ(e.key(), "");
    EXPECT_TRUE(contains(what(e), kFile + ": byte 0: parse error at line 1, column 1: syntax error"))
        << what(e);
    EXPECT_EQ(e.path(), kFile);
}

TEST(LessonFile, ATruncatedLessonIsRefusedAtItsEnd) {
    const std::string full = lessonText(fullLesson(), kFile);
    // Cut at the end of a line in the middle (the middle itself can fall inside a string, even inside a
    // Chinese character, which the parser reports as a missing quote or ill-formed UTF-8 instead).
    const std::string cut = full.substr(0, full.rfind('\n', full.size() / 2));
    const auto e = refusal(cut);
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_EQ(*e.byteOffset(), cut.size()) << "the end of the text";
    EXPECT_TRUE(contains(what(e), "unexpected end of input")) << what(e);
}

TEST(LessonFile, ANewerVersionSaysWhichVersionThisAttnvizReads) {
    const auto e =
        refusal(R"({"format": "attnviz-lesson", "version": 2, "title": {"en": "x"}, "stops": []})");
    EXPECT_EQ(e.key(), "version");
    EXPECT_EQ(what(e), kFile +
                           ": version: the file is version 2, newer than this attnviz; this attnviz reads "
                           "lesson files up to version 1");
    EXPECT_EQ(e.expected(), "at most 1");
    EXPECT_EQ(e.found(), "2");
    for (const char* version : {"0", "1.5", "\"1\""}) {
        const auto bad = refusal(std::string(R"({"format": "attnviz-lesson", "version": )") + version + "}");
        EXPECT_EQ(bad.key(), "version");
        EXPECT_TRUE(contains(what(bad), std::string(version) + " is not a lesson version")) << what(bad);
    }
}

TEST(LessonFile, ASessionIsNotALesson) {
    const auto e = refusal(R"({"format": "attnviz-session", "version": 1})");
    EXPECT_EQ(e.key(), "format");
    EXPECT_EQ(
        what(e),
        kFile +
            R"(: format: "attnviz-session" is not "attnviz-lesson" (this is not an attnviz lesson file))");
    // And the other way round: a lesson is refused by the session reader with its own error type.
    EXPECT_THROW(parseSession(oneStop(stop()), kFile), SessionError);
    // LessonError is an attn::Error, not a SessionError.
    EXPECT_THROW(parseLesson("{}", kFile), attn::Error);
    try {
        parseLesson("{}", kFile);
    } catch (const SessionError&) {
        ADD_FAILURE() << "a lesson's error is a SessionError";
    } catch (const LessonError& err) {
        EXPECT_EQ(what(err), kFile + R"(: format: missing; a lesson file has "format": "attnviz-lesson")");
    }
}

TEST(LessonFile, AnUnknownKeyInAStopIsRefusedNamingTheStop) {
    json s = stop();
    s["colour"] = "blue";
    const auto e = refusal(lesson(json::array({stop(), s})));
    EXPECT_EQ(e.key(), "stops[1].colour");
    EXPECT_EQ(e.found(), "colour");
    EXPECT_EQ(what(e), kFile + ": stops[1].colour (stop 2): unknown key; the keys here are title, narration, "
                               "page, state, teaching, question");
}

TEST(LessonFile, AnUnknownKeyAnywhereElseIsRefusedByName) {
    auto e = refusal(lesson(json::array({stop()}), {{"author", "me"}}));
    EXPECT_EQ(e.key(), "author");
    EXPECT_EQ(what(e), kFile + ": author: unknown key; the keys here are format, version, title, stops");

    json s = stop();
    s["title"]["fr"] = "Un arrêt";
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].title.fr");
    EXPECT_EQ(what(e), kFile + ": stops[0].title.fr (stop 1): unknown key; the keys here are en, zh");

    e = refusal(thirdAsks({{"kind", "prediction"}, {"prompt", {{"en", "?"}}}, {"answer", 1}}));
    EXPECT_EQ(e.key(), "stops[2].question.answer");
    EXPECT_EQ(what(e), kFile + ": stops[2].question.answer (stop 3): unknown key; the keys here are kind, "
                               "query, metric, prompt, why");

    // A misspelt required key is reported as unknown, not as the key missing.
    s = stop();
    s["titel"] = s["title"];
    s.erase("title");
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].titel");
    EXPECT_TRUE(contains(what(e), "unknown key")) << what(e);
}

TEST(LessonFile, AnUnknownPageIsRefusedWithThePages) {
    auto e = refusal(lesson(json::array({stop(), stop(), stop(), stop("walkthru")})));
    EXPECT_EQ(e.key(), "stops[3].page");
    EXPECT_EQ(what(e),
              kFile +
                  R"(: stops[3].page (stop 4): "walkthru" is not a page; the pages are )"
                  "walkthrough, translation, sentiment, vision, transformer, generate, heads, similarity");
    EXPECT_EQ(e.found(), "\"walkthru\"");
    json s = stop();
    s["page"] = 3;
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].page");
    EXPECT_TRUE(contains(what(e), "stops[0].page (stop 1): 3 is not a page")) << what(e);
    s.erase("page");
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].page");
    EXPECT_EQ(what(e), kFile +
                           ": stops[0].page (stop 1): missing; a stop names the page it shows (walkthrough, "
                           "translation, sentiment, vision, transformer, generate, heads, similarity)");
}

TEST(LessonFile, AStateOfTheWrongShapeForItsPageIsRefusedByTheSessionRules) {
    // A translation key on the walkthrough.
    auto e = refusal(oneStop(stop("walkthrough", {{"beam", 4}})));
    EXPECT_EQ(e.key(), "stops[0].state.beam");
    EXPECT_TRUE(contains(what(e), kFile +
                                      ": stops[0].state.beam (stop 1): unknown key; the keys here are query, "
                                      "keys, selfAttention,"))
        << what(e);
    // A Transformer step on the walkthrough.
    e = refusal(lesson(json::array({stop(), stop("walkthrough", {{"step", "cost"}})})));
    EXPECT_EQ(e.key(), "stops[1].state.step");
    EXPECT_EQ(what(e), kFile + R"(: stops[1].state.step (stop 2): "cost" is not one of embeddings, scores, )"
                               "scaled, weights, outputs");
    // The session's ranges.
    e = refusal(oneStop(stop("translation", {{"beam", 17}})));
    EXPECT_EQ(e.key(), "stops[0].state.beam");
    EXPECT_EQ(what(e), kFile + ": stops[0].state.beam (stop 1): 17 is not an integer from 1 to 16");
    e = refusal(oneStop(stop("transformer", {{"switches", {{"noMasks", true}}}})));
    EXPECT_EQ(e.key(), "stops[0].state.switches.noMasks");
    e = refusal(oneStop(stop("vision", {{"image", {{"shipped", "../etc"}}}})));
    EXPECT_EQ(e.key(), "stops[0].state.image.shipped");
    // Not an object at all, or missing.
    e = refusal(oneStop(stop("sentiment", json::array({1, 2}))));
    EXPECT_EQ(e.key(), "stops[0].state");
    EXPECT_EQ(what(e), kFile + ": stops[0].state (stop 1): [1,2] is not an object of the page's keys");
    json s = stop();
    s.erase("state");
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].state");
    EXPECT_TRUE(contains(what(e), "stops[0].state (stop 1): missing; a stop holds its page's state"))
        << what(e);
}

TEST(LessonFile, ABadQuestionKindIsRefusedWithTheKinds) {
    auto e = refusal(thirdAsks({{"kind", "top_word"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.kind");
    EXPECT_EQ(what(e), kFile + R"(: stops[2].question.kind (stop 3): "top_word" is not one of top_key, )"
                               "prediction, changes_prediction, better_model, top_head, top_survey_head");
    EXPECT_EQ(e.expected(),
              "one of top_key, prediction, changes_prediction, better_model, top_head, top_survey_head");
    e = refusal(thirdAsks({{"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.kind");
    EXPECT_TRUE(contains(what(e), "(stop 3): missing; a question has a kind")) << what(e);
    e = refusal(thirdAsks("top_key"));
    EXPECT_EQ(e.key(), "stops[2].question");
    EXPECT_TRUE(contains(what(e), R"(stops[2].question (stop 3): "top_key" is not null or a question)"))
        << what(e);
}

// Issue 54: the survey question names a survey metric and no query (the survey covers every input).
TEST(LessonFile, ASurveyQuestionNamesASurveyMetricAndNoQuery) {
    auto e = refusal(thirdAsks({{"kind", "top_survey_head"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.metric");
    EXPECT_TRUE(contains(what(e), "a top_survey_head question has a metric (sink, previous, self, cls, sep, "
                                  "entropy, distance, induction)"))
        << what(e);
    e = refusal(
        thirdAsks({{"kind", "top_survey_head"}, {"metric", "attention_to"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.metric");
    e = refusal(thirdAsks(
        {{"kind", "top_survey_head"}, {"metric", "previous"}, {"query", "the"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.query");
    const Lesson l = parseLesson(
        thirdAsks({{"kind", "top_survey_head"}, {"metric", "induction"}, {"prompt", {{"en", "?"}}}}), kFile);
    EXPECT_EQ(l.stops[2].question->metric, "induction");
}

TEST(LessonFile, AMetricBelongsToTopHeadOnly) {
    auto e = refusal(thirdAsks({{"kind", "prediction"}, {"metric", "entropy"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.metric");
    EXPECT_EQ(what(e),
              kFile +
                  ": stops[2].question.metric (stop 3): only a top_head or top_survey_head question has a "
                  "metric; this one is prediction");
    e = refusal(thirdAsks({{"kind", "top_head"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.metric");
    EXPECT_EQ(what(e), kFile +
                           ": stops[2].question.metric (stop 3): missing; a top_head question has a metric "
                           "(attention_to or entropy)");
    e = refusal(thirdAsks({{"kind", "top_head"}, {"metric", "variance"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.metric");
    EXPECT_TRUE(contains(what(e), R"("variance" is not one of attention_to, entropy)")) << what(e);
    EXPECT_EQ(parseLesson(thirdAsks({{"kind", "top_head"}, {"metric", "entropy"}, {"prompt", {{"en", "?"}}}}),
                          kFile)
                  .stops[2]
                  .question->metric,
              "entropy");
    // attention_to averages one token's column: the token must be named.
    e = refusal(thirdAsks({{"kind", "top_head"}, {"metric", "attention_to"}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.query");
    EXPECT_TRUE(contains(what(e), "names its token")) << what(e);
}

TEST(LessonFile, AQuestionWithoutAPromptIsRefused) {
    const auto e = refusal(thirdAsks({{"kind", "top_key"}, {"query", "she"}}));
    EXPECT_EQ(e.key(), "stops[2].question.prompt");
    EXPECT_EQ(what(e), kFile +
                           ": stops[2].question.prompt (stop 3): missing; a question has a prompt (what is "
                           "asked)");
}

TEST(LessonFile, EveryTextNeedsItsEnglish) {
    json s = stop();
    s["narration"] = {{"zh", "只有中文"}};
    auto e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].narration.en");
    EXPECT_EQ(what(e), kFile +
                           R"(: stops[0].narration.en (stop 1): missing; every text has its English in "en" )"
                           R"(("zh" is optional))");
    s["narration"] = {{"en", ""}, {"zh", "只有中文"}};
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].narration.en");
    EXPECT_EQ(what(e), kFile + ": stops[0].narration.en (stop 1): the English text is empty");
    s["narration"] = "Look.";
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].narration");
    EXPECT_TRUE(contains(what(e), R"("Look." is not a text: {"en": "...", "zh": "..."})")) << what(e);
    // The lesson's own title is not in a stop.
    e = refusal(lesson(json::array({stop()}), {{"title", {{"zh", "课"}}}}));
    EXPECT_EQ(e.key(), "title.en");
    EXPECT_EQ(what(e),
              kFile + R"(: title.en: missing; every text has its English in "en" ("zh" is optional))");
    e = refusal(thirdAsks({{"kind", "prediction"}, {"prompt", {{"en", "?"}}}, {"why", {{"zh", "因为"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.why.en");
}

TEST(LessonFile, ALessonHasOneTo500Stops) {
    auto e = refusal(lesson(json::array()));
    EXPECT_EQ(e.key(), "stops");
    EXPECT_EQ(what(e), kFile + ": stops: the lesson has no stops; it needs at least one");
    json many = json::array();
    for (std::size_t i = 0; i < kMaxStops; ++i)
        many.push_back(stop());
    const Lesson l = parseLesson(lesson(many), kFile);
    EXPECT_EQ(l.stops.size(), 500u);
    many.push_back(stop());
    e = refusal(lesson(many));
    EXPECT_EQ(e.key(), "stops");
    EXPECT_EQ(what(e), kFile + ": stops: a lesson of 501 stops has more than the 500 allowed");
    EXPECT_EQ(e.found(), "501");
    // The last of 500 is "stop 500".
    many.erase(many.end() - 1);
    many.back()["page"] = "nowhere";
    e = refusal(lesson(many));
    EXPECT_EQ(e.key(), "stops[499].page");
    EXPECT_TRUE(contains(what(e), "stops[499].page (stop 500): ")) << what(e);
    // Not a list, or missing.
    e = refusal(lesson(stop()));
    EXPECT_EQ(e.key(), "stops");
    EXPECT_TRUE(contains(what(e), "is not a list of 1 to 500 stops")) << what(e);
    e = refusal(R"({"format": "attnviz-lesson", "version": 1, "title": {"en": "x"}})");
    EXPECT_EQ(e.key(), "stops");
    EXPECT_EQ(what(e), kFile + ": stops: missing; a lesson has a list of stops");
    e = refusal(lesson(json::array({stop(), 7})));
    EXPECT_EQ(e.key(), "stops[1]");
    EXPECT_TRUE(contains(what(e), "stops[1] (stop 2): 7 is not a stop")) << what(e);
}

TEST(LessonFile, ALessonOver16MBIsRefused) {
    // Given as text: the value the limit falls in is named. The text is cut short after the long value
    // (it does not parse as a whole), so the size message, not a syntax error, shows that the parser
    // stopped at the limit instead of reading everything first.
    json s = stop();
    s["narration"]["en"] = std::string(17u << 20, 'a');
    std::string text = oneStop(s);
    text.resize(text.find(std::string(17u << 20, 'a')) + (17u << 20) + 1);
    auto e = refusal(text);
    EXPECT_EQ(e.key(), "stops[0].narration.en");
    EXPECT_EQ(what(e),
              kFile + ": stops[0].narration.en (stop 1): the lesson is " + attn::withThousands(text.size()) +
                  " bytes, more than the 16,777,216 bytes (16 MB) a lesson file may have; the limit is "
                  "passed in this value");
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(kMaxLessonBytes));

    // On disk: refused from its size before it is read.
    const testutil::ScratchDir dir("lesson-large");
    const fs::path path = dir / "huge.attnviz-lesson";
    std::ofstream(path).close();
    fs::resize_file(path, kMaxLessonBytes + 1);
    try {
        readLesson(path.string());
        ADD_FAILURE() << "accepted";
    } catch (const LessonError& err) {
        EXPECT_EQ(what(err), path.string() + ": the file is 16,777,217 bytes, more than the 16,777,216 bytes "
                                             "(16 MB) a lesson file may have");
        EXPECT_EQ(err.path(), path.string());
    }
}

TEST(LessonFile, InvalidUtf8IsRefused) {
    // In the file: the JSON parser names the byte.
    const std::string text = oneStop(stop()).replace(oneStop(stop()).find("Look."), 5, "caf\xC3\x28");
    auto e = refusal(text);
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_EQ(*e.byteOffset(), text.find("\xC3\x28") + 1);
    EXPECT_TRUE(contains(what(e), "ill-formed UTF-8 byte")) << what(e);
    // In memory: not saved, naming the key and the stop.
    Lesson l = fullLesson();
    l.stops[3].narration.zh = "caf\xC3";
    e = notSaved(l);
    EXPECT_EQ(e.key(), "stops[3].narration.zh");
    EXPECT_EQ(what(e), kFile + ": stops[3].narration.zh (stop 4): not saved: the text is not valid UTF-8");
}

TEST(LessonFile, ADuplicateKeyInAStopIsRefused) {
    const std::string text =
        R"({"format": "attnviz-lesson", "version": 1, "title": {"en": "x"}, "stops": [)"
        R"({"title": {"en": "a"}, "narration": {"en": "b"}, "page": "vision", "state": {}},)"
        R"({"title": {"en": "a"}, "narration": {"en": "b"}, "page": "vision", "page": "generate"}]})";
    const auto e = refusal(text);
    EXPECT_EQ(e.key(), "stops[1].page");
    EXPECT_EQ(what(e),
              kFile +
                  ": stops[1].page (stop 2): the key appears twice in its object (a key may appear once)");
}

TEST(LessonFile, WrongTypesAndTooLongTextsAreRefused) {
    json s = stop();
    s["teaching"] = "yes";
    auto e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].teaching");
    EXPECT_EQ(what(e), kFile + R"(: stops[0].teaching (stop 1): "yes" is not true or false)");
    s = stop();
    s["title"]["en"] = std::string(kMaxTextBytes + 1, 't');
    e = refusal(oneStop(s));
    EXPECT_EQ(e.key(), "stops[0].title.en");
    EXPECT_EQ(
        what(e),
        kFile +
            ": stops[0].title.en (stop 1): a string of 65,537 bytes is longer than the 65,536 bytes allowed");
    s["title"]["en"] = std::string(kMaxTextBytes, 't');
    EXPECT_NO_THROW(parseLesson(oneStop(s), kFile));
    e = refusal(thirdAsks({{"kind", "top_key"}, {"query", 3}, {"prompt", {{"en", "?"}}}}));
    EXPECT_EQ(e.key(), "stops[2].question.query");
    EXPECT_TRUE(contains(what(e), "3 is not a string")) << what(e);
}

TEST(LessonFile, DeepNestingIsRefusedAtItsByte) {
    const std::string text = oneStop(stop()).replace(oneStop(stop()).find("\"Look.\""), 7,
                                                     std::string(40, '[') + std::string(40, ']'));
    const auto e = refusal(text);
    // The top, "stops", the stop, "narration": 4 levels; the 13th '[' is the 17th level.
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(text.find('[', text.find("narration")) + 12));
    EXPECT_TRUE(contains(what(e), "values nested more than 16 deep (a lesson nests 5 deep at most)"))
        << what(e);
}

TEST(LessonFile, ALessonTheReaderWouldRefuseIsNotSaved) {
    Lesson l = fullLesson();
    l.stops.clear();
    auto e = notSaved(l);
    EXPECT_EQ(e.key(), "stops");
    EXPECT_EQ(what(e), kFile + ": not saved: stops: the lesson has no stops; it needs at least one");

    l = fullLesson();
    l.stops[3].question->metric = "entropy"; // a prediction question
    e = notSaved(l);
    EXPECT_EQ(e.key(), "stops[3].question.metric");
    EXPECT_TRUE(contains(what(e), kFile + ": not saved: stops[3].question.metric (stop 4): only a top_head"))
        << what(e);

    l = fullLesson();
    l.stops[1].title.en.clear();
    e = notSaved(l);
    EXPECT_EQ(e.key(), "stops[1].title.en");

    l = fullLesson();
    std::get<TranslationState>(l.stops[1].state).beam = 0;
    e = notSaved(l);
    EXPECT_EQ(e.key(), "stops[1].state.beam");
    EXPECT_EQ(what(e), kFile + ": not saved: stops[1].state.beam (stop 2): 0 is not an integer from 1 to 16");

    // Nothing is written either.
    const testutil::ScratchDir dir("lesson-not-saved");
    const std::string path = (dir.path() / "bad.attnviz-lesson").string();
    EXPECT_THROW(writeLesson(l, path), LessonError);
    EXPECT_TRUE(fs::is_empty(dir.path()));
}

TEST(LessonFile, AMissingFileOrAFolderIsNamed) {
    const testutil::ScratchDir dir("lesson-missing");
    const std::string missing = (dir.path() / "nothing.attnviz-lesson").string();
    try {
        readLesson(missing);
        ADD_FAILURE() << "accepted";
    } catch (const LessonError& e) {
        EXPECT_EQ(what(e), missing + ": cannot open: No such file or directory");
    }
    try {
        readLesson(dir.path().string());
        ADD_FAILURE() << "accepted";
    } catch (const LessonError& e) {
        EXPECT_EQ(what(e), dir.path().string() + ": cannot open: this is a folder, not a lesson file");
    }
    const std::string inMissingFolder = (dir.path() / "no-such-folder" / "l.attnviz-lesson").string();
    try {
        writeLesson(fullLesson(), inMissingFolder);
        ADD_FAILURE() << "written";
    } catch (const LessonError& e) {
        EXPECT_TRUE(contains(what(e), inMissingFolder + ": cannot save: cannot create a file in "))
            << what(e);
    }
}
