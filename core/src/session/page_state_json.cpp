// Every page's state in JSON (page_state_json.hpp).
//
// One list of fields per state (fields() below) drives both directions: the reader's visitor (In)
// checks each value against its rule and the writer's (Out) writes it, so a key cannot be read under
// one rule and written under another, and every key the reader does not take is an unknown key.

#include "page_state_json.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <variant>

namespace attn::session::detail {

namespace {

// The names listed beside each field in page_state.hpp.
const Names kScorings{"dot", "scaled", "additive"};
const Names kProjections{"none", "random", "learned"};
const Names kWalkthroughSteps{"embeddings", "scores", "scaled", "weights", "outputs"};
const Names kUnits{"words", "pieces"};
const Names kDecoders{"attention", "baseline"};
const Names kForcings{"own", "choice", "given"};
const Names kTransformerSteps{"embeddings",  "heads",  "attention", "concat", "norm1",
                              "feedforward", "output", "whatif",    "cost"};
const Names kParts{"scores", "scaled", "masked", "weights", "values"};
const Names kSurveyMetrics{"sink", "previous", "self", "cls", "sep", "entropy", "distance", "induction"};

constexpr int kMaxKeepTop = 100;
constexpr int kMaxTemperature = 100;

// ---------------------------------------------------------------------------------------------------
// The fields of each state: key, rule, member. V is In or Out.

template <class V> void fields(V& v, WalkthroughState& s) {
    v.text("query", s.query);
    v.text("keys", s.keys);
    v.flag("selfAttention", s.selfAttention);
    v.flag("toy", s.toy);
    v.choice("scoring", s.scoring, kScorings);
    v.choice("projection", s.projection, kProjections);
    v.integer("seed", s.seed, 0, std::numeric_limits<std::uint32_t>::max());
    v.integer("head", s.head, 0, kMaxIndex);
    v.file("learnedFrom", s.learnedFrom);
    v.choice("step", s.step, kWalkthroughSteps);
    v.integer("selectedQuery", s.selectedQuery, -1, kMaxIndex);
}

template <class V> void fields(V& v, TranslationState& s) {
    v.text("text", s.text);
    v.text("reference", s.reference);
    v.text("autoReference", s.autoReference);
    v.integer("beam", s.beam, 1, kMaxBeam);
    v.choice("unit", s.unit, kUnits);
    v.choice("decoder", s.decoder, kDecoders);
    v.integer("step", s.step, 0, kMaxIndex);
    v.choice("forcing", s.forcing, kForcings);
    v.text("given", s.given);
    v.choice("chosenBy", s.chosenBy, kDecoders);
    v.ids("prefix", s.prefix);
    v.file("model", s.model);
    v.file("baseline", s.baseline);
}

template <class V> void fields(V& v, SentimentState& s) {
    v.text("text", s.text);
    v.integer("padTo", s.padTo, 0, kMaxIndex);
    v.flag("maskPadding", s.maskPadding);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.integer("row", s.row, -1, kMaxIndex);
    v.integer("tab", s.tab, 0, kMaxIndex);
    v.file("model", s.model);
}

template <class V> void fields(V& v, TransformerSwitches& s) {
    v.flag("noPositions", s.noPositions);
    v.flag("shuffle", s.shuffle);
    v.flag("noResidual1", s.noResidual1);
    v.flag("noResidual2", s.noResidual2);
    v.flag("noMask", s.noMask);
    v.flag("seedEnabled", s.seedEnabled);
    v.integer("seed", s.seed, 0, std::numeric_limits<std::int32_t>::max());
    v.integer("padTo", s.padTo, 0, kMaxIndex);
    v.integer("ablate", s.ablate, 0, kMaxIndex + 1); // head + 1
    v.integer("uniform", s.uniform, 0, kMaxIndex + 1);
}

template <class V> void fields(V& v, TransformerState& s) {
    v.text("text", s.text);
    v.choice("step", s.step, kTransformerSteps);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.integer("token", s.token, 0, kMaxIndex);
    v.choice("part", s.part, kParts);
    v.object("switches", s.switches);
    v.file("model", s.model);
}

template <class V> void fields(V& v, VisionState& s) {
    v.file("model", s.model);
    v.file("image", s.image);
    v.file("dataset", s.dataset);
    v.integer("browsed", s.browsed, -1, kMaxIndex);
    v.integer("tab", s.tab, 0, kMaxIndex);
}

template <class V> void fields(V& v, GenerateState& s) {
    v.text("prompt", s.prompt);
    v.number("temperature", s.temperature, 0, kMaxTemperature);
    v.integer("topK", s.topK, 0, kMaxIndex);
    v.integer("seed", s.seed, 0, std::numeric_limits<std::uint64_t>::max());
    v.integer("keepTop", s.keepTop, 1, kMaxKeepTop);
    v.integer("tokens", s.tokens, 0, kMaxIndex);
    v.integer("selectedStep", s.selectedStep, -1, kMaxIndex);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.file("model", s.model);
}

template <class V> void fields(V& v, HeadsState& s) {
    v.file("model", s.model);
    v.file("corpus", s.corpus);
    v.integer("limit", s.limit, 1, kMaxSurveyInputs);
    v.choice("metric", s.metric, kSurveyMetrics);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.flag("run", s.run);
}

template <class V> void fields(V& v, SimilarityState& s) {
    v.texts("sentences", s.sentences, kMaxSentences);
    v.integer("selected", s.selected, 0, kMaxIndex);
    v.integer("layer", s.layer, 0, kMaxIndex);
    v.integer("head", s.head, 0, kMaxIndex);
    v.file("model", s.model);
}

/// A PageState of alternative `index`, default-constructed.
template <std::size_t I = 0> PageState pageOfIndex(std::size_t index) {
    if constexpr (I + 1 < std::variant_size_v<PageState>)
        if (index != I)
            return pageOfIndex<I + 1>(index);
    return PageState(std::in_place_index<I>);
}

} // namespace

template <class S> void In::object(const char* key, S& out) {
    if (const Json* v = take(key)) {
        if (!v->is_object())
            r_.wrong(at(key), *v, "an object");
        In in(r_, *v, at(key));
        fields(in, out);
        in.finish();
    }
}

template <class S> void Out::object(const char* key, const S& sub) {
    OrderedJson o = OrderedJson::object();
    Out out(t_, o, at(key));
    S copy = sub;
    fields(out, copy);
    o_[key] = std::move(o);
}

std::optional<std::size_t> pageIndex(const std::string& name) {
    const auto& keys = pageKeys();
    const auto it = std::find(keys.begin(), keys.end(), name);
    if (it == keys.end())
        return std::nullopt;
    return static_cast<std::size_t>(it - keys.begin());
}

PageState readPageState(const Reader& r, std::size_t index, const Json& value, const std::string& key) {
    if (!value.is_object())
        r.wrong(key, value, "an object of the page's keys");
    PageState state = pageOfIndex(index);
    In in(r, value, key);
    std::visit([&](auto& st) { fields(in, st); }, state);
    in.finish();
    return state;
}

OrderedJson pageStateJson(const Target& target, const PageState& state, const std::string& key) {
    OrderedJson page = OrderedJson::object();
    Out out(target, page, key);
    PageState copy = state;
    std::visit([&](auto& st) { fields(out, st); }, copy);
    return page;
}

} // namespace attn::session::detail
