// tokenizer.json Split / Sequence pre-tokenizers (Llama 3 layout), added-token flags, WordPiece
// special-token splitting and never_split, and Llama's max_position_embeddings, against
// training/make_tokenizer_fixtures.py (hf_split(), added_split(), split_llama3_encode(),
// bert_encode_slow(): the Hugging Face tokenizers library's and transformers' semantics written again in
// Python with python3-regex, not run from those packages).
#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/config.hpp>
#include <attn/hf/hf_config.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/model.hpp>
#include <attn/tokenizers/byte_level_bpe.hpp>
#include <attn/tokenizers/load.hpp>
#include <attn/tokenizers/pre_tokenizer.hpp>
#include <attn/tokenizers/tokenizer_json.hpp>
#include <attn/tokenizers/wordpiece.hpp>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using attn::tokenizers::Tokenizer;

namespace {

const fs::path kTok = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / "tokenizers";
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";

using hftest::errorOf;

testutil::ScratchDir copyFixture(const std::string& fixture, const std::string& name) {
    return hftest::copyDir(kTok / fixture, name);
}

void expectIds(const Tokenizer& tok, const std::string& fixture, bool checkDecoded) {
    const auto exp = hftest::readJson(kTok / fixture / "expected.json");
    ASSERT_GE(exp["cases"].size(), 8u);
    for (const auto& c : exp["cases"]) {
        const auto text = c["text"].get<std::string>();
        const auto ids = tok.encode(text);
        EXPECT_EQ(ids, c["ids"].get<std::vector<int>>()) << fixture << ": '" << text << "'";
        if (c.contains("pieces")) {
            for (std::size_t i = 0; i < ids.size() && i < c["pieces"].size(); ++i)
                EXPECT_EQ(tok.piece(ids[i]), c["pieces"][i].get<std::string>()) << "'" << text << "'";
        }
        if (checkDecoded && c.contains("decoded")) {
            EXPECT_EQ(tok.decode(c["ids"].get<std::vector<int>>()), c["decoded"].get<std::string>())
                << fixture << ": '" << text << "'";
        }
    }
}

TEST(HfSplitPreTokenizer, EveryBehaviourAndInvertGiveTheLibrarysPieces) {
    const auto exp = hftest::readJson(kTok / "split-cases.json");
    ASSERT_EQ(exp["cases"].size(), 490u);
    std::size_t nonTrivial = 0;
    for (const auto& c : exp["cases"]) {
        const bool regex = c["pattern"].contains("Regex");
        const auto pattern = c["pattern"][regex ? "Regex" : "String"].get<std::string>();
        attn::tokenizers::PreTokenizer pre;
        pre.addSplit(pattern, regex, attn::tokenizers::parseSplitBehavior(c["behavior"], "cases", "behavior"),
                     c["invert"].get<bool>(), "split-cases.json", "pattern");
        const auto text = c["text"].get<std::string>();
        const auto want = c["pieces"].get<std::vector<std::string>>();
        EXPECT_EQ(pre.apply(text), want)
            << pattern << " " << c["behavior"] << " invert " << c["invert"] << " on '" << text << "'";
        nonTrivial += want.size() > 1;
    }
    EXPECT_GT(nonTrivial, 200u); // the cases do split
}

TEST(HfSplitPreTokenizer, HandComputedBehavioursOnADash) {
    // "the-final--word-" split on "-" (the library's documentation example, worked by hand).
    using B = attn::tokenizers::SplitBehavior;
    auto run = [](B b, bool invert) {
        attn::tokenizers::PreTokenizer pre;
        pre.addSplit("-", false, b, invert, "f", "k");
        return pre.apply("the-final--word-");
    };
    using V = std::vector<std::string>;
    EXPECT_EQ(run(B::Removed, false), (V{"the", "final", "word"}));
    EXPECT_EQ(run(B::Isolated, false), (V{"the", "-", "final", "-", "-", "word", "-"}));
    EXPECT_EQ(run(B::MergedWithPrevious, false), (V{"the-", "final-", "-", "word-"}));
    EXPECT_EQ(run(B::MergedWithNext, false), (V{"the", "-final", "-", "-word", "-"}));
    EXPECT_EQ(run(B::Contiguous, false), (V{"the", "-", "final", "--", "word", "-"}));
    EXPECT_EQ(run(B::Removed, true), (V{"-", "-", "-", "-"}));
}

TEST(HfSplitPreTokenizer, WhitespaceClassIsUnicodeWhiteSpaceAsInOniguruma) {
    // U+0085 (NEL) and U+000B are White_Space (Oniguruma's \s) but not in ICU's own \s.
    attn::tokenizers::PreTokenizer pre;
    pre.addSplit("\\s+", true, attn::tokenizers::SplitBehavior::Removed, false, "f", "k");
    EXPECT_EQ(pre.apply("a\xC2\x85"
                        "b\x0B"
                        "c"),
              (std::vector<std::string>{"a", "b", "c"}));
}

TEST(HfTokenizerJson, Llama3SplitAndByteLevelWithoutRegexMatchesTheReference) {
    const auto tok =
        attn::tokenizers::load(kTok / "llama3-split-json",
                               attn::hf::HfConfig(nlohmann::json{{"model_type", "llama"}}, "config.json"));
    ASSERT_NE(dynamic_cast<const attn::tokenizers::ByteLevelBpe*>(tok.get()), nullptr);
    expectIds(*tok, "llama3-split-json", true);
    // Llama 3's regex keeps at most three digits together: "123" "456" "7", each through the BPE.
    const auto ids = tok->encode("1234567");
    std::vector<std::string> pieces;
    for (std::size_t i = 1; i < ids.size(); ++i)
        pieces.push_back(tok->piece(ids[i]));
    EXPECT_EQ(pieces, (std::vector<std::string>{"12", "3", "45", "6", "7"}));
}

TEST(HfTokenizerJson, IgnoreMergesLooksTheWholePieceUpFirst) {
    // A vocabulary entry no merge chain reaches: with ignore_merges it is one token, without, pieces.
    const auto d = copyFixture("llama3-split-json", "ignore-merges");
    auto j = hftest::readJson(d / "tokenizer.json");
    const int id = static_cast<int>(j["model"]["vocab"].size());
    j["model"]["vocab"]["xyzzy"] = id;
    hftest::writeJson(d / "tokenizer.json", j);
    const auto with = attn::tokenizers::loadTokenizerJson(d);
    EXPECT_EQ(with->encode("xyzzy"), (std::vector<int>{with->idOf("<|begin_of_text|>"), id}));
    j["model"]["ignore_merges"] = false;
    hftest::writeJson(d / "tokenizer.json", j);
    const auto without = attn::tokenizers::loadTokenizerJson(d);
    EXPECT_GT(without->encode("xyzzy").size(), 2u);
}

TEST(HfTokenizerJson, AddedTokenFlagsSingleWordLstripRstripSpecial) {
    const auto tok = attn::tokenizers::loadTokenizerJson(kTok / "llama3-split-json");
    const int bos = tok->idOf("<|begin_of_text|>"), mask = tok->idOf("<mask>"), av = tok->idOf("attnviz");
    ASSERT_GE(mask, 0);
    ASSERT_GE(av, 0);
    // single_word: inside "myattnviz" or before "_x" it is not the added token.
    const auto inWord = tok->encode("myattnviz");
    EXPECT_EQ(std::count(inWord.begin(), inWord.end(), av), 0);
    EXPECT_EQ(tok->encode("attnviz"), (std::vector<int>{bos, av}));
    // lstrip + rstrip: the spaces around <mask> belong to it.
    const auto a = tok->encode("a <mask> b"), b = tok->encode("a<mask>b");
    EXPECT_EQ(a, b);
    // special tokens are dropped by decode, ordinary added tokens kept.
    EXPECT_EQ(tok->decode(tok->encode("attnviz<mask>")), "attnviz");
}

TEST(HfTokenizerJson, UnsupportedSplitRegexNamesTheFileAndThePattern) {
    const auto d = copyFixture("llama3-split-json", "bad-regex");
    auto j = hftest::readJson(d / "tokenizer.json");
    for (const std::string pattern : {"(?~abc)", "[a-", "\\h+"}) {
        j["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = pattern;
        hftest::writeJson(d / "tokenizer.json", j);
        const auto m = errorOf([&] { attn::tokenizers::loadTokenizerJson(d); });
        EXPECT_NE(m.find((d / "tokenizer.json").string()), std::string::npos) << m;
        EXPECT_NE(m.find("pre_tokenizer.pretokenizers[0].pattern"), std::string::npos) << m;
        EXPECT_NE(m.find("'" + pattern + "'"), std::string::npos) << m;
        EXPECT_NE(m.find("not supported"), std::string::npos) << m;
    }
    j["pre_tokenizer"]["pretokenizers"][0]["pattern"] = {{"Regex", "\\s+"}};
    j["pre_tokenizer"]["pretokenizers"][0]["behavior"] = "Merged";
    hftest::writeJson(d / "tokenizer.json", j);
    EXPECT_NE(errorOf([&] { attn::tokenizers::loadTokenizerJson(d); }).find("pretokenizers[0].behavior"),
              std::string::npos);
    j["pre_tokenizer"]["pretokenizers"][0] = {{"type", "Digits"}, {"individual_digits", true}};
    hftest::writeJson(d / "tokenizer.json", j);
    EXPECT_NE(errorOf([&] { attn::tokenizers::loadTokenizerJson(d); }).find("'Digits' before ByteLevel"),
              std::string::npos);
}

TEST(HfWordPiece, SpecialTokensTypedInTheTextAreTheirIdsInTokenizerJson) {
    const auto tok = attn::tokenizers::loadTokenizerJson(kTok / "wordpiece-json");
    expectIds(*tok, "wordpiece-json", false);
    const int cls = tok->idOf("[CLS]"), sep = tok->idOf("[SEP]");
    EXPECT_EQ(tok->encode("[CLS] hello [SEP]"), (std::vector<int>{cls, cls, tok->idOf("hello"), sep, sep}));
}

TEST(HfWordPiece, SpecialTokensTypedInTheTextAreTheirIdsFromVocabTxt) {
    const auto tok = attn::tokenizers::WordPiece::load(kHf / "bert-tiny");
    const int cls = tok->idOf("[CLS]"), sep = tok->idOf("[SEP]"), mask = tok->idOf("[MASK]");
    EXPECT_EQ(tok->encode("[CLS] hello [SEP]"), (std::vector<int>{cls, cls, tok->idOf("hello"), sep, sep}));
    EXPECT_EQ(tok->encode("hello[MASK]"), (std::vector<int>{cls, tok->idOf("hello"), mask, sep}));
    // split_special_tokens: true makes them ordinary text again.
    const auto d = hftest::tempDir("split-special");
    fs::copy_file(kHf / "bert-tiny" / "vocab.txt", d / "vocab.txt");
    hftest::writeJson(d / "tokenizer_config.json", {{"do_lower_case", true}, {"split_special_tokens", true}});
    const auto plain = attn::tokenizers::WordPiece::load(d);
    const auto ids = plain->encode("[CLS]");
    EXPECT_EQ(ids.size(), 2u + 3u); // "[", "cls" -> [UNK], "]"
}

TEST(HfWordPiece, NeverSplitKeepsWordsWholeAfterLowerCasing) {
    const auto tok = attn::tokenizers::WordPiece::load(kTok / "wordpiece-never-split");
    expectIds(*tok, "wordpiece-never-split", false);
    EXPECT_EQ(tok->encode("the [unused0] film"),
              (std::vector<int>{tok->idOf("[CLS]"), tok->idOf("the"), tok->idOf("[unused0]"),
                                tok->idOf("film"), tok->idOf("[SEP]")}));
}

TEST(HfLlamaConfig, InputLongerThanMaxPositionEmbeddingsIsAClearError) {
    const auto lm =
        std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(kHf / "llama-gqa"));
    ASSERT_TRUE(lm);
    ASSERT_EQ(lm->maxPositions(), 64);
    EXPECT_NO_THROW(lm->forward(std::vector<int>(64, 5)));
    const auto m = errorOf([&] { lm->forward(std::vector<int>(65, 5)); });
    EXPECT_NE(m.find("config.json"), std::string::npos) << m;
    EXPECT_NE(m.find("65 positions exceed the model's limit of 64"), std::string::npos) << m;
    // Generation stops at the limit with a warning instead.
    const auto g = attn::hf::generateGreedy(*lm, std::vector<int>(60, 5), 20);
    EXPECT_EQ(g.generatedIds.size(), 5u); // 60 + 4 positions; the 5th token comes from position 63
    ASSERT_EQ(g.warnings.size(), 1u);
    EXPECT_NE(g.warnings[0].find("position limit of 64"), std::string::npos);
}

} // namespace
