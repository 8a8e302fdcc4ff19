#pragma once
// Hugging Face BERT (BertModel / BertForSequenceClassification, transformers' modeling_bert.py), post-LN:
//
//   x_0 = LayerNorm(word[id] + position[t] + token_type[0])
//   per layer:  A_h = softmax(q_h k_h^T / sqrt(hs))          q, k, v = nn.Linear [out, in], heads contiguous
//               a = LayerNorm(concat_h(A_h v_h) W_o^T + b + x)
//               x = LayerNorm(gelu(a W_i^T + b) W_out^T + b + a)   (exact erf GELU unless hidden_act says)
//   pooled = tanh(x[0] W_pool^T + b);  logits = pooled W_cls^T + b   (ForSequenceClassification)
//
// Names with the "bert." prefix (task models) or without (BertModel). layer_norm_eps from the config
// (1e-12 by default). The buffer embeddings.position_ids of older files is skipped.
//
// The layers run on attnviz's one traced encoder (layers::TransformerEncoder, post-LN): encoder() is what
// forward() runs, and what the explanations trace and switch.

#include <attn/hf/gpt2.hpp>
#include <attn/hf/model.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/models/encoder_trace.hpp>
#include <cstdint>
#include <memory>

namespace attn::hf {

struct BertConfig {
    int vocabSize = 0, hidden = 0, layers = 0, heads = 0, intermediate = 0, maxPositions = 0, typeVocab = 0;
    float layerNormEps = 1e-12f;
    HfActivation activation = HfActivation::Gelu;
    int headSize() const { return hidden / heads; }
};
BertConfig parseBertConfig(const HfConfig& c);

class BertModel : public EncoderModel {
public:
    struct Layer {
        Matrix wq, wk, wv, wo; // hidden x hidden, [out, in]
        RowVector bq, bk, bv, bo;
        layers::LayerNorm ln1; // attention.output.LayerNorm
        Matrix wi;             // intermediate x hidden
        RowVector bi;
        Matrix wout; // hidden x intermediate
        RowVector bout;
        layers::LayerNorm ln2; // output.LayerNorm
    };
    struct Weights {
        Matrix word, position, tokenType; // vocab x d, max_pos x d, type_vocab x d
        layers::LayerNorm embLn;
        std::vector<Layer> layers;
        Matrix pooler; // d x d (empty: no pooler)
        RowVector poolerB;
        Matrix classifier; // n_labels x d (empty: no head)
        RowVector classifierB;
    };
    /// Checks every shape against `cfg`, then moves the layers into encoder() (w.layers is left empty).
    BertModel(HfConfig config, std::filesystem::path dir, BertConfig cfg, Weights w,
              std::vector<std::string> labels);
    static std::shared_ptr<BertModel> load(const HfConfig& config, const std::filesystem::path& dir,
                                           TensorStore& s);

    std::string modelType() const override { return "bert"; }
    int numLayers() const override { return cfg_.layers; }
    int numHeads() const override { return cfg_.heads; }
    const std::vector<std::string>& labels() const override { return labels_; }
    int maxPositions() const { return cfg_.maxPositions; }
    /// One sequence, token type 0. Throws naming config.json on a bad id or length. `keyAllowed`:
    /// empty, or transformers' attention_mask (T flags, 0 = padding no position attends to; [CLS] must
    /// be 1).
    EncoderOutput forward(const std::vector<int>& ids,
                          const std::vector<std::uint8_t>& keyAllowed = {}) const;
    /// x_0 above: the layer-normalised embeddings of `ids` (T x d), token type 0. Throws naming
    /// config.json on a bad id or length (as forward()).
    Matrix embed(const std::vector<int>& ids) const;
    /// forward() with every intermediate kept (attn::EncoderTrace: word, position and token-type rows,
    /// their sum, the embedding LayerNorm with its statistics, each layer's LayerTrace, the encoded
    /// tokens, [CLS] and the tanh pooler) and the what-if switches: whatIf.positions false leaves the
    /// position rows out of the sum; whatIf.encoder acts inside the layers. The rest of WhatIf (padding,
    /// the mask, removed positions, shuffle) is the caller's: it is in `ids` and `keyAllowed` already.
    /// With default switches every number is forward()'s. result holds the maps and the prediction
    /// (tokens, ids and the mask are the caller's).
    EncoderTrace trace(const std::vector<int>& ids, const std::vector<std::uint8_t>& keyAllowed,
                       const WhatIf& whatIf = {}) const;
    const BertConfig& bertConfig() const { return cfg_; }
    /// The embeddings, pooler and classifier as loaded (the layers are in encoder()).
    const Weights& weights() const { return w_; }
    /// The encoder layers forward() runs.
    const layers::TransformerEncoder& encoder() const { return encoder_; }

private:
    /// The one embedding step behind embed() and trace() (`trace` may be null).
    Matrix embedInto(const std::vector<int>& ids, bool positions, EncoderTrace* trace) const;

    BertConfig cfg_;
    Weights w_;
    layers::TransformerEncoder encoder_;
    std::vector<std::string> labels_;
};

} // namespace attn::hf
