// The Universal Sentence Encoder lite behind attn::TracedTextEncoder (models/use_traced_encoder.hpp), as
// the Transformer page steps through it, against the independent float64 numpy forward of the TF.js
// graph (training/use_reference.py -> tests/data/use/forward.json): the traced maps of every sentence
// at 1e-5, the pooled output = the sentence vector, the description (2·E + timing halves with the
// stored frequencies, pre-LN, 256 -> 512 through the residual projection), and openModel on the folder.
// Skips, saying how to install the model, when it is not installed.

#include "attnviz_test_paths.hpp"
#include "use_reference.hpp"

#include <attn/models/use_traced_encoder.hpp>
#include <attn/open_model.hpp>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using attn::UniversalSentenceEncoder;

constexpr double kTolerance = 1e-5;

const attn::LoadedModel& loaded() {
    static const attn::LoadedModel m = [] {
        const auto dir = UniversalSentenceEncoder::defaultDirectory();
        if (!UniversalSentenceEncoder::looksLikeModel(dir))
            return attn::LoadedModel{};
        attn::OpenOptions o;
        o.required = attn::Capability::TracedTextEncoder;
        return attn::openModel(dir, o);
    }();
    return m;
}

const nlohmann::json& reference() {
    return testref::useForward();
}

TEST(UseTracedEncoder, OpenModelGivesBothCapabilitiesOfOneModel) {
    REQUIRE_USE_MODEL();
    const auto& m = loaded();
    EXPECT_EQ(m.kind.family, "use_lite");
    ASSERT_TRUE(m.tracedTextEncoder);
    ASSERT_TRUE(m.sentenceEncoder);
    EXPECT_TRUE(m.has(attn::Capability::SentenceEncoder));
    EXPECT_FALSE(m.has(attn::Capability::TextClassifier));
    const auto* use = dynamic_cast<const attn::UseTracedEncoder*>(m.tracedTextEncoder.get());
    ASSERT_NE(use, nullptr);
    EXPECT_EQ(static_cast<const attn::SentenceEncoder*>(use->model().get()), m.sentenceEncoder.get());
    // A page that needs a classifier refuses the folder before reading its weights, naming what it is.
    attn::OpenOptions o;
    o.required = attn::Capability::TextClassifier;
    try {
        attn::openModel(UniversalSentenceEncoder::defaultDirectory(), o);
        FAIL() << "a USE folder opened as a text classifier";
    } catch (const attn::CapabilityMismatch& e) {
        EXPECT_NE(std::string(e.what()).find("use_lite"), std::string::npos) << e.what();
    }
    EXPECT_EQ(attn::inspectFolder(UniversalSentenceEncoder::defaultDirectory()).family, "use_lite");
}

TEST(UseTracedEncoder, DescribesTheRealRecipe) {
    REQUIRE_USE_MODEL();
    const auto& t = *loaded().tracedTextEncoder;
    const auto& d = t.description();
    EXPECT_EQ(d.family, "use_lite");
    EXPECT_FLOAT_EQ(d.embedding.tokenMultiplier, 2.0f);
    EXPECT_FALSE(d.embedding.scaled);
    EXPECT_TRUE(d.embedding.sinCosHalves);
    EXPECT_EQ(d.embedding.frequencies.size(), 128u);
    EXPECT_FLOAT_EQ(static_cast<float>(d.embedding.frequencies[0]), 1.0f); // tensor2tensor: inv_0 = 1
    EXPECT_EQ(d.embedding.tokenTable, "module/Embeddings_en");
    EXPECT_EQ(d.pooling, attn::EncoderPooling::MeanTanhNormalized);
    EXPECT_EQ(d.maxLen, 128);
    EXPECT_TRUE(t.classLabels().empty());
    ASSERT_EQ(t.encoder().layers.size(), 2u);
    EXPECT_TRUE(t.encoder().layers[0].normFirst);
    EXPECT_TRUE(t.encoder().layers[0].residualProjection.has_value());
}

