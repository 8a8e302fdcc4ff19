#include "lesson/question_eval.hpp"

#include "pages/class_label_names.hpp"
#include "pages/heads/heads_page.hpp"
#include "pages/heads/heads_session.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_whatif_panel.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/model_slot.hpp"
#include "widgets/heatmap_view.hpp"

#include <QCoreApplication>
#include <QLineEdit>
#include <attn/error.hpp>
#include <attn/models/model.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <exception>
#include <string>
#include <vector>

namespace {

// The translation context of these messages (lupdate needs a class name before tr()).
struct QuestionEval {
    Q_DECLARE_TR_FUNCTIONS(QuestionEval)
};

using attn::session::QuestionAnswer;

std::vector<std::string> strings(const QStringList& list) {
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(list.size()));
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

std::vector<double> doubles(const std::vector<float>& values) {
    return {values.begin(), values.end()};
}

/// The class names as the page shows them: the model's labels in the interface's language, else the
/// class index (as SentimentPage::showResults).
std::vector<std::string> classNames(const std::vector<std::string>* labels, std::size_t count) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < count; ++i)
        names.push_back(labels && i < labels->size() ? displayClassLabel((*labels)[i]).toStdString()
                                                     : std::to_string(i));
    return names;
}

/// Every head of `layers` (all layers, or the one `onlyLayer` >= 0) and its name "layer L · head H".
void collectHeads(const attn::AttentionStack& stack, int onlyLayer, std::vector<attn::Matrix>* maps,
                  std::vector<std::string>* names) {
    for (std::size_t l = 0; l < stack.size(); ++l) {
        if (onlyLayer >= 0 && static_cast<int>(l) != onlyLayer)
            continue;
        for (std::size_t h = 0; h < stack[l].size(); ++h) {
            maps->push_back(stack[l][h]);
            names->push_back(QuestionEval::tr("layer %1 · head %2").arg(l + 1).arg(h + 1).toStdString());
        }
    }
}

QString noResult(const Page* page) {
    return QuestionEval::tr("The %1 page has no result yet.").arg(page->title());
}

QString notHere(const QString& kind, const Page* page) {
    return QuestionEval::tr("A “%1” question cannot be asked on the %2 page.").arg(kind, page->title());
}

