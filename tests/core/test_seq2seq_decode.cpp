// Step-by-step greedy decoding of the shipped translation checkpoints against PyTorch:
// tests/data/decode/translation-en-es-top5.json was written by training/make_decode_fixture.py (the same
// checkpoints run by training/attnviz/models.py). At every step the engine's five candidates must be the
// same tokens in the same order with probabilities within 1e-5, and for the model without attention the
// final encoder state (the one context vector) within 1e-5.

#include "attnviz_test_paths.hpp"

#include <algorithm>
#include <attn/checkpoint.hpp>
#include <attn/top_k.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
constexpr float kTol = 1e-5f;
// The encoder's final state comes out of 2 GRU layers x up to 12 recurrent steps of 256-wide float32
// products, summed in another order than PyTorch's: the shipped stage-3 model differs by 1.0e-5 at most.
constexpr float kStateTol = 2e-5f;
const fs::path kModels = fs::path(ATTNVIZ_SOURCE_DIR) / "resources" / "models";

nlohmann::json fixture() {
    std::ifstream in(fs::path(ATTNVIZ_TEST_DATA_DIR) / "decode" / "translation-en-es-top5.json");
    return nlohmann::json::parse(in);
}

std::shared_ptr<const attn::Seq2SeqModel> load(const std::string& name) {
    const auto model = attn::loadModel(kModels / name);
    auto s2s = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(model);
    EXPECT_NE(s2s, nullptr) << name;
    return s2s;
}

/// Runs `check(entry, model)` for each model entry of the fixture, with its shipped model loaded.
template <typename Check> void forEachFixtureModel(Check check) {
    const auto want = fixture(); // kept alive: the loop walks a reference into it
    for (const auto& m : want["models"]) {
        const std::string name = m["model"].get<std::string>();
        SCOPED_TRACE(name);
        const auto model = load(name);
        ASSERT_NE(model, nullptr);
        check(m, *model);
    }
}

} // namespace

TEST(Seq2SeqDecode, EveryStepsTopFiveMatchesPyTorch) {
    ASSERT_EQ(fixture()["models"].size(), 2u);
    forEachFixtureModel([](const nlohmann::json& m, const attn::Seq2SeqModel& model) {
        const int k = m["top_k"].get<int>();
        for (const auto& c : m["cases"]) {
            SCOPED_TRACE(c["text"].get<std::string>());
            const auto r = model.translate(c["text"].get<std::string>(), 0, k);
            EXPECT_EQ(r.sourceIds, c["source_ids"].get<std::vector<int>>());
            ASSERT_EQ(r.outputIds, c["output_ids"].get<std::vector<int>>());
            ASSERT_EQ(r.candidates.size(), c["steps"].size());
            for (std::size_t t = 0; t < r.candidates.size(); ++t) {
                SCOPED_TRACE("step " + std::to_string(t));
                const auto& step = c["steps"][t];
                const auto& got = r.candidates[t];
                ASSERT_EQ(got.size(), static_cast<std::size_t>(k));
                EXPECT_EQ(got.front().id, r.outputIds[t]); // the first candidate is the token chosen
                ASSERT_EQ(r.outputProbabilities.size(), r.outputIds.size());
                EXPECT_NEAR(r.outputProbabilities[t], step["probabilities"][0].get<float>(), kTol);
                for (std::size_t i = 0; i < got.size(); ++i) {
                    EXPECT_EQ(got[i].id, step["ids"][i].get<int>()) << "candidate " << i;
                    EXPECT_EQ(got[i].token, step["tokens"][i].get<std::string>());
                    EXPECT_NEAR(got[i].probability, step["probabilities"][i].get<float>(), kTol);
                }
            }
            // The final encoder state: the decoder's starting point (the whole sentence without attention).
            const auto& state = c["final_encoder_state"];
            ASSERT_EQ(static_cast<std::size_t>(r.encoderStates.cols()), state.size());
            const Eigen::Index last = r.encoderStates.rows() - 1;
            for (std::size_t i = 0; i < state.size(); ++i)
                EXPECT_NEAR(r.encoderStates(last, static_cast<Eigen::Index>(i)), state[i].get<float>(),
                            kStateTol);
            EXPECT_EQ(r.decoderStates.rows(), static_cast<Eigen::Index>(r.outputIds.size()));
        }
    });
}

