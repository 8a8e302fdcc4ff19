#include "cli/json_out.hpp"

#include "services/json_file.hpp"

#include <cmath>

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
    json_file::write(path, j, indent);
}

} // namespace cli
