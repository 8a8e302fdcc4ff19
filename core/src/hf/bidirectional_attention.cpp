#include "bidirectional_attention.hpp"

#include <limits>

namespace attn::hf::detail {

Matrix bidirectionalAttention(const Matrix& q, const Matrix& k, const Matrix& v, int nHeads, int headSize,
                              float scale, std::vector<Matrix>& maps,
                              const std::vector<std::uint8_t>& keyAllowed) {
    const Eigen::Index T = q.rows();
    Matrix out(T, static_cast<Eigen::Index>(nHeads) * headSize); // T x (H*hs)
    maps.clear();
    maps.reserve(static_cast<std::size_t>(nHeads));
    for (int h = 0; h < nHeads; ++h) {
        const Eigen::Index c = static_cast<Eigen::Index>(h) * headSize;
        Matrix a = q.middleCols(c, headSize) * k.middleCols(c, headSize).transpose() * scale; // T x T
        if (!keyAllowed.empty())
            for (Eigen::Index j = 0; j < T; ++j)
                if (!keyAllowed[static_cast<std::size_t>(j)])
                    a.col(j).setConstant(-std::numeric_limits<float>::infinity());
        for (Eigen::Index i = 0; i < T; ++i) {
            auto r = a.row(i);
            r = (r.array() - r.maxCoeff()).exp(); // a masked key: exp(-inf) = 0
            r /= r.sum();
        }
        out.middleCols(c, headSize).noalias() = a * v.middleCols(c, headSize);
        maps.push_back(std::move(a));
    }
    return out;
}

} // namespace attn::hf::detail
