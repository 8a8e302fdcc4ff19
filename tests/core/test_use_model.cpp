// The Universal Sentence Encoder lite (attn/models/universal_sentence_encoder.hpp) against the
// independent float64 numpy forward written from the TF.js graph (training/use_reference.py ->
// tests/data/use/forward.json): the ids of every sentence, every attention map and the 512-d vector at
// 1e-5, the six-sentence similarity matrix. The model is not in the repository: cmake/install-use-model.sh
// (run by ./test.sh) installs it; without it these tests skip and say how to get it.

#include "attnviz_test_paths.hpp"
#include "scratch_dir.hpp"
#include "use_reference.hpp"

#include <attn/checkpoint.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <attn/tfjs/weights.hpp>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using attn::UniversalSentenceEncoder;

constexpr double kTolerance = 1e-5;

std::shared_ptr<const UniversalSentenceEncoder> model() {
    return testref::installedUse();
}

const nlohmann::json& reference() {
    return testref::useForward();
}

TEST(UseModel, LoadsWithEveryTensorAccountedFor) {
    REQUIRE_USE_MODEL();
    const auto& m = *model();
    EXPECT_EQ(m.maxLength(), 128);
    EXPECT_EQ(m.vectorSize(), 512);
    EXPECT_EQ(m.vocabularySize(), 8000);
    EXPECT_EQ(m.embedding().rows(), 8000);
    EXPECT_EQ(m.embedding().cols(), 256);
    ASSERT_EQ(m.encoder().layers.size(), 2u);
    const auto& l0 = m.encoder().layers[0];
    const auto& l1 = m.encoder().layers[1];
    EXPECT_TRUE(l0.normFirst);
    EXPECT_EQ(l0.selfAttn.dModel, 256);
    EXPECT_EQ(l0.selfAttn.nHeads, 4);
    ASSERT_TRUE(l0.residualProjection.has_value()); // 256 -> 512
    EXPECT_EQ(l0.outputWidth(), 512);
    EXPECT_EQ(l1.selfAttn.dModel, 512);
    EXPECT_FALSE(l1.residualProjection.has_value());
    EXPECT_EQ(l1.linear1.outFeatures(), 1536);
    EXPECT_FLOAT_EQ(l0.norm1.eps, 1e-6f);
    EXPECT_FALSE(m.encoder().hasFinalNorm);
    // The graph's plumbing constants, each ignored by name with a reason, and the spare embedding rows.
    EXPECT_EQ(m.ignoredTensors().size(), 17u);
    bool spareRows = false;
    for (const auto& n : m.notes())
        spareRows = spareRows || n.find("rows 8000-8001") != std::string::npos;
    EXPECT_TRUE(spareRows);
    // 6.98 M parameters, as the issue counted from the graph.
    std::size_t parameters = static_cast<std::size_t>(m.embedding().size()) +
                             2 * 256 + // E (8000 rows) + 2 spare
                             static_cast<std::size_t>(m.pooler().weight.size() + m.pooler().bias.size());
    for (const auto& l : m.encoder().layers) {
        parameters += static_cast<std::size_t>(
            l.selfAttn.inProjWeight.size() + l.selfAttn.inProjBias.size() + l.selfAttn.outProj.weight.size() +
            l.selfAttn.outProj.bias.size() + l.linear1.weight.size() + l.linear1.bias.size() +
            l.linear2.weight.size() + l.linear2.bias.size() + l.norm1.weight.size() * 2 +
            l.norm2.weight.size() * 2);
        if (l.residualProjection)
            parameters += static_cast<std::size_t>(l.residualProjection->weight.size() +
                                                   l.residualProjection->bias.size());
    }
    EXPECT_EQ(parameters, 6975744u); // the manifest's float32 tensors but the timing frequencies and scalars
}

