#pragma once
// Reading a Hugging Face config.json: typed getters whose errors name the file and the key, and a
// check that refuses options attnviz does not implement (never silently ignored).

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace attn::hf {

class HfConfig {
public:
    /// Reads `dir/config.json`. Throws ConfigError (file + byte offset on a syntax error).
    static HfConfig read(const std::filesystem::path& dir);
    HfConfig(nlohmann::json j, std::string file) : j_(std::move(j)), file_(std::move(file)) {}

    const nlohmann::json& json() const { return j_; }
    const std::string& file() const { return file_; }
    bool has(const std::string& key) const { return j_.contains(key) && !j_[key].is_null(); }

    /// The model_type string ("" when absent).
    std::string modelType() const;

    int integer(const std::string& key) const;               // required, > 0
    int integer(const std::string& key, int fallback) const; // optional (absent or null -> fallback)
    std::optional<int> optionalInteger(const std::string& key) const;
    float number(const std::string& key, float fallback) const; // optional
    bool boolean(const std::string& key, bool fallback) const;  // optional
    std::string string(const std::string& key, const std::string& fallback) const;

    /// Throws "unsupported option" unless `key` is absent, null or equal to `allowed`.
    void requireDefault(const std::string& key, const nlohmann::json& allowed,
                        const std::string& why = "not implemented") const;

    [[noreturn]] void fail(const std::string& key, const std::string& what) const;

private:
    nlohmann::json j_;
    std::string file_;
};

} // namespace attn::hf
