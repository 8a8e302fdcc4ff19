// The head survey's text corpus reader (attn/analysis/text_corpus.hpp): one input per line, UTF-8,
// limits checked before allocating, every error naming the file and the line.

#include "attnviz_test_paths.hpp"

#include <attn/analysis/text_corpus.hpp>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>

namespace {

namespace fs = std::filesystem;
using attn::analysis::CorpusError;
using attn::analysis::CorpusLimits;
using attn::analysis::parseTextCorpus;
using attn::analysis::readTextCorpus;

fs::path write(const testutil::ScratchDir& dir, const std::string& name, const std::string& bytes) {
    const fs::path p = dir.path() / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
}

/// The CorpusError of f(), with its line; fails the test when f() does not throw one.
template <class F> CorpusError errorOf(F&& f) {
    try {
        f();
    } catch (const CorpusError& e) {
        return e;
    }
    ADD_FAILURE() << "no CorpusError";
    return CorpusError("(none)");
}

TEST(TextCorpus, OneInputPerLineWithLineNumbersBlankLinesSkipped) {
    const auto c = parseTextCorpus("\xEF\xBB\xBF"
                                   "first line\r\n\n  \t\nsecond, with caf\xC3\xA9 \xF0\x9F\x98\x80\nthird",
                                   "c.txt");
    ASSERT_EQ(c.inputs.size(), 3u);
    EXPECT_EQ(c.inputs[0].line, 1u);
    EXPECT_EQ(c.inputs[0].text, "first line"); // BOM and CR gone
    EXPECT_EQ(c.inputs[1].line, 4u);
    EXPECT_EQ(c.inputs[1].text, "second, with caf\xC3\xA9 \xF0\x9F\x98\x80");
    EXPECT_EQ(c.inputs[2].line, 5u); // no final newline
    EXPECT_EQ(c.inputs[2].text, "third");
    EXPECT_EQ(c.skippedBlank, 2u);
    EXPECT_EQ(c.name, "c.txt");
}

TEST(TextCorpus, TakeKeepsTheFirstInputsAndDoesNotReadBeyond) {
    // Line 4 is invalid UTF-8, but only the first two inputs are asked for.
    const auto c = parseTextCorpus("a\n\nb\n\xFF\n", "c.txt", {}, 2);
    ASSERT_EQ(c.inputs.size(), 2u);
    EXPECT_EQ(c.inputs[1].text, "b");
    EXPECT_EQ(c.inputs[1].line, 3u);
    EXPECT_EQ(errorOf([] { parseTextCorpus("a\n\nb\n\xFF\n", "c.txt", {}, 3); }).line(), 4u);
}

TEST(TextCorpus, InvalidUtf8NamesTheLineAndColumn) {
    struct Case {
        std::string line, byte;
        int column;
    };
    const Case cases[] = {
        {"ab\xC3", "0xC3", 3},              // cut off at the end
        {"\x80x", "0x80", 1},               // a continuation byte alone
        {"x\xC0\x80", "0xC0", 2},           // overlong NUL
        {"xy\xE0\x80\x80", "0xE0", 3},      // overlong 3-byte form
        {"\xED\xA0\x80", "0xED", 1},        // a UTF-16 surrogate
        {"ok \xF4\x90\x80\x80", "0xF4", 4}, // above U+10FFFF
        {"\xF5\x80\x80\x80", "0xF5", 1},
        {"\xE2\x82z", "0xE2", 1}, // a bad second continuation byte
    };
    for (const auto& c : cases) {
        const auto e = errorOf([&] { parseTextCorpus("fine\n" + c.line + "\n", "c.txt"); });
        EXPECT_EQ(std::string(e.what()), "c.txt:2: invalid UTF-8 (byte " + c.byte + " at column " +
                                             std::to_string(c.column) +
                                             " does not start a complete character)");
        EXPECT_EQ(e.line(), 2u);
        EXPECT_EQ(e.path(), "c.txt");
    }
    EXPECT_EQ(std::string(errorOf([] { parseTextCorpus(std::string("a\nb\0c\n", 6), "c.txt"); }).what()),
              "c.txt:2: NUL byte at column 2 (not a text file?)");
}

TEST(TextCorpus, LimitsAreCheckedAndNamed) {
    CorpusLimits small;
    small.maxBytes = 20;
    small.maxLineBytes = 5;
    small.maxInputs = 2;
    EXPECT_EQ(std::string(errorOf([&] { parseTextCorpus("aaaaaaaaaaaaaaaaaaaaa", "c.txt", small); }).what()),
              "c.txt: 21 bytes, more than the limit of 20 bytes");
    const auto line = errorOf([&] { parseTextCorpus("ok\nabcdef\n", "c.txt", small); });
    EXPECT_EQ(std::string(line.what()), "c.txt:2: 6 bytes, more than the limit of 5 bytes for one input");
    EXPECT_EQ(line.line(), 2u);
    EXPECT_EQ(std::string(errorOf([&] { parseTextCorpus("a\nb\nc\n", "c.txt", small); }).what()),
              "c.txt: 3 inputs, more than the limit of 2 (--limit takes the first N)");
    EXPECT_EQ(parseTextCorpus("a\nb\nc\n", "c.txt", small, 2).inputs.size(), 2u);
    EXPECT_EQ(parseTextCorpus("abcde\r\n", "c.txt", small).inputs[0].text, "abcde"); // CR not counted
    EXPECT_EQ(std::string(errorOf([&] { parseTextCorpus("\n \n", "c.txt"); }).what()),
              "c.txt: no input (every line is blank)");
}

TEST(TextCorpus, FileErrorsNameTheFileAndTheSizeIsCheckedBeforeReading) {
    const testutil::ScratchDir dir("text-corpus");
    EXPECT_EQ(std::string(errorOf([&] { readTextCorpus(dir.path() / "none.txt"); }).what()),
              (dir.path() / "none.txt").string() + ": no such file");
    EXPECT_EQ(std::string(errorOf([&] { readTextCorpus(dir.path()); }).what()),
              dir.path().string() + ": is a directory; a text corpus is a file with one input per line");
    const auto big = write(dir, "big.txt", std::string(2000, 'x'));
    CorpusLimits small;
    small.maxBytes = 1999;
    const auto e = errorOf([&] { readTextCorpus(big, small); });
    EXPECT_EQ(std::string(e.what()), big.string() + ": 2,000 bytes, more than the limit of 1,999 bytes");
    EXPECT_EQ(e.path(), big.string());
    const auto bad = write(dir, "bad.txt", "one\ntwo\nth\xC3ree\n");
    EXPECT_EQ(std::string(errorOf([&] { readTextCorpus(bad); }).what()),
              bad.string() + ":3: invalid UTF-8 (byte 0xC3 at column 3 does not start a complete character)");
    const auto ok = write(dir, "ok.txt", "one\ntwo\n");
    EXPECT_EQ(readTextCorpus(ok).inputs.size(), 2u);
}

TEST(TextCorpus, ShippedCorpusHasAtLeast2000Sentences) {
    const auto c = readTextCorpus(fs::path(ATTNVIZ_RESOURCE_DIR) / "corpora" / "english-sentences.txt");
    EXPECT_GE(c.inputs.size(), 2000u);
    EXPECT_EQ(c.skippedBlank, 0u);
    EXPECT_EQ(c.inputs.front().line, 1u);
    EXPECT_EQ(c.inputs.back().line, c.inputs.size());
}

} // namespace
