// Session files (.attnviz, issue 48): a full session survives sessionText -> parseSession and
// writeSession -> readSession; paths below the session's folder are stored relative to it; and every
// rule of the strict reader refuses its bad input with the file, the key (or byte) and the reason.

#include <attn/memory_budget.hpp>
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

namespace {

// parseSession reads nothing from disk: this folder need not exist.
const std::string kFolder = "/data/lesson";
const std::string kFile = kFolder + "/session.attnviz";

/// A version-1 session file with `members` after format and version.
std::string file(const std::string& members = {}) {
    return R"({"format": "attnviz-session", "version": 1)" + (members.empty() ? "" : ", " + members) + "}";
}

/// The same with one page: {"pages": {"<page>": {<members>}}}.
std::string onePage(const std::string& page, const std::string& members) {
    return file(R"("pages": {")" + page + R"(": {)" + members + "}}");
}

/// The SessionError that parsing `text` throws; fails the test when it parses.
SessionError refusal(const std::string& text, const std::string& fileName = kFile) {
    try {
        parseSession(text, fileName);
    } catch (const SessionError& e) {
        return e;
    }
    ADD_FAILURE() << "accepted: " << text.substr(0, 300);
    return SessionError("(accepted)");
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// Every page, every field away from its default, text in three scripts, the largest seeds.
Session fullSession() {
    Session s;
    s.front = "transformer";
    s.teaching = true;
    s.zoomPercent = 175;
    s.paragraphs = false;
    s.language = "zh_CN";
    s.wordVectors = FileRef::path(kFolder + "/vectors/glove.6B.100d.txt");

    WalkthroughState w;
    w.query = "老师表扬了学生，因为她进步了";
    w.keys = "A \"quoted\" word, a back\\slash, a tab\tand a new\nline, é, 😀";
    w.selfAttention = true;
    w.toy = true;
    w.scoring = "additive";
    w.projection = "learned";
    w.seed = 4294967295u;
    w.head = 3;
    w.learnedFrom = FileRef::path("/opt/checkpoints/pronoun-head");
    w.step = "outputs";
    w.selectedQuery = 7;

    TranslationState t;
    t.text = "The book that I bought is very interesting";
    t.reference = "El libro que compré es muy interesante";
    t.autoReference = "El libro que compré es interesante";
    t.beam = 16;
    t.unit = "pieces";
    t.decoder = "baseline";
    t.step = 5;
    t.forcing = "choice";
    t.given = "El libro";
    t.chosenBy = "baseline";
    t.prefix = {0, 17, 10'000'000};
    t.model = FileRef::shipped("translation-en-es");
    t.baseline = FileRef::path(kFolder + "/models/no-attention");

    SentimentState se;
    se.text = "一部好电影 a good film";
    se.padTo = 32;
    se.maskPadding = false;
    se.layer = 1;
    se.head = 2;
    se.row = 4;
    se.tab = 1;
    se.model = FileRef::shipped("sentiment");

    VisionState v;
    v.model = FileRef::path(kFolder + "/models/vit");
    v.image = FileRef::path("/home/teacher/Pictures/shoe.png");
    v.dataset = FileRef::path(kFolder + "/data/t10k-images-idx3-ubyte.gz");
    v.browsed = 9999;
    v.tab = 2;

    TransformerState tr;
    tr.text = "the cat sat";
    tr.step = "cost";
    tr.layer = 1;
    tr.head = 1;
    tr.token = 2;
    tr.part = "masked";
    tr.switches = {.noPositions = true,
                   .shuffle = true,
                   .noResidual1 = true,
                   .noResidual2 = true,
                   .noMask = true,
                   .seedEnabled = true,
                   .seed = 9999,
                   .padTo = 12,
                   .ablate = 2,
                   .uniform = 3};
    tr.model = FileRef::shipped("sentiment");

    GenerateState g;
    g.prompt = "从前有一个小女孩 Once upon a time";
    g.temperature = 0.7;
    g.topK = 40;
    g.seed = 18446744073709551615ull;
    g.keepTop = 25;
    g.tokens = 30;
    g.selectedStep = 12;
    g.layer = 4;
    g.head = 7;
    g.model = FileRef::path(kFolder + "/models/stories260K");

    HeadsState h;
    h.model = FileRef::shipped("stories260K");
    h.corpus = FileRef::path(kFolder + "/corpora/我的句子.txt");
    h.limit = 200000;
    h.metric = "induction";
    h.layer = 4;
    h.head = 7;
    h.run = true;

    SimilarityState sim;
    sim.sentences = {"老师表扬了学生", "A student asked the teacher to help her improve",
                     "\"quoted\", with a comma"};
    sim.selected = 2;
    sim.layer = 1;
    sim.head = 3;
    sim.model = FileRef::path(kFolder + "/models/use-lite");

    // Not in tab order: the order of `pages` does not matter.
    s.pages = {g, v, sim, h, w, tr, se, t};
    return s;
}

} // namespace

TEST(SessionFile, PageKeysFollowTheAlternativesInTabOrder) {
    const std::vector<std::string> expected{"walkthrough", "translation", "sentiment", "vision",
                                            "transformer", "generate",    "heads",     "similarity"};
    EXPECT_EQ(pageKeys(), expected);
    EXPECT_EQ(pageKey(WalkthroughState{}), "walkthrough");
    EXPECT_EQ(pageKey(VisionState{}), "vision");
    EXPECT_EQ(pageKey(GenerateState{}), "generate");
    EXPECT_EQ(pageKey(HeadsState{}), "heads");
    EXPECT_EQ(pageKey(SimilarityState{}), "similarity");
}

TEST(SessionFile, AFullSessionRoundTripsThroughItsText) {
    const Session s = fullSession();
    const std::string text = sessionText(s, kFile);
    const Session back = parseSession(text, kFile);
    EXPECT_TRUE(back == s);
    // Page by page, for a readable failure.
    for (const auto& key : pageKeys()) {
        ASSERT_NE(back.page(key), nullptr) << key;
        EXPECT_TRUE(*back.page(key) == *s.page(key)) << key;
    }
    // Read back in tab order.
    ASSERT_EQ(back.pages.size(), 8u);
    for (std::size_t i = 0; i < back.pages.size(); ++i)
        EXPECT_EQ(pageKey(back.pages[i]), pageKeys()[i]);

    // The text itself, read by nlohmann directly: the values as written, UTF-8 unescaped.
    const auto j = nlohmann::json::parse(text);
    EXPECT_EQ(j["format"], "attnviz-session");
    EXPECT_EQ(j["version"], 1);
    EXPECT_EQ(j["zoom"], 175);
    EXPECT_EQ(j["pages"]["generate"]["seed"].get<std::uint64_t>(), 18446744073709551615ull);
    EXPECT_EQ(j["pages"]["walkthrough"]["seed"].get<std::uint64_t>(), 4294967295ull);
    EXPECT_DOUBLE_EQ(j["pages"]["generate"]["temperature"].get<double>(), 0.7);
    EXPECT_EQ(j["pages"]["translation"]["prefix"], nlohmann::json({0, 17, 10000000}));
    EXPECT_EQ(j["pages"]["sentiment"]["model"], nlohmann::json({{"shipped", "sentiment"}}));
    EXPECT_TRUE(contains(text, "\"query\": \"老师表扬了学生，因为她进步了\""));
    EXPECT_TRUE(contains(text, "\n  \"pages\": {\n    \"walkthrough\": {\n      \"query\""))
        << "2-space indent";
    std::size_t last = 0;
    for (const auto& key : pageKeys()) {
        const std::size_t at = text.find("\"" + key + "\": {");
        ASSERT_NE(at, std::string::npos) << key;
        EXPECT_GT(at, last) << key << " is not in tab order";
        last = at;
    }
}

TEST(SessionFile, EveryFieldIsWrittenAlsoTheDefaults) {
    Session s;
    s.pages = {WalkthroughState{}, TranslationState{}, SentimentState{}, VisionState{},
               TransformerState{}, GenerateState{},    HeadsState{},     SimilarityState{}};
    const std::string text = sessionText(s, kFile);
    const auto j = nlohmann::json::parse(text);
    EXPECT_EQ(j.size(),
              9u); // format, version, front, teaching, zoom, paragraphs, language, wordVectors, pages
    EXPECT_EQ(j["front"], "");
    EXPECT_EQ(j["teaching"], false);
    EXPECT_EQ(j["zoom"], 100);
    EXPECT_EQ(j["paragraphs"], true);
    EXPECT_EQ(j["language"], "");
    EXPECT_TRUE(j["wordVectors"].is_null()); // the default file
    EXPECT_EQ(j["pages"]["walkthrough"].size(), 11u);
    EXPECT_EQ(j["pages"]["translation"].size(), 13u);
    EXPECT_EQ(j["pages"]["sentiment"].size(), 8u);
    EXPECT_EQ(j["pages"]["vision"].size(), 5u);
    EXPECT_EQ(j["pages"]["transformer"].size(), 8u);
    EXPECT_EQ(j["pages"]["transformer"]["switches"].size(), 10u);
    EXPECT_EQ(j["pages"]["generate"].size(), 10u);
    EXPECT_EQ(j["pages"]["heads"].size(), 7u);
    EXPECT_EQ(j["pages"]["heads"]["limit"], 1000);
    EXPECT_EQ(j["pages"]["heads"]["metric"], "previous");
    EXPECT_EQ(j["pages"]["similarity"].size(), 5u);
    EXPECT_EQ(j["pages"]["similarity"]["sentences"].size(), 6u); // the USE demo's six
    EXPECT_EQ(j["pages"]["similarity"]["sentences"][2], "How old are you?");
    EXPECT_EQ(j["pages"]["walkthrough"]["scoring"], "scaled");
    EXPECT_EQ(j["pages"]["generate"]["keepTop"], 10);
    EXPECT_TRUE(parseSession(text, kFile) == s);
}

TEST(SessionFile, OnlyFormatAndVersionAreRequired) {
    EXPECT_TRUE(parseSession(file(), kFile) == Session{});
    const Session s = parseSession(onePage("translation", R"("beam": 4)"), kFile);
    ASSERT_EQ(s.pages.size(), 1u);
    TranslationState expected;
    expected.beam = 4;
    EXPECT_TRUE(s.pages[0] == PageState(expected));
    // An integral number written as a float is that integer.
    EXPECT_EQ(
        std::get<TranslationState>(parseSession(onePage("translation", R"("beam": 4.0)"), kFile).pages[0])
            .beam,
        4);
}

TEST(SessionFile, WriteThenReadGivesTheSessionBackAndLeavesNoTemporaryFile) {
    const testutil::ScratchDir dir("session-write");
    const std::string path = (dir.path() / "lesson.attnviz").string();
    Session s = fullSession();
    s.wordVectors = FileRef::path((dir.path() / "vectors" / "glove.txt").string());
    writeSession(s, path);
    EXPECT_TRUE(readSession(path) == s);
    // Replaced by a complete file on the second save.
    s.zoomPercent = 300;
    writeSession(s, path);
    EXPECT_EQ(readSession(path).zoomPercent, 300);
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir.path()))
        names.push_back(e.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"lesson.attnviz"});
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_TRUE(contains(text, R"("wordVectors": {
    "path": "vectors/glove.txt"
  })"));
}

