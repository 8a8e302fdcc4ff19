#include "pages/heads/heads_session.hpp"

#include "services/survey_cache.hpp"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <stdexcept>

QString HeadsResult::textOfLine(std::size_t line) const {
    for (std::size_t i = 0; i < corpus.lines.size() && i < corpus.texts.size(); ++i)
        if (corpus.lines[i] == line)
            return QString::fromStdString(corpus.texts[i]);
    return {};
}

HeadsSession::HeadsSession(QObject* parent) : QObject(parent) {
    connect(&runner_, &JobRunner::progress, this, [this](quint64 id, double f) {
        if (id == runner_.latestId())
            Q_EMIT progress(f);
    });
}

void HeadsSession::run(const HeadsRequest& request) {
    const QString dir = QDir::cleanPath(QFileInfo(request.modelDirectory).absoluteFilePath());
    std::optional<ModelHandle> held;
    if (const auto it = models_.find(dir); it != models_.end())
        held = it->second;
    Q_EMIT started();
    runner_.run<HeadsResult>(
        [request, dir, held](const JobContext& job) {
            HeadsResult r;
            r.request = request;
            r.request.modelDirectory = dir;
            r.model = held ? *held : readModel(dir);
            if (!surveyable(r.model))
                throw std::runtime_error(dir.toStdString() + " is a " + r.model.kind.family +
                                         " model; the head survey needs self-attention (a text classifier, "
                                         "text or sentence encoder, decoder or ViT)");
            const auto limit = static_cast<std::size_t>(std::max(1, request.limit));
            if (r.model.imageClassifier && request.corpusFile.isEmpty() &&
                !QFileInfo::exists(QString::fromLatin1(kDefaultSurveyImages)))
                throw std::runtime_error(
                    tr("Fashion-MNIST's test images, the default corpus of an image model, are not installed "
                       "on this computer. Choose Open corpus… and pick an IDX image file, or install "
                       "Fashion-MNIST (the Debian package dataset-fashion-mnist) and run the survey again.")
                        .toStdString());
            r.corpus = readSurveyCorpus(r.model, request.corpusFile.toStdString(), limit);
            std::string warning;
            const std::string key =
                survey_cache::key(dir.toStdString(), r.corpus.file, limit, request.options, &warning);
            std::vector<std::string> warnings;
            if (!warning.empty())
                warnings.push_back(warning);
            if (auto hit = survey_cache::find(key, &warnings)) {
                r.report = std::move(*hit);
                r.report.modelDirectory = dir.toStdString(); // the same bytes may sit in another folder
                r.report.corpusFile = r.corpus.file;
                r.fromCache = true;
            } else {
                r.report =
                    runHeadSurvey(r.model, dir.toStdString(), r.corpus, request.options,
                                  [&job](std::size_t done, std::size_t total) {
                                      return job.reportProgress(total ? double(done) / double(total) : 1.0);
                                  });
                survey_cache::store(key, r.report, &warnings);
            }
            for (const auto& w : warnings)
                r.warnings << QString::fromStdString(w);
            try { // the examples' maps; without a plan the examples show none, the survey stands
                r.plan = std::make_shared<const attn::analysis::SurveyPlan>(
                    planHeadSurvey(r.model, r.corpus, request.options));
            } catch (const std::exception& e) {
                r.warnings << tr("The examples' maps cannot be shown: %1").arg(QString::fromUtf8(e.what()));
            }
            return r;
        },
        [this](HeadsResult r) {
            models_[r.request.modelDirectory] = r.model;
            mapRunner_.cancel();
            maps_.clear();
            result_ = std::move(r);
            Q_EMIT finished();
        },
        [this](const QString& message) { Q_EMIT failed(message); });
}

void HeadsSession::requestMaps(const std::vector<std::size_t>& inputs) {
    if (!result_ || !result_->plan)
        return;
    std::vector<std::size_t> missing;
    for (std::size_t i : inputs)
        if (!maps_.count(i) && std::find(missing.begin(), missing.end(), i) == missing.end())
            missing.push_back(i);
    if (missing.empty())
        return;
    using Maps = std::vector<std::pair<std::size_t, attn::AttentionStack>>;
    mapRunner_.run<Maps>(
        [plan = result_->plan, missing](const JobContext& job) {
            Maps out;
            for (std::size_t i : missing) {
                if (job.cancelled())
                    break;
                attn::analysis::SurveyInput in = plan->forward(i);
                if (in.skipped.empty())
                    out.emplace_back(i, std::move(in.maps));
            }
            return out;
        },
        [this](Maps maps) {
            // A BERT-base stack is ~0.5 MB per input (144 maps of ~30 x 30): keep 64 inputs' at most.
            if (maps_.size() + maps.size() > 64)
                maps_.clear();
            for (auto& [i, stack] : maps)
                maps_[i] = std::move(stack);
            Q_EMIT mapsReady();
        },
        [this](const QString& message) { Q_EMIT mapsFailed(message); });
}

const attn::AttentionStack* HeadsSession::exampleMaps(std::size_t input) const {
    const auto it = maps_.find(input);
    return it == maps_.end() ? nullptr : &it->second;
}

void HeadsSession::cancel() {
    if (!runner_.isBusy())
        return;
    runner_.cancel();
    Q_EMIT cancelled();
}

void HeadsSession::adopt(const ModelsInMemory& inMemory) {
    for (const auto& [dir, m] : inMemory.models)
        if (surveyable(m.model))
            models_.emplace(QDir::cleanPath(QFileInfo(dir).absoluteFilePath()), m.model);
}

ModelsInMemory HeadsSession::modelsInMemory() const {
    ModelsInMemory held;
    for (const auto& [dir, model] : models_)
        held.models.emplace(dir, ModelInMemory{model, {}});
    return held;
}
