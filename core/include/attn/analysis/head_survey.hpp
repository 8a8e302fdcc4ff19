#pragma once
// The head survey: every input of a corpus through a model's traced forward (the same forward its page
// and `attnviz inspect` run), every attention map summed into attn/analysis/head_metrics.hpp's metrics,
// per layer and head, with each head's strongest inputs.
//
//   auto plan = attn::analysis::planTextSurvey(model, texts, {.inductionRun = 20, .inductionInputs = 50});
//   attn::analysis::SurveyOptions options;
//   options.progress = [&](std::size_t done, std::size_t total) { return !cancelled; };
//   const attn::analysis::HeadSurvey s = attn::analysis::runSurvey(plan, options);
//   s.metrics.mean(layer, head, attn::analysis::Metric::Previous);
//
// Threads: runSurvey runs the inputs on `threads` worker threads (default: every core) in blocks of
// kSurveyBlock inputs; each block is summed on its own and the blocks are merged in input order, so the
// numbers are the same bits whatever the number of threads. The progress callback runs on the calling
// thread (never on a worker); returning false stops the workers after their current input and runSurvey
// throws attn::Cancelled. An exception from a forward stops the survey and is rethrown, except an
// attn::Error for one input (an id outside the vocabulary, a sequence too long), which skips that input
// and records why.
//
// What the plans cover (the layout each input gets, head_metrics.hpp):
//   text classifier  attnviz's transformer_classifier and Hugging Face BERT with a head: classify(text)
//                    without padding; [CLS] at position 0 when the model pools it; [SEP] where the
//                    tokenizer puts it (the last id it adds around an empty text)
//   text encoder     Hugging Face BERT without a head: tokenIds + encodeIds, the same [CLS] / [SEP]
//   sentence encoder the Universal Sentence Encoder lite: encode(text) as the Similarity page reads a
//                    sentence (its pieces, cut to its longest input with a warning); no [CLS] / [SEP]
//   causal LM        Hugging Face GPT-2 and Llama: the tokenizer's ids (with the BOS it adds), cut to
//                    the model's positions; for a model without a tokenizer a line is read as the
//                    Generate page reads a prompt (attn/hf/prompt.hpp: ids, or A B C; shorter than the
//                    model's positions). Plus the induction inputs BOS + r + r.
// An input of fewer than two tokens is skipped (its only row is position 0, which no metric counts).
//   image classifier attnviz's ViT and Hugging Face ViT: classify(image); [CLS] at 0, the patches on
//                    their grid (distance in patches)
// Not covered: seq2seq translators (their attention is encoder-decoder, not self-attention).

#include <attn/analysis/head_metrics.hpp>
#include <attn/datasets/common.hpp>
#include <attn/open_model.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace attn::analysis {

inline constexpr std::size_t kSurveyBlock = 8;

/// One input after the model's forward, as the survey needs it.
struct SurveyInput {
    AttentionStack maps;             ///< [layer][head] T x T, rows = queries
    PositionLayout layout;           ///< which positions are real, [CLS], [SEP], the patch grid
    std::vector<std::string> tokens; ///< a label per position (for the examples)
    int inductionRun = 0;            ///< > 0: a BOS + r + r input, counted for the induction score only
    std::string skipped;             ///< not empty: the input was not run, and why
    std::vector<std::string> warnings;
};

/// Runs input `index` (0 .. count-1) through the model. Called from several threads at once.
using SurveyForward = std::function<SurveyInput(std::size_t index)>;

/// What to run: the model's shape, the inputs and the forward.
struct SurveyPlan {
    int layers = 0, heads = 0;
    std::string capability;   ///< "text classifier", "text encoder", "sentence encoder", "causal LM", "image
                              ///< classifier"
    std::string distanceUnit; ///< "tokens" or "patches"
    std::size_t corpusInputs = 0;    ///< inputs 0 .. corpusInputs-1 are the corpus
    std::size_t inductionInputs = 0; ///< then this many BOS + r + r inputs
    int inductionRun = 0;            ///< L of r
    int inductionBos = -1;           ///< the id in front of r + r
    std::vector<std::string> notes;  ///< how [CLS], [SEP] and BOS were found, in English
    SurveyForward forward;
};

struct InductionOptions {
    int run = 0;             ///< L; 0 = no induction inputs
    std::size_t inputs = 0;  ///< how many BOS + r + r inputs
    std::uint64_t seed = 54; ///< input k uses inductionInput(..., seed + k, ...)
};

/// A plan for `texts` on the model's text capability: a causal LM first, then a text classifier, then a
/// text encoder, then a sentence encoder. Throws std::invalid_argument naming what the folder holds when it
/// has none of them, and when induction is asked of a model that is not a causal LM or 2 L + 1 exceeds its
/// positions.
SurveyPlan planTextSurvey(const LoadedModel& model, std::vector<std::string> texts,
                          const InductionOptions& induction = {});

/// A plan for `images` (N x C x H x W bytes, as the IDX reader gives them) on an image classifier; each
/// image is resized and normalised as classify() does. Throws std::invalid_argument when the model is no
/// image classifier.
SurveyPlan planImageSurvey(const LoadedModel& model, std::shared_ptr<const datasets::Images> images);

struct SurveyOptions {
    /// (inputs done, total), on the calling thread; false cancels (runSurvey throws attn::Cancelled).
    std::function<bool(std::size_t done, std::size_t total)> progress;
    unsigned threads = 0; ///< 0 = std::thread::hardware_concurrency()
    int topK = 10;        ///< examples kept per head and metric
};

/// Per input, what the survey kept of it.
struct SurveyRecord {
    std::vector<std::string> tokens;
    std::string skipped; ///< why it was not run; empty when it was
    std::vector<std::string> warnings;
};

struct HeadSurvey {
    HeadMetrics metrics{0, 0};
    std::vector<SurveyRecord> records; ///< one per input of the plan, in order
    std::size_t skipped = 0;           ///< inputs not run
    unsigned threads = 0;              ///< worker threads used
    double seconds = 0;                ///< wall time of the forwards and sums
};

/// Runs every input of `forward` (0 .. count-1) by the rules above.
HeadSurvey runSurvey(int layers, int heads, std::size_t count, const SurveyForward& forward,
                     const SurveyOptions& options = {});
/// runSurvey over the plan's corpus and induction inputs.
HeadSurvey runSurvey(const SurveyPlan& plan, const SurveyOptions& options = {});

} // namespace attn::analysis
