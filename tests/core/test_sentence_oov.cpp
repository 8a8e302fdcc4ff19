// Out-of-vocabulary tokens in the Walkthrough's computation: absent (NaN) in every scoring mode and
// with every projection, never a zero vector that turns into numbers; the positional encoding; the
// empty sentence; and the shipped pronoun head against PyTorch on the chapter's sentence.

#include "attnviz_test_paths.hpp"

#include <attn/learned_projections.hpp>
#include <attn/sentence_attention.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace fs = std::filesystem;

namespace {

// d = 3 toy vectors; "zzz" and "qqq" are out of vocabulary.
const std::map<std::string, std::vector<float>> kTable = {
    {"she", {1.0f, 0.1f, -0.3f}}, {"improve", {0.9f, 0.0f, 0.2f}}, {"the", {0.1f, 1.0f, 0.4f}}};

attn::VectorLookup toyLookup() {
    return [](std::string_view w) -> std::optional<std::span<const float>> {
        auto it = kTable.find(std::string(w));
        if (it == kTable.end())
            return std::nullopt;
        return std::span<const float>(it->second);
    };
}

const std::vector<std::string> kQueries = {"she", "zzz", "the"};
const std::vector<std::string> kKeys = {"improve", "qqq", "the", "she"};

/// Every cell of an OOV row/column is absent, every other cell is a number, and present weights of a
/// present row sum to 1.
void expectOovAbsentEverywhere(const attn::SentenceAttention& r) {
    const auto& s = r.steps;
    for (Eigen::Index i = 0; i < s.weights.rows(); ++i) {
        const bool rowOov = r.queryOov[static_cast<std::size_t>(i)];
        double sum = 0;
        for (Eigen::Index j = 0; j < s.weights.cols(); ++j) {
            const bool absent = rowOov || r.keyOov[static_cast<std::size_t>(j)];
            for (const attn::Matrix* m : {&s.scores, &s.scaled, &s.weights, &s.unscaledWeights}) {
                EXPECT_EQ(attn::isAbsent((*m)(i, j)), absent) << "cell " << i << "," << j;
            }
            if (!absent)
                sum += s.weights(i, j);
        }
        for (Eigen::Index d = 0; d < s.outputs.cols(); ++d) {
            EXPECT_EQ(attn::isAbsent(s.outputs(i, d)), rowOov);
        }
        EXPECT_EQ(attn::isAbsent(s.queries(i, 0)), rowOov);
        EXPECT_EQ(attn::isAbsent(r.queryVectors(i, 0)), rowOov);
        if (!rowOov) {
            EXPECT_NEAR(sum, 1.0, 1e-6);
        }
    }
    for (Eigen::Index j = 0; j < s.keys.rows(); ++j) {
        EXPECT_EQ(attn::isAbsent(s.keys(j, 0)), bool(r.keyOov[static_cast<std::size_t>(j)]));
        EXPECT_EQ(attn::isAbsent(s.values(j, 0)), bool(r.keyOov[static_cast<std::size_t>(j)]));
    }
}

/// Softmax over the present keys of one row of scores (double precision).
std::vector<double> softmaxPresent(const std::vector<double>& scores, const std::vector<bool>& present) {
    double m = -INFINITY, sum = 0;
    for (std::size_t j = 0; j < scores.size(); ++j)
        if (present[j])
            m = std::max(m, scores[j]);
    std::vector<double> w(scores.size(), 0.0);
    for (std::size_t j = 0; j < scores.size(); ++j)
        if (present[j])
            sum += w[j] = std::exp(scores[j] - m);
    for (auto& v : w)
        v /= sum;
    return w;
}

} // namespace

