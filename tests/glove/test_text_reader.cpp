// Text reader: accepted variants, exact values, and one test per malformed case (each checks that
// the message names the file and the line).

#include "attn/glove/loader.hpp"
#include "attnviz_test_paths.hpp"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>
#include <sstream>

namespace fs = std::filesystem;
using namespace attn::glove;

namespace {

const fs::path kData = fs::path(ATTNVIZ_TEST_DATA_DIR) / "glove";

// Removed when the test process exits.
const testutil::ScratchDir& scratch() {
    static const testutil::ScratchDir dir("glove-text");
    return dir;
}

fs::path writeTemp(const std::string& name, const std::string& bytes) {
    const fs::path p = scratch() / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
}

// Loads and expects a LoadError whose message starts with "<path>:<line>: " and contains `what`.
void expectError(const std::string& name, const std::string& bytes, std::size_t line,
                 const std::string& what) {
    const fs::path p = writeTemp(name, bytes);
    try {
        readText(p);
        FAIL() << name << ": expected a LoadError";
    } catch (const LoadError& e) {
        const std::string msg = e.what();
        const std::string prefix = p.string() + ":" + std::to_string(line) + ": ";
        EXPECT_EQ(msg.rfind(prefix, 0), 0u) << "message: " << msg << "\nexpected prefix: " << prefix;
        EXPECT_NE(msg.find(what), std::string::npos)
            << "message: " << msg << "\nexpected to contain: " << what;
    }
}

} // namespace

TEST(GloveText, ReadsValuesExactlyAsStrtofDoes) {
    // Reference: the C library's strtof on every token (independent of std::from_chars).
    const fs::path p = kData / "wink_head50.txt";
    auto e = readText(p);
    ASSERT_EQ(e->size(), 50u);
    ASSERT_EQ(e->dim(), 100u);
    std::ifstream in(p);
    std::string line;
    std::size_t row = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string word, tok;
        fields >> word;
        EXPECT_EQ(e->word(row), word);
        std::size_t j = 0;
        while (fields >> tok) {
            const float ref = std::strtof(tok.c_str(), nullptr);
            const float got = e->row(row)[j];
            EXPECT_EQ(std::memcmp(&ref, &got, 4), 0) << word << " dim " << j << ": " << tok;
            ++j;
        }
        EXPECT_EQ(j, 100u);
        ++row;
    }
    EXPECT_EQ(row, 50u);
}

// The short-decimal fast path (w / 10^k with w <= 2^24) and the std::from_chars fallback must give the
// float strtof gives, bit for bit: numbers at the fast path's edges (2^24 and 2^24 + 1 as digits, ten
// and eleven fraction digits, 18 and 19 digits, leading zeros, "-0", "5." and ".5", exponents, halfway
// cases) and 20,000 random decimals of 1 to 9 significant digits.
TEST(GloveText, ShortDecimalsAndTheirFallbackMatchStrtof) {
    std::vector<std::string> tokens = {"16777216",
                                       "16777217",
                                       "1677721.6",
                                       "1677721.7",
                                       "0.1677721",
                                       "-16777215",
                                       "0.0000000001",
                                       "0.00000000001",
                                       "123456789012345678",
                                       "1234567890123456789",
                                       "0000000000000000000000.5",
                                       "-0",
                                       "-0.0",
                                       "5.",
                                       ".5",
                                       "-.25",
                                       "1e3",
                                       "2.5E-4",
                                       "0.30000001192092896",
                                       "3.4028234e38",
                                       "1.17549435e-38",
                                       "8388609.5",
                                       "0.333333343",
                                       "9999999",
                                       "99999999",
                                       "0.00024414062",
                                       "12345.678"};
    std::srand(7);
    for (int i = 0; i < 20000; ++i) {
        const int digits = 1 + std::rand() % 9;
        std::string t = std::rand() % 2 ? "-" : "";
        std::string body;
        for (int k = 0; k < digits; ++k)
            body += static_cast<char>('0' + std::rand() % 10);
        const int point = std::rand() % (digits + 1);
        t += body.substr(0, static_cast<std::size_t>(point)) + "." +
             body.substr(static_cast<std::size_t>(point));
        if (t == "." || t == "-.")
            t += "0";
        tokens.push_back(t);
    }
    std::string text;
    for (std::size_t i = 0; i < tokens.size(); i += 4) {
        text += "w" + std::to_string(i);
        for (std::size_t j = i; j < i + 4; ++j)
            text += " " + tokens[j % tokens.size()];
        text += "\n";
    }
    auto e = readTextBuffer(text, "decimals.txt");
    ASSERT_EQ(e->size(), (tokens.size() + 3) / 4);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const float ref = std::strtof(tokens[i].c_str(), nullptr);
        const float got = e->row(i / 4)[i % 4];
        EXPECT_EQ(std::memcmp(&ref, &got, 4), 0) << tokens[i] << " read as " << got << ", strtof " << ref;
    }
}

