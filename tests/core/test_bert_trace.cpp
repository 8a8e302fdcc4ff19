// Hugging Face BERT on the traced encoder (issue 49 point 1): attn::hf::BertModel::trace keeps every
// intermediate of BERT's forward — word, position and token-type rows, their sum, embeddings.LayerNorm,
// each layer's LayerTrace, [CLS] and the tanh pooler — equal to a float64 numpy reference written from
// modeling_bert.py (training/make_bert_trace_fixture.py, tests/data/hf/bert-tiny-trace.json), and its maps
// and prediction are forward()'s bit for bit. BertTextClassifier::traceText is the page's entry: the
// tokenizer's ids, the what-ifs, and an encoder without a head.

#include "attnviz_test_paths.hpp"

#include <algorithm>
#include <attn/hf/bert_text_classifier.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/open_model.hpp>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using attn::Matrix;
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";
// The float32 engine against the float64 reference: vectors of magnitude ~1 to 1e-5; the unscaled scores
// (up to 45) and the variances (up to 24) to 1e-4; the softmax weights to 5e-6 (PyTorch's own float32 maps
// are 2e-6 from the reference).
constexpr double kTol = 1e-5, kScoreTol = 1e-4, kWeightTol = 5e-6;

Matrix matrix(const nlohmann::json& j) {
    if (!j.at(0).is_array()) { // a vector: one row
        Matrix m(1, static_cast<Eigen::Index>(j.size()));
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(0, c) = j[static_cast<std::size_t>(c)].get<float>();
        return m;
    }
    Matrix m(static_cast<Eigen::Index>(j.size()), static_cast<Eigen::Index>(j.at(0).size()));
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(r, c) = j[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].get<float>();
    return m;
}

::testing::AssertionResult near(const Matrix& got, const Matrix& want, double tol, const std::string& what) {
    if (got.rows() != want.rows() || got.cols() != want.cols())
        return ::testing::AssertionFailure() << what << ": " << got.rows() << "x" << got.cols()
                                             << ", expected " << want.rows() << "x" << want.cols();
    const double diff = (got - want).cwiseAbs().maxCoeff();
    if (diff > tol)
        return ::testing::AssertionFailure() << what << ": max |diff| " << diff << " > " << tol;
    return ::testing::AssertionSuccess();
}

nlohmann::json reference() {
    std::ifstream in(kHf / "bert-tiny-trace.json");
    return nlohmann::json::parse(in);
}

std::shared_ptr<const attn::hf::BertTextClassifier> bertTiny() {
    const auto m = attn::openModel(kHf / "bert-tiny");
    return std::dynamic_pointer_cast<const attn::hf::BertTextClassifier>(m.tracedTextEncoder);
}

TEST(BertTrace, EveryIntermediateEqualsNumpy) {
    const auto ref = reference();
    const auto model = bertTiny();
    ASSERT_TRUE(model);
    const auto ids = ref.at("ids").get<std::vector<int>>();
    const auto t = model->core().trace(ids, std::vector<std::uint8_t>(ids.size(), 1));
    EXPECT_TRUE(near(t.embeddings, matrix(ref["word"]), kTol, "word"));
    EXPECT_TRUE(near(t.positions, matrix(ref["position"]), kTol, "position"));
    EXPECT_TRUE(near(t.tokenTypes, matrix(ref["token_type"]), kTol, "token_type"));
    EXPECT_TRUE(near(t.embeddingSum, matrix(ref["sum"]), kTol, "sum"));
    EXPECT_TRUE(near(t.embeddingMean.transpose(), matrix(ref["emb_mean"]), kTol, "emb_mean"));
    EXPECT_TRUE(near(t.embeddingVar.transpose(), matrix(ref["emb_var"]), kTol, "emb_var"));
    EXPECT_TRUE(near(t.input, matrix(ref["input"]), kTol, "input"));
    ASSERT_EQ(t.layers.size(), ref["layers"].size());
    for (std::size_t l = 0; l < t.layers.size(); ++l) {
        const auto& L = t.layers[l];
        const auto& R = ref["layers"][l];
        const std::string at = "layer " + std::to_string(l) + " ";
        EXPECT_FALSE(L.normFirst);
        for (std::size_t h = 0; h < L.weights.size(); ++h) {
            EXPECT_TRUE(near(L.attn.q[h], matrix(R["q"][h]), kTol, at + "q"));
            EXPECT_TRUE(near(L.attn.scores[h], matrix(R["scores"][h]), kScoreTol, at + "scores"));
            EXPECT_TRUE(near(L.weights[h], matrix(R["weights"][h]), kWeightTol, at + "weights"));
        }
        EXPECT_TRUE(near(L.attn.concat, matrix(R["concat"]), kTol, at + "concat"));
        EXPECT_TRUE(near(L.attnOut, matrix(R["attn_out"]), kTol, at + "attn_out"));
        EXPECT_TRUE(near(L.residual1, matrix(R["residual1"]), kTol, at + "residual1"));
        EXPECT_TRUE(near(L.norm1, matrix(R["norm1"]), kTol, at + "norm1"));
        EXPECT_TRUE(
            near(L.norm1Var.transpose(), matrix(R["norm1_var"]), kScoreTol, at + "norm1_var") /* up to 24 */);
        EXPECT_TRUE(near(L.ffPre, matrix(R["ff_pre"]), kTol, at + "ff_pre"));
        EXPECT_TRUE(near(L.ffHidden, matrix(R["ff_hidden"]), kTol, at + "ff_hidden"));
        EXPECT_TRUE(near(L.ffOut, matrix(R["ff_out"]), kTol, at + "ff_out"));
        EXPECT_TRUE(near(L.residual2, matrix(R["residual2"]), kTol, at + "residual2"));
        EXPECT_TRUE(near(L.output, matrix(R["output"]), kTol, at + "output"));
    }
    EXPECT_TRUE(near(t.poolerInput, matrix(ref["cls"]), kTol, "cls"));
    EXPECT_TRUE(near(t.pooled, matrix(ref["pooled"]), kTol, "pooled"));
    const Eigen::Map<const attn::RowVector> logits(t.result.logits.data(), 3);
    EXPECT_TRUE(near(logits, matrix(ref["logits"]), kTol, "logits"));
}

