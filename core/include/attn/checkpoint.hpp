#pragma once
// Loading a checkpoint directory:
//   config.json        architecture + hyper-parameters + labels + special tokens (attn/config.hpp)
//   model.safetensors  weights named as the PyTorch modules' state_dict (training/attnviz/models.py)
//   vocab.txt | src_vocab.txt + tgt_vocab.txt
//   src_train_words.txt (seq2seq, optional) the training sources' words (attn/models/training_words.hpp)
// Every tensor of the file must be used, with the shape the config implies; anything else is an error.
//
//   auto model = attn::loadModel(dir);
//   if (auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get())) tc->classify("good film");
//   if (auto* s2s = dynamic_cast<const attn::Seq2SeqModel*>(model.get())) s2s->translate("i am cold .");
//   if (auto* vit = dynamic_cast<const attn::VitModel*>(model.get())) vit->classify(image);

#include <attn/config.hpp>
#include <attn/error.hpp>
#include <attn/image.hpp>
#include <attn/models/model.hpp>
#include <attn/models/seq2seq.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <attn/safetensors.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn {

/// A checkpoint directory that cannot be loaded (missing file, bad vocabulary, ...); path() names the file.
class CheckpointError : public Error {
public:
    using Error::Error;
};

struct LoadOptions {
    /// Called with a fraction in [0, 1]; returning false cancels (loadModel then throws LoadCancelled).
    std::function<bool(double)> progress;
    /// Non-fatal findings (e.g. config ids that disagree with the vocabulary) are appended here.
    std::vector<std::string>* warnings = nullptr;
    /// Called with the architecture config.json names, before the weights are read; may throw to refuse
    /// the checkpoint early (a page that needs another architecture), so config.json is read only once.
    std::function<void(Architecture)> checkArchitecture;
};

/// The one attn::Cancelled under its old name.
using LoadCancelled = Cancelled;

/// Loads and validates a checkpoint directory. Throws CheckpointError, ConfigError or SafetensorsError
/// (all attn::Error) with a message and a path() naming the file, or Cancelled. The model is immutable and
/// may be shared across threads.
std::shared_ptr<const Model> loadModel(const std::filesystem::path& dir, const LoadOptions& options = {});

} // namespace attn
