#include <attn/capabilities/capability.hpp>

namespace attn {

std::string toString(Capability c) {
    switch (c) {
    case Capability::TextClassifier:
        return "text classifier";
    case Capability::ImageClassifier:
        return "image classifier";
    case Capability::Translator:
        return "translator";
    case Capability::CausalLm:
        return "causal language model";
    case Capability::TracedTextEncoder:
        return "traced text encoder";
    case Capability::TextEncoder:
        return "text encoder";
    case Capability::SentenceEncoder:
        return "sentence encoder";
    }
    return "capability";
}

} // namespace attn