/// What the question needs, read from the page; throws attn::Error from core's rules, returns nullopt and
/// sets *error when the page cannot answer.
std::optional<QuestionAnswer> evaluate(const attn::session::Question& q, Page* page, QString* error) {
    const QString kind = QString::fromStdString(q.kind);
    auto* walkthrough = qobject_cast<WalkthroughPage*>(page);
    auto* sentiment = qobject_cast<SentimentPage*>(page);
    auto* transformer = qobject_cast<TransformerPage*>(page);
    auto* translation = qobject_cast<TranslationPage*>(page);
    auto* vision = qobject_cast<VisionPage*>(page);
    const auto fail = [error](const QString& message) {
        *error = message;
        return std::optional<QuestionAnswer>();
    };
    // The Transformer page's trace for its layer (nullptr with an error when it has none).
    const auto transformerTrace = [&]() -> const attn::EncoderTrace* {
        const auto& t = transformer->trace();
        if (!t || t->result.attention.empty())
            return nullptr;
        return &*t;
    };

    if (q.kind == "top_key") {
        if (walkthrough) {
            const auto& r = walkthrough->result();
            if (!r || r->queryTokens.empty() || r->keyTokens.empty())
                return fail(noResult(page));
            return attn::session::topKey(r->steps.weights, r->queryTokens, r->keyTokens, q.query,
                                         walkthrough->selectedQuery());
        }
        if (sentiment) {
            const auto& r = sentiment->result();
            if (!r || r->attention.empty())
                return fail(noResult(page));
            return attn::session::topKey(sentiment->selectedMatrix(*r), r->tokens, r->tokens, q.query,
                                         sentiment->selectedRow());
        }
        if (transformer) {
            const attn::EncoderTrace* t = transformerTrace();
            if (!t)
                return fail(noResult(page));
            const auto& stack = t->result.attention;
            const int layer = transformer->layer(), head = transformer->head();
            if (layer < 0 || layer >= int(stack.size()) || head < 0 ||
                head >= int(stack[size_t(layer)].size()))
                return fail(noResult(page));
            return attn::session::topKey(stack[size_t(layer)][size_t(head)], t->result.tokens,
                                         t->result.tokens, q.query, transformer->token());
        }
        HeatmapView* map = page->currentHeatmap();
        if (!map || map->matrix().size() == 0)
            return fail(QuestionEval::tr("The %1 page shows no attention map here.").arg(page->title()));
        return attn::session::topKey(map->matrix(), strings(map->rowLabels()), strings(map->columnLabels()),
                                     q.query);
    }

    if (q.kind == "prediction") {
        if (sentiment) {
            const auto& r = sentiment->result();
            if (!r || r->probabilities.empty())
                return fail(noResult(page));
            const auto model = sentiment->modelSlot()->textClassifier();
            return attn::session::prediction(
                doubles(r->probabilities),
                classNames(model ? &model->labels() : nullptr, r->probabilities.size()));
        }
        if (vision) {
            const auto& analysis = vision->session()->analysis();
            if (!analysis || analysis->result.probabilities.empty())
                return fail(noResult(page));
            std::vector<std::string> names;
            for (std::size_t i = 0; i < analysis->result.probabilities.size(); ++i)
                names.push_back(vision->session()->labelName(static_cast<int>(i)).toStdString());
            return attn::session::prediction(doubles(analysis->result.probabilities), names);
        }
        if (transformer) {
            const attn::EncoderTrace* base = transformerTrace();
            const auto& whatIf = transformer->whatIfTrace();
            const bool switched = transformer->whatIfPanel()->anySwitch();
            if (!base || (switched && !whatIf))
                return fail(noResult(page));
            const attn::ClassifierResult& r = switched ? whatIf->result : base->result;
            const auto model = transformer->modelSlot()->tracedTextEncoder();
            return attn::session::prediction(
                doubles(r.probabilities),
                classNames(model ? &model->classLabels() : nullptr, r.probabilities.size()));
        }
        return fail(notHere(kind, page));
    }

    if (q.kind == "changes_prediction") {
        if (!transformer)
            return fail(notHere(kind, page));
        const attn::EncoderTrace* base = transformerTrace();
        const auto& whatIf = transformer->whatIfTrace();
        if (!base || !whatIf)
            return fail(noResult(page));
        return attn::session::changesPrediction(doubles(base->result.probabilities),
                                                doubles(whatIf->result.probabilities));
    }

    if (q.kind == "better_model") {
        if (!translation)
            return fail(notHere(kind, page));
        const auto& with = translation->result();
        const auto& without = translation->baselineResult();
        if (!with || !without)
            return fail(noResult(page));
        // Given a translation, both decoders output it: their chrF would compare nothing of their own.
        const attn::session::PageState state = translation->saveState();
        if (const auto* s = std::get_if<attn::session::TranslationState>(&state); s && s->forcing == "given")
            return fail(QuestionEval::tr("The decoders were given a translation at this stop: their outputs "
                                         "are not their own."));
        const QString reference = translation->followInput()->text().trimmed();
        if (reference.isEmpty())
            return fail(QuestionEval::tr("This stop has no reference translation to score the two models "
                                         "against."));
        const std::string ref = reference.toStdString();
        return attn::session::betterModel(QuestionEval::tr("with attention").toStdString(),
                                          attn::translationChrF(*with, ref),
                                          QuestionEval::tr("without attention").toStdString(),
                                          attn::translationChrF(*without, ref), "chrF");
    }

    if (q.kind == "top_head") {
        std::vector<attn::Matrix> maps;
        std::vector<std::string> names, tokens;
        if (sentiment) {
            const auto& r = sentiment->result();
            if (!r || r->attention.empty())
                return fail(noResult(page));
            collectHeads(r->attention, -1, &maps, &names);
            tokens = r->tokens;
        } else if (transformer) {
            const attn::EncoderTrace* t = transformerTrace();
            if (!t)
                return fail(noResult(page));
            collectHeads(t->result.attention, transformer->layer(), &maps, &names);
            tokens = t->result.tokens;
        } else {
            return fail(notHere(kind, page));
        }
        return attn::session::topHead(maps, names, q.metric, tokens, q.query);
    }

    if (q.kind == "top_survey_head") {
        auto* heads = qobject_cast<HeadsPage*>(page);
        if (!heads)
            return fail(notHere(kind, page));
        if (!heads->result())
            return fail(noResult(page));
        const auto& survey = heads->result()->report;
        std::vector<std::string> names;
        for (int l = 0; l < survey.layers; ++l)
            for (int h = 0; h < survey.heads; ++h)
                names.push_back(QuestionEval::tr("layer %1 · head %2").arg(l + 1).arg(h + 1).toStdString());
        return attn::session::topSurveyHead(survey, q.metric, names);
    }

    return fail(QuestionEval::tr("“%1” is not a kind of question attnviz knows.").arg(kind));
}

} // namespace

std::optional<QuestionAnswer> evaluateQuestion(const attn::session::Question& q, Page* page, QString* error) {
    QString message;
    std::optional<QuestionAnswer> answer;
    if (!page) {
        message = QuestionEval::tr("There is no page to ask the question on.");
    } else {
        try {
            answer = evaluate(q, page, &message);
        } catch (const std::exception& e) { // core's rules: a word not in the input, shapes that disagree
            message = QString::fromStdString(e.what());
            answer.reset();
        }
    }
    if (!answer && error)
        *error = message;
    return answer;
}
