// The head survey's time (issue 54, point 6): the shipped English sentences
// (resources/corpora/english-sentences.txt) through attn::analysis::runSurvey on every core, the
// metrics and the top-10 examples of every head summed as the Heads page and `attnviz heads` do.
//
//   BM_SurveySentiment/N   the shipped sentiment classifier (planTextSurvey: classify(text), its own
//                          words), the first N sentences
//   BM_SurveyUseLite/N     the Universal Sentence Encoder lite when installed (its pieces); skipped
//                          with a message otherwise
//   BM_SurveyBertBase/N    a BERT-base-sized model with random weights (hf_random_models.hpp: 12 layers,
//                          12 heads, hidden 768, intermediate 3072), each sentence as [CLS] + its words
//                          and punctuation (attn::tokenize) + [SEP] as ids: the lengths of an uncased
//                          BERT's reading of the same sentence, give or take the WordPiece splits of rare
//                          words. The model's forward keeps all 144 maps per input, as a real BERT
//                          folder's does in the survey (TextEncoder::encodeIds).
//
// One iteration is one whole survey (N = 2,000 is the figure; 200 for a quick look). Counter
// inputs_per_s. Run one at a time: --benchmark_filter=BM_SurveyBertBase/2000.

#include "attnviz_test_paths.hpp"
#include "hf_random_models.hpp"

#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/text_corpus.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <attn/open_model.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <benchmark/benchmark.h>
#include <string>
#include <vector>

namespace {

std::vector<std::string> corpus(std::size_t n) {
    std::vector<std::string> out;
    const auto c =
        attn::analysis::readTextCorpus(ATTNVIZ_RESOURCE_DIR "/corpora/english-sentences.txt", {}, n);
    for (const auto& in : c.inputs)
        out.push_back(in.text);
    return out;
}

void runPlan(benchmark::State& state, const attn::analysis::SurveyPlan& plan) {
    std::size_t inputs = 0;
    for (auto _ : state) {
        const attn::analysis::HeadSurvey s = attn::analysis::runSurvey(plan);
        inputs += s.records.size() - s.skipped;
        benchmark::DoNotOptimize(s.metrics.mean(0, 0, attn::analysis::Metric::Previous));
        state.counters["threads"] = s.threads;
    }
    state.counters["inputs_per_s"] = benchmark::Counter(double(inputs), benchmark::Counter::kIsRate);
}

void BM_SurveySentiment(benchmark::State& state) {
    static const attn::LoadedModel model = attn::openModel(ATTNVIZ_RESOURCE_DIR "/models/sentiment");
    runPlan(state, attn::analysis::planTextSurvey(model, corpus(std::size_t(state.range(0)))));
}
BENCHMARK(BM_SurveySentiment)->Arg(200)->Arg(2000)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

void BM_SurveyUseLite(benchmark::State& state) {
    const auto dir = attn::UniversalSentenceEncoder::defaultDirectory();
    if (!attn::UniversalSentenceEncoder::looksLikeModel(dir)) {
        state.SkipWithError(("the Universal Sentence Encoder lite is not installed in " + dir.string() +
                             " (run cmake/install-use-model.sh)")
                                .c_str());
        return;
    }
    static const attn::LoadedModel model = attn::openModel(dir);
    runPlan(state, attn::analysis::planTextSurvey(model, corpus(std::size_t(state.range(0)))));
}
BENCHMARK(BM_SurveyUseLite)->Arg(200)->Arg(2000)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

void BM_SurveyBertBase(benchmark::State& state) {
    static const auto model = hfbench::bertBase();
    const std::vector<std::string> texts = corpus(std::size_t(state.range(0)));
    constexpr int kCls = 101, kSep = 102, kVocab = 30522;
    std::vector<std::vector<int>> ids;
    double tokens = 0;
    for (const auto& t : texts) {
        std::vector<int> seq{kCls};
        for (const auto& w : attn::tokenize(t))
            seq.push_back(1000 + int(std::hash<std::string>{}(w) % (kVocab - 1000)));
        seq.push_back(kSep);
        tokens += double(seq.size());
        ids.push_back(std::move(seq));
    }
    const attn::analysis::SurveyForward forward = [&ids](std::size_t i) {
        attn::analysis::SurveyInput in;
        auto out = model->forward(ids[i]);
        in.maps = std::move(out.attention);
        in.layout.cls = 0;
        in.layout.sep = {int(ids[i].size()) - 1};
        in.tokens.assign(ids[i].size(), "t");
        return in;
    };
    std::size_t done = 0;
    for (auto _ : state) {
        const auto s = attn::analysis::runSurvey(12, 12, ids.size(), forward);
        done += s.records.size() - s.skipped;
        state.counters["threads"] = s.threads;
    }
    state.counters["inputs_per_s"] = benchmark::Counter(double(done), benchmark::Counter::kIsRate);
    state.counters["mean_tokens"] = tokens / double(ids.size());
}
BENCHMARK(BM_SurveyBertBase)->Arg(200)->Arg(2000)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

} // namespace
