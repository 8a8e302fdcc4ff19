#include <attn/config.hpp>
#include <attn/models/training_words.hpp>
#include <fstream>
#include <sstream>

namespace attn {

std::optional<TrainingWords> readTrainingWords(const std::filesystem::path& dir) {
    const std::filesystem::path path = dir / kTrainingWordsFile;
    const std::string file = path.string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return std::nullopt;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        throw ConfigError(file + ": cannot read the file (" + ec.message() + ")", ErrorInfo{.path = file});
    if (size > kMaxTrainingWordsFileBytes)
        throw ConfigError(
            file + ": " + std::to_string(size) +
                " bytes, more than a training word list attnviz reads (32 MiB)",
            ErrorInfo{.path = file,
                      .expected = "at most " + std::to_string(kMaxTrainingWordsFileBytes) + " bytes",
                      .found = std::to_string(size) + " bytes"});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError(file + ": cannot read the file", ErrorInfo{.path = file});
    std::ostringstream all;
    all << in.rdbuf();
    const std::string text = all.str();

    TrainingWords out;
    std::uint64_t lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        ++lineNo;
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        std::string word = text.substr(pos, end - pos);
        pos = end + 1;
        if (!word.empty() && word.back() == '\r')
            word.pop_back();
        const auto bad = [&](const std::string& what, const std::string& expected) {
            throw ConfigError(
                file + " line " + std::to_string(lineNo) + ": " + what,
                ErrorInfo{.path = file, .line = lineNo, .expected = expected, .found = word.substr(0, 40)});
        };
        if (word.empty())
            bad("empty line (one word per line)", "a word");
        if (word.find_first_of(" \t\v\f\r") != std::string::npos)
            bad("'" + word.substr(0, 40) + "' holds a space or tab (one word per line)", "one word");
        if (word.size() > kMaxTrainingWordBytes)
            bad(std::to_string(word.size()) + " bytes, longer than a word (at most " +
                    std::to_string(kMaxTrainingWordBytes) + ")",
                "at most " + std::to_string(kMaxTrainingWordBytes) + " bytes");
        out.words.insert(std::move(word));
    }
    return out;
}

} // namespace attn
