#include "causal_attention.hpp"
#include "shape_checks.hpp"

#include <attn/config.hpp>
#include <attn/hf/llama.hpp>
#include <cmath>

namespace attn::hf {

using detail::expectShape;

namespace {

Matrix rmsNorm(const Matrix& x, const Vector& w, float eps) {
    Matrix y(x.rows(), x.cols()); // T x d
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const float ms = x.row(i).squaredNorm() / static_cast<float>(x.cols());
        y.row(i) = (x.row(i) * (1.0f / std::sqrt(ms + eps))).cwiseProduct(w.transpose());
    }
    return y;
}

} // namespace

LlamaConfig parseLlamaConfig(const HfConfig& c) {
    LlamaConfig l;
    l.vocabSize = c.integer("vocab_size", 32000);
    l.hidden = c.integer("hidden_size", 4096);
    l.intermediate = c.integer("intermediate_size", 11008);
    l.layers = c.integer("num_hidden_layers", 32);
    l.heads = c.integer("num_attention_heads", 32);
    l.kvHeads = c.integer("num_key_value_heads", l.heads);
    l.maxPositions = c.integer("max_position_embeddings", 2048);
    // Every size is checked before one is divided by another (num_attention_heads 0 divided by zero).
    for (const char* k :
         {"vocab_size", "hidden_size", "intermediate_size", "num_hidden_layers", "num_attention_heads",
          "num_key_value_heads", "head_dim", "max_position_embeddings"})
        if (c.has(k) && c.integer(k) <= 0)
            c.fail(k, "must be positive");
    l.headDim = c.integer("head_dim", l.hidden / l.heads);
    if (l.heads % l.kvHeads != 0)
        c.fail("num_key_value_heads",
               std::to_string(l.kvHeads) + " does not divide num_attention_heads " + std::to_string(l.heads));
    if (l.headDim % 2 != 0)
        c.fail("head_dim", "must be even for rotary embeddings, got " + std::to_string(l.headDim));
    if (!c.has("head_dim") && l.hidden % l.heads != 0)
        c.fail("num_attention_heads", "does not divide hidden_size and no head_dim is given");
    l.rmsNormEps = c.number("rms_norm_eps", 1e-6f);
    l.ropeTheta = c.number("rope_theta", 10000.0f);
    if (c.has("rope_theta"))
        l.ropeTheta = c.json()["rope_theta"].get<double>();
    l.tieWordEmbeddings = c.boolean("tie_word_embeddings", false);
    c.requireDefault("rope_scaling", nullptr,
                     "scaled rotary embeddings (linear, dynamic, yarn, llama3) are not implemented");
    c.requireDefault("attention_bias", false, "attention projections with bias are not implemented");
    c.requireDefault("mlp_bias", false, "MLP projections with bias are not implemented");
    c.requireDefault("hidden_act", "silu", "Llama's MLP is implemented with silu only");
    // pretraining_tp > 1 only splits the same matrix products into slices: identical numbers.
    if (c.has("eos_token_id")) {
        const auto& e = c.json()["eos_token_id"];
        if (e.is_array()) {
            if (e.empty() || !e[0].is_number_integer())
                c.fail("eos_token_id", "expected an integer or a list of integers");
            l.eosTokenId = e[0].get<int>(); // the first one stops generation
        } else {
            l.eosTokenId = c.optionalInteger("eos_token_id");
        }
    }
    return l;
}

LlamaModel::LlamaModel(HfConfig config, std::filesystem::path dir, LlamaConfig cfg, Matrix embed,
                       std::vector<Layer> layers, Vector norm, Matrix lmHead)
    : CausalLm(std::move(config), std::move(dir)), cfg_(cfg), embed_(std::move(embed)),
      layers_(std::move(layers)), norm_(std::move(norm)), lmHead_(std::move(lmHead)) {
    const std::string& f = this->config().file();
    const Eigen::Index d = cfg_.hidden, qd = cfg_.heads * cfg_.headDim, kd = cfg_.kvHeads * cfg_.headDim;
    expectShape(f, "embed_tokens", embed_, cfg_.vocabSize, d);
    expectShape(f, "lm_head", lmHead_, cfg_.vocabSize, d);
    if (static_cast<int>(layers_.size()) != cfg_.layers)
        throw ConfigError(f + ": " + std::to_string(layers_.size()) + " layers, expected " +
                          std::to_string(cfg_.layers));
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        const auto& L = layers_[i];
        const std::string p = "layers." + std::to_string(i) + ".";
        expectShape(f, p + "q_proj", L.wq, qd, d);
        expectShape(f, p + "k_proj", L.wk, kd, d);
        expectShape(f, p + "v_proj", L.wv, kd, d);
        expectShape(f, p + "o_proj", L.wo, d, qd);
        expectShape(f, p + "gate_proj", L.gate, cfg_.intermediate, d);
        expectShape(f, p + "up_proj", L.up, cfg_.intermediate, d);
        expectShape(f, p + "down_proj", L.down, d, cfg_.intermediate);
    }
    const int half = cfg_.headDim / 2;
    for (int i = 0; i < half; ++i) // transformers: 1 / theta^(arange(0, hd, 2) / hd)
        invFreq_.push_back(1.0 / std::pow(cfg_.ropeTheta, static_cast<double>(2 * i) / cfg_.headDim));
}