// Issue 12, wrong number 1: additive scoring scored an OOV word as a zero vector (the Walkthrough's
// hover over row "⚠ a", column "to" showed 1.0456).
TEST(SentenceOov, AdditiveScoringTreatedOovWordsAsZeroVectors) {
    attn::SentenceAttentionOptions o;
    o.scoring = attn::Scoring::Additive;
    o.additive = attn::randomAdditive(3, 3, 4, 5);
    const auto r = attn::computeTokenAttention(kQueries, kKeys, toyLookup(), 3, o);
    expectOovAbsentEverywhere(r);
    // The present cells against an independent double computation of v . tanh(Wq q + Wk k).
    const attn::AdditiveParams& a = *o.additive;
    for (std::size_t i : {0u, 2u}) {
        std::vector<double> scores(kKeys.size(), 0.0);
        std::vector<bool> present(kKeys.size());
        for (std::size_t j = 0; j < kKeys.size(); ++j) {
            present[j] = kTable.count(kKeys[j]) > 0;
            if (!present[j])
                continue;
            const auto& q = kTable.at(kQueries[i]);
            const auto& k = kTable.at(kKeys[j]);
            for (int h = 0; h < 4; ++h) {
                double pre = 0;
                for (int d = 0; d < 3; ++d)
                    pre += double(q[d]) * a.wq(d, h) + double(k[d]) * a.wk(d, h);
                scores[j] += double(a.v(h)) * std::tanh(pre);
            }
            EXPECT_NEAR(r.steps.scores(Eigen::Index(i), Eigen::Index(j)), scores[j], 1e-5);
        }
        const auto w = softmaxPresent(scores, present);
        for (std::size_t j = 0; j < kKeys.size(); ++j)
            if (present[j]) {
                EXPECT_NEAR(r.steps.weights(Eigen::Index(i), Eigen::Index(j)), w[j], 1e-6);
            }
    }
}

// Issue 12, wrong number 1: with learned (biased) projections an OOV row became its bias, and step 3
// showed a number (−0.0292) for row "a".
TEST(SentenceOov, LearnedProjectionBiasGaveOovRowsNumbers) {
    attn::Projections p = attn::randomProjections(3, 2, 9);
    p.bq = attn::RowVector::Constant(2, 0.5f);
    p.bk = attn::RowVector::Constant(2, -0.25f);
    p.bv = attn::RowVector::Constant(2, 1.0f);
    attn::SentenceAttentionOptions o;
    o.projection = attn::ProjectionMode::Learned;
    o.learned = p;
    o.projectionSource = "somewhere/head";
    const auto r = attn::computeTokenAttention(kQueries, kKeys, toyLookup(), 3, o);
    expectOovAbsentEverywhere(r);
    EXPECT_EQ(r.projectionSource, "somewhere/head");
    // Row "she" against a hand computation: q = x Wq + bq, k = x Wk + bk, scaled by 1/sqrt(2).
    const auto& x = kTable.at("she");
    std::vector<double> scores(kKeys.size(), 0.0);
    std::vector<bool> present(kKeys.size());
    for (std::size_t j = 0; j < kKeys.size(); ++j) {
        present[j] = kTable.count(kKeys[j]) > 0;
        if (!present[j])
            continue;
        const auto& y = kTable.at(kKeys[j]);
        for (int c = 0; c < 2; ++c) {
            double q = p.bq(c), k = p.bk(c);
            for (int d = 0; d < 3; ++d) {
                q += double(x[d]) * p.wq(d, c);
                k += double(y[d]) * p.wk(d, c);
            }
            scores[j] += q * k;
        }
        scores[j] /= std::sqrt(2.0);
        EXPECT_NEAR(r.steps.scaled(0, Eigen::Index(j)), scores[j], 1e-5);
    }
    const auto w = softmaxPresent(scores, present);
    for (std::size_t j = 0; j < kKeys.size(); ++j)
        if (present[j]) {
            EXPECT_NEAR(r.steps.weights(0, Eigen::Index(j)), w[j], 1e-6);
        }
}

// Issue 12, wrong number 1, "in every mode": every scoring with every projection.
TEST(SentenceOov, OovCellsAreAbsentInEveryScoringAndProjection) {
    for (auto scoring : {attn::Scoring::Dot, attn::Scoring::ScaledDot, attn::Scoring::Additive})
        for (auto projection : {attn::ProjectionMode::None, attn::ProjectionMode::Random}) {
            for (bool positions : {false, true}) {
                attn::SentenceAttentionOptions o;
                o.scoring = scoring;
                o.projection = projection;
                o.positionalEncoding = positions;
                SCOPED_TRACE(attn::toString(scoring) +
                             (projection == attn::ProjectionMode::Random ? " random" : "") +
                             (positions ? " +PE" : ""));
                expectOovAbsentEverywhere(attn::computeTokenAttention(kQueries, kKeys, toyLookup(), 3, o));
                expectOovAbsentEverywhere(
                    attn::computeTokenAttention(kQueries, std::nullopt, toyLookup(), 3, o));
            }
        }
}

