// attn::tokenize against GloVe 6B's (Stanford-tokenized, lower-cased) vocabulary.

#include "attn/glove/loader.hpp"
#include "attn/tokenizers/glove_tokenizer.hpp"

#include <gtest/gtest.h>

using attn::tokenize;
using V = std::vector<std::string>;

TEST(Tokenizer, ExamplesFromTheIssue) {
    EXPECT_EQ(tokenize("she's"), (V{"she", "'s"}));
    EXPECT_EQ(tokenize("don't"), (V{"do", "n't"}));
    EXPECT_EQ(tokenize("can't"), (V{"ca", "n't"}));
    EXPECT_EQ(tokenize("improved."), (V{"improved", "."}));
}

TEST(Tokenizer, LowerCasesAsciiAndKeepsUtf8) {
    EXPECT_EQ(tokenize("The CAT"), (V{"the", "cat"}));
    EXPECT_EQ(tokenize("Caf\xC3\xA9 \xC3\x89t\xC3\xA9"), (V{"caf\xC3\xA9", "\xC3\x89t\xC3\xA9"}));
}

TEST(Tokenizer, Sentence) {
    EXPECT_EQ(tokenize("She's improved, hasn't she?"),
              (V{"she", "'s", "improved", ",", "has", "n't", "she", "?"}));
    EXPECT_EQ(tokenize("  (Hello)  \"world\"! "), (V{"(", "hello", ")", "\"", "world", "\"", "!"}));
}

TEST(Tokenizer, NumbersHyphensAndAbbreviations) {
    EXPECT_EQ(tokenize("3.5 1,000 10:30 -2"), (V{"3.5", "1,000", "10:30", "-2"}));
    EXPECT_EQ(tokenize("a well-known e-mail"), (V{"a", "well-known", "e-mail"}));
    EXPECT_EQ(tokenize("The U.S. and Mr. Smith."), (V{"the", "u.s.", "and", "mr.", "smith", "."}));
    EXPECT_EQ(tokenize("50%"), (V{"50", "%"}));
}

TEST(Tokenizer, CliticsAndQuotes) {
    EXPECT_EQ(tokenize("we'll I'm they're you've he'd"),
              (V{"we", "'ll", "i", "'m", "they", "'re", "you", "'ve", "he", "'d"}));
    EXPECT_EQ(tokenize("won't cannot"), (V{"wo", "n't", "can", "not"}));
    EXPECT_EQ(tokenize("she\xE2\x80\x99s"), (V{"she", "'s"})); // typographic apostrophe
    EXPECT_EQ(tokenize("students' work"), (V{"students", "'", "work"}));
    EXPECT_EQ(tokenize("wait..."), (V{"wait", "..."}));
    EXPECT_EQ(tokenize("\xE2\x80\x9CHi\xE2\x80\x9D"), (V{"\xE2\x80\x9C", "hi", "\xE2\x80\x9D"}));
}

TEST(Tokenizer, EmptyAndBlank) {
    EXPECT_TRUE(tokenize("").empty());
    EXPECT_TRUE(tokenize(" \t\n ").empty());
}

TEST(Tokenizer, TokensOfATypedSentenceAreInTheDefaultVocabulary) {
    auto d = attn::glove::embeddedDefault();
    for (const auto& t : tokenize("She improved, and her results (ninety points) were well-known!"))
        EXPECT_TRUE(d->lookup(t).has_value()) << t;
    // The wink-derived sets lack GloVe 6B's clitic tokens: they come out as explicit OOV tokens.
    const auto toks = tokenize("She's");
    ASSERT_EQ(toks, (V{"she", "'s"}));
    EXPECT_FALSE(d->lookup(toks[1]).has_value());
}
