// The Heads page's state (attn/session/page_state.hpp's HeadsState) and the states of the pages its
// examples open on.

#include "pages/heads/heads_page.hpp"
#include "pages/heads/heads_session.hpp"
#include "pages/heads/heads_setup_panel.hpp"
#include "services/resource_paths.hpp"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <attn/analysis/survey_report.hpp>
#include <attn/models/universal_sentence_encoder.hpp>

namespace {

using attn::session::FileRef;

QString corpusPath(const FileRef& ref) {
    switch (ref.kind) {
    case FileRef::Kind::Default:
        return {};
    case FileRef::Kind::Shipped:
        return resourceDir() + QStringLiteral("/corpora/") + QString::fromStdString(ref.value);
    case FileRef::Kind::Path:
        return QString::fromStdString(ref.value);
    }
    return {};
}

/// The model as another page's state names it: the shipped name when it lies in resources/models.
FileRef modelRefOf(const QString& directory) {
    const QFileInfo info(directory);
    if (QDir::cleanPath(info.absolutePath()) ==
        QDir::cleanPath(QFileInfo(resourceDir() + "/models").absoluteFilePath()))
        return FileRef::shipped(info.fileName().toStdString());
    return FileRef::path(QDir::cleanPath(info.absoluteFilePath()).toStdString());
}

} // namespace

attn::session::PageState HeadsPage::saveState() const {
    attn::session::HeadsState s;
    s.model = setup_->modelRef();
    const QString corpus = setup_->corpusFile();
    if (!corpus.isEmpty())
        s.corpus = FileRef::path(QDir::cleanPath(QFileInfo(corpus).absoluteFilePath()).toStdString());
    s.limit = setup_->limit();
    s.metric = std::string(attn::analysis::metricName(metric_));
    s.layer = layer_;
    s.head = head_;
    s.run = result().has_value();
    return s;
}

ModelsInMemory HeadsPage::modelsInMemory() const {
    return session_->modelsInMemory();
}

Page::FollowUp HeadsPage::restoreState(const attn::session::PageState& state,
                                       const ModelsInMemory& inMemory) {
    const auto* s = std::get_if<attn::session::HeadsState>(&state);
    if (!s)
        return {};
    session_->adopt(inMemory);
    setup_->setModel(s->model);
    setup_->setCorpusFile(corpusPath(s->corpus));
    setup_->setLimit(s->limit);
    metric_ = attn::analysis::metricOfName(s->metric).value_or(attn::analysis::Metric::Previous);
    layer_ = s->layer;
    head_ = s->head;
    if (!s->run)
        return {};
    // The survey again (from the cache when it ran before), then the head and metric on its result.
    restoring_ = false;
    return [this, layer = s->layer, head = s->head, metric = metric_] {
        if (!restoring_) {
            restoring_ = true;
            runSurvey();
            return false;
        }
        if (result()) {
            selectMetric(result()->report.measured(metric) ? metric : attn::analysis::Metric::Previous);
            selectHead(layer, head);
        }
        return true;
    };
}

std::optional<attn::session::PageState> HeadsPage::exampleState(int index) const {
    if (!result())
        return std::nullopt;
    const HeadsResult& r = *result();
    const auto& list = r.report.at(layer_, head_).top[attn::analysis::SurveyReport::index(metric_)];
    if (index < 0 || index >= static_cast<int>(list.size()))
        return std::nullopt;
    const attn::analysis::ReportExample& e = list[static_cast<std::size_t>(index)];
    using Kind = attn::analysis::InputPlace::Kind;
    const FileRef model = modelRefOf(r.request.modelDirectory);
    if (r.model.imageClassifier && e.place.kind == Kind::Image) {
        attn::session::VisionState v;
        v.model = model;
        v.dataset =
            FileRef::path(QDir::cleanPath(QFileInfo(QString::fromStdString(r.corpus.file)).absoluteFilePath())
                              .toStdString());
        v.browsed = static_cast<int>(e.place.index);
        return v;
    }
    if (e.place.kind != Kind::Line)
        return std::nullopt;
    const QString text = r.textOfLine(e.place.index);
    if (r.model.causalLm) {
        attn::session::GenerateState g;
        g.model = model;
        g.prompt = text.toStdString();
        g.tokens = 0;
        g.layer = layer_;
        g.head = head_;
        return g;
    }
    if (r.model.sentenceEncoder) {
        // The Similarity page compares sentences: the example first (its map shown at this head), then
        // the head's other top examples of this metric, at least two sentences in all.
        attn::session::SimilarityState si;
        const QString useDir = QDir::cleanPath(
            QFileInfo(QString::fromStdString(attn::UniversalSentenceEncoder::defaultDirectory().string()))
                .absoluteFilePath());
        if (QDir::cleanPath(r.request.modelDirectory) != useDir)
            si.model = FileRef::path(QDir::cleanPath(r.request.modelDirectory).toStdString());
        std::vector<std::string> sentences{text.toStdString()};
        for (const auto& other : list) {
            if (sentences.size() >= attn::session::SimilarityState{}.sentences.size())
                break;
            if (other.place.kind != Kind::Line)
                continue;
            const std::string t = r.textOfLine(other.place.index).toStdString();
            if (!t.empty() && std::find(sentences.begin(), sentences.end(), t) == sentences.end())
                sentences.push_back(t);
        }
        if (sentences.size() < 2)
            sentences.push_back(attn::session::SimilarityState{}.sentences.front());
        si.sentences = std::move(sentences);
        si.selected = 0;
        si.layer = layer_;
        si.head = head_;
        return si;
    }
    if (r.model.textClassifier) {
        attn::session::SentimentState se;
        se.model = model;
        se.text = text.toStdString();
        se.layer = layer_;
        se.head = head_;
        se.row = e.position;
        return se;
    }
    return std::nullopt;
}

void HeadsPage::openExample(int index) {
    if (const auto state = exampleState(index))
        Q_EMIT openRequested(*state);
}
