#include "cli/json_out.hpp"

#include <cmath>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace cli {

nlohmann::json matrixJson(const attn::Matrix& m) {
    nlohmann::json rows = nlohmann::json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            if (std::isnan(m(r, c)))
                row.push_back(nullptr);
            else
                row.push_back(m(r, c));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

nlohmann::json matricesJson(const std::vector<attn::Matrix>& ms) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& m : ms)
        a.push_back(matrixJson(m));
    return a;
}

nlohmann::json stackJson(const attn::AttentionStack& stack) {
    nlohmann::json layers = nlohmann::json::array();
    for (const auto& layer : stack)
        layers.push_back(matricesJson(layer));
    return layers;
}

void writeJson(const std::string& path, const nlohmann::json& j, int indent) {
    // Text from the command line need not be UTF-8 (a word with a Latin-1 byte): the bytes that are not
    // become U+FFFD instead of nlohmann's "[json.exception.type_error.316] invalid UTF-8 byte" (issue 49).
    const std::string text = j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
    if (path == "-") {
        std::cout << text << '\n';
        return;
    }
    std::ofstream f(path, std::ios::binary);
    if (!f)
        throw std::runtime_error(path + ": cannot write");
    f << text << '\n';
    if (!f)
        throw std::runtime_error(path + ": write failed");
}

} // namespace cli
