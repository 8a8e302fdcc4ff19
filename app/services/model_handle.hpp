#pragma once
// ModelHandle: one typed handle for the three checkpoint models the app knows, so pages and commands
// dispatch with std::visit / modelAs<M>() instead of dynamic_cast next to the Architecture enum.
//
// It lives in app/, not next to attn::loadModel: core keeps its open polymorphic Model (other model
// families are being added there), while the set of models the app has pages for is the app's
// business — a new page adds its alternative here and the compiler points at every visit to extend.
//
// readModel() is the app's only way to read a checkpoint (ModelSlot, inspect, render use it); it
// counts the reads so that tests can check that a command reads a model exactly once.

#include <QString>
#include <QStringList>
#include <attn/checkpoint.hpp>
#include <memory>
#include <optional>
#include <variant>

class HfTextClassifier;  // services/hf_classifiers.hpp: a Hugging Face BERT-family classifier
class HfImageClassifier; // a Hugging Face ViT with its preprocessor

using ModelHandle =
    std::variant<std::monostate, std::shared_ptr<const attn::TransformerClassifier>,
                 std::shared_ptr<const attn::Seq2SeqModel>, std::shared_ptr<const attn::VitModel>,
                 std::shared_ptr<const HfTextClassifier>, std::shared_ptr<const HfImageClassifier>>;

/// Wraps what attn::loadModel returned (throws attn::CheckpointError for a model the app has no page for).
ModelHandle toHandle(std::shared_ptr<const attn::Model> model);
/// The model as its base class (null for an empty handle).
std::shared_ptr<const attn::Model> basePtr(const ModelHandle& handle);
inline bool isEmpty(const ModelHandle& handle) {
    return std::holds_alternative<std::monostate>(handle);
}
/// The model if it is an M, else null.
template <typename M> std::shared_ptr<const M> modelAs(const ModelHandle& handle) {
    if (const auto* p = std::get_if<std::shared_ptr<const M>>(&handle))
        return *p;
    return nullptr;
}

/// Reads the checkpoint directory `dir` (attn::loadModel), or a Hugging Face classifier directory
/// (config.json with model_type: readHfClassifier, which calls options.checkArchitecture with the page
/// its model_type opens on). With `required`, a config.json naming another architecture is refused
/// before the weights are read, with architectureMismatch()'s message.
ModelHandle readModel(const QString& dir, attn::LoadOptions options = {},
                      std::optional<attn::Architecture> required = std::nullopt);
/// Empty when `actual` is what the page needs, else e.g.
/// "/m/vit is a vit model; this page needs transformer_classifier".
QString architectureMismatch(const QString& dir, attn::Architecture actual, attn::Architecture required);

/// Every directory readModel() was asked to read since the last reset, in order (thread-safe; tests).
QStringList modelReadLog();
void resetModelReadLog();
