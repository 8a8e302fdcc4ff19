#pragma once
// Helpers the tokenizer readers share (internal to attn_core): errors naming the file and JSON key,
// a token -> id map read into an id -> token table, AddedToken strings of tokenizer_config.json.

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace attn::tokenizers::detail {

/// Largest id a vocabulary may use (far above any real tokenizer: Llama 3 has 128,256 tokens).
inline constexpr std::int64_t kMaxVocab = 1 << 20;

/// ConfigError "<file>: key '<key>': <what>" with path and key as fields.
[[noreturn]] void failKey(const std::string& file, const std::string& key, const std::string& what);

/// {"token": id, ...} -> table[id] = token. Ids must be integers in [0, kMaxVocab) and unique; ids
/// that no token uses are left "" (the table is max id + 1 long). Errors name `file` and `key`
/// ("" for a file that is the map itself, such as vocab.json: the key is then the token).
std::vector<std::string> vocabFromJson(const nlohmann::json& j, const std::string& file,
                                       const std::string& key);

/// A special token of tokenizer_config.json: a string or an AddedToken object {"content": ...};
/// nullopt when absent or null. Anything else is an error naming the file and key.
std::optional<std::string> specialToken(const nlohmann::json& config, const std::string& file,
                                        const std::string& key);

/// tokenizer_config.json of `dir` (an empty object when the file is absent).
nlohmann::json readTokenizerConfig(const std::filesystem::path& dir, std::string& file);

/// A boolean of tokenizer_config.json (`fallback` when absent or null).
bool configBool(const nlohmann::json& config, const std::string& file, const std::string& key, bool fallback);

/// The "<0xHH>" byte-fallback piece of a byte, and its inverse (-1 when `piece` is not one).
std::string bytePiece(unsigned char b);
int byteOfPiece(const std::string& piece);

} // namespace attn::tokenizers::detail
