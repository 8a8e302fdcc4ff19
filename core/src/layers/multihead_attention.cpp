#include <attn/attention.hpp>
#include <attn/layers/multihead_attention.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace attn::layers {

MultiheadAttention MultiheadAttention::load(WeightLoader& w, const std::string& prefix, int dModel,
                                            int nHeads) {
    MultiheadAttention m;
    m.dModel = dModel;
    m.nHeads = nHeads;
    m.inProjWeight = w.matrix(prefix + ".in_proj_weight", 3 * dModel, dModel);
    m.inProjBias = w.vector(prefix + ".in_proj_bias", 3 * dModel);
    m.outProj = Linear::load(w, prefix + ".out_proj", dModel, dModel);
    return m;
}

namespace {
/// Replaces `weights` (T_q x T_k) by the uniform distribution over the allowed keys.
void makeUniform(Matrix& weights, const std::vector<std::uint8_t>& keyAllowed) {
    const Eigen::Index tk = weights.cols();
    float allowed = 0;
    for (Eigen::Index j = 0; j < tk; ++j)
        allowed += keyAllowed.empty() || keyAllowed[static_cast<std::size_t>(j)] ? 1.0f : 0.0f;
    for (Eigen::Index j = 0; j < tk; ++j) {
        const bool ok = keyAllowed.empty() || keyAllowed[static_cast<std::size_t>(j)];
        weights.col(j).setConstant(ok && allowed > 0 ? 1.0f / allowed : 0.0f);
    }
}
} // namespace

MultiheadAttention::Result MultiheadAttention::forward(const Eigen::Ref<const Matrix>& x,
                                                       const std::vector<std::uint8_t>& keyAllowed,
                                                       const Switches& switches, Trace* trace) const {
    const Eigen::Index d = dModel, dh = dModel / nHeads, T = x.rows();
    if (x.cols() != d)
        throw std::invalid_argument("MultiheadAttention: expected input width " + std::to_string(d) +
                                    ", got " + std::to_string(x.cols()));
    for (int h : {switches.ablateHead, switches.uniformHead})
        if (h < -1 || h >= nHeads)
            throw std::invalid_argument("MultiheadAttention: head " + std::to_string(h) +
                                        " out of range [0, " + std::to_string(nHeads) + ")");
    Matrix qkv(T, 3 * d); // T x 3d: [Q | K | V]
    qkv.noalias() = x * inProjWeight.transpose();
    qkv.rowwise() += inProjBias.transpose();
    Result r;
    r.weights.reserve(static_cast<std::size_t>(nHeads));
    if (trace) {
        *trace = Trace{};
        trace->scale = 1.0f / std::sqrt(static_cast<float>(dh));
        trace->mask = Mask::Ones(T, T);
        for (Eigen::Index j = 0; j < T && !keyAllowed.empty(); ++j)
            if (!keyAllowed[static_cast<std::size_t>(j)])
                trace->mask.col(j).setZero();
    }
    Matrix heads(T, d); // T x d: concatenated head outputs
    for (Eigen::Index h = 0; h < nHeads; ++h) {
        const auto q = qkv.middleCols(h * dh, dh), k = qkv.middleCols(d + h * dh, dh),
                   v = qkv.middleCols(2 * d + h * dh, dh); // T x dh each
        Matrix logits;                                     // T x T, kept only when traced
        auto s = scaledDotAttention(q, k, v, keyAllowed, trace ? &logits : nullptr);
        if (h == switches.uniformHead) {
            makeUniform(s.weights, keyAllowed);
            s.output.noalias() = s.weights * v;
        }
        if (h == switches.ablateHead)
            s.output.setZero();
        heads.middleCols(h * dh, dh) = s.output;
        if (trace) {
            trace->q.emplace_back(q);
            trace->k.emplace_back(k);
            trace->v.emplace_back(v);
            trace->scores.emplace_back(q * k.transpose());
            trace->scaled.push_back(std::move(logits));
            trace->headsOut.push_back(std::move(s.output));
        }
        r.weights.push_back(std::move(s.weights));
    }
    r.output = outProj.forward(heads);
    if (trace)
        trace->concat = std::move(heads);
    return r;
}

} // namespace attn::layers
