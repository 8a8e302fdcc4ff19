// Value-weighted norms ‖α f(x)‖, Kobayashi et al. 2020 "Attention is Not Only a Weight" (EMNLP 2020).
#include <attn/explain/value_norm.hpp>
#include <stdexcept>
#include <string>

namespace attn::explain {

ValueNorms valueNorms(const layers::MultiheadAttention& mha, const layers::LayerTrace& trace) {
    const int H = mha.nHeads, d = mha.dModel;
    if (H <= 0 || static_cast<int>(trace.attn.v.size()) != H || static_cast<int>(trace.weights.size()) != H)
        throw std::invalid_argument("valueNorms: the trace has " + std::to_string(trace.attn.v.size()) +
                                    " value heads and " + std::to_string(trace.weights.size()) +
                                    " weight heads, expected " + std::to_string(H));
    const int dh = d / H;
    const Matrix& wo = mha.outProj.weight; // d x d (out x in)
    if (wo.rows() != d || wo.cols() != d)
        throw std::invalid_argument("valueNorms: out_proj is " + std::to_string(wo.rows()) + "x" +
                                    std::to_string(wo.cols()) + ", expected " + std::to_string(d) + "x" +
                                    std::to_string(d));
    const Eigen::Index T = trace.weights.front().rows();
    ValueNorms out;
    std::vector<Eigen::MatrixXd> f(static_cast<std::size_t>(H)); // [head] T x d, f^h(x_j) per row j
    for (int h = 0; h < H; ++h) {
        const Matrix& v = trace.attn.v[static_cast<std::size_t>(h)];  // T x dh
        const Matrix& a = trace.weights[static_cast<std::size_t>(h)]; // T x T
        if (v.rows() != T || v.cols() != dh || a.rows() != T || a.cols() != T)
            throw std::invalid_argument("valueNorms: head " + std::to_string(h) + " has values " +
                                        std::to_string(v.rows()) + "x" + std::to_string(v.cols()) +
                                        ", expected " + std::to_string(T) + "x" + std::to_string(dh));
        f[static_cast<std::size_t>(h)] =
            v.cast<double>() *
            wo.middleCols(static_cast<Eigen::Index>(h) * dh, dh).transpose().cast<double>();
        const Eigen::VectorXd fn = f[static_cast<std::size_t>(h)].rowwise().norm(); // T
        out.perHead.push_back(a.cast<double>().array().abs().rowwise() * fn.transpose().array());
    }
    out.summed.resize(T, T);
    Eigen::RowVectorXd acc(d);
    for (Eigen::Index i = 0; i < T; ++i)
        for (Eigen::Index j = 0; j < T; ++j) {
            acc.setZero();
            for (int h = 0; h < H; ++h)
                acc += static_cast<double>(trace.weights[static_cast<std::size_t>(h)](i, j)) *
                       f[static_cast<std::size_t>(h)].row(j);
            out.summed(i, j) = acc.norm();
        }
    return out;
}

} // namespace attn::explain
