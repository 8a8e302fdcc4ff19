#include <attn/position_similarity.hpp>
#include <stdexcept>
#include <string>

namespace attn {

Matrix cosineSimilarity(const Matrix& rows) {
    const Eigen::MatrixXd x = rows.cast<double>();    // N x d
    const Eigen::VectorXd norms = x.rowwise().norm(); // N
    const Eigen::MatrixXd dots = x * x.transpose();   // N x N
    Matrix out(x.rows(), x.rows());
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (Eigen::Index j = 0; j < x.rows(); ++j) {
            const double denom = norms(i) * norms(j);
            out(i, j) = denom > 0.0 ? static_cast<float>(dots(i, j) / denom) : 0.0f;
        }
    return out;
}

Matrix patchPositions(const Matrix& positionsWithCls) {
    if (positionsWithCls.rows() < 2)
        throw std::invalid_argument("patchPositions: need [CLS] and at least one patch, got " +
                                    std::to_string(positionsWithCls.rows()) + " rows");
    return positionsWithCls.bottomRows(positionsWithCls.rows() - 1);
}

} // namespace attn
