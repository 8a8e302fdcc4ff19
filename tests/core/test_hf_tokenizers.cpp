// GPT-2 byte-level BPE, SentencePiece and tokenizer.json against training/make_tokenizer_fixtures.py
// (a Python GPT-2 encoder written from GPT-2's published algorithm, and Debian's python3-sentencepiece)
// on texts with punctuation, accents, CJK, emoji, contractions, runs of spaces and unknown words.
#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <algorithm>
#include <attn/config.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/hf/load.hpp>
#include <attn/tokenizers/byte_level_bpe.hpp>
#include <attn/tokenizers/load.hpp>
#include <attn/tokenizers/metaspace_bpe.hpp>
#include <attn/tokenizers/sentencepiece_tokenizer.hpp>
#include <attn/tokenizers/tokenizer_json.hpp>
#include <attn/tokenizers/wordpiece.hpp>
#include <gtest/gtest.h>
#include <unicode/utf8.h>

namespace fs = std::filesystem;
using attn::tokenizers::Tokenizer;

namespace {

const fs::path kTok = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf" / "tokenizers";
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";

attn::hf::HfConfig configOf(const std::string& type) {
    return attn::hf::HfConfig(nlohmann::json{{"model_type", type}}, "config.json");
}

std::shared_ptr<const Tokenizer> loadAs(const std::string& fixture, const std::string& type) {
    return attn::tokenizers::load(kTok / fixture, configOf(type));
}

// Every case of <fixture>/expected.json: ids, stored pieces and decoded text as the reference gave them.
void expectMatchesReference(const Tokenizer& tok, const std::string& fixture, bool checkPieces = true) {
    const auto exp = hftest::readJson(kTok / fixture / "expected.json");
    ASSERT_GE(exp["cases"].size(), 8u);
    for (const auto& c : exp["cases"]) {
        const auto text = c["text"].get<std::string>();
        const auto ids = tok.encode(text);
        EXPECT_EQ(ids, c["ids"].get<std::vector<int>>()) << fixture << ": '" << text << "'";
        if (checkPieces && c.contains("pieces")) {
            for (std::size_t i = 0; i < ids.size() && i < c["pieces"].size(); ++i)
                EXPECT_EQ(tok.piece(ids[i]), c["pieces"][i].get<std::string>())
                    << fixture << ": '" << text << "'";
        }
        if (c.contains("decoded")) {
            EXPECT_EQ(tok.decode(c["ids"].get<std::vector<int>>()), c["decoded"].get<std::string>())
                << fixture << ": '" << text << "'";
        }
    }
}

bool validUtf8(const std::string& s) {
    const auto* b = reinterpret_cast<const uint8_t*>(s.data());
    const auto n = static_cast<int32_t>(s.size());
    for (int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(b, i, n, c);
        if (c < 0)
            return false;
    }
    return true;
}

using hftest::errorOf;

testutil::ScratchDir copyFixture(const std::string& fixture, const std::string& name) {
    return hftest::copyDir(kTok / fixture, name);
}

void writeText(const fs::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

} // namespace

// ------------------------------------------------------------------------ GPT-2 byte-level BPE --

TEST(HfByteLevelBpe, MatchesTheReferenceEncoderOnEveryText) {
    const auto tok = attn::tokenizers::ByteLevelBpe::load(kTok / "gpt2-bpe");
    expectMatchesReference(*tok, "gpt2-bpe");
}

TEST(HfByteLevelBpe, PreTokenisationFollowsGpt2sRegex) {
    using attn::tokenizers::ByteLevelBpe;
    // Contractions in lower case only; the last of several spaces stays with the word; \s+(?!\S).
    EXPECT_EQ(ByteLevelBpe::preTokenize("I'll DON'T"),
              (std::vector<std::string>{"I", "'ll", " DON", "'", "T"}));
    EXPECT_EQ(ByteLevelBpe::preTokenize("a   b"), (std::vector<std::string>{"a", "  ", " b"}));
    EXPECT_EQ(ByteLevelBpe::preTokenize("x \n\ty  "),
              (std::vector<std::string>{"x", " \n", "\t", "y", "  "}));
    EXPECT_EQ(ByteLevelBpe::preTokenize("3.14!! Ωmega"),
              (std::vector<std::string>{"3", ".", "14", "!!", " Ωmega"}));
    EXPECT_EQ(ByteLevelBpe::preTokenize("注意 🙂"), (std::vector<std::string>{"注意", " 🙂"}));
}

TEST(HfByteLevelBpe, ByteMapIsGpt2s) {
    using attn::tokenizers::ByteLevelBpe;
    EXPECT_EQ(ByteLevelBpe::bytesToUnicode(" "), "Ġ");    // byte 32 -> U+0120
    EXPECT_EQ(ByteLevelBpe::bytesToUnicode("\n"), "Ċ");   // byte 10 -> U+010A
    EXPECT_EQ(ByteLevelBpe::bytesToUnicode("A~"), "A~");  // printable ASCII stands for itself
    EXPECT_EQ(ByteLevelBpe::bytesToUnicode("\xAD"), "Ń"); // soft hyphen, the last of the 68
    const std::string all = [] {
        std::string s;
        for (int b = 0; b < 256; ++b)
            s.push_back(static_cast<char>(b));
        return s;
    }();
    EXPECT_EQ(ByteLevelBpe::unicodeToBytes(ByteLevelBpe::bytesToUnicode(all)), all);
}

TEST(HfByteLevelBpe, EncodeThenDecodeGivesTheTextBack) {
    const auto tok = attn::tokenizers::ByteLevelBpe::load(kTok / "gpt2-bpe");
    for (const std::string t :
         {"Hello, world! It's a test.", "The café's naïve résumé — déjà vu.", "注意力机制很有用",
          "emoji 🙂👍🏽 time", "  multiple   spaces\tand\nnewlines  ", "Unknown: xylophone qwzx"})
        EXPECT_EQ(tok->decode(tok->encode(t)), t);
}

TEST(HfByteLevelBpe, NoBosAndTheEndOfTextMarkerIsOneToken) {
    const auto tok = attn::tokenizers::ByteLevelBpe::load(kTok / "gpt2-bpe");
    const int eot = tok->idOf("<|endoftext|>");
    ASSERT_EQ(eot, tok->vocabSize() - 1);
    const auto ids = tok->encode("a<|endoftext|>b");
    ASSERT_EQ(ids.size(), 3u);
    EXPECT_EQ(ids[1], eot);
    EXPECT_EQ(tok->decode(ids), "ab"); // special tokens dropped
    EXPECT_NE(tok->encode("Hello").front(), eot);
}

TEST(HfByteLevelBpe, ReadableLabelsShowSpacesAndJoinSplitCharacters) {
    const auto tok = attn::tokenizers::ByteLevelBpe::load(kTok / "gpt2-bpe");
    const auto ids = tok->encode(" the 🙂");
    const auto labels = tok->readable(ids);
    ASSERT_EQ(labels.size(), ids.size());
    EXPECT_EQ(labels.front(), " the");
    EXPECT_EQ(tok->piece(ids.front()), "Ġthe");
    // The emoji's four bytes are more than one token in this tiny vocabulary: each shows it whole.
    int withEmoji = 0;
    for (std::size_t i = 1; i < labels.size(); ++i) {
        EXPECT_TRUE(validUtf8(labels[i])) << i;
        EXPECT_TRUE(labels[i] == " " || labels[i].find("🙂") != std::string::npos)
            << i << ": " << labels[i];
        withEmoji += labels[i].find("🙂") != std::string::npos;
    }
    EXPECT_GE(withEmoji, 2);
}

TEST(HfTokenizerLabels, JoinSplitUtf8ShowsASharedCharacterOnEachToken) {
    EXPECT_EQ(Tokenizer::joinSplitUtf8({"\xE4", "\xB8\xAD", " a"}),
              (std::vector<std::string>{"中", "中", " a"}));
    EXPECT_EQ(Tokenizer::joinSplitUtf8({"a\xE4", "\xB8\xAD"
                                                 "b"}),
              (std::vector<std::string>{"a中", "中b"}));
    EXPECT_EQ(Tokenizer::joinSplitUtf8({"\xFF", "", "ok"}),
              (std::vector<std::string>{"\xEF\xBF\xBD", "", "ok"}));
    EXPECT_EQ(Tokenizer::joinSplitUtf8({"\xE4\xB8"}),
              (std::vector<std::string>{"\xEF\xBF\xBD"})); // truncated
}

TEST(HfByteLevelBpe, TruncatedVocabJsonNamesTheFileAndByte) {
    const auto d = copyFixture("gpt2-bpe", "trunc-vocab");
    std::ifstream in(kTok / "gpt2-bpe" / "vocab.json", std::ios::binary);
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    writeText(d / "vocab.json", s.substr(0, s.size() / 2));
    try {
        attn::tokenizers::ByteLevelBpe::load(d);
        FAIL() << "expected an error";
    } catch (const attn::Error& e) {
        EXPECT_NE(std::string(e.what()).find("vocab.json"), std::string::npos) << e.what();
        ASSERT_TRUE(e.byteOffset().has_value());
        EXPECT_GT(*e.byteOffset(), 0u);
    }
}

TEST(HfByteLevelBpe, MalformedVocabJsonNamesTheKey) {
    const auto d = copyFixture("gpt2-bpe", "bad-vocab");
    writeText(d / "vocab.json", R"({"a": 0, "b": "one"})");
    EXPECT_NE(errorOf([&] {
                  attn::tokenizers::ByteLevelBpe::load(d);
              }).find("vocab.json: key 'b': expected an integer id"),
              std::string::npos);
    writeText(d / "vocab.json", R"({"a": 0, "b": 0})");
    EXPECT_NE(errorOf([&] { attn::tokenizers::ByteLevelBpe::load(d); }).find("already used by 'a'"),
              std::string::npos);
    writeText(d / "vocab.json", R"(["a"])");
    EXPECT_NE(errorOf([&] { attn::tokenizers::ByteLevelBpe::load(d); }).find("vocab.json"),
              std::string::npos);
}

TEST(HfByteLevelBpe, MergesLineWithThreeTokensNamesFileAndLine) {
    const auto d = copyFixture("gpt2-bpe", "bad-merges");
    writeText(d / "merges.txt", "#version: 0.2\nĠ t\nh e x\n");
    try {
        attn::tokenizers::ByteLevelBpe::load(d);
        FAIL() << "expected an error";
    } catch (const attn::Error& e) {
        EXPECT_NE(std::string(e.what()).find("merges.txt:3: expected two tokens"), std::string::npos)
            << e.what();
        EXPECT_EQ(e.line(), std::optional<std::uint64_t>(3));
    }
    writeText(d / "merges.txt", "#version: 0.2\nĠ t\n\nh e\n");
    EXPECT_NE(errorOf([&] {
                  attn::tokenizers::ByteLevelBpe::load(d);
              }).find("merges.txt:4: merge after an empty line 3"),
              std::string::npos);
    writeText(d / "merges.txt", "#version: 0.2\nq z\n");
    EXPECT_NE(errorOf([&] {
                  attn::tokenizers::ByteLevelBpe::load(d);
              }).find("merges.txt:2: merge 'q z': 'qz' is not in"),
              std::string::npos);
}

TEST(HfByteLevelBpe, VocabJsonWithoutMergesTxtNamesTheDirectory) {
    const auto d = copyFixture("gpt2-bpe", "no-merges");
    fs::remove(d / "merges.txt");
    EXPECT_EQ(errorOf([&] { attn::tokenizers::load(d, configOf("gpt2")); }),
              d.string() + ": vocab.json without merges.txt (GPT-2's byte-level BPE needs both)");
}

// ------------------------------------------------------------------------------- SentencePiece --

TEST(HfSentencePiece, LlamaModelMatchesPython3SentencepieceWithBos) {
    const auto tok = loadAs("sp-llama", "llama");
    ASSERT_NE(dynamic_cast<const attn::tokenizers::SentencePiece*>(tok.get()), nullptr);
    expectMatchesReference(*tok, "sp-llama");
    EXPECT_EQ(tok->encode("Hello").front(), 1); // <s>
}

TEST(HfSentencePiece, UnigramModelFollowsItsOwnNormaliserWithoutBos) {
    const auto tok = loadAs("sp-unigram", "llama");
    expectMatchesReference(*tok, "sp-unigram");
    // nmt_nfkc + remove_extra_whitespaces: repeated spaces collapse.
    EXPECT_EQ(tok->encode("the   teacher"), tok->encode("the teacher"));
    EXPECT_NE(tok->encode("the teacher").front(), 1); // add_bos_token false
}

TEST(HfSentencePiece, ByteFallbackPiecesAreShownAsTheirCharacters) {
    const auto tok = attn::tokenizers::SentencePiece::load(kTok / "sp-llama");
    const auto ids = tok->encode("Ωx"); // Ω is not in the training text: two byte pieces <0xCE> <0xA9>
    std::vector<std::string> pieces;
    for (int id : ids)
        pieces.push_back(tok->piece(id));
    ASSERT_GE(pieces.size(), 4u) << "BOS, ▁ or ▁Ω..., bytes";
    EXPECT_NE(std::find(pieces.begin(), pieces.end(), "<0xCE>"), pieces.end());
    EXPECT_NE(std::find(pieces.begin(), pieces.end(), "<0xA9>"), pieces.end());
    const auto labels = tok->readable(ids);
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (pieces[i] == "<0xCE>" || pieces[i] == "<0xA9>") {
            EXPECT_EQ(labels[i], "Ω");
        }
    EXPECT_EQ(labels[0], "<s>");
    EXPECT_EQ(tok->decode(ids), "Ωx");
}

TEST(HfSentencePiece, MetaspaceIsShownAsASpace) {
    const auto tok = attn::tokenizers::SentencePiece::load(kTok / "sp-llama");
    const auto ids = tok->encode("the teacher");
    const auto labels = tok->readable(ids);
    ASSERT_GE(ids.size(), 2u);
    EXPECT_EQ(tok->piece(ids[1]).rfind("\xE2\x96\x81", 0), 0u); // stored with ▁
    EXPECT_EQ(labels[1].front(), ' ');
    EXPECT_EQ(labels[1].find("\xE2\x96\x81"), std::string::npos);
}

TEST(HfSentencePiece, NotAModelNamesTheFile) {
    const auto d = copyFixture("sp-llama", "bad-spm");
    writeText(d / "tokenizer.model", "this is not a protobuf");
    const auto msg = errorOf([&] { attn::tokenizers::SentencePiece::load(d); });
    EXPECT_NE(msg.find((d / "tokenizer.model").string() + ": not a usable SentencePiece model"),
              std::string::npos)
        << msg;
    writeText(d / "tokenizer.model", "");
    EXPECT_NE(errorOf([&] { attn::tokenizers::SentencePiece::load(d); }).find("empty file"),
              std::string::npos);
}

// ------------------------------------------------------------------------------ tokenizer.json --

TEST(HfTokenizerJson, ByteLevelBpeMatchesTheReferenceEncoder) {
    const auto tok = loadAs("gpt2-tokenizer-json", "gpt2");
    ASSERT_NE(dynamic_cast<const attn::tokenizers::ByteLevelBpe*>(tok.get()), nullptr);
    expectMatchesReference(*tok, "gpt2-tokenizer-json");
}

TEST(HfTokenizerJson, Llama2LayoutWithByteFallbackMatchesSentencepiece) {
    const auto tok = loadAs("sp-llama-json", "llama");
    ASSERT_NE(dynamic_cast<const attn::tokenizers::MetaspaceBpe*>(tok.get()), nullptr);
    expectMatchesReference(*tok, "sp-llama-json");
}

TEST(HfTokenizerJson, MetaspacePreTokenizerMatchesSentencepiece) {
    const auto tok = loadAs("sp-llama-metaspace-json", "llama");
    expectMatchesReference(*tok, "sp-llama-metaspace-json");
}

TEST(HfTokenizerJson, WordPieceMatchesTheBertReference) {
    const auto tok = loadAs("wordpiece-json", "bert");
    ASSERT_NE(dynamic_cast<const attn::tokenizers::WordPiece*>(tok.get()), nullptr);
    expectMatchesReference(*tok, "wordpiece-json");
    // The same vocabulary from vocab.txt gives the same ids.
    const auto txt = attn::tokenizers::WordPiece::load(kHf / "bert-tiny");
    EXPECT_EQ(tok->encode("Café naïve Søren, 中文字!"), txt->encode("Café naïve Søren, 中文字!"));
}

TEST(HfTokenizerJson, AddBosTokenFalseInTokenizerConfigDropsTheTemplatesBos) {
    const auto d = copyFixture("sp-llama-json", "no-bos");
    hftest::writeJson(d / "tokenizer_config.json", {{"add_bos_token", false}});
    const auto tok = attn::tokenizers::loadTokenizerJson(d);
    const auto withBos = loadAs("sp-llama-json", "llama")->encode("the teacher");
    EXPECT_EQ(tok->encode("the teacher"), std::vector<int>(withBos.begin() + 1, withBos.end()));
}

TEST(HfTokenizerJson, UnsupportedModelTypeIsAClearError) {
    const auto d = hftest::tempDir("unigram-json");
    hftest::writeJson(d / "tokenizer.json",
                      {{"model", {{"type", "Unigram"}, {"vocab", nlohmann::json::array()}}}});
    EXPECT_EQ(
        errorOf([&] { attn::tokenizers::load(d, configOf("llama")); }),
        (d / "tokenizer.json").string() +
            ": key 'model.type': model type 'Unigram' is not supported (attnviz reads tokenizer.json files "
            "with a WordPiece or BPE model)");
}

TEST(HfTokenizerJson, BadFieldsNameTheJsonKey) {
    const auto d = copyFixture("gpt2-tokenizer-json", "bad-json");
    auto j = hftest::readJson(kTok / "gpt2-tokenizer-json" / "tokenizer.json");
    auto with = [&](auto edit) {
        auto k = j;
        edit(k);
        hftest::writeJson(d / "tokenizer.json", k);
        return errorOf([&] { attn::tokenizers::loadTokenizerJson(d); });
    };
    EXPECT_NE(with([](auto& k) { k["model"]["merges"][3] = 7; }).find("key 'model.merges[3]'"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) { k["model"]["merges"][2] = "a b c"; }).find("key 'model.merges[2]'"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) {
                  k["model"]["merges"][0] = {"q", "z"};
              }).find("'qz' is not in"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) {
                  k["model"]["dropout"] = 0.1;
              }).find("key 'model.dropout': BPE dropout is not supported"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) { k["model"].erase("vocab"); }).find("key 'model.vocab': missing"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) {
                  k["pre_tokenizer"]["type"] = "Whitespace";
              }).find("key 'pre_tokenizer.type': pre-tokenizer 'Whitespace' is not supported"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) { k["added_tokens"][0]["id"] = -4; }).find("key 'added_tokens[0].id'"),
              std::string::npos);
    EXPECT_NE(with([](auto& k) {
                  k["post_processor"] = {{"type", "TemplateProcessing"}, {"single", 3}};
              }).find("key 'post_processor.special_tokens': missing"),
              std::string::npos);
    writeText(d / "tokenizer.json", "{\"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0}, ");
    EXPECT_NE(
        errorOf([&] { attn::tokenizers::loadTokenizerJson(d); }).find("tokenizer.json: invalid JSON at byte"),
        std::string::npos);
}

