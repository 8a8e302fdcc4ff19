// Gpt2Model::forwardLongContext (attn/hf/gpt2.hpp, issue 56): the blocks of extend() with each block's
// attention through long_context::attendLayer, keeping summaries instead of maps.
#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/memory_budget.hpp>
#include <stdexcept>

namespace attn::hf {

long_context::LongContextPass
Gpt2Model::forwardLongContext(const std::vector<int>& ids,
                              const long_context::LongContextOptions& options) const {
    if (ids.empty())
        throw std::invalid_argument("forwardLongContext: no tokens");
    checkIds(ids, 0); // ids in [0, vocab), T <= n_positions (naming config.json)
    const int T = static_cast<int>(ids.size());
    const int H = cfg_.nHead, hs = cfg_.headSize();
    long_context::LongContextOptions o = options;
    o.attention.causal = true;
    o.attention.scale = attentionScale(); // as extend() scales
    std::vector<int> rows = o.logitRows.empty() ? std::vector<int>{T - 1} : o.logitRows;
    for (int r : rows)
        if (r < 0 || r >= T)
            throw std::invalid_argument("forwardLongContext: logit row " + std::to_string(r) +
                                        " outside [0, " + std::to_string(T) + ")");
    checkAllocation(long_context::longContextBytes(cfg_.nLayer, H, H, hs, T, o.attention),
                    "long-context attention summaries for " + withThousands(static_cast<std::uint64_t>(T)) +
                        " tokens (" + std::to_string(cfg_.nLayer) + " layers x " + std::to_string(H) +
                        " heads: queries, keys, pyramids, top-k rows)");
    checkLogits(static_cast<int>(rows.size()), cfg_.vocabSize);

    long_context::LongContextPass out;
    out.length = T;
    out.heads = H;
    out.kvHeads = H; // GPT-2 has no grouped-query heads
    out.headDim = hs;
    out.layers.resize(blocks_.size());
    const Matrix x =
        runLayers(ids, 0, [&](std::size_t l, const Matrix& q, const Matrix& k, const Matrix& v, Matrix& y) {
            auto& L = out.layers[l];
            L.heads = long_context::attendLayer(q, k, v, H, H, hs, o, y);
            L.queries = q;
            L.keys = k;
            if (o.progress && !o.progress(static_cast<int>(l) + 1, cfg_.nLayer))
                throw Cancelled();
        });
    Matrix picked(static_cast<Eigen::Index>(rows.size()), x.cols()); // rows x d
    for (std::size_t i = 0; i < rows.size(); ++i)
        picked.row(static_cast<Eigen::Index>(i)) = x.row(rows[i]);
    out.logitRows = std::move(rows);
    out.logits = lnF_.forward(picked) * lmHead_.transpose(); // rows x vocab
    return out;
}

} // namespace attn::hf
