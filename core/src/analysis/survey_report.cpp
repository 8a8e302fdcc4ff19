// The head survey as a value and as JSON (survey_report.hpp).

#include <algorithm>
#include <attn/analysis/survey_report.hpp>
#include <attn/error.hpp>
#include <attn/json_parse.hpp>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

namespace attn::analysis {

namespace {

using Json = nlohmann::json;

Json number(double v) {
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

InputPlace placeOf(std::size_t input, const SurveyPlan& plan, const SurveySource& source) {
    if (input >= plan.corpusInputs)
        return {InputPlace::Kind::Induction, input - plan.corpusInputs};
    if (source.corpusKind == "text" && input < source.lines.size())
        return {InputPlace::Kind::Line, source.lines[input]};
    return {InputPlace::Kind::Image, input};
}

const char* placeKey(InputPlace::Kind k) {
    switch (k) {
    case InputPlace::Kind::Line:
        return "line";
    case InputPlace::Kind::Image:
        return "image";
    case InputPlace::Kind::Induction:
        return "induction";
    }
    return "line";
}

void writePlace(Json& j, std::size_t input, const InputPlace& place) {
    j["input"] = input;
    j[placeKey(place.kind)] = place.index;
}

// ---- the strict reader ---------------------------------------------------------------------------

/// One JSON object being read: every key taken once, the rest refused by finish().
class Obj {
public:
    Obj(const Json& j, std::string key, const std::string& source)
        : j_(j), key_(std::move(key)), src_(source) {
        if (!j_.is_object())
            fail(key_, "an object");
    }
    const Json& take(const char* name) {
        const std::string k = at(name);
        const auto it = j_.find(name);
        if (it == j_.end())
            throw Error(src_ + ": " + k + " is missing", {.path = src_, .key = k, .expected = "present"});
        taken_.insert(name);
        return *it;
    }
    bool has(const char* name) const { return j_.contains(name); }
    std::string at(const std::string& name) const { return key_.empty() ? name : key_ + "." + name; }
    [[noreturn]] void fail(const std::string& key, const std::string& expected) const {
        throw Error(src_ + ": " + key + " should be " + expected,
                    {.path = src_, .key = key, .expected = expected});
    }
    std::string text(const char* name) {
        const Json& v = take(name);
        if (!v.is_string())
            fail(at(name), "a string");
        return v.get<std::string>();
    }
    std::uint64_t count(const char* name, std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) {
        const Json& v = take(name);
        if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<std::int64_t>() < 0) ||
            v.get<std::uint64_t>() > max)
            fail(at(name), "a whole number from 0 to " + std::to_string(max));
        return v.get<std::uint64_t>();
    }
    int integer(const char* name, int min, int max) {
        const Json& v = take(name);
        if (!v.is_number_integer() || v.get<std::int64_t>() < min || v.get<std::int64_t>() > max)
            fail(at(name), "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
        return static_cast<int>(v.get<std::int64_t>());
    }
    double real(const char* name, bool nullable) {
        const Json& v = take(name);
        if (nullable && v.is_null())
            return std::numeric_limits<double>::quiet_NaN();
        if (!v.is_number() || !std::isfinite(v.get<double>()))
            fail(at(name), nullable ? "a number or null" : "a number");
        return v.get<double>();
    }
    std::vector<std::string> texts(const char* name) {
        const Json& v = take(name);
        if (!v.is_array())
            fail(at(name), "a list of strings");
        std::vector<std::string> out;
        for (const auto& e : v) {
            if (!e.is_string())
                fail(at(name) + "[" + std::to_string(out.size()) + "]", "a string");
            out.push_back(e.get<std::string>());
        }
        return out;
    }
    void finish() const {
        for (auto it = j_.begin(); it != j_.end(); ++it)
            if (!taken_.count(it.key()))
                throw Error(src_ + ": " + at(it.key()) + " is not a key of a head survey",
                            {.path = src_, .key = at(it.key()), .expected = "no such key"});
    }
    const std::string& key() const { return key_; }
    const std::string& source() const { return src_; }

private:
    const Json& j_;
    std::string key_;
    const std::string& src_;
    std::set<std::string> taken_;
};

void readPlace(Obj& o, std::size_t& input, InputPlace& place) {
    input = o.count("input");
    int found = 0;
    for (auto kind : {InputPlace::Kind::Line, InputPlace::Kind::Image, InputPlace::Kind::Induction})
        if (o.has(placeKey(kind))) {
            place = {kind, static_cast<std::size_t>(o.count(placeKey(kind)))};
            ++found;
        }
    if (found != 1)
        o.fail(o.at("line"), "one of line, image or induction");
}

ReportExample readExample(const Json& j, const std::string& key, const std::string& source) {
    Obj o(j, key, source);
    ReportExample e;
    readPlace(o, e.input, e.place);
    e.position = o.integer("position", 0, std::numeric_limits<int>::max());
    e.token = o.text("token");
    e.value = o.real("value", false);
    e.tokens = o.texts("tokens");
    if (static_cast<std::size_t>(e.position) >= e.tokens.size())
        o.fail(o.at("position"),
               "a position inside tokens (" + std::to_string(e.tokens.size()) + " of them)");
    if (e.tokens[static_cast<std::size_t>(e.position)] != e.token)
        o.fail(o.at("token"), "tokens[position]");
    o.finish();
    return e;
}

ReportHead readHead(const Json& j, const std::string& key, const std::string& source, int layer, int head) {
    Obj o(j, key, source);
    ReportHead h;
    h.layer = o.integer("layer", 1, std::numeric_limits<int>::max());
    h.head = o.integer("head", 1, std::numeric_limits<int>::max());
    if (h.layer != layer || h.head != head)
        o.fail(o.at("layer"),
               "layer " + std::to_string(layer) + " head " + std::to_string(head) + " (layer-major order)");
    Obj rows(o.take("rows"), o.at("rows"), source);
    Obj top(o.take("top"), o.at("top"), source);
    for (Metric m : kMetrics) {
        const std::string name(metricName(m));
        const std::size_t i = SurveyReport::index(m);
        h.mean[i] = o.real(name.c_str(), true);
        h.rows[i] =
            static_cast<std::int64_t>(rows.count(name.c_str(), std::numeric_limits<std::int64_t>::max()));
        if (!hasExamples(m))
            continue;
        const Json& list = top.take(name.c_str());
        if (!list.is_array())
            top.fail(top.at(name), "a list of examples");
        for (std::size_t k = 0; k < list.size(); ++k)
            h.top[i].push_back(readExample(list[k], top.at(name) + "[" + std::to_string(k) + "]", source));
    }
    rows.finish();
    top.finish();
    o.finish();
    return h;
}

} // namespace

const ReportHead& SurveyReport::at(int layer, int head) const {
    if (layer < 0 || layer >= layers || head < 0 || head >= heads)
        throw std::out_of_range("head (" + std::to_string(layer) + ", " + std::to_string(head) +
                                ") outside the survey's " + std::to_string(layers) + " x " +
                                std::to_string(heads));
    return headList.at(static_cast<std::size_t>(layer * heads + head));
}

bool SurveyReport::measured(Metric m) const {
    return std::any_of(headList.begin(), headList.end(),
                       [m](const ReportHead& h) { return std::isfinite(h.mean[index(m)]); });
}

std::string_view metricDefinition(Metric m) {
    switch (m) {
    case Metric::Sink:
        return "mean a[q][0]: weight on the first token";
    case Metric::Previous:
        return "mean a[q][q-1]: weight on the previous token";
    case Metric::Self:
        return "mean a[q][q]: weight on the query itself";
    case Metric::Cls:
        return "mean a[q][c], c = the [CLS] position";
    case Metric::Sep:
        return "mean of the sum of a[q][s] over the [SEP] positions s";
    case Metric::Entropy:
        return "mean -sum_j a[q][j] ln a[q][j] over the real keys (nats)";
    case Metric::Distance:
        return "mean sum_j a[q][j] |q - j| (tokens); on a ViT's grid the Euclidean distance between patches, "
               "the class token left out and the rest renormalised (patches)";
    case Metric::Induction:
        return "inputs BOS + r + r, r = L random ids: mean a[i][i-L+1] over the second run i = L+1..2L";
    }
    return "";
}

std::optional<Metric> metricOfName(std::string_view name) {
    for (Metric m : kMetrics)
        if (metricName(m) == name)
            return m;
    return std::nullopt;
}

SurveyReport makeReport(const SurveyPlan& plan, const HeadSurvey& s, const SurveySource& source) {
    SurveyReport r;
    r.modelDirectory = source.modelDirectory;
    r.family = source.family;
    r.capability = plan.capability;
    r.layers = plan.layers;
    r.heads = plan.heads;
    r.corpusFile = source.corpusFile;
    r.corpusKind = source.corpusKind;
    r.corpusInputs = plan.corpusInputs;
    r.skipped = s.skipped;
    r.blankLines = source.blankLines;
    r.inductionInputs = plan.inductionInputs;
    r.inductionRun = plan.inductionInputs > 0 ? plan.inductionRun : 0;
    r.inductionBos = plan.inductionBos;
    r.inductionSeed = source.inductionSeed;
    r.distanceUnit = plan.distanceUnit;
    r.notes = plan.notes;
    r.threads = s.threads;
    r.seconds = s.seconds;
    const auto& hm = s.metrics;
    for (int l = 0; l < plan.layers; ++l)
        for (int h = 0; h < plan.heads; ++h) {
            ReportHead head;
            head.layer = l + 1;
            head.head = h + 1;
            for (Metric m : kMetrics) {
                const std::size_t i = SurveyReport::index(m);
                head.mean[i] = hm.mean(l, h, m);
                head.rows[i] = hm.sum(l, h, m).rows;
                if (!hasExamples(m))
                    continue;
                for (const auto& e : hm.top(l, h, m)) {
                    ReportExample ex;
                    ex.input = e.input;
                    ex.place = placeOf(e.input, plan, source);
                    ex.position = e.position;
                    ex.tokens = s.records.at(e.input).tokens;
                    const auto p = static_cast<std::size_t>(e.position);
                    ex.token = p < ex.tokens.size() ? ex.tokens[p] : std::string();
                    ex.value = e.value;
                    head.top[i].push_back(std::move(ex));
                }
            }
            r.headList.push_back(std::move(head));
        }
    for (std::size_t i = 0; i < s.records.size(); ++i) {
        const auto& rec = s.records[i];
        if (!rec.skipped.empty() && r.skippedInputs.size() < kReportSkippedShown)
            r.skippedInputs.push_back({i, placeOf(i, plan, source), rec.skipped});
        for (const auto& w : rec.warnings)
            if (r.warnings.size() < kReportWarningsShown)
                r.warnings.push_back("input " + std::to_string(i) + ": " + w);
    }
    return r;
}

nlohmann::json reportJson(const SurveyReport& r) {
    Json out;
    out["model"] = {{"directory", r.modelDirectory},
                    {"family", r.family},
                    {"capability", r.capability},
                    {"layers", r.layers},
                    {"heads", r.heads}};
    out["corpus"] = {{"file", r.corpusFile},
                     {"kind", r.corpusKind},
                     {"inputs", r.corpusInputs},
                     {"skipped", r.skipped},
                     {"blank_lines", r.blankLines}};
    out["induction"] = r.inductionInputs > 0 ? Json{{"run_length", r.inductionRun},
                                                    {"inputs", r.inductionInputs},
                                                    {"bos", r.inductionBos},
                                                    {"seed", r.inductionSeed}}
                                             : Json(nullptr);
    out["distance_unit"] = r.distanceUnit;
    out["metrics"] = Json::array();
    out["definitions"] = Json::object();
    for (Metric m : kMetrics) {
        out["metrics"].push_back(std::string(metricName(m)));
        out["definitions"][std::string(metricName(m))] = std::string(metricDefinition(m));
    }
    out["definitions"]["rows"] = "every query position q >= 1 that is not padding; position 0 (BOS, [CLS], "
                                 "the first word) is no query row";
    out["notes"] = r.notes;
    out["threads"] = r.threads;
    out["seconds"] = r.seconds;
    out["heads"] = Json::array();
    for (const ReportHead& h : r.headList) {
        Json head = {{"layer", h.layer}, {"head", h.head}};
        Json rows = Json::object(), tops = Json::object();
        for (Metric m : kMetrics) {
            const std::string name(metricName(m));
            const std::size_t i = SurveyReport::index(m);
            head[name] = number(h.mean[i]);
            rows[name] = h.rows[i];
            if (!hasExamples(m))
                continue;
            tops[name] = Json::array();
            for (const auto& e : h.top[i]) {
                Json ex;
                writePlace(ex, e.input, e.place);
                ex["position"] = e.position;
                ex["token"] = e.token;
                ex["value"] = e.value;
                ex["tokens"] = e.tokens;
                tops[name].push_back(ex);
            }
        }
        head["rows"] = rows;
        head["top"] = tops;
        out["heads"].push_back(head);
    }
    out["skipped_inputs"] = Json::array();
    for (const auto& sk : r.skippedInputs) {
        Json j;
        writePlace(j, sk.input, sk.place);
        j["reason"] = sk.reason;
        out["skipped_inputs"].push_back(j);
    }
    out["warnings"] = r.warnings;
    return out;
}

SurveyReport parseReport(const nlohmann::json& json, const std::string& source) {
    constexpr int kMaxShape = 4096;
    Obj o(json, "", source);
    SurveyReport r;
    {
        Obj m(o.take("model"), "model", source);
        r.modelDirectory = m.text("directory");
        r.family = m.text("family");
        r.capability = m.text("capability");
        r.layers = m.integer("layers", 1, kMaxShape);
        r.heads = m.integer("heads", 1, kMaxShape);
        m.finish();
    }
    {
        Obj c(o.take("corpus"), "corpus", source);
        r.corpusFile = c.text("file");
        r.corpusKind = c.text("kind");
        if (r.corpusKind != "text" && r.corpusKind != "images")
            c.fail("corpus.kind", "\"text\" or \"images\"");
        r.corpusInputs = c.count("inputs");
        r.skipped = c.count("skipped");
        r.blankLines = c.count("blank_lines");
        c.finish();
    }
    if (const Json& ind = o.take("induction"); !ind.is_null()) {
        Obj i(ind, "induction", source);
        r.inductionRun = i.integer("run_length", 1, std::numeric_limits<int>::max());
        r.inductionInputs = i.count("inputs");
        r.inductionBos = i.integer("bos", -1, std::numeric_limits<int>::max());
        r.inductionSeed = i.count("seed", std::numeric_limits<std::uint64_t>::max());
        i.finish();
    }
    r.distanceUnit = o.text("distance_unit");
    if (r.distanceUnit != "tokens" && r.distanceUnit != "patches")
        o.fail("distance_unit", "\"tokens\" or \"patches\"");
    std::vector<std::string> names;
    for (Metric m : kMetrics)
        names.emplace_back(metricName(m));
    if (o.texts("metrics") != names)
        o.fail("metrics", "the metrics of this version of attnviz");
    o.take("definitions"); // written for readers; the formulas are the code's
    r.notes = o.texts("notes");
    r.threads = static_cast<unsigned>(o.count("threads", 1 << 20));
    r.seconds = o.real("seconds", false);
    const Json& heads = o.take("heads");
    const auto expected = static_cast<std::size_t>(r.layers) * static_cast<std::size_t>(r.heads);
    if (!heads.is_array() || heads.size() != expected)
        o.fail("heads", "a list of " + std::to_string(expected) + " heads (layers x heads)");
    r.headList.reserve(expected);
    for (std::size_t k = 0; k < expected; ++k)
        r.headList.push_back(readHead(heads[k], "heads[" + std::to_string(k) + "]", source,
                                      static_cast<int>(k) / r.heads + 1, static_cast<int>(k) % r.heads + 1));
    const Json& skipped = o.take("skipped_inputs");
    if (!skipped.is_array() || skipped.size() > kReportSkippedShown)
        o.fail("skipped_inputs", "a list of at most " + std::to_string(kReportSkippedShown) + " inputs");
    for (std::size_t k = 0; k < skipped.size(); ++k) {
        Obj s(skipped[k], "skipped_inputs[" + std::to_string(k) + "]", source);
        SkippedInput in;
        readPlace(s, in.input, in.place);
        in.reason = s.text("reason");
        s.finish();
        r.skippedInputs.push_back(std::move(in));
    }
    r.warnings = o.texts("warnings");
    o.finish();
    return r;
}

std::vector<std::pair<int, int>> rankHeads(const SurveyReport& r, Metric m) {
    std::vector<std::pair<int, int>> out;
    for (int l = 0; l < r.layers; ++l)
        for (int h = 0; h < r.heads; ++h)
            if (std::isfinite(r.mean(l, h, m)))
                out.emplace_back(l, h);
    const bool lowFirst = m == Metric::Entropy;
    std::stable_sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
        const double va = r.mean(a.first, a.second, m), vb = r.mean(b.first, b.second, m);
        return lowFirst ? va < vb : va > vb;
    });
    return out;
}

} // namespace attn::analysis