// ----------------------------------------------------------------- choice and the model loader --

TEST(HfTokenizerChoice, TokenizerJsonIsPreferredThenTheFamilysOwnFile) {
    const auto d = copyFixture("gpt2-bpe", "choice");
    for (const auto& e : fs::directory_iterator(kTok / "sp-llama"))
        if (e.path().filename() == "tokenizer.model")
            fs::copy_file(e.path(), d / "tokenizer.model");
    EXPECT_NE(dynamic_cast<const attn::tokenizers::ByteLevelBpe*>(
                  attn::tokenizers::load(d, configOf("gpt2")).get()),
              nullptr);
    EXPECT_NE(dynamic_cast<const attn::tokenizers::SentencePiece*>(
                  attn::tokenizers::load(d, configOf("llama")).get()),
              nullptr);
    fs::copy_file(kTok / "sp-llama-json" / "tokenizer.json", d / "tokenizer.json");
    EXPECT_NE(dynamic_cast<const attn::tokenizers::MetaspaceBpe*>(
                  attn::tokenizers::load(d, configOf("gpt2")).get()),
              nullptr);
    fs::remove_all(d);
    const auto empty = hftest::tempDir("no-tokenizer");
    EXPECT_EQ(attn::tokenizers::load(empty, configOf("gpt2")), nullptr); // ids only
}

