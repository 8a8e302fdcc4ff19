#pragma once
// The one way to open a model folder. attnviz's own layout (config.json with "architecture", read by
// attn::loadModel) and Hugging Face directories (config.json with "model_type", read by
// attn::hf::loadModel) are told apart by their config.json; a folder without one that holds the
// Universal Sentence Encoder lite's TensorFlow.js files (model.json + vocab.json) is read by
// attn::UniversalSentenceEncoder (models/use_traced_encoder.hpp), and the model comes back as the
// capabilities it has (attn/capabilities/capability.hpp) — so a page or a command asks "can it classify
// text?", never "which family is it?".
//
//   attn::OpenOptions options;
//   options.required = attn::Capability::TextClassifier; // refused before the weights are read
//   const attn::LoadedModel m = attn::openModel(dir, options);
//   m.textClassifier->classify("a fine film");
//
// Every error names the file (ConfigError, CheckpointError, SafetensorsError); a model without the
// required capability is a CapabilityMismatch whose message says what the folder holds and what is needed.

#include <attn/capabilities/capability.hpp>
#include <attn/capabilities/image_classifier.hpp>
#include <attn/capabilities/sentence_encoder.hpp>
#include <attn/capabilities/text_classifier.hpp>
#include <attn/capabilities/text_encoder.hpp>
#include <attn/capabilities/traced_text_encoder.hpp>
#include <attn/checkpoint.hpp>
#include <attn/hf/model.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attn {

/// What a folder's config.json says, before any weight is read.
struct FolderKind {
    std::string family;       ///< "transformer_classifier", "seq2seq_attention", "vit" (attnviz's
                              ///< architecture) or the Hugging Face model_type ("bert", "gpt2", ...)
    bool huggingFace = false; ///< config.json has model_type (and no architecture)
    std::optional<Architecture> architecture; ///< attnviz's own layout only
    std::vector<Capability> capabilities;     ///< what the loaded model will offer
};

/// Reads only dir/config.json. Throws ConfigError naming the file (a model_type attnviz does not read, no
/// architecture) or CheckpointError (not a folder, no config.json).
FolderKind inspectFolder(const std::filesystem::path& dir);

/// The folder holds a model, but not one with the capability asked for.
class CapabilityMismatch : public CheckpointError {
public:
    CapabilityMismatch(const std::string& message, FolderKind found, Capability required, ErrorInfo info)
        : CheckpointError(message, std::move(info)), found_(std::move(found)), required_(required) {}
    const FolderKind& found() const { return found_; }
    Capability required() const { return required_; }

private:
    FolderKind found_;
    Capability required_;
};

/// "<dir>/config.json: <dir> is a <family> model; this page needs <what required names>".
std::string capabilityMismatchMessage(const std::filesystem::path& dir, const FolderKind& found,
                                      Capability required);

/// A model opened by openModel: the same loaded object behind each capability it has (null for the
/// others). Copies share the model.
struct LoadedModel {
    std::filesystem::path directory;
    FolderKind kind;
    std::shared_ptr<const TextClassifier> textClassifier;
    std::shared_ptr<const ImageClassifier> imageClassifier;
    std::shared_ptr<const Seq2SeqModel> translator;
    std::shared_ptr<const hf::CausalLm> causalLm;
    /// The Transformer page's traced forward: attnviz's transformer_classifier, Hugging Face BERT with or
    /// without a head (`attnviz layer` reads attnviz's own only).
    std::shared_ptr<const TracedTextEncoder> tracedTextEncoder;
    /// An encoder on token ids as given (Hugging Face BERT-family, with or without a head).
    std::shared_ptr<const TextEncoder> textEncoder;
    /// Text -> a sentence vector (the Universal Sentence Encoder lite).
    std::shared_ptr<const SentenceEncoder> sentenceEncoder;
    std::vector<std::string> warnings; ///< non-fatal findings of the reader

    bool empty() const {
        return !textClassifier && !imageClassifier && !translator && !causalLm && !textEncoder &&
               !tracedTextEncoder && !sentenceEncoder;
    }
    bool has(Capability c) const;
    /// True when both hold the same loaded objects.
    bool sameModel(const LoadedModel& other) const;
    /// Class names of a classifier; empty otherwise.
    const std::vector<std::string>& labels() const;
};

struct OpenOptions {
    /// A fraction in [0, 1]; returning false cancels (openModel then throws attn::Cancelled).
    std::function<bool(double)> progress;
    /// Refused (CapabilityMismatch) after config.json is read and before the weights are; a Hugging Face
    /// classifier that cannot classify (no head, no tokenizer: incompleteReason()) or an encoder that
    /// cannot trace typed text (no tokenizer: traceRefusal()) is refused with a ConfigError after them.
    std::optional<Capability> required;
    /// Called once config.json is read (before the weights), e.g. to word a later error.
    std::function<void(const FolderKind&)> inspected;
};

LoadedModel openModel(const std::filesystem::path& dir, const OpenOptions& options = {});

/// Wraps a model attn::loadModel or attn::hf::loadModel returned (tests and callers that read one
/// themselves); throws CheckpointError for a model no capability covers.
LoadedModel asLoadedModel(std::shared_ptr<const Model> model);
LoadedModel asLoadedModel(std::shared_ptr<const hf::HfModel> model);

} // namespace attn
