#include <attn/rollout.hpp>
#include <stdexcept>
#include <string>

namespace attn {

Matrix meanOfAllHeads(const AttentionStack& attention) {
    std::vector<Matrix> all;
    for (const auto& layer : attention)
        all.insert(all.end(), layer.begin(), layer.end());
    return meanOfHeads(all);
}

Matrix meanOfHeads(const std::vector<Matrix>& heads) {
    if (heads.empty())
        throw std::invalid_argument("meanOfHeads: no heads");
    Matrix sum = heads.front(); // T x T
    for (std::size_t h = 1; h < heads.size(); ++h) {
        if (heads[h].rows() != sum.rows() || heads[h].cols() != sum.cols())
            throw std::invalid_argument("meanOfHeads: head " + std::to_string(h) + " is " +
                                        std::to_string(heads[h].rows()) + "x" +
                                        std::to_string(heads[h].cols()) + ", head 0 is " +
                                        std::to_string(sum.rows()) + "x" + std::to_string(sum.cols()));
        sum += heads[h];
    }
    return sum / static_cast<float>(heads.size());
}

Matrix attentionRollout(const AttentionStack& attention, int lastLayer, double attentionWeight) {
    if (attention.empty())
        throw std::invalid_argument("attentionRollout: no layers");
    const int layers = static_cast<int>(attention.size());
    if (lastLayer < 0)
        lastLayer = layers - 1;
    if (lastLayer >= layers)
        throw std::invalid_argument("attentionRollout: layer " + std::to_string(lastLayer) +
                                    " out of range (" + std::to_string(layers) + " layers)");
    if (!(attentionWeight >= 0.0 && attentionWeight <= 1.0))
        throw std::invalid_argument("attentionRollout: attention weight must be in [0, 1]");

    Matrix rollout; // T x T, accumulated product, computed in double for stability then stored as float
    Eigen::MatrixXd acc;
    for (int l = 0; l <= lastLayer; ++l) {
        const Matrix mean = meanOfHeads(attention[static_cast<std::size_t>(l)]); // T x T
        if (mean.rows() != mean.cols())
            throw std::invalid_argument("attentionRollout: layer " + std::to_string(l) + " is not square");
        if (l > 0 && mean.rows() != acc.rows())
            throw std::invalid_argument("attentionRollout: layer " + std::to_string(l) + " has " +
                                        std::to_string(mean.rows()) + " positions, layer 0 has " +
                                        std::to_string(acc.rows()));
        const Eigen::Index T = mean.rows();
        Eigen::MatrixXd a = attentionWeight * mean.cast<double>() +
                            (1.0 - attentionWeight) * Eigen::MatrixXd::Identity(T, T); // T x T
        for (Eigen::Index r = 0; r < T; ++r) {
            const double s = a.row(r).sum();
            if (s > 0.0)
                a.row(r) /= s;
        }
        acc = (l == 0) ? a : Eigen::MatrixXd(a * acc);
    }
    rollout = acc.cast<float>();
    return rollout;
}

std::vector<float> rowWithoutColumn(const Matrix& m, int row, int skipColumn) {
    if (row < 0 || row >= m.rows())
        throw std::invalid_argument("rowWithoutColumn: row out of range");
    std::vector<float> out;
    out.reserve(static_cast<std::size_t>(m.cols()));
    for (Eigen::Index c = 0; c < m.cols(); ++c)
        if (c != skipColumn)
            out.push_back(m(row, c));
    return out;
}

} // namespace attn
