// Each page's state as one plain value (attn/session/page_state.hpp) and back (issue 48). One mechanism
// for the language switch (the page rebuilt in the new language is restored with the old page's models
// in memory), session files and lesson stops.
//
// restoreState sets the inputs and options first, so that the models' arrival computes with them; what
// only exists once the page has its results (a decoding step, a selected head) is set by the follow-up,
// which the caller runs each time the page becomes idle.

#include "pages/generate/generate_page.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_whatif_panel.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "widgets/sentence_input.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <algorithm>
#include <array>
#include <memory>
#include <string_view>

namespace {

using attn::session::FileRef;

// The names the session file uses for an enumeration, indexed by the enumerator's value.
template <std::size_t N> std::string nameOf(const std::array<std::string_view, N>& names, int value) {
    return std::string(names.at(static_cast<std::size_t>(std::clamp(value, 0, static_cast<int>(N) - 1))));
}
template <std::size_t N>
int valueOf(const std::array<std::string_view, N>& names, const std::string& name, int fallback) {
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? fallback : static_cast<int>(it - names.begin());
}

constexpr std::array<std::string_view, 5> kWalkthroughSteps{"embeddings", "scores", "scaled", "weights",
                                                            "outputs"};
constexpr std::array<std::string_view, 3> kScorings{"dot", "scaled", "additive"};    // attn::Scoring
constexpr std::array<std::string_view, 3> kProjections{"none", "random", "learned"}; // ProjectionMode
constexpr std::array<std::string_view, 9> kTransformerSteps{
    "embeddings", "heads", "attention", "concat", "norm1", "feedforward", "output", "whatif", "cost"};
constexpr std::array<std::string_view, 5> kAttentionParts{"scores", "scaled", "masked", "weights", "values"};

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}
std::string ss(const QString& s) {
    return s.toStdString();
}

FileRef pathRef(const QString& path) {
    return path.isEmpty() ? FileRef{}
                          : FileRef::path(ss(QDir::cleanPath(QFileInfo(path).absoluteFilePath())));
}

template <class State> const State* stateOf(const attn::session::PageState& state) {
    return std::get_if<State>(&state);
}

} // namespace

// ---------------------------------------------------------------------------------------------------
// Walkthrough

attn::session::PageState WalkthroughPage::saveState() const {
    attn::session::WalkthroughState s;
    s.query = ss(query_->text());
    s.keys = ss(keys_->text());
    s.selfAttention = self_->isChecked();
    s.toy = toy_;
    s.scoring = nameOf(kScorings, scoring_->currentData().toInt());
    s.projection = nameOf(kProjections, projection_->currentData().toInt());
    s.seed = static_cast<std::uint32_t>(seed_->value());
    s.head = head_->value() - 1;
    if (learned_ &&
        QFileInfo(qs(learned_->source)) != QFileInfo(shippedModelDir(QStringLiteral("pronoun-head"))))
        s.learnedFrom = pathRef(qs(learned_->source));
    s.step = nameOf(kWalkthroughSteps, static_cast<int>(step_));
    s.selectedQuery = selectedQuery_;
    return s;
}

ModelsInMemory WalkthroughPage::modelsInMemory() const {
    ModelsInMemory held;
    if (learned_)
        held.projections.emplace(QDir::cleanPath(QFileInfo(qs(learned_->source)).absoluteFilePath()),
                                 *learned_);
    return held;
}

