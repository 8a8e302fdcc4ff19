// The SentencePiece-unigram tokenizer of USE lite (attn/tokenizers/sentencepiece_unigram.hpp) against
// the ids that the package's own tokenizer (@energetic-ai/embeddings@0.2.0, run under node by
// training/use_reference.py through training/use_js_tokenize.js) gives:
//   - tests/data/use/tokenizer.json: 28 texts on the real 8,000-piece vocabulary, read from where
//     cmake/install-use-model.sh installs it (the tests skip, saying so, when it is not installed);
//   - tests/data/use/tiny/: a hand-made vocab.json with one piece per rule of the package's tokenizer
//     (ties, null scores, a path of score 0, duplicates, unknowns, NFKC) and its expected ids;
// and the validation of vocab.json: every bad file is an attn::Error naming the file and the entry.

#include "attnviz_test_paths.hpp"
#include "scratch_dir.hpp"

#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/tokenizers/sentencepiece_unigram.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using attn::tokenizers::SentencePieceUnigram;

const fs::path kData = fs::path(ATTNVIZ_TEST_DATA_DIR) / "use";

nlohmann::json readJson(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return nlohmann::json::parse(in);
}

void writeText(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
}

// Where cmake/install-use-model.sh puts the model: $ATTNVIZ_DATA_DIR, else $XDG_DATA_HOME/attnviz,
// else ~/.local/share/attnviz; then models/use-lite/.
fs::path installedVocab() {
    const auto env = [](const char* name) -> std::string {
        const char* v = std::getenv(name);
        return v ? v : "";
    };
    fs::path data;
    if (!env("ATTNVIZ_DATA_DIR").empty())
        data = env("ATTNVIZ_DATA_DIR");
    else if (!env("XDG_DATA_HOME").empty())
        data = fs::path(env("XDG_DATA_HOME")) / "attnviz";
    else
        data = fs::path(env("HOME")) / ".local" / "share" / "attnviz";
    return data / "models" / "use-lite" / "vocab.json";
}

#define SKIP_WITHOUT_USE_MODEL(path)                                                                         \
    if (!fs::exists(path))                                                                                   \
    GTEST_SKIP() << "USE lite is not installed (" << (path).string()                                         \
                 << " is missing): run cmake/install-use-model.sh, or ./test.sh, which does"

TEST(SentencePieceUnigram, RealVocabularyGivesThePackagesIdsForEveryFixtureText) {
    const fs::path vocab = installedVocab();
    SKIP_WITHOUT_USE_MODEL(vocab);
    const auto tok = SentencePieceUnigram::fromVocabJson(vocab);
    EXPECT_EQ(tok.vocabularySize(), 8000);
    const auto fixture = readJson(kData / "tokenizer.json");
    ASSERT_GE(fixture["cases"].size(), 28u);
    for (const auto& c : fixture["cases"]) {
        const auto text = c["text"].get<std::string>();
        const auto ids = tok.encode(text);
        EXPECT_EQ(ids, c["ids"].get<std::vector<int>>()) << "text: '" << text << "'";
        EXPECT_EQ(tok.pieces(ids), c["pieces"].get<std::vector<std::string>>()) << "text: '" << text << "'";
    }
}

TEST(SentencePieceUnigram, RealVocabularyHowOldAreYou) {
    const fs::path vocab = installedVocab();
    SKIP_WITHOUT_USE_MODEL(vocab);
    const auto tok = SentencePieceUnigram::fromVocabJson(vocab);
    EXPECT_EQ(tok.encode("How old are you?"), (std::vector<int>{728, 446, 31, 19, 54}));
    EXPECT_EQ(tok.pieces({728, 446, 31, 19, 54}),
              (std::vector<std::string>{"▁How", "▁old", "▁are", "▁you", "?"}));
}