TEST(SessionFile, PathsBelowTheFolderAreWrittenRelativeAndReadBackAbsolute) {
    Session s;
    VisionState v;
    v.model = FileRef::path(kFolder + "/models/vit");             // below: relative
    v.image = FileRef::path("/data/lessons/shoe.png");            // a sibling sharing a prefix: absolute
    v.dataset = FileRef::path("/data/t10k-images-idx3-ubyte.gz"); // above: absolute
    s.pages = {v};
    s.wordVectors = FileRef::path(kFolder); // the folder itself: absolute
    const std::string text = sessionText(s, kFile);
    EXPECT_TRUE(contains(text, R"("path": "models/vit")")) << text;
    EXPECT_TRUE(contains(text, R"("path": "/data/lessons/shoe.png")")) << text;
    EXPECT_TRUE(contains(text, R"("path": "/data/t10k-images-idx3-ubyte.gz")")) << text;
    EXPECT_TRUE(contains(text, R"("path": "/data/lesson")")) << text;
    const Session back = parseSession(text, kFile);
    EXPECT_TRUE(back == s);
    EXPECT_EQ(std::get<VisionState>(back.pages[0]).model.value, "/data/lesson/models/vit");

    // Saved elsewhere: what was below the old folder is now absolute, what is below the new one relative.
    const std::string other = "/data/t10k.attnviz";
    const std::string moved = sessionText(s, other);
    EXPECT_TRUE(contains(moved, R"("path": "lesson/models/vit")")) << moved;
    EXPECT_TRUE(contains(moved, R"("path": "t10k-images-idx3-ubyte.gz")")) << moved;
    EXPECT_TRUE(parseSession(moved, other) == s);
}