namespace {

// A copy of a model fixture whose embedding (and head) rows are resized to `vocab`, with the tokenizer
// files of `tokFixture`: a model that can be driven by text. Values are small deterministic numbers.
testutil::ScratchDir modelWithTokenizer(const fs::path& model, const std::string& tokFixture,
                                        const std::string& name, const std::vector<std::string>& vocabTensors,
                                        int vocab, const std::vector<std::pair<std::string, int>>& rowTensors,
                                        const nlohmann::json& cfgEdit) {
    auto d = copyFixture(tokFixture, name);
    auto raw = hftest::readRaw(model / "model.safetensors");
    std::uint32_t state = 12345;
    auto resize = [&](const std::string& n, int rows) {
        auto& t = raw.at(n);
        const auto cols = t.shape[1];
        std::vector<float> v(static_cast<std::size_t>(rows * cols));
        for (auto& x : v) {
            state = state * 1664525u + 1013904223u;
            x = (static_cast<float>(state >> 8) / 16777216.0f - 0.5f) * 0.2f;
        }
        t = hftest::f32({rows, cols}, v);
    };
    for (const auto& n : vocabTensors)
        resize(n, vocab);
    for (const auto& [n, rows] : rowTensors)
        resize(n, rows);
    hftest::writeSafetensors(d / "model.safetensors", raw);
    auto cfg = hftest::readJson(model / "config.json");
    cfg["vocab_size"] = vocab;
    if (cfgEdit.is_object())
        cfg.update(cfgEdit);
    hftest::writeJson(d / "config.json", cfg);
    return d;
}

} // namespace

