#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/json_parse.hpp>
#include <attn/models/heldout_scores.hpp>
#include <cmath>

namespace attn {

namespace {

[[noreturn]] void bad(const std::string& file, const std::string& key, const std::string& what,
                      const nlohmann::json* found = nullptr) {
    throw ConfigError(file + ": key '" + key + "' " + what,
                      ErrorInfo{.path = file, .key = key, .found = found ? describeJson(*found) : ""});
}

const nlohmann::json& member(const nlohmann::json& j, const std::string& key, const std::string& file,
                             const std::string& where) {
    const auto it = j.find(key);
    if (it == j.end())
        bad(file, where + key, "is missing");
    return *it;
}

int count(const nlohmann::json& j, const std::string& key, const std::string& file,
          const std::string& where) {
    const auto& v = member(j, key, file, where);
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 1'000'000'000)
        bad(file, where + key, "must be a count (0 .. 10^9)", &v);
    return static_cast<int>(v.get<long long>());
}

double score(const nlohmann::json& j, const std::string& key, const std::string& file,
             const std::string& where) {
    const auto& v = member(j, key, file, where);
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 || v.get<double>() > 100)
        bad(file, where + key, "must be a score from 0 to 100", &v);
    return v.get<double>();
}

/// The optional "reference_perplexity" of `j`: nullopt when absent, else a number from 1 (certainty) to
/// 10^6 (beyond any vocabulary this app loads).
std::optional<double> referencePerplexity(const nlohmann::json& j, const std::string& file,
                                          const std::string& where) {
    const auto it = j.find("reference_perplexity");
    if (it == j.end())
        return std::nullopt;
    if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 1.0 ||
        it->get<double>() > 1e6)
        bad(file, where + "reference_perplexity", "must be a perplexity from 1 to 10^6", &*it);
    return it->get<double>();
}

} // namespace

bool HeldOutScores::hasReferencePerplexity() const {
    if (overallReferencePerplexity)
        return true;
    for (const Bucket& b : buckets)
        if (b.referencePerplexity)
            return true;
    for (const Set& e : sets)
        if (e.referencePerplexity)
            return true;
    return false;
}

std::optional<HeldOutScores> readHeldOutScores(const std::filesystem::path& dir) {
    const auto path = dir / "heldout_scores.json";
    if (!std::filesystem::exists(path))
        return std::nullopt;
    const std::string file = path.string();
    const nlohmann::json j = readConfigJson(path); // size limit, byte offsets of syntax errors
    if (!j.is_object())
        throw ConfigError(file + ": expected a JSON object",
                          ErrorInfo{.path = file, .found = describeJson(j)});
    HeldOutScores s;
    const auto& metric = member(j, "metric", file, "");
    if (!metric.is_string())
        bad(file, "metric", "must be a string", &metric);
    s.metric = metric.get<std::string>();
    const auto& overall = member(j, "overall", file, "");
    if (!overall.is_object())
        bad(file, "overall", "must be an object", &overall);
    s.pairs = count(overall, "pairs", file, "overall.");
    s.overall = score(overall, "score", file, "overall.");
    s.overallReferencePerplexity = referencePerplexity(overall, file, "overall.");
    const auto& buckets = member(j, "buckets", file, "");
    if (!buckets.is_array() || buckets.size() > 64)
        bad(file, "buckets", "must be a list of at most 64 buckets", &buckets);
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        const std::string where = "buckets[" + std::to_string(i) + "].";
        const auto& b = buckets[i];
        if (!b.is_object())
            bad(file, where.substr(0, where.size() - 1), "must be an object", &b);
        HeldOutScores::Bucket bucket;
        const auto& label = member(b, "label", file, where);
        if (!label.is_string() || label.get<std::string>().size() > 64)
            bad(file, where + "label", "must be a string of at most 64 bytes", &label);
        bucket.label = label.get<std::string>();
        bucket.minTokens = count(b, "min", file, where);
        const auto& max = member(b, "max", file, where);
        bucket.maxTokens = max.is_null() ? -1 : count(b, "max", file, where);
        if (bucket.maxTokens >= 0 && bucket.maxTokens < bucket.minTokens)
            bad(file, where + "max", "is below min", &max);
        bucket.pairs = count(b, "pairs", file, where);
        bucket.score = score(b, "score", file, where);
        bucket.referencePerplexity = referencePerplexity(b, file, where);
        s.buckets.push_back(std::move(bucket));
    }
    const auto sets = j.find("sets");
    if (sets != j.end()) {
        if (!sets->is_array() || sets->size() > 16)
            bad(file, "sets", "must be a list of at most 16 sets", &*sets);
        for (std::size_t i = 0; i < sets->size(); ++i) {
            const std::string where = "sets[" + std::to_string(i) + "].";
            const auto& e = (*sets)[i];
            if (!e.is_object())
                bad(file, where.substr(0, where.size() - 1), "must be an object", &e);
            HeldOutScores::Set set;
            const auto& id = member(e, "id", file, where);
            if (!id.is_string() || id.get<std::string>().empty() || id.get<std::string>().size() > 64)
                bad(file, where + "id", "must be a string of 1 to 64 bytes", &id);
            set.id = id.get<std::string>();
            set.pairs = count(e, "pairs", file, where);
            set.score = score(e, "score", file, where);
            set.referencePerplexity = referencePerplexity(e, file, where);
            s.sets.push_back(std::move(set));
        }
    }
    return s;
}

} // namespace attn