TEST(SessionFile, RelativePathsInAFileResolveAgainstItsFolderLexically) {
    const auto model = [](const std::string& ref, const std::string& fileName = kFile) {
        const Session s = parseSession(onePage("sentiment", R"("model": )" + ref), fileName);
        return std::get<SentimentState>(s.pages.at(0)).model;
    };
    EXPECT_EQ(model(R"({"path": "models/sentiment"})"), FileRef::path("/data/lesson/models/sentiment"));
    EXPECT_EQ(model(R"({"path": "../shared/./glove.txt"})"), FileRef::path("/data/shared/glove.txt"));
    EXPECT_EQ(model(R"({"path": "./models//m/"})"), FileRef::path("/data/lesson/models/m/"));
    EXPECT_EQ(model(R"({"path": "/abs/x/../y"})"), FileRef::path("/abs/y"));
    EXPECT_EQ(model(R"({"shipped": "sentiment"})"), FileRef::shipped("sentiment"));
    EXPECT_EQ(model("null"), FileRef{});
    // A relative file name: its folder is taken from the working directory.
    EXPECT_EQ(model(R"({"path": "m"})", "lessons/s.attnviz"),
              FileRef::path((fs::current_path() / "lessons" / "m").lexically_normal().string()));
}

// ---------------------------------------------------------------------------------------------------
// Refusals: each names the file and the key (or the byte) and says what is wrong.

TEST(SessionFile, NotJsonNamesTheByte) {
    const std::string text = file(R"("teaching": true oops)");
    const auto e = refusal(text);
    EXPECT_EQ(e.path(), kFile);
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_EQ(*e.byteOffset(), text.find("oops"));
    EXPECT_TRUE(
        contains(e.what(), kFile + ": byte " + std::to_string(text.find("oops")) + ": parse error at line 1"))
        << e.what();
}

TEST(SessionFile, ATruncatedFileNamesItsEnd) {
    const std::string whole = sessionText(fullSession(), kFile);
    const std::string cut = whole.substr(0, whole.find("\"beam\": 16")); // in the middle of the pages
    const auto e = refusal(cut);
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_GE(*e.byteOffset() + 1, cut.size());
    EXPECT_TRUE(contains(e.what(), "end of input")) << e.what();
    EXPECT_TRUE(contains(e.what(), kFile + ": byte ")) << e.what();
}

TEST(SessionFile, AWrongTypeNamesTheKeyAndTheExpectedType) {
    auto e = refusal(file(R"("teaching": "yes")"));
    EXPECT_EQ(e.key(), "teaching");
    EXPECT_EQ(std::string(e.what()), kFile + R"(: teaching: "yes" is not true or false)");
    EXPECT_EQ(e.expected(), "true or false");
    EXPECT_EQ(e.found(), "\"yes\"");

    e = refusal(onePage("translation", R"("beam": "3")"));
    EXPECT_EQ(e.key(), "pages.translation.beam");
    EXPECT_EQ(std::string(e.what()),
              kFile + R"(: pages.translation.beam: "3" is not an integer from 1 to 16)");

    e = refusal(onePage("walkthrough", R"("query": 5)"));
    EXPECT_EQ(e.key(), "pages.walkthrough.query");
    EXPECT_TRUE(contains(e.what(), "5 is not a string")) << e.what();

    e = refusal(onePage("walkthrough", R"("query": null)"));
    EXPECT_TRUE(contains(e.what(), "pages.walkthrough.query: null is not a string")) << e.what();

    e = refusal(file(R"("pages": {"vision": [1, 2]})"));
    EXPECT_EQ(e.key(), "pages.vision");
    EXPECT_TRUE(contains(e.what(), "[1,2] is not an object")) << e.what();

    e = refusal(file(R"("pages": [])"));
    EXPECT_EQ(e.key(), "pages");

    e = refusal(onePage("transformer", R"("switches": true)"));
    EXPECT_EQ(e.key(), "pages.transformer.switches");

    e = refusal(onePage("translation", R"("prefix": {"0": 1})"));
    EXPECT_EQ(e.key(), "pages.translation.prefix");
    EXPECT_TRUE(contains(e.what(), "is not a list of token ids")) << e.what();

    e = refusal(onePage("vision", R"("model": "vit")"));
    EXPECT_EQ(e.key(), "pages.vision.model");
    EXPECT_TRUE(contains(e.what(), R"("vit" is not {"shipped": name} or {"path": path})")) << e.what();
}

TEST(SessionFile, AnUnknownKeyAnywhereIsRefusedByName) {
    auto e = refusal(onePage("walkthrough", R"("qery": "she")"));
    EXPECT_EQ(e.key(), "pages.walkthrough.qery");
    EXPECT_EQ(e.found(), "qery");
    EXPECT_TRUE(
        contains(e.what(), kFile + ": pages.walkthrough.qery: unknown key; the keys here are query, keys,"))
        << e.what();

    e = refusal(file(R"("zooom": 120)"));
    EXPECT_EQ(e.key(), "zooom");
    EXPECT_TRUE(contains(e.what(), "unknown key")) << e.what();

    e = refusal(onePage("transformer", R"("switches": {"noMasks": true})"));
    EXPECT_EQ(e.key(), "pages.transformer.switches.noMasks");

    e = refusal(onePage("vision", R"("image": {"url": "http://x"})"));
    EXPECT_EQ(e.key(), "pages.vision.image.url");
    EXPECT_TRUE(contains(e.what(), "unknown key")) << e.what();
}

TEST(SessionFile, AnUnknownPageIsRefusedByName) {
    const auto e = refusal(file(R"("pages": {"walkthru": {}})"));
    EXPECT_EQ(e.key(), "pages.walkthru");
    EXPECT_EQ(std::string(e.what()),
              kFile +
                  R"(: pages.walkthru: "walkthru" is not a page; the pages are walkthrough, translation, )"
                  "sentiment, vision, transformer, generate, heads, similarity");
}

TEST(SessionFile, ADuplicateKeyIsRefused) {
    auto e = refusal(file(R"("pages": {"walkthrough": {}, "walkthrough": {"toy": true}})"));
    EXPECT_EQ(e.key(), "pages.walkthrough");
    EXPECT_TRUE(contains(e.what(), "appears twice")) << e.what();
    e = refusal(file(R"("zoom": 120, "zoom": 130)"));
    EXPECT_EQ(e.key(), "zoom");
}

TEST(SessionFile, ANameOutsideItsListIsRefusedWithTheList) {
    auto e = refusal(onePage("transformer", R"("step": "foo")"));
    EXPECT_EQ(e.key(), "pages.transformer.step");
    EXPECT_EQ(std::string(e.what()),
              kFile + R"(: pages.transformer.step: "foo" is not one of embeddings, heads, )"
                      "attention, concat, norm1, feedforward, output, whatif, cost");
    e = refusal(onePage("walkthrough", R"("scoring": "Scaled")"));
    EXPECT_EQ(e.key(), "pages.walkthrough.scoring");
    EXPECT_TRUE(contains(e.what(), "is not one of dot, scaled, additive")) << e.what();
    e = refusal(file(R"("front": "settings")"));
    EXPECT_EQ(e.key(), "front");
    EXPECT_TRUE(contains(e.what(), R"(is not one of "", walkthrough, translation,)")) << e.what();
    e = refusal(file(R"("language": "fr")"));
    EXPECT_EQ(e.key(), "language");
    EXPECT_TRUE(contains(e.what(), R"("fr" is not one of "", en, zh_CN)")) << e.what();
    EXPECT_EQ(parseSession(file(R"("language": "zh_CN", "front": "generate")"), kFile).front, "generate");
}

TEST(SessionFile, ANewerVersionSaysWhichVersionThisAttnvizReads) {
    const auto e = refusal(R"({"format": "attnviz-session", "version": 2})");
    EXPECT_EQ(e.key(), "version");
    EXPECT_EQ(std::string(e.what()), kFile +
                                         ": version: the file is version 2, newer than this attnviz; this "
                                         "attnviz reads session files up to version 1");
    EXPECT_EQ(e.found(), "2");
}

TEST(SessionFile, AVersionBelowOneOrNotAnIntegerIsRefused) {
    for (const char* version : {"0", "-1", "1.5", "\"1\"", "null"}) {
        const auto e = refusal(std::string(R"({"format": "attnviz-session", "version": )") + version + "}");
        EXPECT_EQ(e.key(), "version") << version;
        EXPECT_TRUE(contains(e.what(), std::string(version) + " is not a session version")) << e.what();
    }
}

TEST(SessionFile, AMissingVersionIsRefused) {
    const auto e = refusal(R"({"format": "attnviz-session", "teaching": true})");
    EXPECT_EQ(e.key(), "version");
    EXPECT_EQ(std::string(e.what()), kFile + R"(: version: missing; a session file has "version": 1)");
}

TEST(SessionFile, AnotherFormatIsNotASession) {
    auto e = refusal(R"({"format": "attnviz-lesson", "version": 1})");
    EXPECT_EQ(e.key(), "format");
    EXPECT_TRUE(
        contains(e.what(), R"("attnviz-lesson" is not "attnviz-session" (this is not an attnviz session)"))
        << e.what();
    e = refusal(R"({"version": 1})");
    EXPECT_EQ(e.key(), "format");
    EXPECT_TRUE(contains(e.what(), "format: missing")) << e.what();
    e = refusal(R"([{"format": "attnviz-session", "version": 1}])");
    EXPECT_EQ(e.key(), "");
    EXPECT_TRUE(contains(e.what(), "is not a JSON object")) << e.what();
}

TEST(SessionFile, AFileOver16MBIsRefusedBeforeItIsRead) {
    const testutil::ScratchDir dir("session-large");
    const fs::path path = dir / "huge.attnviz";
    std::ofstream(path).close();
    // Sparse: 64 GiB of nothing on disk. Reading it would take minutes and fail at byte 0 (a NUL).
    fs::resize_file(path, 64ull << 30);
    const auto start = std::chrono::steady_clock::now();
    try {
        readSession(path.string());
        ADD_FAILURE() << "accepted";
    } catch (const SessionError& e) {
        EXPECT_EQ(std::string(e.what()), path.string() + ": the file is 68,719,476,736 bytes, more than the "
                                                         "16,777,216 bytes (16 MB) a session file may have");
        EXPECT_EQ(e.path(), path.string());
        EXPECT_FALSE(e.byteOffset().has_value());
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    // One byte over is over.
    fs::resize_file(path, kMaxSessionBytes + 1);
    try {
        readSession(path.string());
        ADD_FAILURE() << "accepted";
    } catch (const SessionError& e) {
        EXPECT_TRUE(contains(e.what(), "the file is 16,777,217 bytes")) << e.what();
    }
}

TEST(SessionFile, AMissingFileOrAFolderIsNamed) {
    const testutil::ScratchDir dir("session-missing");
    const std::string missing = (dir.path() / "nothing.attnviz").string();
    try {
        readSession(missing);
        ADD_FAILURE() << "accepted";
    } catch (const SessionError& e) {
        EXPECT_EQ(e.path(), missing);
        EXPECT_EQ(std::string(e.what()), missing + ": cannot open: No such file or directory");
    }
    try {
        readSession(dir.path().string());
        ADD_FAILURE() << "accepted";
    } catch (const SessionError& e) {
        EXPECT_EQ(std::string(e.what()),
                  dir.path().string() + ": cannot open: this is a folder, not a session file");
    }
}

// The string never ends (no closing quote or braces): a parser that read the whole text before checking
// its size would report the unfinished string; one that stops at the limit names the value it falls in.
TEST(SessionFile, AHundredMegabyteStringIsRefusedAtTheLimitNamingItsKey) {
    std::string text = R"({"format": "attnviz-session", "version": 1, "pages": {"walkthrough": {"query": ")";
    text.append(100u << 20, 'a');
    const auto e = refusal(text);
    EXPECT_EQ(e.key(), "pages.walkthrough.query");
    EXPECT_EQ(std::string(e.what()), kFile + ": pages.walkthrough.query: the session is " +
                                         attn::withThousands(text.size()) +
                                         " bytes, more than the 16,777,216 bytes (16 MB) a session file may "
                                         "have; the limit is passed in this value");
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(kMaxSessionBytes));
}

TEST(SessionFile, AStringOverItsLimitIsRefusedNamingItsKey) {
    auto e = refusal(onePage("generate", R"("prompt": ")" + std::string(kMaxTextBytes + 1, 'x') + "\""));
    EXPECT_EQ(e.key(), "pages.generate.prompt");
    EXPECT_EQ(
        std::string(e.what()),
        kFile + ": pages.generate.prompt: a string of 65,537 bytes is longer than the 65,536 bytes allowed");
    EXPECT_NO_THROW(
        parseSession(onePage("generate", R"("prompt": ")" + std::string(kMaxTextBytes, 'x') + "\""), kFile));

    e = refusal(onePage("vision", R"("image": {"path": "/)" + std::string(kMaxPathBytes, 'p') + "\"}"));
    EXPECT_EQ(e.key(), "pages.vision.image.path");
    EXPECT_TRUE(contains(e.what(), "is longer than the 4,096 bytes allowed")) << e.what();
    // Short as written, too long once resolved against the folder.
    e = refusal(onePage("vision", R"("image": {"path": ")" + std::string(kMaxPathBytes - 4, 'p') + "\"}"));
    EXPECT_EQ(e.key(), "pages.vision.image.path");
    EXPECT_TRUE(contains(e.what(), "resolved against /data/lesson the path is")) << e.what();
    e = refusal(onePage("vision", R"("image": {"path": ""})"));
    EXPECT_TRUE(contains(e.what(), "pages.vision.image.path: the path is empty")) << e.what();
}

