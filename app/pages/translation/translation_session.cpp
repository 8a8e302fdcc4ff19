#include "pages/translation/translation_session.hpp"

#include "services/model_slot.hpp"

#include <attn/models/word_alignment.hpp>

namespace {

// The presets and their references: Apertium eng-spa's translations of the sentence with the full stop
// the models add to it (Seq2SeqModel::sourceWords: every training source ends with one), made with
//   printf '%s\n' "<sentence>." | apertium eng-spa
// (the translator that made the shipped models' training pairs). A preset's outputs are scored against
// its reference with attn::translationChrF, as the model cards score the held-out pairs.
const std::vector<TranslationSession::Preset> kPresets = {
    {"The book that I bought is very interesting", "El libro que compré es muy interesante."},
    {"The cat is sleeping on the bed", "El gato está durmiendo en la cama."},
    {"She is reading a book in the garden", "Está leyendo un libro en el jardín."},
    {"The weather is very cold today", "El tiempo es muy frío hoy."},
    {"My sister and her friend went to the market to buy bread and fresh fruit",
     "Mi hermana y su amigo fueron a la lonja para comprar pan y fruta fresca."},
    {"The small dog ran quickly across the green field to find its owner",
     "El perro pequeño corrió deprisa a través del campo verde para encontrar su dueño."},
};

} // namespace

TranslationSession::TranslationSession(QObject* parent) : QObject(parent) {
    slot_ = new ModelSlot(attn::Capability::Translator, QStringLiteral("translation"), this);
    baseline_ = new ModelSlot(attn::Capability::Translator, QStringLiteral("translation-noattn"), this);
    jobs_ = new JobRunner(this);
}

const std::vector<TranslationSession::Preset>& TranslationSession::presets() {
    return kPresets;
}

QString TranslationSession::referenceFor(const QString& text) {
    const QString trimmed = text.trimmed();
    for (const Preset& p : kPresets)
        if (trimmed == QString::fromUtf8(p.english))
            return QString::fromUtf8(p.reference);
    return {};
}

bool TranslationSession::hasModel() const {
    return slot_->translator() || baseline_->translator();
}

template <typename Work> void TranslationSession::start(Work work) {
    jobs_->run<Outcome>(
        std::move(work), [this](Outcome outcome) { apply(std::move(outcome)); },
        [this](const QString& message) { Q_EMIT failed(message); });
}

bool TranslationSession::run(const QString& text, int beam) {
    auto model = slot_->translator();
    auto baseline = baseline_->translator();
    if (!model && !baseline)
        return false;
    const std::string utf8 = text.toStdString();
    start([model, baseline, utf8, text, beam](const JobContext& job) {
        Outcome out;
        out.text = text;
        if (model)
            out.main = model->translate(utf8, 0, attn::Seq2SeqModel::kDefaultTopK, beam);
        if (baseline && !job.cancelled())
            out.baseline = baseline->translate(utf8, 0, attn::Seq2SeqModel::kDefaultTopK, beam);
        return out;
    });
    return true;
}

bool TranslationSession::runChoice(Decoder decoder, std::vector<int> prefix, int beam) {
    const bool main = decoder == Decoder::WithAttention;
    auto model = (main ? slot_ : baseline_)->translator();
    if (!model || prefix.empty())
        return false;
    const int step = int(prefix.size()) - 1;
    const std::string utf8 = state_.resultText.toStdString();
    // After a given translation the other decoder goes back to its own output (a choice is one decoder's).
    auto other = state_.forcing == Forcing::Given ? (main ? baseline_ : slot_)->translator()
                                                  : std::shared_ptr<const attn::Seq2SeqModel>();
    // The job's outcome starts from what stays: the other decoder's result when it is not run again
    // (the chosen decoder's own result is replaced, so it is not copied).
    Outcome keep;
    keep.text = state_.resultText;
    if (!other)
        (main ? keep.baseline : keep.main) = main ? state_.baselineResult : state_.result;
    keep.forcing = Forcing::Choice;
    keep.step = step;
    start([model, other, main, prefix, utf8, keep = std::move(keep), beam](const JobContext& job) mutable {
        Outcome out = std::move(keep);
        (main ? out.main : out.baseline) =
            model->translateForced(utf8, prefix, true, 0, attn::Seq2SeqModel::kDefaultTopK);
        if (other && !job.cancelled())
            (main ? out.baseline : out.main) =
                other->translate(utf8, 0, attn::Seq2SeqModel::kDefaultTopK, beam);
        return out;
    });
    return true;
}

void TranslationSession::follow(const QString& text, const QString& spanish) {
    auto model = slot_->translator();
    auto baseline = baseline_->translator();
    const std::string utf8 = text.toStdString();
    const std::string target = spanish.toStdString();
    state_.givenText = spanish;
    start([model, baseline, utf8, text, target](const JobContext& job) {
        Outcome out;
        out.text = text;
        out.forcing = Forcing::Given;
        const auto given = [&](const attn::Seq2SeqModel& m) {
            return m.translateForced(utf8, m.targetIds(target), false, 0, attn::Seq2SeqModel::kDefaultTopK);
        };
        if (model)
            out.main = given(*model);
        if (baseline && !job.cancelled())
            out.baseline = given(*baseline);
        return out;
    });
}

void TranslationSession::apply(Outcome outcome) {
    state_.inferenceError.clear();
    state_.forcing = outcome.forcing;
    state_.resultText = outcome.text;
    state_.result = std::move(outcome.main);
    state_.baselineResult = std::move(outcome.baseline);
    const auto& r = state_.result;
    state_.wordMap =
        r && r->hasAttention && r->alignment.size() > 0 ? attn::wordAlignment(*r) : attn::Matrix();
    Q_EMIT outcomeReady(outcome.step);
}

const attn::TranslationResult* TranslationSession::followed() const {
    const auto& r = state_.decoder == Decoder::WithAttention ? state_.result : state_.baselineResult;
    return r ? &*r : nullptr;
}

int TranslationSession::followedSteps() const {
    const attn::TranslationResult* r = followed();
    return r ? int(r->outputTokens.size()) : 0;
}

bool TranslationSession::showsWordAlignment() const {
    return state_.result && state_.result->pieces && state_.unit == AlignmentUnit::Words &&
           state_.wordMap.size() > 0;
}

int TranslationSession::firstStepOf(int word) const {
    if (!state_.result || word < 0)
        return -1;
    const auto& wordOf = state_.result->outputWordOf;
    for (std::size_t t = 0; t < wordOf.size(); ++t)
        if (wordOf[t] == word)
            return int(t);
    return -1;
}
