#include "json_util.hpp"

#include <attn/config.hpp>
#include <cstdio>

namespace attn::tokenizers::detail {

void failKey(const std::string& file, const std::string& key, const std::string& what) {
    throw ConfigError(file + ": key '" + key + "': " + what, ErrorInfo{.path = file, .key = key});
}

std::vector<std::string> vocabFromJson(const nlohmann::json& j, const std::string& file,
                                       const std::string& key) {
    const std::string where = key.empty() ? "(top level)" : key;
    if (!j.is_object())
        failKey(file, where, std::string("expected an object {token: id}, got ") + j.type_name());
    if (j.empty())
        failKey(file, where, "the vocabulary is empty");
    std::vector<std::string> table;
    std::vector<bool> used;
    for (const auto& [token, v] : j.items()) {
        const std::string at = key.empty() ? token : key + "." + token;
        if (!v.is_number_integer())
            failKey(file, at, "expected an integer id, got " + v.dump());
        const auto id = v.get<std::int64_t>();
        if (id < 0 || id >= kMaxVocab)
            failKey(file, at,
                    "id " + std::to_string(id) + " is outside [0, " + std::to_string(kMaxVocab) + ")");
        const auto i = static_cast<std::size_t>(id);
        if (i >= table.size()) {
            table.resize(i + 1);
            used.resize(i + 1, false);
        }
        if (used[i])
            failKey(file, at, "id " + std::to_string(id) + " is already used by '" + table[i] + "'");
        used[i] = true;
        table[i] = token;
    }
    return table;
}

std::optional<std::string> specialToken(const nlohmann::json& config, const std::string& file,
                                        const std::string& key) {
    if (!config.contains(key) || config[key].is_null())
        return std::nullopt;
    const auto& t = config[key];
    if (t.is_string())
        return t.get<std::string>();
    if (t.is_object() && t.contains("content") && t["content"].is_string())
        return t["content"].get<std::string>(); // AddedToken form
    failKey(file, key, "expected a string or {\"content\": string}, got " + t.dump());
}

nlohmann::json readTokenizerConfig(const std::filesystem::path& dir, std::string& file) {
    const auto path = dir / "tokenizer_config.json";
    file = path.string();
    if (!std::filesystem::exists(path))
        return nlohmann::json::object();
    return readConfigJson(path);
}

bool configBool(const nlohmann::json& config, const std::string& file, const std::string& key,
                bool fallback) {
    if (!config.contains(key) || config[key].is_null())
        return fallback;
    if (!config[key].is_boolean())
        failKey(file, key, "expected true or false, got " + config[key].dump());
    return config[key].get<bool>();
}

std::string bytePiece(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "<0x%02X>", b);
    return buf;
}

int byteOfPiece(const std::string& p) {
    if (p.size() != 6 || p.compare(0, 3, "<0x") != 0 || p[5] != '>')
        return -1;
    auto hex = [](char c) {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        return -1;
    };
    const int hi = hex(p[3]), lo = hex(p[4]);
    return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

} // namespace attn::tokenizers::detail