TEST(SessionFile, AnIndexOfABillionIsRefused) {
    auto e = refusal(onePage("transformer", R"("token": 1000000000)"));
    EXPECT_EQ(e.key(), "pages.transformer.token");
    EXPECT_EQ(std::string(e.what()),
              kFile + ": pages.transformer.token: 1000000000 is not an integer from 0 to 100000");
    e = refusal(onePage("translation", R"("step": 1e9)"));
    EXPECT_EQ(e.key(), "pages.translation.step");
    EXPECT_TRUE(contains(e.what(), "is not an integer from 0 to 100000")) << e.what();
    e = refusal(onePage("sentiment", R"("row": -2)"));
    EXPECT_TRUE(contains(e.what(), "pages.sentiment.row: -2 is not an integer from -1 to 100000"))
        << e.what();
    EXPECT_EQ(
        std::get<SentimentState>(parseSession(onePage("sentiment", R"("row": -1)"), kFile).pages[0]).row, -1);
    e = refusal(file(R"("zoom": 301)"));
    EXPECT_TRUE(contains(e.what(), "zoom: 301 is not an integer from 50 to 300")) << e.what();
    e = refusal(onePage("generate", R"("keepTop": 0)"));
    EXPECT_TRUE(contains(e.what(), "pages.generate.keepTop: 0 is not an integer from 1 to 100")) << e.what();
}