TEST(HfTokenizerChoice, LlamaDirectoryWithTokenizerModelRunsFromText) {
    const int vocab = attn::tokenizers::SentencePiece::load(kTok / "sp-llama")->vocabSize();
    const auto d = modelWithTokenizer(kHf / "llama-gqa", "sp-llama", "llama-text",
                                      {"model.embed_tokens.weight", "lm_head.weight"}, vocab, {}, {});
    const auto model = attn::hf::loadModel(d);
    ASSERT_NE(model->tokenizer(), nullptr);
    const auto ids = model->tokenizer()->encode("The teacher praised 注意");
    EXPECT_EQ(ids.front(), 1); // BOS from add_bos_token
    const auto* lm = dynamic_cast<const attn::hf::CausalLm*>(model.get());
    ASSERT_NE(lm, nullptr);
    const auto pass = lm->forward(ids);
    EXPECT_EQ(pass.logits.rows(), static_cast<Eigen::Index>(ids.size()));
    EXPECT_EQ(pass.logits.cols(), vocab);
    EXPECT_EQ(model->tokenLabels(ids).size(), ids.size());
}

TEST(HfTokenizerChoice, Gpt2DirectoryWithVocabJsonRunsFromText) {
    const int vocab = attn::tokenizers::ByteLevelBpe::load(kTok / "gpt2-bpe")->vocabSize();
    const auto d = modelWithTokenizer(kHf / "gpt-nano-sort", "gpt2-bpe", "gpt2-text",
                                      {"transformer.wte.weight", "lm_head.weight"}, vocab,
                                      {{"transformer.wpe.weight", 64}}, {{"n_positions", 64}, {"n_ctx", 64}});
    const auto model = attn::hf::loadModel(d);
    ASSERT_NE(dynamic_cast<const attn::tokenizers::ByteLevelBpe*>(model->tokenizer()), nullptr);
    const auto ids = model->tokenizer()->encode("Hello, world! It's 注意");
    const auto* lm = dynamic_cast<const attn::hf::CausalLm*>(model.get());
    ASSERT_NE(lm, nullptr);
    const auto gen = attn::hf::generateGreedy(*lm, ids, 3);
    EXPECT_EQ(gen.generatedIds.size(), 3u);
    EXPECT_EQ(model->tokenLabels(ids), model->tokenizer()->readable(ids));
    EXPECT_EQ(model->tokenLabels(ids).front(), "H"); // "Hello" is not merged in this tiny vocabulary
}

TEST(HfTokenizerChoice, TokenizerLargerThanTheModelVocabularyIsAnError) {
    const auto d = modelWithTokenizer(kHf / "llama-gqa", "sp-llama", "llama-small", {}, 40, {}, {});
    EXPECT_NE(errorOf([&] { attn::hf::loadModel(d); }).find("vocab_size 40 is smaller than the tokenizer's"),
              std::string::npos);
}
