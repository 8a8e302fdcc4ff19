#include "causal_attention.hpp"
#include "shape_checks.hpp"

#include <attn/config.hpp>
#include <attn/hf/gpt2.hpp>
#include <attn/safetensors.hpp>
#include <cmath>
#include <limits>

namespace attn::hf {

using detail::expectShape;
using detail::expectSize;

Gpt2Config parseGpt2Config(const HfConfig& c) {
    Gpt2Config g;
    g.vocabSize = c.integer("vocab_size", 50257);
    g.nPositions = c.integer("n_positions", 1024);
    g.nEmbd = c.integer("n_embd", 768);
    g.nHead = c.integer("n_head", 12);
    g.nLayer = c.integer("n_layer", 12);
    // n_inner defaults to 4 n_embd: computed without overflow (n_embd 2^30 overflowed an int).
    const std::int64_t inner = 4 * static_cast<std::int64_t>(g.nEmbd);
    if (!c.has("n_inner") && inner > std::numeric_limits<int>::max())
        c.fail("n_embd",
               std::to_string(g.nEmbd) + " is too large (4 n_embd, the default n_inner, overflows)");
    g.nInner = c.integer("n_inner", static_cast<int>(inner));
    for (const char* k : {"vocab_size", "n_positions", "n_embd", "n_head", "n_layer", "n_inner"})
        if (c.has(k) && c.integer(k) <= 0)
            c.fail(k, "must be positive");
    if (g.nEmbd % g.nHead != 0)
        c.fail("n_head", std::to_string(g.nHead) + " does not divide n_embd " + std::to_string(g.nEmbd));
    g.layerNormEps = c.number("layer_norm_epsilon", 1e-5f);
    g.activation = parseActivation(c, "activation_function", "gelu_new");
    g.scaleAttnWeights = c.boolean("scale_attn_weights", true);
    g.tieWordEmbeddings = c.boolean("tie_word_embeddings", true);
    g.eosTokenId = c.optionalInteger("eos_token_id");
    c.requireDefault("scale_attn_by_inverse_layer_idx", false);
    c.requireDefault("add_cross_attention", false,
                     "cross-attention (encoder-decoder use) is not implemented");
    // reorder_and_upcast_attn only changes the order of float32 operations; accepted.
    return g;
}

Gpt2Model::Gpt2Model(HfConfig config, std::filesystem::path dir, Gpt2Config cfg, Matrix wte, Matrix wpe,
                     std::vector<Block> blocks, layers::LayerNorm lnF, Matrix lmHead)
    : CausalLm(std::move(config), std::move(dir)), cfg_(cfg), wte_(std::move(wte)), wpe_(std::move(wpe)),
      blocks_(std::move(blocks)), lnF_(std::move(lnF)), lmHead_(std::move(lmHead)) {
    const std::string& f = this->config().file();
    const Eigen::Index d = cfg_.nEmbd, inner = cfg_.nInner;
    expectShape(f, "wte", wte_, cfg_.vocabSize, d);
    expectShape(f, "wpe", wpe_, cfg_.nPositions, d);
    expectShape(f, "lm_head", lmHead_, cfg_.vocabSize, d);
    expectSize(f, "ln_f", lnF_.weight.size(), d);
    expectSize(f, "blocks", static_cast<Eigen::Index>(blocks_.size()), cfg_.nLayer);
    for (std::size_t l = 0; l < blocks_.size(); ++l) {
        const auto& b = blocks_[l];
        const std::string p = "h." + std::to_string(l) + ".";
        expectShape(f, p + "attn.c_attn", b.cAttnW, d, 3 * d);
        expectSize(f, p + "attn.c_attn.bias", b.cAttnB.size(), 3 * d);
        expectShape(f, p + "attn.c_proj", b.cProjW, d, d);
        expectSize(f, p + "attn.c_proj.bias", b.cProjB.size(), d);
        expectShape(f, p + "mlp.c_fc", b.fcW, d, inner);
        expectSize(f, p + "mlp.c_fc.bias", b.fcB.size(), inner);
        expectShape(f, p + "mlp.c_proj", b.mlpProjW, inner, d);
        expectSize(f, p + "mlp.c_proj.bias", b.mlpProjB.size(), d);
        expectSize(f, p + "ln_1", b.ln1.weight.size(), d);
        expectSize(f, p + "ln_2", b.ln2.weight.size(), d);
    }
}

std::shared_ptr<Gpt2Model> Gpt2Model::load(const HfConfig& config, const std::filesystem::path& dir,
                                           TensorStore& s) {
    const auto cfg = parseGpt2Config(config);
    const Eigen::Index d = cfg.nEmbd, inner = cfg.nInner, V = cfg.vocabSize;
    // GPT2LMHeadModel writes "transformer.wte.weight"; GPT2Model (and most hub files) "wte.weight".
    const std::string pre = s.has("transformer.wte.weight") ? "transformer." : "";
    Matrix wte = s.matrix(pre + "wte.weight", V, d);
    Matrix wpe = s.matrix(pre + "wpe.weight", cfg.nPositions, d);
    std::vector<Block> blocks;
    for (int l = 0; l < cfg.nLayer; ++l) {
        const std::string p = pre + "h." + std::to_string(l) + ".";
        Block b;
        b.ln1 = s.layerNorm(p + "ln_1", d, cfg.layerNormEps);
        b.ln2 = s.layerNorm(p + "ln_2", d, cfg.layerNormEps);
        b.cAttnW = s.matrix(p + "attn.c_attn.weight", d, 3 * d); // Conv1D: [in, out]
        b.cAttnB = s.rowVector(p + "attn.c_attn.bias", 3 * d);
        b.cProjW = s.matrix(p + "attn.c_proj.weight", d, d);
        b.cProjB = s.rowVector(p + "attn.c_proj.bias", d);
        b.fcW = s.matrix(p + "mlp.c_fc.weight", d, inner);
        b.fcB = s.rowVector(p + "mlp.c_fc.bias", inner);
        b.mlpProjW = s.matrix(p + "mlp.c_proj.weight", inner, d);
        b.mlpProjB = s.rowVector(p + "mlp.c_proj.bias", d);
        // Causal-mask buffers of older transformers versions: not weights.
        s.skip(p + "attn.bias");
        s.skip(p + "attn.masked_bias");
        blocks.push_back(std::move(b));
    }
    layers::LayerNorm lnF = s.layerNorm(pre + "ln_f", d, cfg.layerNormEps);
    Matrix lmHead;
    if (s.has("lm_head.weight"))
        lmHead = s.matrix("lm_head.weight", V, d);
    else if (cfg.tieWordEmbeddings)
        lmHead = wte; // tied (GPT-2's default): logits = h wte^T
    else
        throw ConfigError(s.source() + ": tensor 'lm_head.weight' is missing and " + config.file() +
                          " says tie_word_embeddings is false");
    s.finish();
    return std::make_shared<Gpt2Model>(config, dir, cfg, std::move(wte), std::move(wpe), std::move(blocks),
                                       std::move(lnF), std::move(lmHead));
}

KvCache Gpt2Model::newCache() const {
    KvCache c;
    c.keys.assign(blocks_.size(), Matrix(0, cfg_.nEmbd));
    c.values.assign(blocks_.size(), Matrix(0, cfg_.nEmbd));
    return c;
}

float Gpt2Model::attentionScale() const {
    return cfg_.scaleAttnWeights ? 1.0f / std::sqrt(static_cast<float>(cfg_.headSize())) : 1.0f;
}

Matrix Gpt2Model::runLayers(const std::vector<int>& ids, int past, const AttendFn& attend) const {
    const auto n = static_cast<Eigen::Index>(ids.size());
    const Eigen::Index d = cfg_.nEmbd;
    Matrix x(n, d); // n x d residual stream
    for (Eigen::Index i = 0; i < n; ++i)
        x.row(i) = wte_.row(ids[static_cast<std::size_t>(i)]) + wpe_.row(past + i);
    for (std::size_t l = 0; l < blocks_.size(); ++l) {
        const auto& b = blocks_[l];
        Matrix q, k, v, y; // n x d each, heads side by side
        {
            Matrix qkv = b.ln1.forward(x) * b.cAttnW; // n x 3d
            qkv.rowwise() += b.cAttnB;
            q = qkv.leftCols(d);
            k = qkv.middleCols(d, d);
            v = qkv.middleCols(2 * d, d);
        }
        attend(l, q, k, v, y);
        x.noalias() += y * b.cProjW;
        x.rowwise() += b.cProjB;
        Matrix h = b.ln2.forward(x) * b.fcW; // n x inner
        h.rowwise() += b.fcB;
        activate(h, cfg_.activation);
        x.noalias() += h * b.mlpProjW;
        x.rowwise() += b.mlpProjB;
    }
    return x;
}

DecoderPass Gpt2Model::extend(KvCache& cache, const std::vector<int>& ids) const {
    checkIds(ids, cache.length);
    checkMemory(static_cast<int>(ids.size()), cache.length); // before anything grows with T
    const int past = cache.length;
    const auto n = static_cast<Eigen::Index>(ids.size());
    cache.reserve(static_cast<int>(n));
    DecoderPass out;
    out.attention.resize(blocks_.size());
    const float scale = attentionScale();
    const Matrix x = runLayers(
        ids, past, [&](std::size_t l, const Matrix& q, const Matrix& k, const Matrix& v, Matrix& y) {
            cache.keys[l].middleRows(past, n) = k;
            cache.values[l].middleRows(past, n) = v;
            detail::causalAttention(q, cache.keys[l], cache.values[l], past, cfg_.nHead, cfg_.nHead,
                                    cfg_.headSize(), scale, y, out.attention[l]);
        });
    cache.length = past + static_cast<int>(n);
    out.logits = lnF_.forward(x) * lmHead_.transpose(); // n x vocab
    return out;
}

} // namespace attn::hf