TEST(SessionFile, ANonIntegralNumberIsNotAnInteger) {
    const auto e = refusal(onePage("sentiment", R"("layer": 1.5)"));
    EXPECT_EQ(e.key(), "pages.sentiment.layer");
    EXPECT_EQ(std::string(e.what()),
              kFile + ": pages.sentiment.layer: 1.5 is not an integer from 0 to 100000");
}

TEST(SessionFile, ANegativeBeamIsRefused) {
    const auto e = refusal(onePage("translation", R"("beam": -3)"));
    EXPECT_EQ(e.key(), "pages.translation.beam");
    EXPECT_EQ(std::string(e.what()), kFile + ": pages.translation.beam: -3 is not an integer from 1 to 16");
    EXPECT_EQ(e.expected(), "an integer from 1 to 16");
    EXPECT_EQ(e.found(), "-3");
}

TEST(SessionFile, SeedsHaveTheirOwnRanges) {
    auto e = refusal(onePage("walkthrough", R"("seed": 4294967296)"));
    EXPECT_TRUE(
        contains(e.what(), "pages.walkthrough.seed: 4294967296 is not an integer from 0 to 4294967295"))
        << e.what();
    EXPECT_EQ(std::get<GenerateState>(
                  parseSession(onePage("generate", R"("seed": 18446744073709551615)"), kFile).pages[0])
                  .seed,
              18446744073709551615ull);
    e = refusal(onePage("generate", R"("seed": 18446744073709551616)")); // read as a double: 2^64
    EXPECT_EQ(e.key(), "pages.generate.seed");
    e = refusal(onePage("generate", R"("seed": -1)"));
    EXPECT_EQ(e.key(), "pages.generate.seed");
}

