#pragma once
// What a loaded model can do, whichever family its files come from (attnviz's own checkpoints, Hugging
// Face directories). A page asks for one capability (attn::openModel's `required`), never for a family.

#include <optional>
#include <string>
#include <vector>

namespace attn {

enum class Capability {
    TextClassifier,    ///< text -> label, every attention map (attn/capabilities/text_classifier.hpp)
    ImageClassifier,   ///< image -> label, patch attention (attn/capabilities/image_classifier.hpp)
    Translator,        ///< source text -> target text with alignments (attn::Seq2SeqModel)
    CausalLm,          ///< next-token prediction with a KV cache (attn::hf::CausalLm)
    TracedTextEncoder, ///< one encoder forward with every intermediate and what-if switches (EncoderTrace)
    TextEncoder,       ///< an encoder run on token ids as given (attn/capabilities/text_encoder.hpp)
    SentenceEncoder,   ///< text -> one sentence vector and its maps (attn/capabilities/sentence_encoder.hpp)
};

/// "text classifier", "image classifier", "translator", "causal language model", "traced text encoder",
/// "text encoder", "sentence encoder".
std::string toString(Capability c);

/// Why the explanation methods cannot run on a model: they differentiate it, and the backward pass
/// implements only these activations (layers/backward.hpp).
struct ExplainRefusal {
    std::string modelType;  ///< "bert", "vit"
    std::string activation; ///< config.json hidden_act, e.g. "gelu_new"
    std::string detail;     ///< the engine's technical message, naming config.json
};

} // namespace attn
