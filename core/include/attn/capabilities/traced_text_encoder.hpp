#pragma once
// TracedTextEncoder: a text encoder on attnviz's one traced encoder (layers::TransformerEncoder) whose
// forward can be stepped through — typed text in, every intermediate out (attn::EncoderTrace), with the
// what-if switches applied. The Transformer page is written against this interface only, so any model
// that implements it is shown with its own numbers:
//
//   attnviz's transformer_classifier (attn::TransformerClassifier)   post- or pre-LN, mean or [CLS] pooling
//   Hugging Face BERT, with or without a head (attn::hf::BertTextClassifier)   [CLS] + tanh pooler
//   the Universal Sentence Encoder lite (attn::UseTracedEncoder)   2 E + timing, pre-LN, 256 -> 512
//
// What differs between them is described, never guessed by the page: how the embedding step is made
// (description().embedding), each layer's order and widths (encoder().layers[i]: normFirst,
// residualProjection, the widths of its weights), and what comes after the last layer
// (description().pooling; labels() empty = no head).
//
//   const attn::TracedTextEncoder& m = *loaded.tracedTextEncoder;
//   attn::EncoderTrace t = m.traceText("a fine film");   // t.layers[i] is layer i's attn::layers::LayerTrace

#include <attn/config.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/models/encoder_trace.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

/// How a traced encoder turns token ids into the first layer's input.
struct EmbeddingRecipe {
    /// The token rows are multiplied by √d (attnviz's scale_embedding).
    bool scaled = false;
    /// Sinusoidal or learned position rows (BERT: position_embeddings, learned).
    Positional positions = Positional::Sinusoidal;
    /// BERT adds token_type_embeddings row 0 (one segment) to every position.
    bool tokenTypes = false;
    /// BERT's embeddings.LayerNorm normalises the sum; without one the sum is the layer's input.
    bool layerNorm = false;
    /// The tables and the norm as the checkpoint names them (shown on the page): attnviz's "embedding"
    /// and "pos_embedding"; BERT's "word_embeddings", "position_embeddings", "token_type_embeddings"
    /// and "embeddings.LayerNorm". Empty where the model has none (a sinusoidal table has no weights).
    std::string tokenTable, positionTable, tokenTypeTable, normName;
    /// A constant the token rows are multiplied by (USE lite: 2, its graph adds E[ids] twice); 1 otherwise.
    float tokenMultiplier = 1.0f;
    /// A sinusoid laid out as tensor2tensor's timing signal: dimensions 0 .. d/2 - 1 are sin(p·ω_i), the
    /// rest cos(p·ω_i) (USE lite), instead of interleaved sin / cos pairs.
    bool sinCosHalves = false;
    /// The model's own ω_i when it stores them (USE lite's inv); empty: sinusoidalFrequencies(d).
    std::vector<double> frequencies{};
};

/// What reads the encoder's output.
enum class EncoderPooling {
    None,              ///< an encoder without a head: the encoded tokens are the output
    Mean,              ///< the mean of the real (unmasked) rows, then the classifier
    Cls,               ///< row 0 ([CLS]) as it is, then the classifier
    ClsTanhPooler,     ///< BERT: tanh(x[CLS] W_pool^T + b), then the classifier
    MeanTanhNormalized ///< USE lite: the mean of the rows, tanh(dense), L2-normalised = the sentence vector
};

struct TracedEncoderDescription {
    std::string family; ///< "transformer_classifier", "bert", ...
    EmbeddingRecipe embedding;
    EncoderPooling pooling = EncoderPooling::None;
    /// The longest sequence, special tokens included (max_len / max_position_embeddings).
    int maxLen = 0;
};

class TracedTextEncoder {
public:
    virtual ~TracedTextEncoder() = default;

    virtual const TracedEncoderDescription& description() const = 0;
    /// The layers the traced forward runs (per layer: normFirst, heads, widths, the residual projection
    /// of a layer that widens, the norms' gain and bias).
    virtual const layers::TransformerEncoder& encoder() const = 0;
    /// The embedding LayerNorm (description().embedding.layerNorm), else null.
    virtual const layers::LayerNorm* embeddingNorm() const { return nullptr; }
    /// Class names of the head; empty for an encoder without one.
    virtual const std::vector<std::string>& classLabels() const = 0;

    /// The model's own tokenisation of `text` (special tokens, truncation to maxLen with a warning), the
    /// what-if switches applied — whatIf.shuffle reorders the text's tokens (not [CLS] / [SEP]) by
    /// attn::shuffledOrder — and every intermediate kept. With the default WhatIf the numbers are the
    /// model's plain forward. Throws std::invalid_argument for a text without tokens, ConfigError when
    /// the model cannot tokenise (traceRefusal()).
    virtual EncoderTrace traceText(std::string_view text, const WhatIf& whatIf = {}) const = 0;
    /// True when the traced forward can pad the sequence (WhatIf::padTo: a pad token the attention mask
    /// hides, WhatIf::maskPadding false shows it): attnviz's classifier and BERT. False for an encoder
    /// whose forward has no pad token (USE lite: every sequence is its own length), whose traceText
    /// refuses those switches; the Transformer page then disables them and says why.
    virtual bool canPad() const { return true; }
    /// Why typed text cannot be traced (e.g. a Hugging Face directory without tokenizer files); empty
    /// when it can. openModel refuses such a model for a page that needs a traced encoder.
    virtual std::string traceRefusal() const { return {}; }
};

} // namespace attn