TEST(SessionFile, ATemperatureMustBeAFiniteNumberFrom0To100) {
    // NaN is not JSON: a syntax error at its byte.
    std::string text = onePage("generate", R"("temperature": NaN)");
    auto e = refusal(text);
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(text.find("NaN")));
    EXPECT_TRUE(contains(e.what(), ": byte " + std::to_string(text.find("NaN")) + ": parse error"))
        << e.what();
    // 1e400 is beyond double: a number overflow at its first byte.
    text = onePage("generate", R"("temperature": 1e400)");
    e = refusal(text);
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(text.find("1e400")));
    EXPECT_TRUE(contains(e.what(), "number overflow parsing '1e400'")) << e.what();
    e = refusal(onePage("generate", R"("temperature": 100.5)"));
    EXPECT_EQ(e.key(), "pages.generate.temperature");
    EXPECT_TRUE(contains(e.what(), "100.5 is not a number from 0 to 100")) << e.what();
    e = refusal(onePage("generate", R"("temperature": -0.1)"));
    EXPECT_EQ(e.key(), "pages.generate.temperature");
    EXPECT_DOUBLE_EQ(
        std::get<GenerateState>(parseSession(onePage("generate", R"("temperature": 100)"), kFile).pages[0])
            .temperature,
        100.0);
}

