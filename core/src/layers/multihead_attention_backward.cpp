// Backward of multi-head self-attention with its softmax (layers/multihead_attention.hpp), keeping
// ∂y_c/∂A_h for every head (Chefer, Gur & Wolf 2021, "Generic Attention-model Explainability", eq. 5
// uses it).
#include <attn/layers/backward.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn::layers {

namespace {
using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
} // namespace

AttentionGradients multiheadAttentionBackward(const MultiheadAttention& mha,
                                              const MultiheadAttention::Trace& t,
                                              const std::vector<Matrix>& weights,
                                              const Eigen::Ref<const Matrix>& dy) {
    const Eigen::Index d = mha.dModel, H = mha.nHeads, dh = d / H, T = dy.rows();
    if (dy.cols() != d)
        throw std::invalid_argument("multiheadAttentionBackward: expected gradient width " +
                                    std::to_string(d) + ", got " + std::to_string(dy.cols()));
    if (static_cast<Eigen::Index>(t.q.size()) != H || static_cast<Eigen::Index>(t.k.size()) != H ||
        static_cast<Eigen::Index>(t.v.size()) != H || static_cast<Eigen::Index>(weights.size()) != H)
        throw std::invalid_argument("multiheadAttentionBackward: the trace has " +
                                    std::to_string(t.q.size()) + " heads and " +
                                    std::to_string(weights.size()) + " maps, expected " + std::to_string(H) +
                                    " (was the forward traced?)");
    const double scale = 1.0 / std::sqrt(static_cast<double>(dh));
    const MatrixD dConcat = dy.cast<double>() * mha.outProj.weight.cast<double>(); // T x d
    MatrixD dQkv(T, 3 * d);                                                        // T x 3d [dQ | dK | dV]
    AttentionGradients g;
    for (Eigen::Index h = 0; h < H; ++h) {
        const auto uh = static_cast<std::size_t>(h);
        const MatrixD q = t.q[uh].cast<double>(), k = t.k[uh].cast<double>(),
                      v = t.v[uh].cast<double>();     // T x dh
        const MatrixD a = weights[uh].cast<double>(); // T x T
        if (q.rows() != T || q.cols() != dh || k.rows() != T || v.rows() != T || a.rows() != T ||
            a.cols() != T)
            throw std::invalid_argument("multiheadAttentionBackward: head " + std::to_string(h) + " has q " +
                                        std::to_string(q.rows()) + "x" + std::to_string(q.cols()) +
                                        " and A " + std::to_string(a.rows()) + "x" +
                                        std::to_string(a.cols()) + ", expected " + std::to_string(T) + "x" +
                                        std::to_string(dh) + " and " + std::to_string(T) + "x" +
                                        std::to_string(T));
        const auto dOut = dConcat.middleCols(h * dh, dh);                                  // T x dh
        const MatrixD dA = dOut * v.transpose();                                           // T x T
        dQkv.middleCols(2 * d + h * dh, dh) = a.transpose() * dOut;                        // dV: T x dh
        const Eigen::VectorXd rowDot = (dA.array() * a.array()).rowwise().sum();           // T
        const MatrixD dS = (a.array() * (dA.array().colwise() - rowDot.array())).matrix(); // T x T
        dQkv.middleCols(h * dh, dh) = scale * (dS * k);                                    // dQ
        dQkv.middleCols(d + h * dh, dh) = scale * (dS.transpose() * q);                    // dK
        g.weights.push_back(dA.cast<float>());
    }
    g.input = (dQkv * mha.inProjWeight.cast<double>()).cast<float>(); // T x d
    return g;
}

} // namespace attn::layers