Page::FollowUp WalkthroughPage::restoreState(const attn::session::PageState& state,
                                             const ModelsInMemory& inMemory) {
    const auto* s = stateOf<attn::session::WalkthroughState>(state);
    if (!s)
        return {};
    // The learned projection first: it decides whether the "learned" entry can be chosen.
    const QString learnedDir = s->learnedFrom.isDefault() ? shippedModelDir(QStringLiteral("pronoun-head"))
                                                          : qs(s->learnedFrom.value);
    const QString learnedKey = QDir::cleanPath(QFileInfo(learnedDir).absoluteFilePath());
    // A stack (attention_stack) is read again: its layers run in sequence, which the heads alone do not say.
    if (const auto held = inMemory.projections.find(learnedKey);
        held != inMemory.projections.end() && held->second.architecture != "attention_stack") {
        learned_ = held->second;
        stackModel_.reset();
        learnedError_.clear();
        updateLearnedAvailability();
    } else if (!s->learnedFrom.isDefault()) {
        loadLearnedProjections(learnedDir); // start() reads the shipped one when nothing else is asked for
    }
    if (s->toy)
        applyPreset(Preset::Toy);
    updating_ = true; // one recompute below, not one per input
    query_->setText(qs(s->query));
    keys_->setText(qs(s->keys));
    self_->setChecked(s->selfAttention);
    keys_->setEnabled(!s->selfAttention);
    scoring_->setCurrentIndex(std::max(0, scoring_->findData(valueOf(kScorings, s->scoring, 1))));
    seed_->setValue(
        static_cast<int>(std::min<std::uint32_t>(s->seed, static_cast<std::uint32_t>(seed_->maximum()))));
    const int projection = valueOf(kProjections, s->projection, 0);
    const int head = s->head;
    updating_ = false;
    recompute();
    setStep(static_cast<WalkthroughStep>(valueOf(kWalkthroughSteps, s->step, 0)));
    // The projection and the head once the learned heads are in (a checkpoint read in the background).
    return [this, projection, head, row = s->selectedQuery] {
        updating_ = true;
        if (learned_)
            head_->setValue(std::clamp(head + 1, head_->minimum(), head_->maximum()));
        const int index = projection_->findData(projection);
        const auto* model = projection_->model();
        if (index >= 0 && model->flags(model->index(index, 0)).testFlag(Qt::ItemIsEnabled))
            projection_->setCurrentIndex(index);
        updating_ = false;
        recompute();
        setSelectedQuery(row);
        return true;
    };
}

// ---------------------------------------------------------------------------------------------------
// Translation

attn::session::PageState TranslationPage::saveState() const {
    attn::session::TranslationState s;
    s.text = ss(input_->text());
    s.reference = ss(follow_->text());
    s.autoReference = ss(autoFollow_);
    s.beam = beam_->value();
    s.unit = unit_ == AlignmentUnit::Words ? "words" : "pieces";
    s.decoder = decoder_ == Decoder::WithAttention ? "attention" : "baseline";
    s.step = step_;
    s.forcing = forcing_ == Forcing::Own ? "own" : forcing_ == Forcing::Choice ? "choice" : "given";
    s.given = ss(givenText_);
    const Decoder chosenBy =
        result_ && result_->forcedSteps > 0 ? Decoder::WithAttention : Decoder::WithoutAttention;
    s.chosenBy = chosenBy == Decoder::WithAttention ? "attention" : "baseline";
    const auto& chosen = chosenBy == Decoder::WithAttention ? result_ : baselineResult_;
    if (forcing_ == Forcing::Choice && chosen)
        s.prefix.assign(chosen->outputIds.begin(), chosen->outputIds.begin() + chosen->forcedSteps);
    s.model = slot_->reference();
    s.baseline = baseline_->reference();
    return s;
}

ModelsInMemory TranslationPage::modelsInMemory() const {
    ModelsInMemory held;
    slot_->addTo(held);
    baseline_->addTo(held);
    return held;
}

