// Token relevance from a propagated attention map (definition of issue 17, section 4).
#include <attn/explain/relevance.hpp>
#include <stdexcept>
#include <string>

namespace attn::explain {

std::vector<int> relevanceRows(const std::vector<std::uint8_t>& keyAllowed, bool clsPooled) {
    if (clsPooled)
        return {0};
    std::vector<int> rows;
    for (std::size_t i = 0; i < keyAllowed.size(); ++i)
        if (keyAllowed[i])
            rows.push_back(static_cast<int>(i));
    return rows;
}

std::vector<double> tokenRelevance(const Eigen::MatrixXd& map, const std::vector<std::uint8_t>& keyAllowed,
                                   bool clsPooled, const std::vector<int>& inputPositions) {
    const auto T = static_cast<Eigen::Index>(keyAllowed.size());
    if (map.rows() != T || map.cols() != T)
        throw std::invalid_argument("tokenRelevance: map is " + std::to_string(map.rows()) + "x" +
                                    std::to_string(map.cols()) + ", expected " + std::to_string(T) + "x" +
                                    std::to_string(T));
    const auto rows = relevanceRows(keyAllowed, clsPooled);
    if (rows.empty())
        throw std::invalid_argument("tokenRelevance: no real position");
    Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(T);
    for (int i : rows)
        r += map.row(i);
    r /= static_cast<double>(rows.size());
    std::vector<double> out;
    for (int p : inputPositions) {
        if (p < 0 || p >= T)
            throw std::invalid_argument("tokenRelevance: input position " + std::to_string(p) +
                                        " out of range");
        out.push_back(r(p));
    }
    return out;
}

} // namespace attn::explain