TEST(UseTracedEncoder, TracedMapsAndVectorEqualTheNumpyReference) {
    REQUIRE_USE_MODEL();
    const auto& t = *loaded().tracedTextEncoder;
    int sentences = 0;
    for (const auto& s : reference().at("sentences")) {
        const auto text = s.at("text").get<std::string>();
        const attn::EncoderTrace tr = t.traceText(text);
        EXPECT_EQ(tr.result.ids, s.at("ids").get<std::vector<int>>()) << text;
        EXPECT_EQ(tr.result.tokens, s.at("pieces").get<std::vector<std::string>>()) << text;
        const auto& maps = s.at("attention");
        ASSERT_EQ(tr.layers.size(), maps.size()) << text;
        double worst = 0;
        for (std::size_t l = 0; l < maps.size(); ++l) {
            ASSERT_EQ(tr.layers[l].weights.size(), maps[l].size());
            for (std::size_t h = 0; h < maps[l].size(); ++h) {
                const auto& ref = maps[l][h];
                const attn::Matrix& got = tr.layers[l].weights[h];
                ASSERT_EQ(std::size_t(got.rows()), ref.size());
                for (std::size_t q = 0; q < ref.size(); ++q)
                    for (std::size_t k = 0; k < ref[q].size(); ++k)
                        worst = std::max(worst, std::abs(double(got(Eigen::Index(q), Eigen::Index(k))) -
                                                         ref[q][k].get<double>()));
                // The map the result carries is the layer's.
                EXPECT_EQ(tr.result.attention.at(l).at(h), got);
            }
        }
        EXPECT_LT(worst, kTolerance) << text;
        const auto vec = s.at("vector").get<std::vector<double>>();
        ASSERT_EQ(tr.pooled.rows(), 1);
        ASSERT_EQ(std::size_t(tr.pooled.cols()), vec.size());
        double worstVec = 0;
        for (std::size_t i = 0; i < vec.size(); ++i)
            worstVec = std::max(worstVec, std::abs(double(tr.pooled(0, Eigen::Index(i))) - vec[i]));
        EXPECT_LT(worstVec, kTolerance) << text;
        // The encoded rows are the last layer's output; their mean is what was pooled.
        EXPECT_EQ(tr.encoded, tr.layers.back().output);
        const attn::Matrix mean = tr.encoded.colwise().mean();
        EXPECT_LT((mean - tr.poolerInput).cwiseAbs().maxCoeff(), 1e-5) << text;
        ++sentences;
    }
    EXPECT_EQ(sentences, 9);
}

TEST(UseTracedEncoder, EmbeddingIsTwiceTheRowsPlusTheTimingHalves) {
    REQUIRE_USE_MODEL();
    const auto* use = dynamic_cast<const attn::UseTracedEncoder*>(loaded().tracedTextEncoder.get());
    ASSERT_NE(use, nullptr);
    const attn::EncoderTrace tr = use->traceText("How old are you?");
    ASSERT_EQ(tr.result.ids, (std::vector<int>{728, 446, 31, 19, 54}));
    const auto& E = use->model()->embedding();
    const auto& w = use->description().embedding.frequencies;
    for (int p = 0; p < 5; ++p) {
        EXPECT_EQ(attn::Matrix(tr.embeddings.row(p)),
                  attn::Matrix(2.0f * E.row(tr.result.ids[std::size_t(p)])));
        for (std::size_t i : {std::size_t(0), std::size_t(5), std::size_t(127)}) {
            EXPECT_NEAR(tr.positions(p, Eigen::Index(i)), std::sin(p * w[i]), 1e-5);
            EXPECT_NEAR(tr.positions(p, Eigen::Index(128 + i)), std::cos(p * w[i]), 1e-5);
        }
    }
    EXPECT_EQ(tr.input, tr.embeddings + tr.positions);
    EXPECT_EQ(tr.layers[0].input, tr.input);
    EXPECT_EQ(tr.layers[0].projected.cols(), 512); // the widening residual
    EXPECT_EQ(tr.layers[0].output.cols(), 512);
}

TEST(UseTracedEncoder, WhatIfsApplyAndPaddingIsRefused) {
    REQUIRE_USE_MODEL();
    const auto& t = *loaded().tracedTextEncoder;
    const std::string text = "The teacher praised a student because she improved";
    attn::WhatIf noPos;
    noPos.positions = false;
    const auto a = t.traceText(text), b = t.traceText(text, noPos);
    EXPECT_TRUE(b.positions.isZero());
    EXPECT_GT((a.pooled - b.pooled).cwiseAbs().maxCoeff(), 1e-3);
    attn::WhatIf shuffled;
    shuffled.shuffle = 3;
    const auto s = t.traceText(text, shuffled);
    const auto order = attn::shuffledOrder(a.result.ids.size(), 3);
    for (std::size_t i = 0; i < order.size(); ++i)
        EXPECT_EQ(s.result.ids[i], a.result.ids[order[i]]);
    attn::WhatIf pad;
    pad.padTo = 20;
    EXPECT_THROW(t.traceText(text, pad), std::invalid_argument);
    EXPECT_THROW(t.traceText(""), std::invalid_argument);
    // Over 128 pieces: the model's truncation warning, also with the shuffle.
    std::string longText;
    for (int i = 0; i < 150; ++i)
        longText += "word ";
    const auto l = t.traceText(longText, shuffled);
    EXPECT_EQ(l.result.ids.size(), 128u);
    ASSERT_EQ(l.result.warnings.size(), 1u);
    EXPECT_NE(l.result.warnings[0].find("truncated"), std::string::npos);
}

} // namespace