TEST(Seq2SeqDecode, BeamSearchChoosesPyTorchsOutput) {
    forEachFixtureModel([](const nlohmann::json& m, const attn::Seq2SeqModel& model) {
        ASSERT_FALSE(m["beam"].empty());
        for (const auto& c : m["beam"]) {
            const std::string text = c["text"].get<std::string>();
            for (const auto& [width, ids] : c["outputs"].items()) {
                SCOPED_TRACE(text + " | beam " + width);
                const auto r = model.translate(text, 0, 3, std::stoi(width));
                EXPECT_EQ(r.beamWidth, std::stoi(width));
                ASSERT_EQ(r.outputIds, ids.get<std::vector<int>>());
                // The chosen output is replayed step by step: one set of candidates, one state and one
                // attention row per output token.
                EXPECT_EQ(r.candidates.size(), r.outputIds.size());
                ASSERT_EQ(r.outputProbabilities.size(), r.outputIds.size());
                for (std::size_t t = 0; t < r.outputIds.size(); ++t) { // a chosen candidate: its probability
                    for (const auto& cand : r.candidates[t]) {
                        if (cand.id == r.outputIds[t]) {
                            EXPECT_NEAR(r.outputProbabilities[t], cand.probability, kTol);
                        }
                    }
                }
                EXPECT_EQ(r.decoderStates.rows(), static_cast<Eigen::Index>(r.outputIds.size()));
                if (r.hasAttention) {
                    EXPECT_EQ(r.alignment.rows(), static_cast<Eigen::Index>(r.outputIds.size()));
                }
            }
        }
    });
}

TEST(Seq2SeqDecode, BeamOfOneIsGreedyAndZeroIsRejected) {
    const auto model = load("translation-en-es");
    ASSERT_NE(model, nullptr);
    const auto greedy = model->translate("she is reading a book in the garden");
    const auto one = model->translate("she is reading a book in the garden", 0, 5, 1);
    EXPECT_EQ(one.outputIds, greedy.outputIds);
    EXPECT_EQ(one.beamWidth, 1);
    EXPECT_THROW(model->translate("i am cold", 0, 5, 0), std::invalid_argument);
}

TEST(Seq2SeqDecode, UnknownSourceWordsAreFlagged) {
    // A word model (the parity fixture s2s_additive, vocabulary "i am cold you are tall he is ."): a word
    // outside the vocabulary is unk_token and flagged.
    const auto model = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(
        attn::loadModel(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / "s2s_additive"));
    ASSERT_NE(model, nullptr);
    const auto r = model->translate("i zyxwv cold");
    ASSERT_EQ(r.sourceTokens.size(), 4u); // eos appended
    EXPECT_EQ(r.sourceUnknown, (std::vector<std::uint8_t>{0, 1, 0, 0}));
    EXPECT_EQ(r.sourceIds[1], *model->sourceVocabulary().find("<unk>"));
    ASSERT_EQ(r.outputUnknown.size(), r.outputIds.size());
    const int unk = *model->targetVocabulary().find("<unk>");
    for (std::size_t t = 0; t < r.outputIds.size(); ++t)
        EXPECT_EQ(r.outputUnknown[t] != 0, r.outputIds[t] == unk);
}