// Issue 12, wrong number 3 (engine side): an empty sentence is an empty result, not an error.
// Issue 49 point 12: the Walkthrough's step 5 listed the keys by weight beside a ‖weight × v‖ column.
// outputContributions orders them by ‖w_ij v_j‖, from the engine's weights and values; on row "the"
// the weight order (the, improve, she) and the size order (the, she, improve) differ.
TEST(SentenceOov, MixContributionsWereOrderedByWeightNotBySize) {
    const auto r = attn::computeTokenAttention(kQueries, kKeys, toyLookup(), 3); // raw, scaled dot
    const std::size_t row = 2;                                                   // "the"
    std::vector<double> scores(kKeys.size(), 0.0);
    std::vector<bool> present(kKeys.size());
    for (std::size_t j = 0; j < kKeys.size(); ++j) {
        present[j] = kTable.count(kKeys[j]) > 0;
        if (present[j])
            for (int d = 0; d < 3; ++d)
                scores[j] += double(kTable.at(kQueries[row])[d]) * kTable.at(kKeys[j])[d] / std::sqrt(3.0);
    }
    const auto w = softmaxPresent(scores, present);
    const auto contributions = attn::outputContributions(r, row);
    ASSERT_EQ(contributions.size(), 3u);                      // "qqq" has no vector and takes no part
    const std::vector<std::size_t> expectedOrder = {2, 3, 0}; // the, she, improve
    for (std::size_t n = 0; n < contributions.size(); ++n) {
        const std::size_t j = expectedOrder[n];
        double norm = 0;
        for (float x : kTable.at(kKeys[j]))
            norm += double(x) * x;
        EXPECT_EQ(contributions[n].key, j) << "place " << n;
        EXPECT_NEAR(contributions[n].weight, w[j], 1e-6);
        EXPECT_NEAR(contributions[n].size, w[j] * std::sqrt(norm), 1e-6);
    }
    EXPECT_GT(contributions[2].weight, contributions[1].weight); // by weight "improve" would come second
    EXPECT_TRUE(attn::outputContributions(r, 1).empty());        // "zzz": no vector, no output
    EXPECT_THROW(attn::outputContributions(r, 3), std::out_of_range);
}

TEST(SentenceOov, EmptySentenceGivesAnEmptyResult) {
    const auto r = attn::computeSentenceAttention("", std::nullopt, toyLookup(), 3);
    EXPECT_TRUE(r.queryTokens.empty());
    EXPECT_EQ(r.steps.weights.size(), 0);
    const auto cross = attn::computeSentenceAttention("  ", std::string_view("she"), toyLookup(), 3);
    EXPECT_TRUE(cross.queryTokens.empty());
    EXPECT_EQ(cross.steps.weights.rows(), 0);
}

TEST(SentenceOov, PositionalEncodingIsAddedBeforeTheProjection) {
    attn::SentenceAttentionOptions o;
    o.positionalEncoding = true;
    const auto r = attn::computeTokenAttention({"she", "the"}, std::nullopt, toyLookup(), 3, o);
    ASSERT_TRUE(r.positionalEncoding);
    // pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(same), d = 3: dims 0, 1 use i = 0, dim 2 uses
    // 10000^(2/3).
    EXPECT_FLOAT_EQ(r.queryInputs(0, 0), 1.0f + 0.0f);
    EXPECT_FLOAT_EQ(r.queryInputs(0, 1), 0.1f + 1.0f);
    EXPECT_FLOAT_EQ(r.queryInputs(1, 0), 0.1f + float(std::sin(1.0)));
    EXPECT_FLOAT_EQ(r.queryInputs(1, 1), 1.0f + float(std::cos(1.0)));
    EXPECT_FLOAT_EQ(r.queryInputs(1, 2), 0.4f + float(std::sin(1.0 / std::pow(10000.0, 2.0 / 3.0))));
    EXPECT_EQ(r.queryVectors(1, 0), 0.1f); // the word vectors themselves stay as they are
    EXPECT_FLOAT_EQ(r.steps.queries(1, 2), r.queryInputs(1, 2)); // no projection: queries = inputs
}

namespace {

const fs::path kPronounHead = fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models" / "pronoun-head";

nlohmann::json chapterFixture() {
    std::ifstream in(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / "pronoun-head-chapter.json");
    return nlohmann::json::parse(in);
}

} // namespace

