#include <attn/config.hpp>
#include <attn/hf/hf_config.hpp>
#include <limits>

namespace attn::hf {

HfConfig HfConfig::read(const std::filesystem::path& dir) {
    const auto path = dir / "config.json";
    auto j = readConfigJson(path);
    if (!j.is_object())
        throw ConfigError(path.string() + ": expected a JSON object");
    return HfConfig(std::move(j), path.string());
}

std::string HfConfig::modelType() const {
    if (!j_.contains("model_type"))
        return "";
    if (!j_["model_type"].is_string())
        fail("model_type", "expected a string");
    return j_["model_type"].get<std::string>();
}

void HfConfig::fail(const std::string& key, const std::string& what) const {
    throw ConfigError(file_ + ": key '" + key + "': " + what);
}

std::optional<int> HfConfig::optionalInteger(const std::string& key) const {
    if (!has(key))
        return std::nullopt;
    const auto& v = j_[key];
    if (!v.is_number_integer())
        fail(key, "expected an integer, got " + v.dump());
    const auto x = v.get<std::int64_t>();
    if (x < 0 || x > std::numeric_limits<int>::max())
        fail(key, "value " + std::to_string(x) + " is out of range");
    return static_cast<int>(x);
}

int HfConfig::integer(const std::string& key) const {
    const auto v = optionalInteger(key);
    if (!v)
        fail(key, "missing (required)");
    if (*v <= 0)
        fail(key, "must be positive, got " + std::to_string(*v));
    return *v;
}

int HfConfig::integer(const std::string& key, int fallback) const {
    return optionalInteger(key).value_or(fallback);
}

float HfConfig::number(const std::string& key, float fallback) const {
    if (!has(key))
        return fallback;
    if (!j_[key].is_number())
        fail(key, "expected a number, got " + j_[key].dump());
    return j_[key].get<float>();
}

bool HfConfig::boolean(const std::string& key, bool fallback) const {
    if (!has(key))
        return fallback;
    if (!j_[key].is_boolean())
        fail(key, "expected true or false, got " + j_[key].dump());
    return j_[key].get<bool>();
}

std::string HfConfig::string(const std::string& key, const std::string& fallback) const {
    if (!has(key))
        return fallback;
    if (!j_[key].is_string())
        fail(key, "expected a string, got " + j_[key].dump());
    return j_[key].get<std::string>();
}

void HfConfig::requireDefault(const std::string& key, const nlohmann::json& allowed,
                              const std::string& why) const {
    if (!has(key) || j_[key] == allowed)
        return;
    fail(key, "unsupported option " + j_[key].dump() + " (" + why + "; attnviz supports only " +
                  allowed.dump() + ")");
}

} // namespace attn::hf
