#pragma once
// The head survey as the app runs it (issue 54): the corpus a model reads (a text file for text models,
// an IDX image file for image models, with their defaults), the induction inputs a decoder gets, the
// survey and its report. `attnviz heads` and the Heads page call the same functions, so that the page
// shows the numbers the CLI writes.
//
//   const SurveyCorpus corpus = readSurveyCorpus(model, "", 200);        // the shipped sentences
//   const attn::analysis::SurveyReport r = runHeadSurvey(model, dir, corpus, {}, progress);

#include "services/model_handle.hpp"

#include <QString>
#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/survey_report.hpp>
#include <attn/datasets/common.hpp>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

/// Debian's Fashion-MNIST test images (package dataset-fashion-mnist), the image models' default.
inline constexpr const char* kDefaultSurveyImages =
    "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz";

/// The shipped resources/corpora/english-sentences.txt.
QString defaultTextCorpus();

/// The inputs of a survey: texts with their lines, or images.
struct SurveyCorpus {
    std::string file, kind; ///< kind: "text" | "images"
    std::vector<std::string> texts;
    std::vector<std::size_t> lines; ///< per text, 1-based line in the file
    std::shared_ptr<const attn::datasets::Images> images;
    std::size_t blankLines = 0;
};

/// True when `model` has a capability the survey covers (text classifier, text encoder, sentence encoder,
/// causal LM, image classifier).
bool surveyable(const ModelHandle& model);

/// The corpus for `model`: images for an image classifier, else text. `given` empty = the default (for
/// images: kDefaultSurveyImages, refused with a sentence when it is not installed); `limit` > 0 keeps the
/// first `limit` inputs. Throws attn::analysis::CorpusError / attn::Error from the readers.
SurveyCorpus readSurveyCorpus(const ModelHandle& model, const std::string& given, std::size_t limit);

struct HeadSurveyOptions {
    int inductionRun = -1; ///< decoders: L; -1 = 20 or what the positions allow; 0 = none
    std::size_t inductionInputs = 100;
    int topK = 10;
    unsigned threads = 0; ///< 0 = every core
};

/// The induction options runHeadSurvey gives `model` (none unless it is a causal LM).
attn::analysis::InductionOptions inductionFor(const ModelHandle& model, const HeadSurveyOptions& options);

/// The plan runHeadSurvey runs: its forward(input) gives input `input`'s maps again (the Heads page's
/// example maps are the same forward's numbers as the survey's).
attn::analysis::SurveyPlan planHeadSurvey(const ModelHandle& model, const SurveyCorpus& corpus,
                                          const HeadSurveyOptions& options);

/// Plans, runs and reports the survey of `corpus` through `model` (read from `directory`). `progress`
/// (done, total) as in attn::analysis::SurveyOptions (false cancels: attn::Cancelled). Throws
/// std::runtime_error when no input could be run.
attn::analysis::SurveyReport
runHeadSurvey(const ModelHandle& model, const std::string& directory, const SurveyCorpus& corpus,
              const HeadSurveyOptions& options,
              const std::function<bool(std::size_t, std::size_t)>& progress = {});

/// How many times runHeadSurvey ran the forwards in this process (tests: a cache hit runs none).
std::size_t headSurveysRun();