// The shipped pronoun head on the chapter's sentence (self-attention, "a" OOV) against PyTorch's
// computation with the same weights and inputs (training/train_pronoun_head.py), to 1e-5.
TEST(PronounHead, MatchesPyTorchOnTheChaptersSentenceAndSheAttendsToStudent) {
    const auto fx = chapterFixture();
    const auto learned = attn::readLearnedProjections(kPronounHead);
    ASSERT_EQ(learned.architecture, "attention_head");
    ASSERT_TRUE(learned.positionalEncoding);
    ASSERT_EQ(learned.heads.size(), 1u);
    std::map<std::string, std::vector<float>> table;
    const auto tokens = fx["tokens"].get<std::vector<std::string>>();
    for (std::size_t t = 0; t < tokens.size(); ++t)
        if (!fx["vectors"][t].is_null())
            table[tokens[t]] = fx["vectors"][t].get<std::vector<float>>();
    attn::VectorLookup lookup = [&](std::string_view w) -> std::optional<std::span<const float>> {
        auto it = table.find(std::string(w));
        if (it == table.end())
            return std::nullopt;
        return std::span<const float>(it->second);
    };
    attn::SentenceAttentionOptions o;
    o.projection = attn::ProjectionMode::Learned;
    o.learned = learned.heads[0];
    o.positionalEncoding = learned.positionalEncoding;
    const auto r =
        attn::computeSentenceAttention(fx["sentence"].get<std::string>(), std::nullopt, lookup, 100, o);
    ASSERT_EQ(r.queryTokens, tokens);
    for (std::size_t i = 0; i < tokens.size(); ++i)
        for (std::size_t j = 0; j < tokens.size(); ++j) {
            const auto& want = fx["weights"][i][j];
            const float got = r.steps.weights(Eigen::Index(i), Eigen::Index(j));
            if (want.is_null()) {
                EXPECT_TRUE(attn::isAbsent(got)) << i << "," << j;
            } else
                EXPECT_NEAR(got, want.get<double>(), 1e-5) << tokens[i] << " -> " << tokens[j];
        }
    const auto she = Eigen::Index(std::find(tokens.begin(), tokens.end(), "she") - tokens.begin());
    const auto student = Eigen::Index(std::find(tokens.begin(), tokens.end(), "student") - tokens.begin());
    for (Eigen::Index d = 0; d < 100; ++d) {
        EXPECT_NEAR(r.steps.outputs(she, d), fx["outputs"][she][d].get<double>(), 1e-5);
    }
    for (Eigen::Index j = 0; j < Eigen::Index(tokens.size()); ++j)
        if (j != student && !attn::isAbsent(r.steps.weights(she, j))) {
            EXPECT_LT(r.steps.weights(she, j), r.steps.weights(she, student)) << tokens[j];
        }
}

TEST(PronounHead, CheckpointErrorsNameTheFileAndTheTensor) {
    const fs::path dir = fs::temp_directory_path() / "attn_pronoun_head_errors";
    fs::remove_all(dir);
    fs::copy(kPronounHead, dir);
    auto error = [&] {
        try {
            attn::readLearnedProjections(dir);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    nlohmann::json config;
    {
        std::ifstream in(dir / "config.json");
        config = nlohmann::json::parse(in);
    }
    auto write = [&](const nlohmann::json& c) { std::ofstream(dir / "config.json") << c.dump(); };
    auto c = config;
    c["head_dim"] = 50;
    write(c);
    std::string e = error();
    EXPECT_NE(e.find("model.safetensors"), std::string::npos) << e;
    EXPECT_NE(e.find("q_proj.weight"), std::string::npos) << e;
    EXPECT_NE(e.find("expected [50,100]"), std::string::npos) << e;
    c = config;
    c["positional"] = "rotary";
    write(c);
    e = error();
    EXPECT_NE(e.find("config.json"), std::string::npos) << e;
    EXPECT_NE(e.find("positional"), std::string::npos) << e;
    c = config;
    c["architecture"] = "vit";
    write(c);
    e = error();
    EXPECT_NE(e.find("has no learned projections"), std::string::npos) << e;
    fs::remove_all(dir);
}

// Issue 12, wrong number 3: an empty sentence was translated ("apuesta ."): the encoder saw only the
// appended eos_token and the decoder invented an output. Empty input -> empty result.
#include <attn/checkpoint.hpp>

TEST(Seq2SeqEmptyInput, EmptySentenceWasTranslated) {
    for (const char* variant : {"s2s_additive", "s2s_none"}) {
        const auto model = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(
            attn::loadModel(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / variant));
        ASSERT_TRUE(model) << variant;
        for (const char* text : {"", "   "}) {
            const auto r = model->translate(text);
            EXPECT_TRUE(r.sourceTokens.empty()) << variant;
            EXPECT_TRUE(r.outputTokens.empty()) << variant;
            EXPECT_EQ(r.alignment.size(), 0) << variant;
            EXPECT_EQ(r.logits.size(), 0) << variant;
        }
        EXPECT_FALSE(model->translate("i am cold .").outputTokens.empty()) << variant;
    }
}
