#include "services/load_error.hpp"

#include <QCoreApplication>
#include <attn/checkpoint.hpp>
#include <attn/hf/load.hpp>
#include <attn/safetensors.hpp>
#include <filesystem>

namespace {
// The translation context of these messages (lupdate needs a class name before tr()).
struct LoadError {
    Q_DECLARE_TR_FUNCTIONS(LoadError)
};
} // namespace

QString modelNoun(attn::Architecture a) {
    switch (a) {
    case attn::Architecture::TransformerClassifier:
        return LoadError::tr("sentiment model (transformer classifier)");
    case attn::Architecture::Seq2SeqAttention:
        return LoadError::tr("translation model (seq2seq)");
    case attn::Architecture::Vit:
        return LoadError::tr("vision model (ViT)");
    }
    return LoadError::tr("model");
}

QString plainLoadError(const QString& dir, const std::exception& error, attn::Architecture required,
                       std::optional<attn::Architecture> found) {
    namespace fs = std::filesystem;
    const fs::path path(dir.toStdString());
    std::error_code ec;
    const QString wanted = modelNoun(required);
    if (!fs::is_directory(path, ec))
        return LoadError::tr("This is not a model folder: choose the folder that holds config.json and "
                             "model.safetensors.");
    if (found && *found != required)
        return LoadError::tr("This folder holds a %1, not an attnviz %2.").arg(modelNoun(*found), wanted);
    if (!fs::exists(path / "config.json", ec))
        return LoadError::tr("This folder is not an attnviz %1: it has no config.json.").arg(wanted);
    if (dynamic_cast<const attn::ConfigError*>(&error) && attn::hf::isHfDirectory(path))
        return LoadError::tr("This Hugging Face model cannot be opened on this page (the reason is below).");
    if (dynamic_cast<const attn::ConfigError*>(&error))
        return LoadError::tr("This is not an attnviz %1: its settings (config.json) cannot be used.")
            .arg(wanted);
    if (dynamic_cast<const attn::SafetensorsError*>(&error))
        return LoadError::tr("The model's weights (model.safetensors) are damaged or incomplete.");
    if (dynamic_cast<const attn::CheckpointError*>(&error))
        return LoadError::tr(
            "The model's files do not fit together: a file is missing or the weights do not match "
            "config.json.");
    return LoadError::tr("The model could not be loaded.");
}
