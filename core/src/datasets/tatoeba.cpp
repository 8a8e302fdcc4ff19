#include "io_util.hpp"

#include <attn/datasets/tatoeba.hpp>
#include <fstream>

namespace attn::datasets {

std::vector<SentencePair> readTatoeba(const std::filesystem::path& path, Warnings* warnings) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw detail::inFile(path, "no such file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw detail::inFile(path, "cannot open for reading");
    std::vector<SentencePair> pairs;
    std::string line;
    std::size_t lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (lineNo == 1 && line.size() >= 3 && line.compare(0, 3, "\xEF\xBB\xBF") == 0)
            line.erase(0, 3); // BOM
        const std::string where = path.string() + ":" + std::to_string(lineNo) + ": ";
        if (line.empty()) {
            if (warnings)
                warnings->push_back(where + "empty line skipped");
            continue;
        }
        std::vector<std::string> columns;
        std::size_t start = 0;
        while (true) {
            const auto tab = line.find('\t', start);
            columns.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos)
                break;
            start = tab + 1;
        }
        if (columns.size() != 2 && columns.size() != 3)
            throw detail::atLine(
                path, lineNo,
                "expected 2 or 3 tab-separated columns (source, target [, attribution]), found " +
                    std::to_string(columns.size()));
        if (columns[0].empty())
            throw detail::atLine(path, lineNo, "empty source sentence (column 1)");
        if (columns[1].empty())
            throw detail::atLine(path, lineNo, "empty target sentence (column 2)");
        SentencePair p;
        p.source = std::move(columns[0]);
        p.target = std::move(columns[1]);
        if (columns.size() == 3)
            p.attribution = std::move(columns[2]);
        pairs.push_back(std::move(p));
    }
    if (in.bad())
        throw detail::atLine(path, lineNo + 1, "read failed");
    return pairs;
}

} // namespace attn::datasets