TEST(SentencePieceUnigram, RealVocabularyListsItsDuplicatePieceAndMatchesTheLastId) {
    const fs::path vocab = installedVocab();
    SKIP_WITHOUT_USE_MODEL(vocab);
    const auto tok = SentencePieceUnigram::fromVocabJson(vocab);
    ASSERT_EQ(tok.duplicatePieces().size(), 1u);
    EXPECT_EQ(tok.duplicatePieces()[0].first, "”5");
    EXPECT_EQ(tok.duplicatePieces()[0].second, (std::vector<int>{230, 238, 4464}));
    EXPECT_EQ(tok.encode("”5"), (std::vector<int>{30, 4464}));
}

TEST(SentencePieceUnigram, TinyVocabularyFollowsEveryRuleOfThePackagesTokenizer) {
    const auto tok = SentencePieceUnigram::fromVocabJson(kData / "tiny" / "vocab.json");
    EXPECT_EQ(tok.vocabularySize(), 22);
    const auto fixture = readJson(kData / "tiny" / "expected.json");
    ASSERT_EQ(fixture["cases"].size(), 20u);
    for (const auto& c : fixture["cases"]) {
        const auto text = c["text"].get<std::string>();
        EXPECT_EQ(tok.encode(text), c["ids"].get<std::vector<int>>()) << "text: '" << text << "'";
    }
}

TEST(SentencePieceUnigram, EdgeCasesOnTheTinyVocabulary) {
    const auto tok = SentencePieceUnigram::fromVocabJson(kData / "tiny" / "vocab.json");
    EXPECT_TRUE(tok.encode("").empty());
    EXPECT_EQ(tok.encode("   "), (std::vector<int>{6, 6, 6, 6})); // "▁" + three spaces as "▁"
    EXPECT_EQ(tok.encode("日本"), (std::vector<int>{6, 0}));      // two unknowns merged into one 0
    // Invalid UTF-8 becomes U+FFFD, an unknown character like any other.
    EXPECT_EQ(tok.encode("a\xFF\xFE"), (std::vector<int>{12, 0}));
    EXPECT_EQ(tok.pieces({6, 0, 14, 22, -1}),
              (std::vector<std::string>{"▁", "�", "b", "<id 22>", "<id -1>"}));
    ASSERT_EQ(tok.duplicatePieces().size(), 1u);
    EXPECT_EQ(tok.duplicatePieces()[0].first, "b");
    EXPECT_EQ(tok.duplicatePieces()[0].second, (std::vector<int>{8, 14}));
}

// ---------------------------------------------------------------------------------------- bad files

struct BadVocab {
    testutil::ScratchDir dir{"unigram"};
    fs::path path = dir / "vocab.json";
};

// The error for `text`: an attn::Error whose message names the file and contains `contains`; key() is
// `key` when given.
void expectError(const std::string& text, const std::string& contains, const std::string& key = "") {
    BadVocab bad;
    writeText(bad.path, text);
    try {
        (void)SentencePieceUnigram::fromVocabJson(bad.path);
        ADD_FAILURE() << "accepted: " << text.substr(0, 80);
    } catch (const attn::Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(bad.path.string()), std::string::npos) << what;
        EXPECT_NE(what.find(contains), std::string::npos) << what;
        EXPECT_EQ(e.path(), bad.path.string());
        if (!key.empty()) {
            EXPECT_EQ(e.key(), key) << what;
        }
    }
}

const std::string kReserved = R"(["�",0],["<s>",0],["</s>",0],["e1",0],["e2",0],["e3",0])";

TEST(SentencePieceUnigramErrors, MissingOrEmptyFileNamesIt) {
    BadVocab bad;
    EXPECT_THROW((void)SentencePieceUnigram::fromVocabJson(bad.path), attn::Error);
    expectError("", "invalid JSON at byte");
}