TEST(Seq2SeqDecode, TeacherForcingMatchesPyTorch) {
    // The fixture's "forced" entries: Apertium's translation of the chapter's sentence fed to the decoder
    // (greedy with a prefix in PyTorch), then a prefix of the model's own output plus its third candidate.
    forEachFixtureModel([](const nlohmann::json& m, const attn::Seq2SeqModel& model) {
        const auto& f = m["forced"];
        const auto target = f["target_ids"].get<std::vector<int>>();
        EXPECT_EQ(model.targetIds(f["reference"].get<std::string>()), target);
        const auto r = model.translateForced(f["text"].get<std::string>(), target, false);
        ASSERT_EQ(r.outputIds, target); // the decoder stops after the forced eos
        EXPECT_EQ(r.forcedSteps, static_cast<int>(target.size()));
        EXPECT_EQ(attn::outputText(r), "el libro que compré es muy interesante .");
        ASSERT_EQ(r.candidates.size(), f["steps"].size());
        for (std::size_t t = 0; t < target.size(); ++t) {
            SCOPED_TRACE("step " + std::to_string(t));
            const auto& step = f["steps"][t];
            EXPECT_NEAR(r.outputProbabilities[t], step["probability"].get<float>(), kTol);
            for (std::size_t i = 0; i < r.candidates[t].size(); ++i) {
                EXPECT_EQ(r.candidates[t][i].id, step["ids"][i].get<int>()) << "candidate " << i;
                EXPECT_NEAR(r.candidates[t][i].probability, step["probabilities"][i].get<float>(), kTol);
            }
            if (step["attention"].is_null()) {
                EXPECT_EQ(r.alignment.size(), 0);
                continue;
            }
            const auto weights = step["attention"].get<std::vector<float>>();
            ASSERT_EQ(static_cast<std::size_t>(r.alignment.cols()), weights.size());
            for (std::size_t s = 0; s < weights.size(); ++s)
                EXPECT_NEAR(r.alignment(static_cast<Eigen::Index>(t), static_cast<Eigen::Index>(s)),
                            weights[s], kTol);
        }
        EXPECT_NEAR(attn::outputPerplexity(r), f["perplexity"].get<double>(),
                    1e-4 * f["perplexity"].get<double>());

        // A prefix, then the decoder's own choices.
        const auto prefix = f["prefix"].get<std::vector<int>>();
        const auto continued = model.translateForced(f["text"].get<std::string>(), prefix, true);
        EXPECT_EQ(continued.outputIds, f["continued_ids"].get<std::vector<int>>());
        EXPECT_EQ(continued.forcedSteps, static_cast<int>(prefix.size()));
    });
}

TEST(Seq2SeqDecode, ForcedOutputsAreCheckedAndAnEmptyPrefixIsGreedy) {
    const auto model = load("translation-en-es");
    ASSERT_NE(model, nullptr);
    const std::string text = "the cat is sleeping on the bed";
    const auto greedy = model->translate(text);
    const auto empty = model->translateForced(text, {}, true);
    EXPECT_EQ(empty.outputIds, greedy.outputIds);
    EXPECT_EQ(empty.forcedSteps, 0);
    EXPECT_TRUE(model->translateForced(text, {}, false).outputIds.empty());
    EXPECT_TRUE(model->targetIds("  ").empty());
    const int vocab = model->settings().tgtVocabSize;
    EXPECT_THROW(model->translateForced(text, {46, vocab}, true), std::invalid_argument);
    EXPECT_THROW(model->translateForced(text, {-1}, false), std::invalid_argument);
    // A forced eos ends the output even when the decoder could go on.
    const int eos = *model->targetVocabulary().find(model->settings().eosToken);
    const auto stopped = model->translateForced(text, {46, eos}, true);
    EXPECT_EQ(stopped.outputIds, (std::vector<int>{46, eos}));
}

TEST(Seq2SeqDecode, WordModelTargetIdsMarkUnknownWords) {
    // The parity fixture s2s_additive: target vocabulary "<pad> SOS EOS <unk> yo tengo frio ...".
    const auto model = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(
        attn::loadModel(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / "s2s_additive"));
    ASSERT_NE(model, nullptr);
    const auto& tgt = model->targetVocabulary();
    const auto ids = model->targetIds("Yo tengo zyxwv");
    EXPECT_EQ(ids,
              (std::vector<int>{*tgt.find("yo"), *tgt.find("tengo"), *tgt.find("<unk>"), *tgt.find("EOS")}));
    const auto r = model->translateForced("i am cold", ids, false);
    EXPECT_EQ(r.outputUnknown, (std::vector<std::uint8_t>{0, 0, 1, 0}));
}

TEST(Seq2SeqDecode, PerplexityMatchesAHandComputation) {
    // Step 1: logits (0, ln 3) -> p(id 1) = 3/4; step 2: logits (0, 0) -> p(id 0) = 1/2.
    // exp(-(ln 3/4 + ln 1/2) / 2) = sqrt(4/3 * 2) = sqrt(8/3).
    attn::TranslationResult r;
    r.outputIds = {1, 0};
    r.logits.resize(2, 2);
    r.logits << 0.0f, std::log(3.0f), 0.0f, 0.0f;
    EXPECT_NEAR(attn::outputPerplexity(r), std::sqrt(8.0 / 3.0), 1e-6);
    EXPECT_EQ(attn::outputPerplexity(attn::TranslationResult{}), 0.0);
}

