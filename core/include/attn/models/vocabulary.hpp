#pragma once
// vocab.txt / src_vocab.txt / tgt_vocab.txt: one token per line, line number (from 0) = id.

#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace attn {

class Vocabulary {
public:
    Vocabulary() = default;
    explicit Vocabulary(std::vector<std::string> tokens); // throws on a duplicate token
    /// Throws attn::Error naming the file and line (empty token, duplicate; a CR ending a line is stripped).
    static Vocabulary read(const std::filesystem::path& path);

    int size() const { return static_cast<int>(tokens_.size()); }
    const std::string& token(int id) const { return tokens_.at(static_cast<std::size_t>(id)); }
    std::optional<int> find(const std::string& token) const;
    const std::vector<std::string>& tokens() const { return tokens_; }

private:
    std::vector<std::string> tokens_;
    std::unordered_map<std::string, int> ids_;
};

} // namespace attn
