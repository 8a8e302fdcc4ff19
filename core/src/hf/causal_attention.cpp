#include "causal_attention.hpp"

#include <cmath>

namespace attn::hf::detail {

void causalAttention(const Matrix& q, const Matrix& kCache, const Matrix& vCache, int past, int nHeads,
                     int nKv, int headSize, float scale, Matrix& out, std::vector<Matrix>& maps) {
    const Eigen::Index n = q.rows();
    const Eigen::Index total = past + n;
    const int group = nHeads / nKv;
    out.setZero(n, static_cast<Eigen::Index>(nHeads) * headSize);
    maps.assign(static_cast<std::size_t>(nHeads), Matrix());
    for (int h = 0; h < nHeads; ++h) {
        const int g = h / group;
        const auto qh = q.middleCols(static_cast<Eigen::Index>(h) * headSize, headSize); // n x hs
        const auto kh =
            kCache.block(0, static_cast<Eigen::Index>(g) * headSize, total, headSize); // total x hs
        const auto vh =
            vCache.block(0, static_cast<Eigen::Index>(g) * headSize, total, headSize); // total x hs
        Matrix s = (qh * kh.transpose()) * scale;                                      // n x total
        for (Eigen::Index i = 0; i < n; ++i) {
            const Eigen::Index visible = past + i + 1;
            auto row = s.row(i);
            const float mx = row.head(visible).maxCoeff();
            float sum = 0;
            for (Eigen::Index j = 0; j < visible; ++j) {
                row(j) = std::exp(row(j) - mx);
                sum += row(j);
            }
            row.head(visible) /= sum;
            if (visible < total)
                row.tail(total - visible).setZero();
        }
        out.middleCols(static_cast<Eigen::Index>(h) * headSize, headSize).noalias() = s * vh;
        maps[static_cast<std::size_t>(h)] = std::move(s);
    }
}

} // namespace attn::hf::detail
