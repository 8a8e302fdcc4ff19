// The Universal Sentence Encoder lite as an explanation subject (attn/explain/use_subject.hpp, issue 55):
// the number explained is the cosine of the sentence's vector with another sentence's, checked against
// the model's own encode(); a piece removed (masked as a key, left out of the mean) at the end of the
// sentence gives exactly the vector of the sentence without it (encodeIds of the shorter ids); the
// methods that need no backward run, the gradient says why it does not apply. Skips when the model is
// not installed.

#include "use_reference.hpp"

#include <attn/capabilities/sentence_encoder.hpp>
#include <attn/explain/explain.hpp>
#include <attn/explain/use_subject.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <gtest/gtest.h>

namespace {

using attn::UniversalSentenceEncoder;

std::shared_ptr<const UniversalSentenceEncoder> model() {
    return testref::installedUse();
}

const std::string kA = "How old are you?", kB = "What is your age?";

TEST(UseExplain, TheUnchangedInputIsTheModelsForwardAndItsCosine) {
    REQUIRE_USE_MODEL();
    const auto subject = attn::explain::useSimilaritySubject(*model(), kA, kB);
    const attn::ClassifierResult base = subject->run({});
    const attn::SentenceEncoding a = model()->encode(kA), b = model()->encode(kB);
    ASSERT_EQ(base.attention.size(), a.attention.size());
    for (std::size_t l = 0; l < a.attention.size(); ++l)
        for (std::size_t h = 0; h < a.attention[l].size(); ++h)
            EXPECT_LE((base.attention[l][h] - a.attention[l][h]).cwiseAbs().maxCoeff(), 1e-7f)
                << l << "," << h;
    EXPECT_EQ(base.tokens, a.tokens);
    ASSERT_EQ(base.probabilities.size(), 1u);
    EXPECT_EQ(base.predicted, 0);
    const double want = attn::cosineSimilarity(a.vector, b.vector);
    EXPECT_NEAR(base.probabilities[0], want, 1e-6);
    EXPECT_NEAR(want, 0.85, 0.01); // the USE demo's age pair
    EXPECT_EQ(subject->inputCount(), a.ids.size());
    EXPECT_FALSE(subject->clsPooled());
    // Without another sentence: the sentence's own vector, cosine 1.
    EXPECT_NEAR(attn::explain::useSimilaritySubject(*model(), kA)->run({}).probabilities[0], 1.0, 1e-6);
}

TEST(UseExplain, MaskingTheLastPieceIsTheSentenceWithoutIt) {
    REQUIRE_USE_MODEL();
    const auto subject = attn::explain::useSimilaritySubject(*model(), kA, kB);
    const std::vector<int> ids = model()->tokenIds(kA);
    ASSERT_GE(ids.size(), 3u);
    const std::vector<int> shorter(ids.begin(), ids.end() - 1);
    const double want =
        attn::cosineSimilarity(model()->encodeIds(shorter).vector, model()->encode(kB).vector);
    const attn::ClassifierResult r = subject->run({ids.size() - 1});
    EXPECT_NEAR(r.probabilities[0], want, 1e-6);
    EXPECT_EQ(r.keyAllowed.back(), 0);
    // The masked piece gets no weight from any query.
    for (const auto& layer : r.attention)
        for (const auto& map : layer)
            EXPECT_EQ(map.col(map.cols() - 1).cwiseAbs().maxCoeff(), 0.0f);
}

TEST(UseExplain, TheBackwardFreeMethodsRunAndTheGradientSaysWhyNot) {
    REQUIRE_USE_MODEL();
    const auto subject = attn::explain::useSimilaritySubject(*model(), kA, kB);
    const auto e = attn::explain::explain(*subject, {"raw", "rollout", "flow", "valuenorm", "ablation"});
    for (const char* m : {"raw", "rollout", "flow", "valuenorm"}) {
        const auto& r = e.methods.at(m);
        EXPECT_EQ(r.relevance.size(), subject->inputCount()) << m;
        ASSERT_FALSE(r.deletion.probability.empty()) << m;
        EXPECT_NEAR(r.deletion.probability.front(), e.base.probabilities[0], 1e-9) << m;
    }
    ASSERT_TRUE(e.ablation.has_value());
    try {
        (void)attn::explain::explain(*subject, {"gradient"});
        FAIL() << "the gradient ran";
    } catch (const std::invalid_argument& err) {
        EXPECT_NE(std::string(err.what()).find("widens 256 -> 512"), std::string::npos) << err.what();
    }
}

TEST(UseExplain, AnEmptySentenceIsRefused) {
    REQUIRE_USE_MODEL();
    EXPECT_THROW(attn::explain::useSimilaritySubject(*model(), "", kB), std::invalid_argument);
}

} // namespace