TEST(BertTrace, TheTraceIsTheForwardBitForBit) {
    const auto model = bertTiny();
    ASSERT_TRUE(model);
    const std::string text = "The film was unaffable... not good!";
    const auto classified = model->classify(text);
    const auto t = model->traceText(text);
    EXPECT_EQ(t.result.ids, classified.ids);
    EXPECT_EQ(t.result.tokens, classified.tokens);
    EXPECT_EQ(t.result.tokens.front(), "[CLS]");
    EXPECT_EQ(t.result.logits, classified.logits);
    ASSERT_EQ(t.result.attention.size(), classified.attention.size());
    for (std::size_t l = 0; l < t.result.attention.size(); ++l)
        for (std::size_t h = 0; h < t.result.attention[l].size(); ++h) {
            EXPECT_EQ(t.result.attention[l][h], classified.attention[l][h]);
            EXPECT_EQ(t.layers[l].weights[h], classified.attention[l][h]);
        }
    const auto& d = model->description();
    EXPECT_EQ(d.family, "bert");
    EXPECT_TRUE(d.embedding.tokenTypes && d.embedding.layerNorm);
    EXPECT_EQ(d.embedding.positionTable, "position_embeddings");
    EXPECT_EQ(d.pooling, attn::EncoderPooling::ClsTanhPooler);
    EXPECT_EQ(model->classLabels().size(), 3u);
}

TEST(BertTrace, WhatIfsActOnBert) {
    const auto model = bertTiny();
    ASSERT_TRUE(model);
    const std::string text = "The film was unaffable... not good!";
    const auto plain = model->traceText(text);
    const auto T = plain.result.ids.size();
    attn::WhatIf w;
    w.positions = false; // position_embeddings left out of the sum
    auto t = model->traceText(text, w);
    EXPECT_TRUE(t.positions.isZero(0));
    EXPECT_TRUE(near(t.embeddingSum, plain.embeddings + plain.tokenTypes, 1e-6, "sum without positions"));
    w = {};
    w.encoder.layer = 1;
    w.encoder.switches.heads.ablateHead = 2;
    t = model->traceText(text, w);
    EXPECT_TRUE(t.layers[1].attn.headsOut[2].isZero(0));
    EXPECT_EQ(t.layers[0].output, plain.layers[0].output); // layer 1 (0-based) only
    EXPECT_NE(t.result.logits, plain.result.logits);
    w = {};
    w.shuffle = 3; // [CLS] and [SEP] stay
    t = model->traceText(text, w);
    EXPECT_EQ(t.result.ids.front(), plain.result.ids.front());
    EXPECT_EQ(t.result.ids.back(), plain.result.ids.back());
    auto sortedA = t.result.ids, sortedB = plain.result.ids;
    std::sort(sortedA.begin(), sortedA.end());
    std::sort(sortedB.begin(), sortedB.end());
    EXPECT_EQ(sortedA, sortedB);
    EXPECT_NE(t.result.ids, plain.result.ids);
    w = {};
    w.padTo = static_cast<int>(T) + 3; // [PAD] masked: the real rows see the same keys
    t = model->traceText(text, w);
    ASSERT_EQ(t.result.ids.size(), T + 3);
    EXPECT_EQ(t.result.keyAllowed.back(), 0);
    EXPECT_NEAR(t.result.probabilities[0], plain.result.probabilities[0], 1e-5);
    EXPECT_THROW(model->traceText("   "), std::invalid_argument);
}

TEST(BertTrace, AnEncoderWithoutAHeadIsTracedWithoutPooling) {
    // bert-tiny-headless: bert-tiny's encoder as a BertModel, no pooler, no classifier.
    const auto m = attn::openModel(kHf / "bert-tiny-headless");
    ASSERT_TRUE(m.tracedTextEncoder);
    EXPECT_FALSE(m.tracedTextEncoder->traceRefusal().size());
    EXPECT_EQ(m.tracedTextEncoder->description().pooling, attn::EncoderPooling::None);
    EXPECT_TRUE(m.tracedTextEncoder->classLabels().empty());
    const auto t = m.tracedTextEncoder->traceText("The film was unaffable... not good!");
    EXPECT_EQ(t.poolerInput.size(), 0);
    EXPECT_EQ(t.pooled.size(), 0);
    EXPECT_TRUE(t.result.probabilities.empty());
    EXPECT_EQ(t.encoded, t.layers.back().output);
    // The same encoder as bert-tiny's: the same layers' numbers.
    const auto ref = reference();
    EXPECT_TRUE(near(t.layers.back().output, matrix(ref["layers"][1]["output"]), kTol, "headless output"));
}

} // namespace
