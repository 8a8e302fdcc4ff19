#include <attn/error.hpp>
#include <attn/models/vocabulary.hpp>
#include <fstream>
#include <stdexcept>

namespace attn {

Vocabulary::Vocabulary(std::vector<std::string> tokens) : tokens_(std::move(tokens)) {
    for (std::size_t i = 0; i < tokens_.size(); ++i)
        if (!ids_.emplace(tokens_[i], static_cast<int>(i)).second)
            throw std::invalid_argument("vocabulary: duplicate token '" + tokens_[i] + "' at id " +
                                        std::to_string(i));
}

Vocabulary Vocabulary::read(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error(path.string() + ": cannot open vocabulary file", ErrorInfo{.path = path.string()});
    std::vector<std::string> tokens;
    std::unordered_map<std::string, int> seen;
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            throw Error(path.string() + ":" + std::to_string(lineNo) + ": empty token (id " +
                            std::to_string(lineNo - 1) + ")",
                        ErrorInfo{.path = path.string(),
                                  .line = static_cast<std::uint64_t>(lineNo),
                                  .expected = "a token",
                                  .found = "an empty line"});
        if (auto [it, fresh] = seen.emplace(line, lineNo); !fresh)
            throw Error(path.string() + ":" + std::to_string(lineNo) + ": duplicate token '" + line +
                            "' (first on line " + std::to_string(it->second) + ")",
                        ErrorInfo{.path = path.string(),
                                  .line = static_cast<std::uint64_t>(lineNo),
                                  .key = line,
                                  .expected = "a token not seen before",
                                  .found = "a duplicate of line " + std::to_string(it->second)});
        tokens.push_back(std::move(line));
    }
    return Vocabulary(std::move(tokens));
}

std::optional<int> Vocabulary::find(const std::string& token) const {
    const auto it = ids_.find(token);
    if (it == ids_.end())
        return std::nullopt;
    return it->second;
}

} // namespace attn