TEST(UseModel, EveryMapAndTheVectorEqualTheNumpyForward) {
    REQUIRE_USE_MODEL();
    const auto& m = *model();
    const auto& sentences = reference().at("sentences");
    ASSERT_GE(sentences.size(), 6u);
    for (const auto& s : sentences) {
        const auto text = s.at("text").get<std::string>();
        const auto ids = s.at("ids").get<std::vector<int>>();
        EXPECT_EQ(m.tokenIds(text), ids) << text;
        EXPECT_EQ(m.idLabels(ids), s.at("pieces").get<std::vector<std::string>>()) << text;
        const auto r = m.encodeIds(ids);
        const auto& maps = s.at("attention");
        ASSERT_EQ(r.attention.size(), maps.size()) << text;
        double worst = 0;
        for (std::size_t l = 0; l < maps.size(); ++l) {
            ASSERT_EQ(r.attention[l].size(), maps[l].size());
            for (std::size_t h = 0; h < maps[l].size(); ++h) {
                const auto& a = r.attention[l][h];
                ASSERT_EQ(static_cast<std::size_t>(a.rows()), ids.size());
                for (std::size_t q = 0; q < ids.size(); ++q)
                    for (std::size_t k = 0; k < ids.size(); ++k)
                        worst = std::max(
                            worst, std::abs(a(static_cast<Eigen::Index>(q), static_cast<Eigen::Index>(k)) -
                                            maps[l][h][q][k].get<double>()));
            }
        }
        EXPECT_LE(worst, kTolerance) << text << ": largest attention difference";
        const auto want = s.at("vector").get<std::vector<double>>();
        ASSERT_EQ(r.vector.size(), want.size());
        double vworst = 0;
        for (std::size_t i = 0; i < want.size(); ++i)
            vworst = std::max(vworst, std::abs(r.vector[i] - want[i]));
        EXPECT_LE(vworst, kTolerance) << text << ": largest vector difference";
    }
}

TEST(UseModel, TheDemoSimilarityMatrixEqualsTheReference) {
    REQUIRE_USE_MODEL();
    const auto& sim = reference().at("similarity");
    std::vector<std::vector<float>> vectors;
    for (const auto& text : sim.at("sentences"))
        vectors.push_back(model()->encode(text.get<std::string>()).vector);
    const auto got = attn::similarityMatrix(vectors);
    const auto& want = sim.at("matrix");
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        for (std::size_t j = 0; j < got.size(); ++j)
            EXPECT_NEAR(got[i][j], want[i][j].get<double>(), kTolerance) << i << ", " << j;
    // The USE demo's pattern: the age pair is the closest, the phone pair next.
    EXPECT_GT(got[2][3], 0.8);
    EXPECT_GT(got[0][1], 0.55);
    EXPECT_LT(got[0][2], 0.3);
}

TEST(UseModel, TheTraceIsTheSameForwardWithEveryIntermediate) {
    REQUIRE_USE_MODEL();
    const auto& m = *model();
    const auto r = m.encode("How old are you?");
    const auto t = m.traceText("How old are you?");
    ASSERT_EQ(t.encoder.layers.size(), 2u);
    EXPECT_EQ(t.encoder.result.ids, r.ids);
    EXPECT_EQ(t.encoder.input.cols(), 256);
    EXPECT_EQ(t.encoder.layers[0].projected.cols(), 512); // the residual projection of layer 0
    EXPECT_EQ(t.encoder.layers[1].output.cols(), 512);
    for (std::size_t l = 0; l < 2; ++l)
        for (std::size_t h = 0; h < 4; ++h)
            EXPECT_LE((t.encoder.result.attention[l][h] - r.attention[l][h]).cwiseAbs().maxCoeff(), 1e-6f);
    ASSERT_EQ(t.vector.size(), 512);
    for (int i = 0; i < 512; ++i)
        EXPECT_NEAR(t.vector(i), r.vector[static_cast<std::size_t>(i)], 1e-6);
    EXPECT_NEAR(t.vector.norm(), 1.0f, 1e-6f);
    // The input is 2 E[ids] + the timing signal: row 0's cos half is cos(0) = 1 on top of 2 E.
    const auto e0 = m.embedding().row(r.ids[0]);
    EXPECT_NEAR(t.encoder.input(0, 128), 2 * e0(128) + 1.0f, 1e-6f);
    EXPECT_NEAR(t.encoder.input(0, 0), 2 * e0(0), 1e-6f);
    // Without positions only the token rows are left.
    attn::WhatIf noPositions;
    noPositions.positions = false;
    EXPECT_EQ(m.traceText("How old are you?", noPositions).encoder.input, t.encoder.embeddings);
}

