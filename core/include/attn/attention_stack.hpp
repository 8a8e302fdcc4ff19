#pragma once
// "attention_stack" checkpoints: attention heads stacked in layers, one head per layer, each layer
// reading the previous layer's inputs plus its output (a residual connection, no layer norm, no
// feed-forward block), on frozen word vectors plus the sinusoidal positional encoding:
//
//     h_0 = x + PE                       T x d   (x: the word vectors, OOV rows absent)
//     h_{l+1} = h_l + attention_l(h_l)   T x d   (self-attention, scaled dot, OOV keys excluded)
//
// The shipped resources/models/pronoun-two-layer (training/train_pronoun_head.py --two-layer) is one:
// the second layer's pronoun row is its answer to "who is she?". Unlike one head, whose query is the
// pronoun's own vector plus its position, the second layer's query is computed from h_1, into which the
// first layer has already mixed the other words (the verb, the continuation).

#include <attn/attention.hpp>
#include <attn/sentence_attention.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct HeadStack {
    int dModel = 0;
    int headDim = 0;                 // = dModel (the residual adds each layer's output to its inputs)
    std::vector<Projections> layers; // [layer]: wq, wk, wv d_model x head_dim with biases
    bool positionalEncoding = false; // add the sinusoidal positional encoding to the word vectors
    std::string source;              // the checkpoint directory
};

/// True when `dir`/config.json names the "attention_stack" architecture (false for anything else,
/// including a missing or unreadable config: the caller's reader reports those).
bool isAttentionStackDirectory(const std::filesystem::path& dir);

/// Reads an "attention_stack" checkpoint (docs/checkpoint-format.md):
///   config.json        {"architecture": "attention_stack", "d_model": d, "head_dim": d, "layers": L,
///                       "residual": true, "positional": "sinusoidal" | "none", ...}
///   model.safetensors  layers.<l>.{q,k,v}_proj.{weight [d, d], bias [d]} for l < L (F32, F16 or BF16;
///                      torch.nn.Linear: q = h Wq^T + bq), nothing else.
/// Throws std::runtime_error naming the file and the key or tensor on any mismatch or unused tensor.
HeadStack readAttentionStack(const std::filesystem::path& checkpointDir);

/// The inputs of layer `layer` (0-based) for one sentence: h_layer, T x d, computed with every earlier
/// layer as trained (self-attention, scaled dot, OOV keys excluded). `oov` marks the tokens without a
/// vector; their rows are NaN (absent). Throws std::invalid_argument for a layer out of range or word
/// vectors of another width.
Matrix stackLayerInputs(const HeadStack& stack, std::size_t layer, const std::vector<std::string>& tokens,
                        const VectorLookup& lookup, std::size_t dim, std::vector<bool>& oov);

/// Layer `layer` of the stack as the Walkthrough shows one attention call: the queries' and keys'
/// inputs are each sentence's h_layer (a sentence's earlier layers attend within that sentence; with
/// `keyTokens` nullopt it is self-attention, the set-up the model was trained in), projected with the
/// layer's Wq, Wk, Wv. `options` supplies the scoring, seed and additive parameters shown; its
/// projection fields are ignored. In the result queryVectors / keyVectors (= queryInputs / keyInputs)
/// are h_layer, positionalEncoding is true for layer 0 only (h_0 = x + PE: then queryVectors are the
/// word vectors and the inputs add PE, as for one head) and projectionSource is the stack's source.
SentenceAttention computeStackLayerAttention(const HeadStack& stack, std::size_t layer,
                                             std::vector<std::string> queryTokens,
                                             std::optional<std::vector<std::string>> keyTokens,
                                             const VectorLookup& lookup, std::size_t dim,
                                             SentenceAttentionOptions options = {});

/// The key with the largest weight in query row `row` of `result.steps.weights` (absent cells skipped);
/// nullopt for an absent row or one without keys.
std::optional<std::size_t> strongestKey(const SentenceAttention& result, std::size_t row);

/// The mean of the present rows of `result.steps.weights` other than `row` (1 x T_k; absent key
/// columns NaN, all NaN when no other row is present): what "every other word" attends to, to set
/// beside one row.
RowVector meanOfOtherRows(const SentenceAttention& result, std::size_t row);

} // namespace attn
