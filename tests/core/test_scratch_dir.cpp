// The tests' scratch directories: fresh, distinct, and gone when the test is done with them.
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <scratch_dir.hpp>
#include <utility>

namespace fs = std::filesystem;

TEST(ScratchDir, IsEmptyThenRemovedWithItsFiles) {
    fs::path where;
    {
        const testutil::ScratchDir dir("scratch-self-test");
        where = dir.path();
        ASSERT_TRUE(fs::is_directory(where));
        EXPECT_TRUE(fs::is_empty(where));
        std::ofstream(dir / "file.txt") << "x";
        fs::create_directories(dir / "sub");
        std::ofstream(dir / "sub" / "deep.txt") << "y";
    }
    EXPECT_FALSE(fs::exists(where));
}

TEST(ScratchDir, TwoWithTheSameNameAreDistinctAndAMoveKeepsTheDirectory) {
    testutil::ScratchDir a("scratch-same");
    const testutil::ScratchDir b("scratch-same");
    EXPECT_NE(a.path(), b.path());
    const fs::path where = a.path();
    {
        const testutil::ScratchDir moved(std::move(a));
        EXPECT_EQ(moved.path(), where);
    }
    EXPECT_FALSE(fs::exists(where)); // removed once, by the object it moved to
    EXPECT_TRUE(fs::is_directory(b.path()));
}
