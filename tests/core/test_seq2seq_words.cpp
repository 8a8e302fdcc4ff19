// Translation results read by words (attn::outputText, attn::wordAlignment) against hand computations,
// and the word grouping of a SentencePiece model's pieces on the parity fixture
// (tests/data/parity/s2s_pieces_2layer_additive, pieces cut by python3-sentencepiece).

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/models/seq2seq.hpp>
#include <filesystem>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kParity = fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity";

// Source "▁the ▁bo ok </s>" (words the, book), output "▁el ▁lib ro </s>" (words el, libro).
attn::TranslationResult handMade() {
    attn::TranslationResult r;
    r.pieces = true;
    r.sourceTokens = {"\xE2\x96\x81the",
                      "\xE2\x96\x81"
                      "bo",
                      "ok", "</s>"};
    r.sourceWords = {"the", "book"};
    r.sourceWordOf = {0, 1, 1, -1};
    r.outputTokens = {"\xE2\x96\x81"
                      "el",
                      "\xE2\x96\x81lib", "ro", "</s>"};
    r.outputWords = {"el", "libro"};
    r.outputWordOf = {0, 1, 1, -1};
    r.hasAttention = true;
    r.alignment.resize(4, 4);                  // steps x source pieces; each row sums to 1
    r.alignment << 0.70f, 0.10f, 0.10f, 0.10f, //
        0.05f, 0.60f, 0.25f, 0.10f,            //
        0.10f, 0.20f, 0.50f, 0.20f,            //
        0.00f, 0.00f, 0.10f, 0.90f;
    return r;
}

} // namespace

TEST(Seq2SeqWords, OutputTextJoinsTheWords) {
    EXPECT_EQ(attn::outputText(handMade()), "el libro");
    EXPECT_EQ(attn::outputText(attn::TranslationResult{}), "");
}

TEST(Seq2SeqWords, WordAlignmentSumsColumnsAndAveragesRows) {
    const auto w = attn::wordAlignment(handMade());
    ASSERT_EQ(w.rows(), 2);
    ASSERT_EQ(w.cols(), 2);
    // "el" is one piece: its row without eos (0.70 | 0.10 + 0.10).
    EXPECT_NEAR(w(0, 0), 0.70f, 1e-6f);
    EXPECT_NEAR(w(0, 1), 0.20f, 1e-6f);
    // "libro" = rows 1 and 2: "the" (0.05 + 0.10) / 2, "book" (0.60 + 0.25 + 0.20 + 0.50) / 2.
    EXPECT_NEAR(w(1, 0), 0.075f, 1e-6f);
    EXPECT_NEAR(w(1, 1), 0.775f, 1e-6f);
}

TEST(Seq2SeqWords, NoAlignmentWithoutAttention) {
    auto r = handMade();
    r.hasAttention = false;
    r.alignment.resize(0, 0);
    EXPECT_EQ(attn::wordAlignment(r).size(), 0);
}

TEST(Seq2SeqWords, PiecesAreGroupedIntoTheWordsTyped) {
    const auto model = attn::loadModel(kParity / "s2s_pieces_2layer_additive");
    const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get());
    ASSERT_NE(s2s, nullptr);
    const auto r = s2s->translate("The book that I bought.");
    ASSERT_TRUE(r.pieces);
    // python3-sentencepiece: ▁the ▁bo ok ▁t h at ▁i ▁bo u gh t ▁. </s>
    EXPECT_EQ(r.sourceWords, (std::vector<std::string>{"the", "book", "that", "i", "bought", "."}));
    EXPECT_EQ(r.sourceWordOf, (std::vector<int>{0, 1, 1, 2, 2, 2, 3, 4, 4, 4, 4, 5, -1}));
    ASSERT_EQ(r.outputWordOf.size(), r.outputTokens.size());
    // Every output token but a final eos belongs to a word, in order.
    int last = -1;
    for (std::size_t t = 0; t < r.outputTokens.size(); ++t) {
        if (r.outputTokens[t] == "</s>") {
            EXPECT_EQ(r.outputWordOf[t], -1);
            continue;
        }
        EXPECT_TRUE(r.outputWordOf[t] == last || r.outputWordOf[t] == last + 1);
        last = r.outputWordOf[t];
    }
    EXPECT_EQ(last + 1, static_cast<int>(r.outputWords.size()));
    // The word alignment's rows hold each output word's share of the source words.
    const auto w = attn::wordAlignment(r);
    EXPECT_EQ(w.rows(), static_cast<Eigen::Index>(r.outputWords.size()));
    EXPECT_EQ(w.cols(), 6);
    for (Eigen::Index i = 0; i < w.rows(); ++i)
        EXPECT_LE(w.row(i).sum(), 1.0f + 1e-5f);
}

TEST(Seq2SeqWords, WordModelWordsAreItsTokens) {
    const auto model = attn::loadModel(kParity / "s2s_additive");
    const auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get());
    ASSERT_NE(s2s, nullptr);
    const auto r = s2s->translateWords({"i", "am", "cold", "."});
    EXPECT_FALSE(r.pieces);
    EXPECT_EQ(r.sourceWords, (std::vector<std::string>{"i", "am", "cold", "."}));
    EXPECT_EQ(r.sourceWordOf, (std::vector<int>{0, 1, 2, 3, -1}));
    // Without eos, the word alignment is the token alignment.
    const auto w = attn::wordAlignment(r);
    const Eigen::Index words = static_cast<Eigen::Index>(r.outputWords.size());
    ASSERT_EQ(w.rows(), words);
    EXPECT_LE((w - r.alignment.topLeftCorner(words, 4)).cwiseAbs().maxCoeff(), 1e-6f);
}
