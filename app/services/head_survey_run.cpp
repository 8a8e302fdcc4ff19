#include "services/head_survey_run.hpp"

#include "services/resource_paths.hpp"

#include <algorithm>
#include <atomic>
#include <attn/analysis/text_corpus.hpp>
#include <attn/datasets/idx.hpp>
#include <filesystem>
#include <stdexcept>

namespace {
std::atomic<std::size_t> surveysRun{0};
} // namespace

std::size_t headSurveysRun() {
    return surveysRun.load();
}

QString defaultTextCorpus() {
    return resourceDir() + QStringLiteral("/corpora/english-sentences.txt");
}

bool surveyable(const ModelHandle& model) {
    return model.causalLm || model.textClassifier || model.textEncoder || model.sentenceEncoder ||
           model.imageClassifier;
}

SurveyCorpus readSurveyCorpus(const ModelHandle& model, const std::string& given, std::size_t limit) {
    SurveyCorpus c;
    if (model.imageClassifier) {
        c.kind = "images";
        c.file = given.empty() ? std::string(kDefaultSurveyImages) : given;
        if (given.empty() && !std::filesystem::exists(c.file))
            throw std::runtime_error("no --corpus given and the default Fashion-MNIST test images (" +
                                     c.file +
                                     ") are not installed (Debian package dataset-fashion-mnist); give an "
                                     "IDX image file");
        auto images = attn::datasets::readIdxImages(c.file);
        if (limit > 0 && limit < images.count) {
            images.count = limit;
            images.pixels.resize(limit * images.imageSize());
        }
        c.images = std::make_shared<const attn::datasets::Images>(std::move(images));
        return c;
    }
    c.kind = "text";
    c.file = given.empty() ? defaultTextCorpus().toStdString() : given;
    const auto corpus = attn::analysis::readTextCorpus(c.file, {}, limit);
    c.blankLines = corpus.skippedBlank;
    for (const auto& in : corpus.inputs) {
        c.texts.push_back(in.text);
        c.lines.push_back(in.line);
    }
    return c;
}

attn::analysis::InductionOptions inductionFor(const ModelHandle& model, const HeadSurveyOptions& options) {
    attn::analysis::InductionOptions io;
    if (model.causalLm) {
        const int positions = model.causalLm->maxPositions();
        io.run = options.inductionRun >= 0 ? options.inductionRun
                                           : (positions > 0 ? std::min(20, (positions - 1) / 2) : 20);
        io.inputs = io.run > 0 ? options.inductionInputs : 0;
    }
    return io;
}

attn::analysis::SurveyPlan planHeadSurvey(const ModelHandle& model, const SurveyCorpus& corpus,
                                          const HeadSurveyOptions& options) {
    return corpus.images ? attn::analysis::planImageSurvey(model, corpus.images)
                         : attn::analysis::planTextSurvey(model, corpus.texts, inductionFor(model, options));
}

attn::analysis::SurveyReport runHeadSurvey(const ModelHandle& model, const std::string& directory,
                                           const SurveyCorpus& corpus, const HeadSurveyOptions& options,
                                           const std::function<bool(std::size_t, std::size_t)>& progress) {
    const attn::analysis::InductionOptions io = inductionFor(model, options);
    const attn::analysis::SurveyPlan plan = planHeadSurvey(model, corpus, options);
    attn::analysis::SurveyOptions so;
    so.topK = options.topK;
    so.threads = options.threads;
    so.progress = progress;
    ++surveysRun;
    const attn::analysis::HeadSurvey s = attn::analysis::runSurvey(plan, so);
    if (s.skipped == s.records.size())
        throw std::runtime_error(
            "no input could be run; the first: " +
            (s.records.empty() ? std::string("(the corpus is empty)") : s.records[0].skipped));
    const attn::analysis::SurveySource source{.modelDirectory = directory,
                                              .family = model.kind.family,
                                              .corpusFile = corpus.file,
                                              .corpusKind = corpus.kind,
                                              .lines = corpus.lines,
                                              .blankLines = corpus.blankLines,
                                              .inductionSeed = io.seed};
    return attn::analysis::makeReport(plan, s, source);
}