TEST(SentencePieceUnigramErrors, InvalidJsonGivesTheByte) {
    BadVocab bad;
    writeText(bad.path, "[" + kReserved + ",[\"a\",-1]");
    try {
        (void)SentencePieceUnigram::fromVocabJson(bad.path);
        FAIL() << "accepted";
    } catch (const attn::Error& e) {
        EXPECT_NE(std::string(e.what()).find("invalid JSON at byte"), std::string::npos) << e.what();
        ASSERT_TRUE(e.byteOffset().has_value());
    }
    expectError("[" + kReserved + ",[\"a\",1e400]]", "number overflow");
}

TEST(SentencePieceUnigramErrors, WrongShapesNameTheEntry) {
    expectError(R"({"a": -1})", "expected an array of [piece, score] entries, got object");
    expectError("[" + kReserved + "]", "6 entries");
    expectError("[]", "0 entries");
    expectError("[" + kReserved + R"(,["a",-1],"b"])", "entry 7: expected [piece, score]", "[7]");
    expectError("[" + kReserved + R"(,["a",-1],["b"]])", "entry 7: expected [piece, score]", "[7]");
    expectError("[" + kReserved + R"(,["a",-1,0]])", "entry 6: expected [piece, score]", "[6]");
    expectError("[" + kReserved + R"(,[7,-1]])", "entry 6: expected [piece, score]", "[6]");
    expectError("[" + kReserved + R"(,["a","-1"]])", "entry 6: the score must be a number or null", "[6]");
    expectError("[" + kReserved + R"(,["a",[]]])", "entry 6: the score must be a number or null", "[6]");
    expectError("[" + kReserved + R"(,["a",-1],["",-2]])", "entry 7: the piece is empty", "[7]");
    expectError(R"([["<unk>",0],["<s>",0],["</s>",0],["e1",0],["e2",0],["e3",0],["a",-1]])",
                "entry 0: the unknown piece (id 0) must be one character", "[0]");
    expectError(R"([["",0],["<s>",0],["</s>",0],["e1",0],["e2",0],["e3",0],["a",-1]])",
                "entry 0: the unknown piece (id 0) must be one character", "[0]");
}

TEST(SentencePieceUnigramErrors, ReservedPiecesMayBeAnyStringAndNullScoresAreZero) {
    BadVocab ok;
    writeText(ok.path, R"([["?",null],["",0],["",0],["",0],["",0],["",0],["a",null],["b",-1]])");
    const auto tok = SentencePieceUnigram::fromVocabJson(ok.path);
    EXPECT_EQ(tok.vocabularySize(), 8);
    EXPECT_EQ(tok.encode("ab"), (std::vector<int>{0, 6, 7})); // "▁" is unknown here
}

TEST(SentencePieceUnigramErrors, OversizedFileIsRefusedBeforeReading) {
    BadVocab bad;
    writeText(bad.path, "[");
    fs::resize_file(bad.path, SentencePieceUnigram::kMaxBytes + 1); // sparse: no 16 MB written
    try {
        (void)SentencePieceUnigram::fromVocabJson(bad.path);
        FAIL() << "accepted";
    } catch (const attn::Error& e) {
        EXPECT_NE(std::string(e.what()).find("more than the 16777216 a vocab.json may have"),
                  std::string::npos)
            << e.what();
        EXPECT_EQ(e.path(), bad.path.string());
    }
}

TEST(SentencePieceUnigramErrors, TooManyCharactersInAllIsRefused) {
    BadVocab bad;
    const std::string piece(SentencePieceUnigram::kMaxPieceCharacters / 2 + 1, 'a');
    writeText(bad.path, "[" + kReserved + ",[\"" + piece + "\",-1],[\"" + piece + "\",-1]]");
    try {
        (void)SentencePieceUnigram::fromVocabJson(bad.path);
        FAIL() << "accepted";
    } catch (const attn::Error& e) {
        EXPECT_NE(std::string(e.what()).find("entry 7: the pieces up to here hold"), std::string::npos)
            << e.what();
        EXPECT_EQ(e.key(), "[7]");
    }
}

} // namespace