TEST(GloveText, SameValuesWithOneOrManyThreads) {
    const fs::path p = kData / "wink_head50.txt";
    ReadOptions one;
    one.threads = 1;
    ReadOptions many;
    many.threads = 8;
    auto a = readText(p, one);
    auto b = readText(p, many);
    ASSERT_EQ(a->size(), b->size());
    EXPECT_EQ(std::memcmp(a->row(0).data(), b->row(0).data(), a->size() * a->dim() * 4), 0);
}

TEST(GloveText, ToleratesBomAndCrlf) {
    auto e = readText(kData / "bom_crlf.txt");
    ASSERT_EQ(e->size(), 2u);
    ASSERT_EQ(e->dim(), 3u);
    EXPECT_EQ(e->word(0), "the");  // not "\xEF\xBB\xBFthe"
    EXPECT_EQ(e->row(0)[2], 3.0f); // not broken by the '\r'
    EXPECT_EQ(e->row(1)[0], 1e-3f);
    EXPECT_EQ(e->row(1)[1], 250.0f);
    EXPECT_TRUE(e->lookup("of").has_value());
}

TEST(GloveText, DetectsWord2vecHeader) {
    auto e = readText(kData / "word2vec_header.txt");
    ASSERT_EQ(e->size(), 3u);
    EXPECT_EQ(e->dim(), 2u);
    EXPECT_EQ(e->word(2), "fish");
    EXPECT_EQ(e->row(2)[1], 0.25f);
}

TEST(GloveText, Word2vecHeaderCountMismatchIsAWarning) {
    std::vector<std::string> warnings;
    ReadOptions o;
    o.warnings = &warnings;
    auto e = readText(writeTemp("w2v_mismatch.txt", "5 2\na 1 2\nb 3 4\n"), o);
    EXPECT_EQ(e->size(), 2u);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find(":1: the word2vec header announces 5 words but the file has 2"),
              std::string::npos)
        << warnings[0];
}

TEST(GloveText, WordsWithSpacesTakeTheLastDFields) {
    auto e = readText(kData / "spaces_840b.txt");
    ASSERT_EQ(e->size(), 3u);
    EXPECT_EQ(e->dim(), 3u);
    EXPECT_EQ(e->word(1), ". . .");
    EXPECT_EQ(e->word(2), "New York");
    EXPECT_EQ(e->row(2)[2], -1.0f);
}

TEST(GloveText, DuplicateWordIsAWarningAndTheFirstWins) {
    std::vector<std::string> warnings;
    ReadOptions o;
    o.warnings = &warnings;
    const fs::path p = writeTemp("dup.txt", "cat 1 2\ndog 3 4\ncat 5 6\nemu 7 8\n");
    auto e = readText(p, o);
    ASSERT_EQ(e->size(), 3u);
    EXPECT_EQ(e->word(2), "emu");
    EXPECT_EQ(e->row(*e->lookup("cat"))[0], 1.0f);
    EXPECT_EQ(e->row(2)[0], 7.0f); // rows after the duplicate moved up with their words
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].rfind(p.string() + ":3: duplicate word 'cat'", 0), 0u) << warnings[0];
    EXPECT_NE(warnings[0].find("line 1"), std::string::npos);
}