Page::FollowUp TranslationPage::restoreState(const attn::session::PageState& state,
                                             const ModelsInMemory& inMemory) {
    const auto* s = stateOf<attn::session::TranslationState>(state);
    if (!s)
        return {};
    setAlignmentUnit(s->unit == "pieces" ? AlignmentUnit::Pieces : AlignmentUnit::Words);
    {
        const QSignalBlocker quiet(beam_); // the text translates once, with this width
        beam_->setValue(s->beam);
    }
    input_->setText(qs(s->text));
    follow_->setText(qs(s->reference));
    autoFollow_ = qs(s->autoReference);
    slot_->restore(s->model, inMemory);
    baseline_->restore(s->baseline, inMemory);
    const Forcing forcing = s->forcing == "choice"  ? Forcing::Choice
                            : s->forcing == "given" ? Forcing::Given
                                                    : Forcing::Own;
    const Decoder chosenBy = s->chosenBy == "baseline" ? Decoder::WithoutAttention : Decoder::WithAttention;
    const Decoder decoder = s->decoder == "baseline" ? Decoder::WithoutAttention : Decoder::WithAttention;
    // A given translation or a chosen token is decoded again once the sentence is translated.
    return [this, decoder, step = s->step, forcing, given = qs(s->given), chosenBy, prefix = s->prefix,
            text = qs(s->text), forced = std::make_shared<bool>(false)] {
        // (Page::runFollowUp calls a copy of this function: the state it keeps between runs is shared.)
        if (forcing != Forcing::Own && !*forced) {
            if (!result_ && !baselineResult_)
                return false; // the sentence is not translated yet
            if (resultText_ != text)
                return false;
            *forced = true;
            if (forcing == Forcing::Given)
                followTranslation(given);
            else
                runChoice(chosenBy, prefix);
            return false;
        }
        setDecoder(decoder);
        setStep(step);
        return true;
    };
}

// ---------------------------------------------------------------------------------------------------
// Sentiment

attn::session::PageState SentimentPage::saveState() const {
    attn::session::SentimentState s;
    s.text = ss(input_->text());
    s.padTo = padTo_->value();
    s.maskPadding = mask_->isChecked();
    s.layer = layer_;
    s.head = head_;
    s.row = selectedRow_;
    s.tab = tabs_->currentIndex();
    s.model = slot_->reference();
    return s;
}

ModelsInMemory SentimentPage::modelsInMemory() const {
    ModelsInMemory held;
    slot_->addTo(held);
    return held;
}

Page::FollowUp SentimentPage::restoreState(const attn::session::PageState& state,
                                           const ModelsInMemory& inMemory) {
    const auto* s = stateOf<attn::session::SentimentState>(state);
    if (!s)
        return {};
    input_->setText(qs(s->text));
    padTo_->setValue(s->padTo);
    mask_->setChecked(s->maskPadding);
    tabs_->setCurrentIndex(std::clamp(s->tab, 0, tabs_->count() - 1));
    slot_->restore(s->model, inMemory);
    return [this, layer = s->layer, head = s->head, row = s->row] {
        selectView(layer, head);
        selectRow(row);
        return true;
    };
}

// ---------------------------------------------------------------------------------------------------
// Transformer

attn::session::PageState TransformerPage::saveState() const {
    attn::session::TransformerState s;
    s.text = ss(input_->text());
    s.step = nameOf(kTransformerSteps, static_cast<int>(step_));
    s.layer = layer_;
    s.head = head_;
    s.token = token_;
    s.part = nameOf(kAttentionParts, static_cast<int>(part_));
    const TransformerWhatIfPanel::Switches w = whatIf_->switches();
    s.switches = {w.noPositions, w.shuffle, w.noResidual1, w.noResidual2, w.noMask,
                  w.seedEnabled, w.seed,    w.padTo,       w.ablate,      w.uniform};
    s.model = slot_->reference();
    return s;
}

ModelsInMemory TransformerPage::modelsInMemory() const {
    ModelsInMemory held;
    slot_->addTo(held);
    return held;
}

Page::FollowUp TransformerPage::restoreState(const attn::session::PageState& state,
                                             const ModelsInMemory& inMemory) {
    const auto* s = stateOf<attn::session::TransformerState>(state);
    if (!s)
        return {};
    input_->setText(qs(s->text));
    slot_->restore(s->model, inMemory);
    TransformerWhatIfPanel::Switches whatIf;
    const auto& w = s->switches;
    whatIf.noPositions = w.noPositions;
    whatIf.shuffle = w.shuffle;
    whatIf.noResidual1 = w.noResidual1;
    whatIf.noResidual2 = w.noResidual2;
    whatIf.noMask = w.noMask;
    whatIf.seedEnabled = w.seedEnabled;
    whatIf.seed = w.seed;
    whatIf.padTo = w.padTo;
    whatIf.ablate = w.ablate;
    whatIf.uniform = w.uniform;
    // The what-if switches are applied once the page knows the model's head count (its first trace) and
    // the layer they act on; the rest once the rerun with them is in.
    return [this, step = static_cast<transformer::Step>(valueOf(kTransformerSteps, s->step, 0)),
            layer = s->layer, head = s->head, token = s->token,
            part = static_cast<transformer::AttentionPart>(valueOf(kAttentionParts, s->part, 3)), whatIf,
            switchesApplied = false]() mutable {
        setLayer(layer);
        setHead(head);
        if (!switchesApplied) {
            switchesApplied = true;
            if (whatIf_->applySwitches(whatIf))
                return false;
        }
        setToken(token);
        setAttentionPart(part);
        setStep(step);
        return true;
    };
}

