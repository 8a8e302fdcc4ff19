// loadModel: a config that contradicts the weights, missing files and cancellation are clear errors.

#include "attnviz_test_paths.hpp"

#include <attn/checkpoint.hpp>
#include <attn/models/seq2seq.hpp>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

const fs::path kParity = fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity";

/// What attn::loadModel(dir) throws, "" when it loads.
std::string loadErrorOf(const fs::path& dir) {
    try {
        attn::loadModel(dir);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

class CheckpointTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("attn_ckpt_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::copy(kParity / "tc_post_relu_mean_sinusoidal", dir_);
        config_ = attn::readConfigJson(dir_ / "config.json");
    }
    void TearDown() override { fs::remove_all(dir_); }
    void writeConfig() { std::ofstream(dir_ / "config.json") << config_.dump(); }
    std::string loadError() { return loadErrorOf(dir_); }
    fs::path dir_;
    nlohmann::json config_;
};

TEST_F(CheckpointTest, LoadsAndReportsArchitectureAndLabels) {
    const auto m = attn::loadModel(dir_);
    EXPECT_EQ(m->architecture(), attn::Architecture::TransformerClassifier);
    EXPECT_EQ(m->labels().size(), 3u);
    EXPECT_EQ(m->config()["d_model"], 16);
}

TEST_F(CheckpointTest, FewerLayersInConfigThanInFileIsAnUnusedTensorError) {
    config_["n_layers"] = 1;
    writeConfig();
    const auto e = loadError();
    EXPECT_NE(e.find("unused tensor(s) 'encoder.layers.1."), std::string::npos) << e;
}

TEST_F(CheckpointTest, WrongDModelIsAShapeError) {
    config_["d_model"] = 8;
    writeConfig();
    const auto e = loadError();
    EXPECT_NE(e.find("tensor 'embedding.weight' has shape [20,16], expected [20,8]"), std::string::npos) << e;
}

TEST_F(CheckpointTest, LearnedPositionsWithoutWeightsIsAMissingTensorError) {
    config_["positional"] = "learned";
    writeConfig();
    const auto e = loadError();
    EXPECT_NE(e.find("tensor 'pos_embedding.weight' is missing"), std::string::npos) << e;
}

TEST_F(CheckpointTest, VocabSizeDisagreeingWithVocabFileIsAnError) {
    config_["vocab_size"] = 21;
    writeConfig();
    const auto e = loadError();
    EXPECT_NE(e.find("vocab.txt has 20 tokens"), std::string::npos) << e;
}

TEST_F(CheckpointTest, BadConfigValueNamesTheKey) {
    config_["activation"] = "swish";
    writeConfig();
    const auto e = loadError();
    EXPECT_NE(e.find("key 'activation'"), std::string::npos) << e;
}

TEST_F(CheckpointTest, MissingVocabularyIsAnError) {
    fs::remove(dir_ / "vocab.txt");
    EXPECT_NE(loadError().find("vocab.txt"), std::string::npos);
}

TEST_F(CheckpointTest, DuplicateVocabularyTokenNamesTheLine) {
    std::ofstream(dir_ / "vocab.txt", std::ios::app) << "film\n";
    const auto e = loadError();
    EXPECT_NE(e.find("vocab.txt:21: duplicate token 'film'"), std::string::npos) << e;
}

TEST_F(CheckpointTest, ProgressCallbackCanCancel) {
    attn::LoadOptions o;
    o.progress = [](double f) { return f < 0.5; };
    EXPECT_THROW(attn::loadModel(dir_, o), attn::LoadCancelled);
}

TEST_F(CheckpointTest, PaddingIsMaskedAndLeftOutOfMeanPooling) {
    const auto m = attn::loadModel(dir_);
    const auto& tc = dynamic_cast<const attn::TransformerClassifier&>(*m);
    const auto plain = tc.classifyWords({"i", "liked", "it"});
    const auto padded = tc.classifyWords({"i", "liked", "it"}, 8);
    ASSERT_EQ(padded.tokens.size(), 8u);
    EXPECT_EQ(padded.tokens[5], "<pad>");
    for (std::size_t i = 0; i < plain.logits.size(); ++i)
        EXPECT_NEAR(plain.logits[i], padded.logits[i], 1e-5);
    const auto unmasked = tc.classifyWords({"i", "liked", "it"}, 8, false);
    EXPECT_GT(unmasked.attention[0][0](0, 7), 0.0f);
}

TEST_F(CheckpointTest, OverlongInputIsTruncatedWithAWarning) {
    const auto m = attn::loadModel(dir_);
    const auto& tc = dynamic_cast<const attn::TransformerClassifier&>(*m);
    const auto r = tc.classifyWords(std::vector<std::string>(20, "good"));
    EXPECT_EQ(r.tokens.size(), 12u);
    ASSERT_EQ(r.warnings.size(), 1u);
}

} // namespace

