// Hugging Face BERT and its WordPiece tokenizer against training/hf_reference.py (PyTorch, written from
// transformers' modeling_bert.py / tokenization_bert.py) on random-weight fixtures in exact HF layout.

#include "attnviz_test_paths.hpp"
#include "hf_test_util.hpp"

#include <attn/hf/bert.hpp>
#include <attn/hf/load.hpp>
#include <attn/tokenizers/wordpiece.hpp>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";

std::shared_ptr<const attn::hf::BertModel> loadBert(const fs::path& dir) {
    auto m = std::dynamic_pointer_cast<const attn::hf::BertModel>(attn::hf::loadModel(dir));
    if (!m)
        throw std::runtime_error("not BERT");
    return m;
}

/// Largest |difference| between the model's output and expected.json, over every map and logit.
float worstDiff(const attn::hf::BertModel& m, const nlohmann::json& expected) {
    float worst = 0;
    for (const auto& c : expected["cases"]) {
        const auto out = m.forward(c["ids"].get<std::vector<int>>());
        for (std::size_t l = 0; l < out.attention.size(); ++l)
            for (std::size_t h = 0; h < out.attention[l].size(); ++h) {
                const auto& a = out.attention[l][h];
                for (Eigen::Index i = 0; i < a.rows(); ++i)
                    for (Eigen::Index j = 0; j < a.cols(); ++j)
                        worst = std::max(worst, std::abs(a(i, j) - c["attention"][l][h][i][j].get<float>()));
            }
        for (std::size_t k = 0; k < out.logits.size(); ++k) {
            worst = std::max(worst, std::abs(out.logits[k] - c["logits"][k].get<float>()));
            worst = std::max(worst, std::abs(out.probabilities[k] - c["probabilities"][k].get<float>()));
        }
    }
    return worst;
}

TEST(HfBert, SequenceClassifierMatchesThePyTorchReference) {
    const auto m = loadBert(kHf / "bert-tiny");
    const float worst = worstDiff(*m, hftest::readJson(kHf / "bert-tiny" / "expected.json"));
    RecordProperty("max_abs_diff", std::to_string(worst));
    EXPECT_LE(worst, 1e-4f);
    EXPECT_EQ(m->labels(), (std::vector<std::string>{"negative", "neutral", "positive"}));
}

TEST(HfBert, HalfPrecisionFilesMatchWithin2e3) {
    for (const char* name : {"bert-tiny-f16", "bert-tiny-bf16"}) {
        const auto m = loadBert(kHf / name);
        const float worst = worstDiff(*m, hftest::readJson(kHf / name / "expected.json"));
        RecordProperty(std::string("max_abs_diff_") + name, std::to_string(worst));
        EXPECT_LE(worst, 2e-3f) << name;
    }
}

TEST(HfBert, PredictionUsesId2LabelWithStringKeys) {
    const auto m = loadBert(kHf / "bert-tiny");
    const auto exp = hftest::readJson(kHf / "bert-tiny" / "expected.json");
    const auto out = m->forward(exp["cases"][0]["ids"].get<std::vector<int>>());
    const auto p = exp["cases"][0]["probabilities"].get<std::vector<float>>();
    const int best = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
    EXPECT_EQ(out.predicted, best);
    EXPECT_EQ(out.predictedLabel, m->labels()[static_cast<std::size_t>(best)]);
}

// BertModel files have no "bert." prefix and no head; older ones carry embeddings.position_ids.
TEST(HfBert, BaseModelWithoutPrefixGivesTheSameMaps) {
    auto raw = hftest::readRaw(kHf / "bert-tiny" / "model.safetensors");
    const auto dir = hftest::tempDir("bert-base-model");
    std::map<std::string, hftest::RawTensor> base;
    for (const auto& [n, t] : raw)
        if (n.rfind("bert.", 0) == 0)
            base[n.substr(5)] = t;
    std::vector<float> pos(64);
    for (int i = 0; i < 64; ++i)
        pos[static_cast<std::size_t>(i)] = static_cast<float>(i);
    base["embeddings.position_ids"] = hftest::f32({1, 64}, pos);
    hftest::writeSafetensors(dir / "model.safetensors", base);
    auto cfg = hftest::readJson(kHf / "bert-tiny" / "config.json");
    cfg.erase("id2label");
    cfg.erase("label2id");
    hftest::writeJson(dir / "config.json", cfg);
    const auto m = loadBert(dir);
    EXPECT_TRUE(m->labels().empty());
    const auto exp = hftest::readJson(kHf / "bert-tiny" / "expected.json");
    const auto ids = exp["cases"][1]["ids"].get<std::vector<int>>();
    const auto a = m->forward(ids), b = loadBert(kHf / "bert-tiny")->forward(ids);
    EXPECT_TRUE(a.logits.empty());
    for (std::size_t l = 0; l < a.attention.size(); ++l)
        for (std::size_t h = 0; h < a.attention[l].size(); ++h)
            EXPECT_EQ((a.attention[l][h] - b.attention[l][h]).cwiseAbs().maxCoeff(), 0.0f);
}

TEST(HfBert, UnsupportedPositionEmbeddingIsAnError) {
    const auto dir = hftest::tempDir("bert-relative");
    fs::copy(kHf / "bert-tiny", dir, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    auto cfg = hftest::readJson(dir / "config.json");
    cfg["position_embedding_type"] = "relative_key";
    hftest::writeJson(dir / "config.json", cfg);
    try {
        attn::hf::loadModel(dir);
        FAIL();
    } catch (const std::exception& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("config.json"), std::string::npos) << m;
        EXPECT_NE(m.find("position_embedding_type"), std::string::npos) << m;
    }
}

TEST(HfWordPiece, MatchesTheReferenceOnEveryTrapText) {
    const auto tok = attn::tokenizers::WordPiece::load(kHf / "bert-tiny");
    const auto exp = hftest::readJson(kHf / "bert-tiny" / "expected.json");
    ASSERT_GE(exp["tokenizer"].size(), 10u);
    for (const auto& t : exp["tokenizer"]) {
        const auto text = t["text"].get<std::string>();
        EXPECT_EQ(tok->encode(text), t["ids"].get<std::vector<int>>()) << text;
    }
}

TEST(HfWordPiece, SpecialIdsComeFromVocabTxt) {
    const auto tok = attn::tokenizers::WordPiece::load(kHf / "bert-tiny");
    const auto ids = tok->encode("hello");
    EXPECT_EQ(tok->piece(ids.front()), "[CLS]");
    EXPECT_EQ(tok->piece(ids.back()), "[SEP]");
    EXPECT_NE(ids.front(), 101); // not BERT-base's numbers
    EXPECT_EQ(ids.front(), tok->idOf("[CLS]"));
}

TEST(HfWordPiece, ZeroWidthSpaceJoinsAndNbspSplits) {
    const auto tok = attn::tokenizers::WordPiece::load(kHf / "bert-tiny");
    EXPECT_EQ(tok->basicTokenize("hello\u200bworld"), (std::vector<std::string>{"helloworld"}));
    EXPECT_EQ(tok->basicTokenize("a\u00a0film"), (std::vector<std::string>{"a", "film"}));
    EXPECT_EQ(tok->basicTokenize("Søren Café"), (std::vector<std::string>{"søren", "cafe"}));
}

TEST(HfWordPiece, DecodeJoinsContinuations) {
    const auto tok = attn::tokenizers::WordPiece::load(kHf / "bert-tiny");
    EXPECT_EQ(tok->decode(tok->encode("The film was unaffable")), "the film was unaffable");
}

} // namespace