// Issue 54: the Heads page's state is read as strictly as the others: its metric from the list, its
// limit within the corpus reader's, its files as files, no key of another page.
TEST(SessionFile, TheHeadsPageStateIsReadStrictly) {
    const Session s =
        parseSession(onePage("heads", R"("metric": "sink", "limit": 2000, "layer": 1, "head": 3, "run": true,
                                        "corpus": {"path": "corpora/lines.txt"})"),
                     kFile);
    ASSERT_EQ(s.pages.size(), 1u);
    const auto& h = std::get<HeadsState>(s.pages[0]);
    EXPECT_EQ(h.metric, "sink");
    EXPECT_EQ(h.limit, 2000);
    EXPECT_EQ(h.layer, 1);
    EXPECT_EQ(h.head, 3);
    EXPECT_TRUE(h.run);
    EXPECT_EQ(h.corpus, FileRef::path(kFolder + "/corpora/lines.txt"));
    EXPECT_TRUE(h.model.isDefault());

    auto e = refusal(onePage("heads", R"("metric": "attention")"));
    EXPECT_EQ(e.key(), "pages.heads.metric");
    EXPECT_TRUE(contains(e.what(), "\"attention\" is not one of sink, previous, self, cls, sep, entropy, "
                                   "distance, induction"))
        << e.what();
    e = refusal(onePage("heads", R"("limit": 0)"));
    EXPECT_EQ(e.key(), "pages.heads.limit");
    EXPECT_TRUE(contains(e.what(), "0 is not an integer from 1 to 200000")) << e.what();
    e = refusal(onePage("heads", R"("limit": 200001)"));
    EXPECT_EQ(e.key(), "pages.heads.limit");
    e = refusal(onePage("heads", R"("head": -1)"));
    EXPECT_EQ(e.key(), "pages.heads.head");
    e = refusal(onePage("heads", R"("run": 1)"));
    EXPECT_EQ(e.key(), "pages.heads.run");
    e = refusal(onePage("heads", R"("corpus": "lines.txt")"));
    EXPECT_EQ(e.key(), "pages.heads.corpus");
    e = refusal(onePage("heads", R"("prompt": "Once")"));
    EXPECT_EQ(e.key(), "pages.heads.prompt");
}

// Issue 55: the Similarity page's state is read as strictly as the others: a list of at most
// kMaxSentences texts (each within the text limit), indices within range, no key of another page.
TEST(SessionFile, TheSimilarityPageStateIsReadStrictly) {
    const Session s = parseSession(
        onePage("similarity", R"("sentences": ["How old are you?", "What is your age?"], "selected": 1,
                                 "layer": 1, "head": 2)"),
        kFile);
    ASSERT_EQ(s.pages.size(), 1u);
    const auto& st = std::get<SimilarityState>(s.pages[0]);
    EXPECT_EQ(st.sentences, (std::vector<std::string>{"How old are you?", "What is your age?"}));
    EXPECT_EQ(st.selected, 1);
    EXPECT_EQ(st.layer, 1);
    EXPECT_EQ(st.head, 2);
    EXPECT_TRUE(st.model.isDefault());
    // Absent: the demo's six sentences.
    EXPECT_EQ(std::get<SimilarityState>(parseSession(onePage("similarity", R"("head": 1)"), kFile).pages[0])
                  .sentences.size(),
              6u);

    auto e = refusal(onePage("similarity", R"("sentences": "How old are you?")"));
    EXPECT_EQ(e.key(), "pages.similarity.sentences");
    EXPECT_TRUE(contains(e.what(), "a list of texts")) << e.what();
    e = refusal(onePage("similarity", R"("sentences": ["fine", 7])"));
    EXPECT_EQ(e.key(), "pages.similarity.sentences[1]");
    std::string many;
    for (std::size_t i = 0; i <= kMaxSentences; ++i)
        many += std::string(i ? ", " : "") + "\"s\"";
    e = refusal(onePage("similarity", "\"sentences\": [" + many + "]"));
    EXPECT_EQ(e.key(), "pages.similarity.sentences");
    EXPECT_TRUE(contains(e.what(), "a list of 65 texts is longer than the 64 allowed")) << e.what();
    e = refusal(onePage("similarity", R"("selected": -1)"));
    EXPECT_EQ(e.key(), "pages.similarity.selected");
    e = refusal(onePage("similarity", R"("metric": "sink")"));
    EXPECT_EQ(e.key(), "pages.similarity.metric");
    e = refusal(onePage("similarity", "\"sentences\": [\"" + std::string(kMaxTextBytes + 1, 'a') + "\"]"));
    EXPECT_EQ(e.key(), "pages.similarity.sentences[0]");
}

TEST(SessionFile, InvalidUtf8IsRefused) {
    // In the file: the JSON parser names the byte.
    const std::string text = onePage("walkthrough", "\"query\": \"caf\xC3\x28\"");
    auto e = refusal(text);
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_EQ(*e.byteOffset(), text.find("\xC3\x28") + 1);
    EXPECT_TRUE(contains(e.what(), "ill-formed UTF-8 byte")) << e.what();
    // A lone surrogate escape is not text either.
    e = refusal(onePage("walkthrough", R"("query": "\ud800")"));
    EXPECT_TRUE(e.byteOffset().has_value());
    EXPECT_TRUE(contains(e.what(), "surrogate")) << e.what();
    // In memory: not saved, naming the key.
    Session s;
    WalkthroughState w;
    w.keys = "caf\xC3";
    s.pages = {w};
    try {
        sessionText(s, kFile);
        ADD_FAILURE() << "saved";
    } catch (const SessionError& err) {
        EXPECT_EQ(err.key(), "pages.walkthrough.keys");
        EXPECT_EQ(std::string(err.what()),
                  kFile + ": pages.walkthrough.keys: not saved: the text is not valid UTF-8");
    }
}

