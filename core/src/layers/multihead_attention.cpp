#include <attn/attention.hpp>
#include <attn/layers/multihead_attention.hpp>

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

MultiheadAttention::Result MultiheadAttention::forward(const Eigen::Ref<const Matrix>& x,
                                                       const std::vector<std::uint8_t>& keyAllowed) const {
    const Eigen::Index d = dModel, dh = dModel / nHeads;
    Matrix qkv(x.rows(), 3 * d); // T x 3d: [Q | K | V]
    qkv.noalias() = x * inProjWeight.transpose();
    qkv.rowwise() += inProjBias.transpose();
    Result r;
    r.weights.reserve(static_cast<std::size_t>(nHeads));
    Matrix heads(x.rows(), d); // T x d: concatenated head outputs
    for (Eigen::Index h = 0; h < nHeads; ++h) {
        auto s = scaledDotAttention(qkv.middleCols(h * dh, dh), qkv.middleCols(d + h * dh, dh),
                                    qkv.middleCols(2 * d + h * dh, dh), keyAllowed);
        heads.middleCols(h * dh, dh) = s.output;
        r.weights.push_back(std::move(s.weights));
    }
    r.output = outProj.forward(heads);
    return r;
}

} // namespace attn::layers