TEST(UseModel, AnEmptyTextIsRefusedAndALongOneTruncatedWithANotice) {
    REQUIRE_USE_MODEL();
    const auto& m = *model();
    try {
        m.encode("");
        ADD_FAILURE() << "an empty text was encoded";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("the text has no pieces"), std::string::npos) << e.what();
    }
    // Spaces are pieces, as the package tokenises them: "▁" in front, then one "▁" per space.
    EXPECT_EQ(m.encode("   ").ids.size(), 4u);
    std::string text;
    for (int i = 0; i < 150; ++i)
        text += "dog ";
    const auto r = m.encode(text);
    EXPECT_EQ(r.ids.size(), 128u);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("truncated to the first 128"), std::string::npos) << r.warnings[0];
    EXPECT_EQ(r.attention[1][0].rows(), 128);
    EXPECT_THROW(m.encodeIds(std::vector<int>(129, 10)), std::invalid_argument);
    EXPECT_THROW(m.encodeIds({10, 8000}), std::invalid_argument); // a spare row: not in the vocabulary
    EXPECT_THROW(m.encodeIds({}), std::invalid_argument);
}

TEST(UseModel, ATensorTheModelDoesNotKnowIsAnError) {
    REQUIRE_USE_MODEL();
    testutil::ScratchDir dir("use-extra");
    for (const auto& e : fs::directory_iterator(UniversalSentenceEncoder::defaultDirectory()))
        fs::copy_file(e.path(), dir / e.path().filename());
    nlohmann::json j;
    {
        std::ifstream in(dir / "model.json");
        j = nlohmann::json::parse(in);
    }
    j["weightsManifest"].push_back(
        {{"paths", {"extra-shard"}},
         {"weights", {{{"name", "module/Encoder_en/extra"}, {"shape", {2}}, {"dtype", "float32"}}}}});
    std::ofstream(dir / "model.json") << j.dump();
    std::ofstream(dir / "extra-shard", std::ios::binary) << std::string(8, '\0');
    try {
        UniversalSentenceEncoder::open(dir);
        ADD_FAILURE() << "a model with an unknown tensor opened";
    } catch (const attn::tfjs::WeightsError& e) {
        EXPECT_NE(std::string(e.what()).find("1 tensor(s) neither used nor knowingly ignored by the model: "
                                             "'module/Encoder_en/extra'"),
                  std::string::npos)
            << e.what();
        EXPECT_EQ(e.path(), (dir / "model.json").string());
    }
}

TEST(UseModel, AFolderWithoutTheModelSaysHowToInstallIt) {
    testutil::ScratchDir dir("use-none");
    EXPECT_FALSE(UniversalSentenceEncoder::looksLikeModel(dir));
    try {
        UniversalSentenceEncoder::open(dir / "nothing");
        ADD_FAILURE();
    } catch (const attn::CheckpointError& e) {
        EXPECT_NE(std::string(e.what()).find("cmake/install-use-model.sh"), std::string::npos) << e.what();
    }
    // The default folder follows the data directory rule of glove's defaultDataDir.
    const char* old = std::getenv("ATTNVIZ_DATA_DIR");
    const std::string saved = old ? old : "";
    ::setenv("ATTNVIZ_DATA_DIR", "/some/where", 1);
    EXPECT_EQ(UniversalSentenceEncoder::defaultDirectory(), fs::path("/some/where/models/use-lite"));
    if (old)
        ::setenv("ATTNVIZ_DATA_DIR", saved.c_str(), 1);
    else
        ::unsetenv("ATTNVIZ_DATA_DIR");
}

TEST(UseModel, CosineSimilarity) {
    EXPECT_DOUBLE_EQ(attn::cosineSimilarity({1, 0}, {0, 2}), 0.0);
    EXPECT_DOUBLE_EQ(attn::cosineSimilarity({1, 1}, {2, 2}), 1.0);
    EXPECT_NEAR(attn::cosineSimilarity({1, 2, 3}, {-1, 0.5f, 2}), 6.0 / (std::sqrt(14.0) * std::sqrt(5.25)),
                1e-12);
    EXPECT_EQ(attn::cosineSimilarity({0, 0}, {1, 2}), 0.0);
    EXPECT_THROW(attn::cosineSimilarity({1}, {1, 2}), std::invalid_argument);
    const auto m = attn::similarityMatrix({{1, 0}, {1, 1}});
    EXPECT_NEAR(m[0][1], std::sqrt(0.5), 1e-12);
    EXPECT_EQ(m[0][1], m[1][0]);
}

} // namespace