TEST(SessionFile, AShippedNameWithASlashIsRefused) {
    for (const char* name : {"../etc", "a/b", "..", "", "sentiment model"}) {
        const auto e = refusal(onePage("sentiment", std::string(R"("model": {"shipped": ")") + name + "\"}"));
        EXPECT_EQ(e.key(), "pages.sentiment.model.shipped") << name;
        EXPECT_TRUE(contains(e.what(), "is not a shipped model name")) << e.what();
    }
    const auto e = refusal(onePage("sentiment", R"("model": {"shipped": ")" + std::string(129, 'm') + "\"}"));
    EXPECT_EQ(e.key(), "pages.sentiment.model.shipped");
    EXPECT_TRUE(contains(e.what(), "a string of 129 bytes is longer than the 128 bytes allowed")) << e.what();
    EXPECT_EQ(std::get<SentimentState>(
                  parseSession(onePage("sentiment", R"("model": {"shipped": "vit-fashion_mnist.2"})"), kFile)
                      .pages[0])
                  .model,
              FileRef::shipped("vit-fashion_mnist.2"));
}

TEST(SessionFile, AFileRefWithBothKeysOrNeitherIsRefused) {
    auto e = refusal(onePage("vision", R"("image": {"shipped": "x", "path": "/y"})"));
    EXPECT_EQ(e.key(), "pages.vision.image");
    EXPECT_EQ(std::string(e.what()),
              kFile + R"(: pages.vision.image: has both "shipped" and "path"; a file is one or the other)");
    e = refusal(onePage("vision", R"("image": {})"));
    EXPECT_EQ(e.key(), "pages.vision.image");
    EXPECT_TRUE(contains(e.what(), R"(has neither "shipped" nor "path")")) << e.what();
}

TEST(SessionFile, APrefixHasAtMost4096TokenIdsUpTo10Million) {
    std::string ids = "0";
    for (std::size_t i = 1; i <= kMaxPrefixTokens; ++i)
        ids += ",1";
    auto e = refusal(onePage("translation", R"("prefix": [)" + ids + "]"));
    EXPECT_EQ(e.key(), "pages.translation.prefix");
    EXPECT_TRUE(contains(e.what(), "a list of 4,097 token ids is longer than the 4,096 allowed")) << e.what();
    e = refusal(onePage("translation", R"("prefix": [3, 10000001])"));
    EXPECT_EQ(e.key(), "pages.translation.prefix[1]");
    EXPECT_TRUE(contains(e.what(), "10000001 is not an integer from 0 to 10000000")) << e.what();
}

TEST(SessionFile, DeepNestingIsRefusedAtItsByte) {
    const std::string text =
        onePage("walkthrough", R"("query": )" + std::string(40, '[') + std::string(40, ']'));
    const auto e = refusal(text);
    // The outer object, "pages", the page: 3 levels; the 14th '[' is the 17th level.
    EXPECT_EQ(e.byteOffset(), std::optional<std::uint64_t>(text.find('[') + 13));
    EXPECT_TRUE(contains(e.what(), "nested more than 16 deep")) << e.what();
    // A syntax error before the depth is reached is the message.
    const auto syntax = refusal("{\"format\" 1 " + std::string(40, '['));
    EXPECT_TRUE(contains(syntax.what(), "syntax error")) << syntax.what();
}

TEST(SessionFile, AnOutOfRangeSessionIsNotSaved) {
    Session s;
    TranslationState t;
    t.beam = 0;
    s.pages = {t};
    try {
        sessionText(s, kFile);
        ADD_FAILURE() << "saved";
    } catch (const SessionError& e) {
        EXPECT_EQ(e.key(), "pages.translation.beam");
        EXPECT_EQ(std::string(e.what()),
                  kFile + ": not saved: pages.translation.beam: 0 is not an integer from 1 to 16");
    }
    s.pages = {WalkthroughState{}, WalkthroughState{}};
    try {
        sessionText(s, kFile);
        ADD_FAILURE() << "saved";
    } catch (const SessionError& e) {
        EXPECT_EQ(e.key(), "pages.walkthrough");
        EXPECT_TRUE(contains(e.what(), "two states for this page")) << e.what();
    }
}

TEST(SessionFile, AnUnwritableFolderIsNamedAndLeavesNothing) {
    const testutil::ScratchDir dir("session-unwritable");
    const std::string inMissingFolder = (dir.path() / "no-such-folder" / "s.attnviz").string();
    try {
        writeSession(Session{}, inMissingFolder);
        ADD_FAILURE() << "written";
    } catch (const SessionError& e) {
        EXPECT_EQ(e.path(), inMissingFolder);
        EXPECT_TRUE(contains(e.what(), inMissingFolder + ": cannot save: cannot create a file in "))
            << e.what();
    }
    // The name is a folder: the rename fails, the temporary file is removed.
    fs::create_directory(dir / "taken.attnviz");
    fs::create_directory(dir / "taken.attnviz" / "inside");
    const std::string folder = (dir.path() / "taken.attnviz").string();
    try {
        writeSession(Session{}, folder);
        ADD_FAILURE() << "written";
    } catch (const SessionError& e) {
        EXPECT_EQ(e.path(), folder);
        EXPECT_TRUE(contains(e.what(), folder + ": cannot save: ")) << e.what();
    }
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir.path()))
        names.push_back(e.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"taken.attnviz"});
}
