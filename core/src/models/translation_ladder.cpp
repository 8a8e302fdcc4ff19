// Reader of translation-ladder.json (attn/models/translation_ladder.hpp).
#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/json_parse.hpp>
#include <attn/models/translation_ladder.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
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
    const auto it = j.is_object() ? j.find(key) : j.end();
    if (it == j.end())
        bad(file, where + key, "is missing");
    return *it;
}

std::string text(const nlohmann::json& j, const std::string& key, const std::string& file,
                 const std::string& where) {
    const auto& v = member(j, key, file, where);
    if (!v.is_string())
        bad(file, where + key, "must be a string", &v);
    return v.get<std::string>();
}

} // namespace

TranslationLadder readTranslationLadder(const std::filesystem::path& path) {
    const std::string file = path.string();
    if (!std::filesystem::exists(path))
        throw ConfigError(file + ": no such file", ErrorInfo{.path = file});
    const nlohmann::json j = readConfigJson(path); // size limit, byte offsets of syntax errors
    if (!j.is_object())
        throw ConfigError(file + ": expected a JSON object",
                          ErrorInfo{.path = file, .found = describeJson(j)});
    TranslationLadder l;
    l.metric = text(j, "metric", file, "");
    l.rule = text(j, "rule", file, "");
    l.reference = text(j, "reference", file, "");
    const auto& models = member(j, "models", file, "");
    if (!models.is_array() || models.empty())
        bad(file, "models", "must be a non-empty list of model names", &models);
    for (std::size_t m = 0; m < models.size(); ++m) {
        if (!models[m].is_string())
            bad(file, "models[" + std::to_string(m) + "]", "must be a string", &models[m]);
        l.models.push_back(models[m].get<std::string>());
    }
    const auto& chosen = member(j, "chosen_path", file, "");
    if (!chosen.is_number_integer() || chosen.get<long long>() < 1 || chosen.get<long long>() > 1000)
        bad(file, "chosen_path", "must be a path number from 1", &chosen);
    l.chosenPath = chosen.get<int>();
    const auto& candidates = member(j, "candidates", file, "");
    if (!candidates.is_array())
        bad(file, "candidates", "must be a list", &candidates);
    l.candidates = candidates.size();
    const auto& rungs = member(j, "ladder", file, "");
    if (!rungs.is_array() || rungs.empty() || rungs.size() > 100)
        bad(file, "ladder", "must be a list of 1 to 100 rungs", &rungs);
    for (std::size_t r = 0; r < rungs.size(); ++r) {
        const std::string where = "ladder[" + std::to_string(r) + "].";
        TranslationLadder::Rung rung;
        rung.source = text(rungs[r], "source", file, where);
        rung.reference = text(rungs[r], "reference", file, where);
        rung.sourceTokens = static_cast<int>(tokenize(rung.source).size());
        const auto& scores = member(rungs[r], "chrF", file, where);
        const auto& outputs = member(rungs[r], "outputs", file, where);
        for (const std::string& m : l.models) {
            const auto& v = member(scores, m, file, where + "chrF.");
            if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 ||
                v.get<double>() > 100)
                bad(file, where + "chrF." + m, "must be a score from 0 to 100", &v);
            rung.chrF[m] = v.get<double>();
            rung.outputs[m] = text(outputs, m, file, where + "outputs.");
        }
        l.rungs.push_back(std::move(rung));
    }
    return l;
}

} // namespace attn
