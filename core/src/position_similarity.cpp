#include <attn/position_similarity.hpp>

#include <attn/models/vit.hpp>
#include <attn/safetensors.hpp>

#include "models/common.hpp"

#include <stdexcept>
#include <string>

namespace attn {

Matrix cosineSimilarity(const Matrix& rows) {
    const Eigen::MatrixXd x = rows.cast<double>();  // N x d
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

Matrix vitPositionEmbeddings(const VitModel& model) {
    const VitConfig& s = model.settings();
    const Eigen::Index rows = s.numPatches() + 1, d = s.encoder.dModel;
    if (s.positional != Positional::Learned) return detail::sinusoidalTable(static_cast<int>(rows), s.encoder.dModel);
    // The engine keeps its table private; the learned one is re-read from the validated checkpoint.
    const auto path = model.directory() / "model.safetensors";
    const SafetensorsFile file = SafetensorsFile::read(path);
    const TensorInfo* info = file.find("pos_embed");
    if (!info) throw std::runtime_error(path.string() + ": no tensor 'pos_embed'");
    if (info->numel() != rows * d)
        throw std::runtime_error(path.string() + ": tensor 'pos_embed' has shape " + shapeString(info->shape) +
                                 ", expected [1," + std::to_string(rows) + "," + std::to_string(d) + "]");
    const std::vector<float> values = file.toFloat(*info);
    Matrix out(rows, d);
    std::copy(values.begin(), values.end(), out.data());
    return out;
}

} // namespace attn