// ---------------------------------------------------------------------------------------------------
// Vision

attn::session::PageState VisionPage::saveState() const {
    attn::session::VisionState s;
    s.model = session_->slot()->reference();
    if (const auto& data = session_->dataset()) {
        if (QFileInfo(data->path) != QFileInfo(defaultDatasetPath()))
            s.dataset = pathRef(data->path);
        s.browsed = session_->browsedIndex();
    }
    if (s.browsed < 0)
        s.image = pathRef(session_->imagePath());
    s.tab = tabs_->currentIndex();
    return s;
}

ModelsInMemory VisionPage::modelsInMemory() const {
    ModelsInMemory held;
    session_->slot()->addTo(held);
    return held;
}

Page::FollowUp VisionPage::restoreState(const attn::session::PageState& state,
                                        const ModelsInMemory& inMemory) {
    const auto* s = stateOf<attn::session::VisionState>(state);
    if (!s)
        return {};
    session_->slot()->restore(s->model, inMemory);
    tabs_->setCurrentIndex(std::clamp(s->tab, 0, tabs_->count() - 1));
    // One file is read: the image shown when it came from a file, else the dataset at the browsed index
    // (start() opens the default set when neither is asked for).
    const QString dataset = s->dataset.isDefault() ? defaultDatasetPath() : qs(s->dataset.value);
    if (!s->image.isDefault() && s->browsed < 0)
        session_->openFile(qs(s->image.value));
    else if (!dataset.isEmpty() && (s->browsed >= 0 || !s->dataset.isDefault()))
        session_->openDataset(dataset, std::max(0, s->browsed));
    return {};
}

// ---------------------------------------------------------------------------------------------------
// Generate

attn::session::PageState GeneratePage::saveState() const {
    attn::session::GenerateState s;
    s.prompt = ss(promptText());
    const attn::hf::DecodingOptions o = options();
    s.temperature = o.temperature;
    s.topK = o.topK;
    s.seed = o.seed;
    s.keepTop = o.keepTop;
    s.tokens = static_cast<int>(snapshot_.steps.size());
    s.selectedStep = selectedStep_;
    s.layer = layer_;
    s.head = head_;
    s.model = slot_->reference();
    return s;
}

ModelsInMemory GeneratePage::modelsInMemory() const {
    ModelsInMemory held;
    slot_->addTo(held);
    return held;
}

Page::FollowUp GeneratePage::restoreState(const attn::session::PageState& state,
                                          const ModelsInMemory& inMemory) {
    const auto* s = stateOf<attn::session::GenerateState>(state);
    if (!s)
        return {};
    setPromptText(qs(s->prompt));
    attn::hf::DecodingOptions o;
    o.temperature = s->temperature;
    o.topK = s->topK;
    o.seed = s->seed;
    o.keepTop = s->keepTop;
    setOptions(o);
    slot_->restore(s->model, inMemory);
    // The page makes its first token on the model's arrival; the same prompt, options and seed make the
    // same tokens again, so it steps on to as many as were made, then selects what was selected.
    return [this, made = s->tokens, step = s->selectedStep, layer = s->layer, head = s->head] {
        const int have = static_cast<int>(snapshot().steps.size());
        if (have < made && canStep() && generateSteps(made - have))
            return false; // called again once those steps are made
        selectHead(layer, head);
        if (step >= 0)
            selectStep(step);
        return true;
    };
}
