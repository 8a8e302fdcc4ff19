#pragma once
// A text encoder's forward with every intermediate kept and what-if switches applied (the
// Transformer page and `attnviz layer`): TransformerClassifier::trace().
//
//   embeddings = embedding[ids] * (sqrt(d) if scale_embedding)            T x d
//   positions  = sinusoidal table or learned rows 0..T  (zeros without)   T x d
//   input      = embeddings + positions                                   T x d (layer 0's input)
//   layers[i]  = every step of encoder layer i (attn::layers::LayerTrace)
//
// Hugging Face BERT (attn::hf::BertModel::trace) names the same steps after its own embedding:
//   embeddings = word_embeddings[ids], positions = position_embeddings[0..T), tokenTypes = row 0 of
//   token_type_embeddings, embeddingSum = their sum, input = embeddings.LayerNorm(embeddingSum).
// After the last layer: encoded (the stack's output), pooled (what the classifier reads).

#include <attn/layers/encoder_layer.hpp>
#include <attn/models/model.hpp>
#include <cstdint>
#include <optional>
#include <vector>

namespace attn {

/// What-if switches of a traced forward. The defaults are the model as trained.
struct WhatIf {
    bool positions = true;   // false: no positional encoding is added
    bool maskPadding = true; // false: padding keys are attended to and pooled (the mask "forgotten")
    int padTo = 0;           // pad the sentence with pad_token up to this many positions
    /// Sequence positions replaced by pad_token and masked like padding (deletion tests, issue 17).
    std::vector<std::size_t> removed;
    /// TracedTextEncoder::traceText only: the text's tokens in attn::shuffledOrder(n, *shuffle).
    std::optional<std::uint32_t> shuffle;
    /// Switches inside the encoder (a residual removed, a head ablated / uniform) and the layer they
    /// act on (-1 = every layer).
    layers::EncoderSwitches encoder;
};

struct EncoderTrace {
    ClassifierResult result;                // prediction, tokens, ids, key mask, every attention map
    Matrix embeddings;                      // T x d
    Matrix positions;                       // T x d (zeros when WhatIf::positions is false)
    Matrix tokenTypes;                      // T x d  BERT's token-type rows (empty for other models)
    Matrix embeddingSum;                    // T x d  before the embedding LayerNorm (empty without one)
    Vector embeddingMean, embeddingVar;     // T      that LayerNorm's per-token mean, biased variance
    Matrix input;                           // T x d
    std::vector<layers::LayerTrace> layers; // [layer]
    Matrix encoded;                         // T x d_out the encoder's output (after a final norm)
    Matrix poolerInput;                     // 1 x d_out what pooling picked: mean of real rows / row 0
    Matrix pooled;                          // 1 x d_out what the classifier reads (BERT: tanh pooler)
};

/// The angular frequencies of the sinusoidal table (Vaswani et al. 2017, sec. 3.5), one per pair of
/// dimensions: omega_i = 1 / 10000^(2i / d), PE(p, 2i) = sin(p omega_i), PE(p, 2i + 1) = cos(p omega_i).
std::vector<double> sinusoidalFrequencies(int d);

/// A seeded permutation of 0..n-1 (Fisher-Yates on std::mt19937, whose output the standard fixes, so the
/// same seed gives the same order on every platform): word i of the shuffled sentence is word order[i].
std::vector<std::size_t> shuffledOrder(std::size_t n, std::uint32_t seed);

} // namespace attn
