// The function-word artefact detector (attn/function_words.hpp), checked on a hand-made score matrix.
#include <attn/function_words.hpp>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>

TEST(FunctionWords, ListIsCaseInsensitiveAndLeavesPronounsOut) {
    EXPECT_TRUE(attn::isFunctionWord("the"));
    EXPECT_TRUE(attn::isFunctionWord("The"));
    EXPECT_TRUE(attn::isFunctionWord("to"));
    EXPECT_TRUE(attn::isFunctionWord("a"));
    EXPECT_FALSE(attn::isFunctionWord("she"));
    EXPECT_FALSE(attn::isFunctionWord("her"));
    EXPECT_FALSE(attn::isFunctionWord("teacher"));
}

TEST(FunctionWords, PairsAmongTheTwoHighestOfTheirRowSortedByScore) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<std::string> queries = {"the", "teacher", "to"};
    const std::vector<std::string> keys = {"of", "the", "student", "to"};
    attn::Matrix s(3, 4);
    s << 2.0f, 3.0f, 1.0f, 2.5f, // the: top two are the (same word, skipped) and to
        5.0f, 5.0f, 5.0f, 5.0f,  // teacher is not a function word
        1.0f, 2.8f, 2.9f, nan;   // to: top two are student (not a function word) and the
    const auto pairs = attn::functionWordPairs(queries, keys, s);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(pairs[0].query, 2u); // to ↔ the, 2.8
    EXPECT_EQ(pairs[0].key, 1u);
    EXPECT_FLOAT_EQ(pairs[0].score, 2.8f);
    EXPECT_EQ(pairs[1].query, 0u); // the ↔ to, 2.5 ("of" at 2.0 is third in its row)
    EXPECT_EQ(pairs[1].key, 3u);
    EXPECT_EQ(attn::functionWordPairs(queries, keys, s, 1).size(), 1u);
}

TEST(FunctionWords, AbsentCellsNeverCountAndShapesAreChecked) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    attn::Matrix s(1, 2);
    s << nan, nan;
    EXPECT_TRUE(attn::functionWordPairs({"the"}, {"to", "of"}, s).empty());
    try {
        attn::functionWordPairs({"the", "to"}, {"of"}, s);
        FAIL() << "expected a shape error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("expected 2 x 1, got 1 x 2"), std::string::npos) << e.what();
    }
}

// A 120-word query repeats "the" in many rows: the note listed "the ↔ to" three times (issue 49
// point 11). Each pair of words comes once, at its highest cell, and the other pairs keep their place.
TEST(FunctionWords, RepeatedWordPairWasListedThreeTimes) {
    const std::vector<std::string> queries = {"the", "cat", "The", "of", "the"};
    const std::vector<std::string> keys = {"to", "the", "mat"};
    attn::Matrix s(5, 3);
    s << 3.0f, 1.0f, 0.0f, // the ↔ to 3.0
        0.0f, 0.0f, 0.0f,  // cat: not a function word
        4.0f, 1.0f, 0.0f,  // The ↔ to 4.0: the same two words, the highest cell
        1.0f, 2.0f, 0.0f,  // of ↔ the 2.0, of ↔ to 1.0
        3.5f, 1.0f, 0.0f;  // the ↔ to 3.5
    const auto pairs = attn::functionWordPairs(queries, keys, s);
    ASSERT_EQ(pairs.size(), 3u);
    EXPECT_EQ(pairs[0].query, 2u); // The ↔ to, 4.0
    EXPECT_EQ(pairs[0].key, 0u);
    EXPECT_FLOAT_EQ(pairs[0].score, 4.0f);
    EXPECT_EQ(pairs[1].query, 3u); // of ↔ the, 2.0
    EXPECT_EQ(pairs[1].key, 1u);
    EXPECT_EQ(pairs[2].query, 3u); // of ↔ to, 1.0
    EXPECT_EQ(pairs[2].key, 0u);
}