TEST(Seq2SeqDecode, ShippedModelsCutRareWordsIntoPiecesNotUnk) {
    // Issue 13: SentencePiece pieces, so that no English word of ASCII letters becomes <unk>.
    for (const char* name : {"translation-en-es", "translation-en-es-noattn"}) {
        SCOPED_TRACE(name);
        const auto model = load(name);
        ASSERT_NE(model, nullptr);
        const auto r = model->translate("my zyxwv friend bought a qwertyuiop");
        EXPECT_TRUE(r.pieces);
        // The full stop is the models' src_sentence_end (every training source ends with one).
        EXPECT_EQ(r.sourceWords,
                  (std::vector<std::string>{"my", "zyxwv", "friend", "bought", "a", "qwertyuiop", "."}));
        for (std::size_t i = 0; i < r.sourceTokens.size(); ++i)
            EXPECT_EQ(r.sourceUnknown[i], 0) << r.sourceTokens[i];
    }
}

TEST(Seq2SeqDecode, TopKIsCheckedAndClampedToTheVocabulary) {
    const auto model = load("translation-en-es");
    ASSERT_NE(model, nullptr);
    EXPECT_THROW(model->translate("i am cold", 0, 0), std::invalid_argument);
    const auto r = model->translate("i am cold", 0, 1);
    for (const auto& step : r.candidates)
        EXPECT_EQ(step.size(), 1u);
}

// Hand computation: softmax([1, 3, 2, 3]) = e^(l-3) / (e^-2 + 1 + e^-1 + 1); the tie keeps index 1 first.
TEST(SoftmaxTopK, MatchesAHandComputation) {
    attn::Vector logits(4);
    logits << 1.f, 3.f, 2.f, 3.f;
    const auto top = attn::softmaxTopK(logits, 3);
    const double z = std::exp(-2.0) + 1.0 + std::exp(-1.0) + 1.0;
    ASSERT_EQ(top.size(), 3u);
    EXPECT_EQ(top[0].first, 1);
    EXPECT_EQ(top[1].first, 3);
    EXPECT_EQ(top[2].first, 2);
    EXPECT_NEAR(top[0].second, 1.0 / z, 1e-7);
    EXPECT_NEAR(top[1].second, 1.0 / z, 1e-7);
    EXPECT_NEAR(top[2].second, std::exp(-1.0) / z, 1e-7);
    EXPECT_EQ(attn::softmaxTopK(logits, 10).size(), 4u);
    EXPECT_THROW(attn::softmaxTopK(logits, 0), std::invalid_argument);
    logits(2) = std::nanf("");
    EXPECT_THROW(attn::softmaxTopK(logits, 2), std::invalid_argument);
}

TEST(SoftmaxTopK, LogNormaliserIsTheLogOfTheSumOfExponentials) {
    attn::Vector logits(4);
    logits << 1.f, 3.f, 2.f, 3.f;
    // log(e^1 + e^3 + e^2 + e^3), by hand: 3 + log(e^-2 + 1 + e^-1 + 1)
    const double want = 3.0 + std::log(std::exp(-2.0) + 2.0 + std::exp(-1.0));
    EXPECT_NEAR(attn::logSoftmaxNormaliser(logits), want, 1e-6);
    // Large logits do not overflow: the same sum shifted by 1000.
    logits.array() += 1000.f;
    EXPECT_NEAR(attn::logSoftmaxNormaliser(logits), want + 1000.0, 1e-4);
    EXPECT_THROW(attn::logSoftmaxNormaliser(attn::Vector()), std::invalid_argument);
    logits(0) = std::numeric_limits<float>::infinity();
    EXPECT_THROW(attn::logSoftmaxNormaliser(logits), std::invalid_argument);
}

namespace {

/// log P(prefix) as teacher forcing computes it: the sum of the logs of the forced tokens' probabilities
/// (an independent path through the decoder: no beam search).
double forcedLogProbability(const attn::Seq2SeqModel& model, const std::string& text,
                            const std::vector<int>& prefix) {
    const auto r = model.translateForced(text, prefix, false);
    double sum = 0.0;
    for (const float p : r.outputProbabilities)
        sum += std::log(static_cast<double>(p));
    return sum;
}

} // namespace