TEST(GloveText, BlankLinesAreSkippedAndLineNumbersStayRight) {
    expectError("blank_then_bad.txt", "a 1 2\n\n\nb 1 x\n", 4, "'x' is not a number");
    auto e = readText(writeTemp("blank.txt", "a 1 2\n\nb 3 4\n\n"));
    EXPECT_EQ(e->size(), 2u);
}

TEST(GloveText, ErrorLineNumbersAreRightAcrossChunks) {
    // Enough lines for many chunks on several threads; the bad line is near the end.
    std::string text;
    for (int i = 0; i < 60000; ++i)
        text += "w" + std::to_string(i) + " 0.125 -0.5 0.25 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    text += "bad 1 2\n";
    const fs::path p = writeTemp("big_bad.txt", text);
    ReadOptions o;
    o.threads = 4;
    try {
        readText(p, o);
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(p.string() + ":60001: expected a word and 18 numbers", 0), 0u)
            << e.what();
    }
}

// ---- malformed input: one test per case --------------------------------------------------------

TEST(GloveTextErrors, WrongFieldCount) {
    expectError("fields.txt", "the 1 2 3\nof 1 2\n", 2,
                "expected a word and 3 numbers (4 fields), found 3 fields");
}

TEST(GloveTextErrors, UnparsableNumber) {
    expectError("nan_text.txt", "the 1 2 3\nof 1 2.5.1 3\n", 2, "'2.5.1' is not a number");
}

TEST(GloveTextErrors, NonFiniteValue) {
    expectError("inf.txt", "the 1 2 3\nof 1 inf 3\n", 2, "'inf' is not a finite number");
    expectError("nan.txt", "the 1 2 3\nto nan 2 3\n", 2, "'nan' is not a finite number");
    expectError("huge.txt", "the 1 2 3\nto 1e999 2 3\n", 2, "out of the float32 range");
}

TEST(GloveTextErrors, InvalidUtf8Word) {
    expectError("utf8.txt", "the 1 2\ncaf\xE9 1 2\n", 2, "is not valid UTF-8");
}

TEST(GloveTextErrors, EmptyFile) {
    expectError("empty.txt", "", 1, "empty file");
}

TEST(GloveTextErrors, BinaryFile) {
    std::string bytes = "\x89PNG\r\n\x1a\n";
    bytes += std::string("\0\0\0\rIHDR", 8);
    expectError("image.png", bytes, 3, "binary data"); // the NUL is on line 3
}

TEST(GloveTextErrors, OnlyAWordOnTheFirstLine) {
    expectError("oneword.txt", "hello\n", 1, "found 1 field");
}

TEST(GloveTextErrors, HeaderDimensionLargerThanTheFileCanBack) {
    // A word2vec header announcing 2,000,000,000 dims must not drive an allocation.
    expectError("w2v_huge.txt", "1 2000000000\ncat 1 2\n", 1, "announces 2000000000 dimensions");
}

TEST(GloveTextErrors, HeaderWithoutVectors) {
    expectError("w2v_empty.txt", "3 2\n", 2, "no vectors");
}

TEST(GloveText, CancelThrowsCancelled) {
    ReadOptions o;
    o.progress = [](double) { return false; };
    EXPECT_THROW(readText(kData / "wink_head50.txt", o), Cancelled);
}

TEST(GloveText, ProgressReachesOne) {
    double last = -1;
    ReadOptions o;
    o.progress = [&](double f) {
        EXPECT_GE(f, last);
        last = f;
        return true;
    };
    readText(kData / "wink_head50.txt", o);
    EXPECT_EQ(last, 1.0);
}

TEST(GloveText, MissingFileSaysSo) {
    try {
        open(kData / "no_such_file.txt");
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find("no_such_file.txt: no such file"), std::string::npos);
    }
}
