// Random-weight Hugging Face-sized models for the benchmarks (hf_random_models.hpp).
#include "hf_random_models.hpp"

#include <nlohmann/json.hpp>

namespace hfbench {

namespace {

using attn::Matrix;
using attn::RowVector;
using attn::Vector;

Matrix randomMatrix(Eigen::Index rows, Eigen::Index cols) {
    return Matrix::Random(rows, cols) * 0.05f;
}
RowVector randomRow(Eigen::Index n) {
    return RowVector::Random(n) * 0.05f;
}

attn::layers::LayerNorm unitNorm(Eigen::Index d, float eps) {
    attn::layers::LayerNorm n;
    n.weight = Vector::Ones(d);
    n.bias = Vector::Zero(d);
    n.eps = eps;
    return n;
}

} // namespace

std::shared_ptr<attn::hf::BertModel> bertBase() {
    const nlohmann::json j = {
        {"model_type", "bert"},           {"vocab_size", 30522},       {"hidden_size", 768},
        {"num_hidden_layers", 12},        {"num_attention_heads", 12}, {"intermediate_size", 3072},
        {"max_position_embeddings", 512}, {"type_vocab_size", 2},      {"hidden_act", "gelu"},
        {"layer_norm_eps", 1e-12}};
    attn::hf::HfConfig config(j, "bench:bert-base/config.json");
    const auto cfg = attn::hf::parseBertConfig(config);
    std::srand(11);
    const Eigen::Index d = cfg.hidden, ff = cfg.intermediate;
    attn::hf::BertModel::Weights w;
    w.word = randomMatrix(cfg.vocabSize, d);
    w.position = randomMatrix(cfg.maxPositions, d);
    w.tokenType = randomMatrix(cfg.typeVocab, d);
    w.embLn = unitNorm(d, cfg.layerNormEps);
    for (int l = 0; l < cfg.layers; ++l) {
        attn::hf::BertModel::Layer L;
        L.wq = randomMatrix(d, d);
        L.wk = randomMatrix(d, d);
        L.wv = randomMatrix(d, d);
        L.wo = randomMatrix(d, d);
        L.bq = randomRow(d);
        L.bk = randomRow(d);
        L.bv = randomRow(d);
        L.bo = randomRow(d);
        L.ln1 = unitNorm(d, cfg.layerNormEps);
        L.wi = randomMatrix(ff, d);
        L.bi = randomRow(ff);
        L.wout = randomMatrix(d, ff);
        L.bout = randomRow(d);
        L.ln2 = unitNorm(d, cfg.layerNormEps);
        w.layers.push_back(std::move(L));
    }
    return std::make_shared<attn::hf::BertModel>(config, "bench:bert-base", cfg, std::move(w),
                                                 std::vector<std::string>{});
}

std::shared_ptr<attn::hf::LlamaModel> llamaSmall() {
    const nlohmann::json j = {{"model_type", "llama"},       {"vocab_size", 32000},
                              {"hidden_size", 512},          {"intermediate_size", 1376},
                              {"num_hidden_layers", 8},      {"num_attention_heads", 8},
                              {"num_key_value_heads", 4},    {"max_position_embeddings", 2048},
                              {"rms_norm_eps", 1e-6},        {"rope_theta", 10000.0},
                              {"tie_word_embeddings", false}};
    attn::hf::HfConfig config(j, "bench:llama/config.json");
    const auto cfg = attn::hf::parseLlamaConfig(config);
    std::srand(12);
    const Eigen::Index d = cfg.hidden, hd = cfg.headDim;
    std::vector<attn::hf::LlamaModel::Layer> layers;
    for (int l = 0; l < cfg.layers; ++l) {
        attn::hf::LlamaModel::Layer L;
        L.inputNorm = Vector::Ones(d);
        L.postNorm = Vector::Ones(d);
        L.wq = randomMatrix(cfg.heads * hd, d);
        L.wk = randomMatrix(cfg.kvHeads * hd, d);
        L.wv = randomMatrix(cfg.kvHeads * hd, d);
        L.wo = randomMatrix(d, cfg.heads * hd);
        L.gate = randomMatrix(cfg.intermediate, d);
        L.up = randomMatrix(cfg.intermediate, d);
        L.down = randomMatrix(d, cfg.intermediate);
        layers.push_back(std::move(L));
    }
    Matrix embed = randomMatrix(cfg.vocabSize, d);
    Matrix head = randomMatrix(cfg.vocabSize, d);
    return std::make_shared<attn::hf::LlamaModel>(config, "bench:llama", cfg, std::move(embed),
                                                  std::move(layers), Vector::Ones(d), std::move(head));
}

} // namespace hfbench