// Issue 49 point 15: the beam of every step is kept, with each hypothesis's log-probability and score.
TEST(Seq2SeqDecode, BeamStepsOfWidthOneAreTheGreedyPath) {
    const auto model = load("translation-en-es");
    ASSERT_NE(model, nullptr);
    const std::string text = "she is reading a book in the garden";
    const auto r = model->translate(text);
    ASSERT_EQ(r.beamSteps.size(), r.outputIds.size());
    const int eos = *model->targetVocabulary().find(model->settings().eosToken);
    for (std::size_t t = 0; t < r.beamSteps.size(); ++t) {
        SCOPED_TRACE("step " + std::to_string(t));
        ASSERT_EQ(r.beamSteps[t].size(), 1u);
        const attn::BeamHypothesis& h = r.beamSteps[t].front();
        const std::vector<int> prefix(r.outputIds.begin(), r.outputIds.begin() + static_cast<long>(t) + 1);
        EXPECT_EQ(h.ids, prefix);
        EXPECT_EQ(h.tokens.back(), r.outputTokens[t]);
        const double logP = forcedLogProbability(*model, text, prefix);
        EXPECT_NEAR(h.logProbability, logP, 1e-4);
        EXPECT_NEAR(h.score, logP / static_cast<double>(t + 1), 1e-4);
        EXPECT_TRUE(h.chosen);
        EXPECT_EQ(h.finished, r.outputIds[t] == eos);
    }
    // A forced translation has no beam.
    EXPECT_TRUE(model->translateForced(text, {r.outputIds.front()}, true).beamSteps.empty());
}

TEST(Seq2SeqDecode, BeamStepsOfWidthTwoMatchABruteForceSearch) {
    // The parity fixture s2s_additive (13 target tokens): every one- and two-token continuation scored by
    // teacher forcing; at each step every kept hypothesis offers its 2 most probable next tokens, and the
    // step keeps, best first, those ending at eos (finished) until 2 others go on.
    const auto model = std::dynamic_pointer_cast<const attn::Seq2SeqModel>(
        attn::loadModel(fs::path(ATTNVIZ_TEST_DATA_DIR) / "parity" / "s2s_additive"));
    ASSERT_NE(model, nullptr);
    const std::string text = "you are tall";
    const int width = 2;
    const auto r = model->translate(text, 0, 3, width);
    ASSERT_GE(r.beamSteps.size(), 2u);
    const int vocab = model->settings().tgtVocabSize;
    const int eos = *model->targetVocabulary().find(model->settings().eosToken);
    std::vector<std::vector<int>> parents{{}};
    for (std::size_t step = 0; step < 2; ++step) {
        SCOPED_TRACE("step " + std::to_string(step));
        std::vector<std::pair<std::vector<int>, double>> offered;
        for (const auto& parent : parents) {
            std::vector<std::pair<std::vector<int>, double>> all;
            for (int id = 0; id < vocab; ++id) {
                auto ids = parent;
                ids.push_back(id);
                all.emplace_back(ids, forcedLogProbability(*model, text, ids));
            }
            std::stable_sort(all.begin(), all.end(),
                             [](const auto& a, const auto& b) { return a.second > b.second; });
            offered.insert(offered.end(), all.begin(), all.begin() + width);
        }
        std::stable_sort(offered.begin(), offered.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        std::vector<std::pair<std::vector<int>, double>> kept;
        parents.clear();
        for (const auto& o : offered) {
            kept.push_back(o);
            if (o.first.back() != eos)
                parents.push_back(o.first);
            if (static_cast<int>(parents.size()) == width)
                break;
        }
        const auto& got = r.beamSteps[step];
        ASSERT_EQ(got.size(), kept.size());
        for (std::size_t i = 0; i < kept.size(); ++i) {
            SCOPED_TRACE("hypothesis " + std::to_string(i));
            EXPECT_EQ(got[i].ids, kept[i].first);
            EXPECT_NEAR(got[i].logProbability, kept[i].second, 1e-4);
            EXPECT_NEAR(got[i].score, kept[i].second / static_cast<double>(step + 1), 1e-4);
            EXPECT_EQ(got[i].finished, kept[i].first.back() == eos);
            const bool prefix = std::equal(kept[i].first.begin(), kept[i].first.end(), r.outputIds.begin());
            EXPECT_EQ(got[i].chosen, prefix);
        }
    }
    // Exactly one hypothesis per step is on the chosen path while the output lasts.
    for (std::size_t t = 0; t < r.outputIds.size(); ++t)
        EXPECT_EQ(std::count_if(r.beamSteps[t].begin(), r.beamSteps[t].end(),
                                [](const attn::BeamHypothesis& h) { return h.chosen; }),
                  1);
}
