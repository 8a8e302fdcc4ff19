// LlamaModel::forwardLongContext (attn/hf/llama.hpp, issue 56): the decoder's layers of extend() with each
// layer's attention through long_context::attendLayer, keeping summaries instead of maps.
#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/hf/llama.hpp>
#include <attn/memory_budget.hpp>
#include <cmath>

namespace attn::hf {

long_context::LongContextPass
LlamaModel::forwardLongContext(const std::vector<int>& ids,
                               const long_context::LongContextOptions& options) const {
    if (ids.empty())
        throw std::invalid_argument("forwardLongContext: no tokens");
    checkIds(ids, 0);
    const int T = static_cast<int>(ids.size());
    long_context::LongContextOptions o = options;
    o.attention.causal = true;
    o.attention.scale = 1.0f / std::sqrt(static_cast<float>(cfg_.headDim)); // as extend() scales
    std::vector<int> rows = o.logitRows.empty() ? std::vector<int>{T - 1} : o.logitRows;
    for (int r : rows)
        if (r < 0 || r >= T)
            throw std::invalid_argument("forwardLongContext: logit row " + std::to_string(r) +
                                        " outside [0, " + std::to_string(T) + ")");
    checkAllocation(
        long_context::longContextBytes(cfg_.layers, cfg_.heads, cfg_.kvHeads, cfg_.headDim, T, o.attention),
        "long-context attention summaries for " + withThousands(static_cast<std::uint64_t>(T)) + " tokens (" +
            std::to_string(cfg_.layers) + " layers x " + std::to_string(cfg_.heads) +
            " heads: queries, keys, pyramids, top-k rows)");
    checkLogits(static_cast<int>(rows.size()), cfg_.vocabSize);

    long_context::LongContextPass out;
    out.length = T;
    out.heads = cfg_.heads;
    out.kvHeads = cfg_.kvHeads;
    out.headDim = cfg_.headDim;
    out.layers.resize(layers_.size());
    const Matrix x =
        runLayers(ids, 0, [&](std::size_t l, const Matrix& q, const Matrix& k, const Matrix& v, Matrix& y) {
            auto& L = out.layers[l];
            L.heads = long_context::attendLayer(q, k, v, cfg_.heads, cfg_.kvHeads, cfg_.headDim, o, y);
            L.queries = q;
            L.keys = k;
            if (o.progress && !o.progress(static_cast<int>(l) + 1, cfg_.layers))
                throw Cancelled();
        });
    Matrix picked(static_cast<Eigen::Index>(rows.size()), x.cols()); // rows x d
    for (std::size_t i = 0; i < rows.size(); ++i)
        picked.row(static_cast<Eigen::Index>(i)) = x.row(rows[i]);
    out.logitRows = std::move(rows);
    out.logits = logitsOf(picked);
    return out;
}

} // namespace attn::hf