std::shared_ptr<LlamaModel> LlamaModel::load(const HfConfig& config, const std::filesystem::path& dir,
                                             TensorStore& s) {
    const auto cfg = parseLlamaConfig(config);
    const Eigen::Index d = cfg.hidden, qd = cfg.heads * cfg.headDim, kd = cfg.kvHeads * cfg.headDim;
    const Eigen::Index I = cfg.intermediate;
    Matrix embed = s.matrix("model.embed_tokens.weight", cfg.vocabSize, d);
    std::vector<Layer> layers;
    for (int l = 0; l < cfg.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        Layer L;
        L.inputNorm = s.vector(p + "input_layernorm.weight", d);
        L.postNorm = s.vector(p + "post_attention_layernorm.weight", d);
        L.wq = s.matrix(p + "self_attn.q_proj.weight", qd, d);
        L.wk = s.matrix(p + "self_attn.k_proj.weight", kd, d);
        L.wv = s.matrix(p + "self_attn.v_proj.weight", kd, d);
        L.wo = s.matrix(p + "self_attn.o_proj.weight", d, qd);
        L.gate = s.matrix(p + "mlp.gate_proj.weight", I, d);
        L.up = s.matrix(p + "mlp.up_proj.weight", I, d);
        L.down = s.matrix(p + "mlp.down_proj.weight", d, I);
        s.skip(p + "self_attn.rotary_emb.inv_freq"); // a buffer in files of older transformers versions
        layers.push_back(std::move(L));
    }
    Vector norm = s.vector("model.norm.weight", d);
    Matrix lmHead;
    if (cfg.tieWordEmbeddings) {
        lmHead = embed;
        s.skip("lm_head.weight"); // some tied files carry the copy
    } else if (s.has("lm_head.weight")) {
        lmHead = s.matrix("lm_head.weight", cfg.vocabSize, d);
    } else {
        throw ConfigError(s.source() + ": tensor 'lm_head.weight' is missing and " + config.file() +
                          " says tie_word_embeddings is false");
    }
    s.finish();
    return std::make_shared<LlamaModel>(config, dir, cfg, std::move(embed), std::move(layers),
                                        std::move(norm), std::move(lmHead));
}

KvCache LlamaModel::newCache() const {
    KvCache c;
    const Eigen::Index kd = static_cast<Eigen::Index>(cfg_.kvHeads) * cfg_.headDim;
    c.keys.assign(layers_.size(), Matrix(0, kd));
    c.values.assign(layers_.size(), Matrix(0, kd));
    return c;
}

void LlamaModel::rotate(Matrix& x, int heads, int past) const {
    const int hd = cfg_.headDim, half = hd / 2;
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double pos = static_cast<double>(past + i);
        for (int k = 0; k < half; ++k) {
            // float32 angle and cos/sin, as transformers computes them in float32
            const float angle =
                static_cast<float>(pos) * static_cast<float>(invFreq_[static_cast<std::size_t>(k)]);
            const float c = std::cos(angle), s = std::sin(angle);
            for (int h = 0; h < heads; ++h) {
                float* p = x.row(i).data() + static_cast<std::ptrdiff_t>(h) * hd;
                const float a = p[k], b = p[k + half];
                p[k] = a * c - b * s;
                p[k + half] = b * c + a * s;
            }
        }
    }
}

Matrix LlamaModel::runLayers(const std::vector<int>& ids, int past, const AttendFn& attend) const {
    const auto n = static_cast<Eigen::Index>(ids.size());
    Matrix x(n, cfg_.hidden); // n x d residual stream
    for (Eigen::Index i = 0; i < n; ++i)
        x.row(i) = embed_.row(ids[static_cast<std::size_t>(i)]);
    for (std::size_t l = 0; l < layers_.size(); ++l) {
        const auto& L = layers_[l];
        Matrix q, k, v, y; // n x H*hd, n x KV*hd (twice), n x H*hd
        {
            const Matrix h = rmsNorm(x, L.inputNorm, cfg_.rmsNormEps);
            q = h * L.wq.transpose();
            k = h * L.wk.transpose();
            v = h * L.wv.transpose();
        }
        rotate(q, cfg_.heads, past);
        rotate(k, cfg_.kvHeads, past);
        attend(l, q, k, v, y);
        x.noalias() += y * L.wo.transpose();
        const Matrix h2 = rmsNorm(x, L.postNorm, cfg_.rmsNormEps);
        Matrix g = h2 * L.gate.transpose(); // n x intermediate
        g = g.array() / (1.0f + (-g.array()).exp());
        g.array() *= (h2 * L.up.transpose()).array();
        x.noalias() += g * L.down.transpose();
    }
    return x;
}

Matrix LlamaModel::logitsOf(const Matrix& x) const {
    return rmsNorm(x, norm_, cfg_.rmsNormEps) * lmHead_.transpose(); // rows x vocab
}

DecoderPass LlamaModel::extend(KvCache& cache, const std::vector<int>& ids) const {
    checkIds(ids, cache.length);
    checkMemory(static_cast<int>(ids.size()), cache.length); // before anything grows with T
    const int past = cache.length;
    const auto n = static_cast<Eigen::Index>(ids.size());
    cache.reserve(static_cast<int>(n));
    DecoderPass out;
    out.attention.resize(layers_.size());
    const float scale = 1.0f / std::sqrt(static_cast<float>(cfg_.headDim));
    const Matrix x = runLayers(
        ids, past, [&](std::size_t l, const Matrix& q, const Matrix& k, const Matrix& v, Matrix& y) {
            cache.keys[l].middleRows(past, n) = k;
            cache.values[l].middleRows(past, n) = v;
            detail::causalAttention(q, cache.keys[l], cache.values[l], past, cfg_.heads, cfg_.kvHeads,
                                    cfg_.headDim, scale, y, out.attention[l]);
        });
    cache.length = past + static_cast<int>(n);
    out.logits = logitsOf(x); // n x vocab
    return out;
}

} // namespace attn::hf
