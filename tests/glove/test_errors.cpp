// glove's errors as attn::Error with fields, the one attn::Cancelled, and the defects a first fuzzing
// run found in the wink importer and the text/cache dimension limits (issue 18), each pinned with the
// input the fuzzer produced.

#include "attn/glove/loader.hpp"
#include "attn/glove/wink_import.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <memory>
#include <mutex>
#include <scratch_dir.hpp>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace fs = std::filesystem;
using namespace attn::glove;

namespace {

static_assert(std::is_base_of_v<attn::Error, LoadError>);
static_assert(std::is_same_v<Cancelled, attn::Cancelled>);

testutil::ScratchDir tempDir(const std::string& name) {
    return testutil::ScratchDir("glove-errors-" + name);
}

void spit(const fs::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

std::size_t openDescriptors() {
    std::size_t n = 0;
    if (DIR* d = ::opendir("/proc/self/fd")) {
        while (::readdir(d))
            ++n;
        ::closedir(d);
    }
    return n;
}

std::vector<std::string> filesIn(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

template <class F> LoadError loadErrorOf(F&& f) {
    try {
        f();
    } catch (const LoadError& e) {
        return e;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not a LoadError: " << e.what();
    }
    ADD_FAILURE() << "no LoadError";
    return LoadError("");
}

// ------------------------------------------------------------------------------------- fields

TEST(GloveErrorFields, TextErrorHasPathAndLine) {
    const auto dir = tempDir("text_line");
    spit(dir / "v.txt", "a 1 2\nb 1 x\n");
    const auto e = loadErrorOf([&] { readText(dir / "v.txt"); });
    EXPECT_EQ(e.path(), (dir / "v.txt").string());
    EXPECT_EQ(e.line(), 2u);
    EXPECT_FALSE(e.byteOffset().has_value());
    EXPECT_EQ(std::string(e.what()).rfind((dir / "v.txt").string() + ":2: ", 0), 0u) << e.what();
}

TEST(GloveErrorFields, BinaryErrorHasPathAndByteOffset) {
    const auto dir = tempDir("bin_byte");
    spit(dir / "v.bin", std::string("ATTNGLOV") + std::string(56, '\0'));
    const auto e = loadErrorOf([&] { readBinary(dir / "v.bin"); });
    EXPECT_EQ(e.path(), (dir / "v.bin").string());
    EXPECT_EQ(e.byteOffset(), 8u); // version 0
    EXPECT_EQ(std::string(e.what()).rfind((dir / "v.bin").string() + ": byte 8: ", 0), 0u) << e.what();
}

TEST(GloveErrorFields, WinkErrorHasPathAndByteOffset) {
    const auto dir = tempDir("wink_byte");
    spit(dir / "p.json", R"({"dimensions":1,"words":["x"],"vectors":{"y":[1]}})");
    const auto e = loadErrorOf([&] { importWinkToBinary(dir / "p.json", dir / "o.bin"); });
    EXPECT_EQ(e.path(), (dir / "p.json").string());
    ASSERT_TRUE(e.byteOffset().has_value());
    EXPECT_EQ(std::string(e.what()).rfind(
                  (dir / "p.json").string() + ": byte " + std::to_string(*e.byteOffset()), 0),
              0u);
}

TEST(GloveErrorFields, CancelledTextReadIsTheOneCancelled) {
    ReadOptions o;
    o.progress = [](double) { return false; };
    EXPECT_THROW(readTextBuffer("a 1 2\n", "mem", o), attn::Cancelled);
}

// ------------------------------------- issue 18, defects 4 and 5: the wink importer's key order

TEST(Issue18, WinkWordsAfterVectorsIsAnErrorNotASegfaultAndLeavesNoTmp) {
    const auto dir = tempDir("wink_words_after");
    const std::string json = R"({"dimensions":1,"words":[],"vectors":{},"words":["a"]})";
    spit(dir / "p.json", json);
    for (bool text : {false, true}) {
        const auto e = loadErrorOf([&] {
            text ? importWinkToText(dir / "p.json", dir / "out")
                 : importWinkToBinary(dir / "p.json", dir / "out");
        });
        EXPECT_EQ(e.byteOffset(), json.rfind("\"words\""));
        EXPECT_NE(std::string(e.what()).find("'words' appears twice"), std::string::npos) << e.what();
        EXPECT_EQ(filesIn(dir), std::vector<std::string>{"p.json"}); // no .tmp, no output
    }
}

TEST(Issue18, WinkVectorsTwiceIsAnErrorAndLeaksNoDescriptor) {
    const auto dir = tempDir("wink_vectors_twice");
    const std::string json = R"({"dimensions":1,"words":["a"],"vectors":{"a":[1]},"vectors":{"a":[2]}})";
    spit(dir / "p.json", json);
    const std::size_t before = openDescriptors();
    for (bool text : {false, true}) {
        const auto e = loadErrorOf([&] {
            text ? importWinkToText(dir / "p.json", dir / "out")
                 : importWinkToBinary(dir / "p.json", dir / "out");
        });
        EXPECT_EQ(e.byteOffset(), json.rfind("\"vectors\""));
        EXPECT_NE(std::string(e.what()).find("'vectors' appears twice"), std::string::npos) << e.what();
        EXPECT_EQ(filesIn(dir), std::vector<std::string>{"p.json"});
    }
    EXPECT_EQ(openDescriptors(), before);
}

TEST(Issue18, WinkDimensionsTwiceIsAnError) {
    const auto dir = tempDir("wink_dims_twice");
    spit(dir / "p.json", R"({"dimensions":1,"words":["a"],"dimensions":2,"vectors":{"a":[1,2]}})");
    const auto e = loadErrorOf([&] { importWinkToBinary(dir / "p.json", dir / "out.bin"); });
    EXPECT_NE(std::string(e.what()).find("'dimensions' appears twice"), std::string::npos) << e.what();
}

// -------------------------------------------- issue 18: one dimension limit for text and cache

TEST(Issue18, GloveTextWithTenMillionDimensionsIsRejectedAtLine1) {
    std::string line = "w";
    line.reserve(20'000'002);
    for (int i = 0; i < 10'000'000; ++i)
        line += " 0";
    line += '\n';
    const auto e = loadErrorOf([&] { readTextBuffer(line, "big.txt"); });
    EXPECT_EQ(e.path(), "big.txt");
    EXPECT_EQ(e.line(), 1u);
    EXPECT_STREQ(
        e.what(),
        "big.txt:1: the first row has 10000000 dimensions, more than the 1,048,576 attnviz reads (and "
        "caches)");
    const auto h = loadErrorOf([&] { readTextBuffer("1 2000000\nw 1\n", "header.txt"); });
    EXPECT_NE(
        std::string(h.what()).find("word2vec header announces 2000000 dimensions, more than the 1,048,576"),
        std::string::npos)
        << h.what();
}

TEST(Issue18, GloveTextAtTheDimensionLimitIsCachedAndTheCacheIsUsed) {
    const auto dir = tempDir("dim_limit_cache");
    std::string line = "w";
    for (std::size_t i = 0; i < kMaxDimensions; ++i)
        line += " 1";
    spit(dir / "v.txt", line + "\n");
    std::vector<std::string> warnings;
    OpenOptions o;
    o.cacheDir = dir / "cache";
    o.read.warnings = &warnings;
    const auto first = open(dir / "v.txt", o);
    EXPECT_EQ(first->dim(), kMaxDimensions);
    ASSERT_TRUE(fs::exists(cachePathFor(dir / "v.txt", o.cacheDir)));
    const auto second = open(dir / "v.txt", o); // from the cache, which accepts this dimension
    EXPECT_EQ(second->dim(), kMaxDimensions);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
}

TEST(Issue18, WinkDimensionsAboveTheLimitAreRejected) {
    const auto dir = tempDir("wink_dim_limit");
    spit(dir / "p.json", R"({"dimensions":1048577,"words":[],"vectors":{}})");
    const auto e = loadErrorOf([&] { importWinkToBinary(dir / "p.json", dir / "o.bin"); });
    EXPECT_NE(std::string(e.what()).find("'dimensions' must be in 1..1048576"), std::string::npos)
        << e.what();
}

// ------------------------------------------------------------- found by the fuzzing runs

TEST(FoundByFuzzing, SmallTextReadIsNotDelayedByTheProgressPoll) {
    // The text reader slept 15 ms before looking whether the parse had finished: every read took at
    // least 15 ms (the glove_text harness ran ~100 inputs a second). The poll is injected instead of
    // timed: with a progress interval of an hour, a reader that waits for its poll before it sees the
    // parse end does not come back within the minute allowed here (a tiny read takes microseconds, so
    // a busy machine cannot fail this), and a reader woken by the parse reports no progress between
    // its first 0 and its last 1 (no poll ran).
    struct Shared {
        std::mutex mutex;
        std::condition_variable cv;
        bool done = false;
        std::size_t words = 0;
        std::vector<double> reported;
    };
    auto shared = std::make_shared<Shared>();
    std::thread reader([shared] {
        ReadOptions options;
        options.progressInterval = std::chrono::hours(1);
        options.progress = [shared](double f) {
            const std::lock_guard<std::mutex> lock(shared->mutex);
            shared->reported.push_back(f);
            return true;
        };
        const std::size_t words = readTextBuffer("a 1 2\nb 3 4\n", "tiny.txt", options)->size();
        const std::lock_guard<std::mutex> lock(shared->mutex);
        shared->words = words;
        shared->done = true;
        shared->cv.notify_all();
    });
    std::unique_lock<std::mutex> lock(shared->mutex);
    const bool done = shared->cv.wait_for(lock, std::chrono::minutes(1), [&] { return shared->done; });
    lock.unlock();
    if (!done) {
        reader.detach(); // still waiting for its hour-long poll; it only touches `shared`
        FAIL() << "a two-line read waited for the progress poll instead of being woken by the parse";
    }
    reader.join();
    EXPECT_EQ(shared->words, 2u);
    EXPECT_EQ(shared->reported, (std::vector<double>{0.0, 1.0}));
}

} // namespace