namespace {

TEST(CheckpointText, ClassifyTokenisesLowerCasedWithGloveSplits) {
    const auto m = attn::loadModel(kParity / "tc_pre_gelu_cls_learned");
    const auto& tc = dynamic_cast<const attn::TransformerClassifier&>(*m);
    const auto r = tc.classify("The film was GOOD.");
    EXPECT_EQ(r.tokens, (std::vector<std::string>{"<cls>", "the", "film", "was", "good", "."}));
    EXPECT_EQ(r.logits, tc.classifyWords({"the", "film", "was", "good", "."}).logits);
}

// A two-layer SentencePiece seq2seq checkpoint (tests/data/parity/s2s_pieces_2layer_additive).
class PiecesCheckpointTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ =
            fs::temp_directory_path() /
            ("attn_pieces_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::copy(kParity / "s2s_pieces_2layer_additive", dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string loadError() { return loadErrorOf(dir_); }
    void setConfig(const std::string& key, const nlohmann::json& value) {
        auto config = attn::readConfigJson(dir_ / "config.json");
        config[key] = value;
        std::ofstream(dir_ / "config.json") << config.dump();
    }
    fs::path dir_;
};

TEST_F(PiecesCheckpointTest, Loads) {
    EXPECT_EQ(loadError(), "");
}

TEST_F(PiecesCheckpointTest, MissingSentencePieceModelIsNamed) {
    fs::remove(dir_ / "tgt_spm.model");
    const auto e = loadError();
    EXPECT_NE(e.find("tgt_spm.model: missing"), std::string::npos) << e;
}

TEST_F(PiecesCheckpointTest, BrokenSentencePieceModelIsNamed) {
    std::ofstream(dir_ / "src_spm.model", std::ios::binary | std::ios::trunc) << "not a model";
    const auto e = loadError();
    EXPECT_NE(e.find("src_spm.model: not a usable SentencePiece model"), std::string::npos) << e;
}

TEST_F(PiecesCheckpointTest, VocabularyThatDisagreesWithThePiecesNamesTheLine) {
    // Swap two pieces: the ids would shift every embedding row of those pieces.
    std::vector<std::string> lines;
    {
        std::ifstream in(dir_ / "src_vocab.txt");
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
    }
    ASSERT_GT(lines.size(), 6u);
    std::swap(lines[4], lines[5]);
    {
        std::ofstream out(dir_ / "src_vocab.txt", std::ios::trunc);
        for (const auto& line : lines)
            out << line << '\n';
    }
    const auto e = loadError();
    EXPECT_NE(
        e.find("src_vocab.txt line 5: '" + lines[4] + "' but piece 4 of src_spm.model is '" + lines[5] + "'"),
        std::string::npos)
        << e;
}

TEST_F(PiecesCheckpointTest, FewerLayersInConfigThanInFileIsAnUnusedTensorError) {
    setConfig("num_layers", 1);
    const auto e = loadError();
    EXPECT_NE(e.find("_l1"), std::string::npos) << e;
}

TEST_F(PiecesCheckpointTest, MoreLayersInConfigThanInFileIsAMissingTensorError) {
    setConfig("num_layers", 3);
    const auto e = loadError();
    EXPECT_NE(e.find("tensor 'encoder.gru.weight_ih_l2' is missing"), std::string::npos) << e;
}

TEST_F(PiecesCheckpointTest, UnknownTokenizerNamesTheKey) {
    setConfig("tokenizer", "bpe");
    const auto e = loadError();
    EXPECT_NE(e.find("key 'tokenizer'"), std::string::npos) << e;
}

TEST_F(PiecesCheckpointTest, SentenceEndOtherThanPunctuationNamesTheKey) {
    setConfig("src_sentence_end", "x");
    const auto e = loadError();
    EXPECT_NE(e.find("key 'src_sentence_end' must be \".\", \"!\" or \"?\", not \"x\""), std::string::npos)
        << e;
}

// src_sentence_end: a source is read as the training sources were, ending with ".", "!" or "?".
TEST_F(PiecesCheckpointTest, SentenceEndIsAddedOnlyWhereTheSourceHasNone) {
    using Words = std::vector<std::string>;
    {
        const auto plain = attn::loadModel(dir_);
        EXPECT_EQ(dynamic_cast<const attn::Seq2SeqModel&>(*plain).sourceWords("I am cold"),
                  (Words{"i", "am", "cold"}));
    }
    setConfig("src_sentence_end", ".");
    const auto m = attn::loadModel(dir_);
    const auto& s2s = dynamic_cast<const attn::Seq2SeqModel&>(*m);
    EXPECT_EQ(s2s.sourceWords("I am cold"), (Words{"i", "am", "cold", "."}));
    EXPECT_EQ(s2s.sourceWords("I am cold."), (Words{"i", "am", "cold", "."}));
    EXPECT_EQ(s2s.sourceWords("Am I cold?"), (Words{"am", "i", "cold", "?"}));
    EXPECT_EQ(s2s.sourceWords("I am cold!"), (Words{"i", "am", "cold", "!"}));
    EXPECT_EQ(s2s.sourceWords("  "), Words{});
    // The rule is the training data's: a text that ends with a full stop keeps its words ("etc." is one).
    EXPECT_EQ(s2s.sourceWords("Books, pens, etc. "), (Words{"books", ",", "pens", ",", "etc."}));
    EXPECT_EQ(s2s.sourceWords("He said \"yes.\""), (Words{"he", "said", "\"", "yes", ".", "\"", "."}));
    // translate and translateForced read the same words with or without the typed full stop.
    const auto typed = s2s.translate("I am cold");
    const auto ended = s2s.translate("I am cold.");
    EXPECT_EQ(typed.sourceIds, ended.sourceIds);
    EXPECT_EQ(typed.outputIds, ended.outputIds);
    EXPECT_EQ(s2s.translateForced("I am cold", ended.outputIds, false).sourceIds, ended.sourceIds);
    EXPECT_TRUE(s2s.translate("").sourceIds.empty());
}

TEST(CheckpointText, TranslateAppendsEosAndMapsUnknownWords) {
    const auto m = attn::loadModel(kParity / "s2s_additive");
    const auto& s2s = dynamic_cast<const attn::Seq2SeqModel&>(*m);
    const auto r = s2s.translate("I am purple.");
    EXPECT_EQ(r.sourceTokens, (std::vector<std::string>{"i", "am", "purple", ".", "EOS"}));
    EXPECT_EQ(r.sourceIds[2], 3); // <unk>
    EXPECT_EQ(r.alignment.rows(), static_cast<Eigen::Index>(r.outputTokens.size()));
    EXPECT_EQ(r.alignment.cols(), 5);
}

} // namespace
