#include "services/load_error.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <attn/hf/load.hpp>
#include <attn/safetensors.hpp>
#include <filesystem>

namespace {
// The translation context of these messages (lupdate needs a class name before tr()).
struct LoadError {
    Q_DECLARE_TR_FUNCTIONS(LoadError)
};

bool offers(const attn::FolderKind& kind, attn::Capability c) {
    return std::find(kind.capabilities.begin(), kind.capabilities.end(), c) != kind.capabilities.end();
}

/// The Generate page's wording: a Hugging Face decoder folder.
QString plainDecoderError(const QString& dir, const std::exception& error,
                          const std::optional<attn::FolderKind>& found) {
    const QString name = QFileInfo(dir).fileName();
    if (!QFileInfo(dir).isDir())
        return LoadError::tr("“%1” is not a folder.").arg(dir);
    if (!QFileInfo(QDir(dir).filePath(QStringLiteral("config.json"))).isFile())
        return LoadError::tr("The folder “%1” has no config.json, so it is not a Hugging Face model.")
            .arg(name);
    if (found && !offers(*found, attn::Capability::CausalLm))
        return LoadError::tr("“%1” is an encoder or image model, not a language model (gpt2, llama).")
            .arg(name);
    if (dynamic_cast<const attn::SafetensorsError*>(&error))
        return LoadError::tr("The weights in “%1” are damaged or incomplete.").arg(name);
    if (dynamic_cast<const attn::ConfigError*>(&error))
        return LoadError::tr("The config.json of “%1” cannot be used.").arg(name);
    if (dynamic_cast<const attn::CheckpointError*>(&error))
        return LoadError::tr("The weights in “%1” do not fit its config.json.").arg(name);
    return LoadError::tr("“%1” could not be loaded as a language model.").arg(name);
}

/// The page that needs `c`, by its title.
QString pageNeeding(attn::Capability c) {
    switch (c) {
    case attn::Capability::TextClassifier:
        return LoadError::tr("Sentiment");
    case attn::Capability::ImageClassifier:
        return LoadError::tr("Vision");
    case attn::Capability::Translator:
        return LoadError::tr("Translation");
    case attn::Capability::CausalLm:
        return LoadError::tr("Generate");
    case attn::Capability::TracedTextEncoder:
    case attn::Capability::TextEncoder:
        return LoadError::tr("Transformer");
    case attn::Capability::SentenceEncoder:
        return LoadError::tr("Similarity");
    }
    return {};
}

/// The pages that open what a folder holds ("Generate", "Sentiment or Transformer"); empty when none.
QString pagesOpening(const attn::FolderKind& kind) {
    if (offers(kind, attn::Capability::CausalLm))
        return pageNeeding(attn::Capability::CausalLm);
    if (offers(kind, attn::Capability::Translator))
        return pageNeeding(attn::Capability::Translator);
    if (offers(kind, attn::Capability::ImageClassifier))
        return pageNeeding(attn::Capability::ImageClassifier);
    if (offers(kind, attn::Capability::SentenceEncoder))
        return LoadError::tr("%1 or %2")
            .arg(pageNeeding(attn::Capability::SentenceEncoder),
                 pageNeeding(attn::Capability::TracedTextEncoder));
    if (offers(kind, attn::Capability::TextClassifier) && offers(kind, attn::Capability::TracedTextEncoder))
        return LoadError::tr("%1 or %2")
            .arg(pageNeeding(attn::Capability::TextClassifier),
                 pageNeeding(attn::Capability::TracedTextEncoder));
    if (offers(kind, attn::Capability::TextClassifier))
        return pageNeeding(attn::Capability::TextClassifier);
    if (offers(kind, attn::Capability::TracedTextEncoder) || offers(kind, attn::Capability::TextEncoder))
        return pageNeeding(attn::Capability::TracedTextEncoder);
    return {};
}

} // namespace

QString modelNoun(attn::Capability c) {
    switch (c) {
    case attn::Capability::TextClassifier:
        return LoadError::tr("sentiment model (transformer classifier)");
    case attn::Capability::Translator:
        return LoadError::tr("translation model (seq2seq)");
    case attn::Capability::ImageClassifier:
        return LoadError::tr("vision model (ViT)");
    case attn::Capability::CausalLm:
        return LoadError::tr("language model (gpt2, llama)");
    case attn::Capability::TracedTextEncoder:
        return LoadError::tr("text encoder (attnviz's transformer classifier or Hugging Face BERT)");
    case attn::Capability::TextEncoder:
        return LoadError::tr("text encoder (Hugging Face BERT)");
    case attn::Capability::SentenceEncoder:
        return LoadError::tr("sentence encoder (Universal Sentence Encoder lite)");
    }
    return LoadError::tr("model");
}

QString modelNoun(const attn::FolderKind& kind) {
    if (kind.huggingFace && kind.family == "bert")
        return LoadError::tr("Hugging Face BERT model");
    if (kind.huggingFace && kind.family == "vit")
        return LoadError::tr("Hugging Face ViT model");
    if (kind.huggingFace && kind.family == "gpt2")
        return LoadError::tr("language model (GPT-2)");
    if (kind.huggingFace && kind.family == "llama")
        return LoadError::tr("language model (Llama)");
    if (kind.capabilities.empty())
        return LoadError::tr("model");
    return modelNoun(kind.capabilities.front());
}

QString plainMismatch(const attn::FolderKind& found, attn::Capability required) {
    // Issue 49 point 8: what the folder holds, which page opens it, and what this page needs.
    const QString elsewhere = pagesOpening(found);
    if (elsewhere.isEmpty())
        return LoadError::tr("This folder holds a %1, not an attnviz %2.")
            .arg(modelNoun(found), modelNoun(required));
    return LoadError::tr("This folder holds a %1, which the %2 page opens. The %3 page needs a %4.")
        .arg(modelNoun(found), elsewhere, pageNeeding(required), modelNoun(required));
}

QString plainLoadError(const QString& dir, const std::exception& error, attn::Capability required,
                       const std::optional<attn::FolderKind>& found) {
    if (required == attn::Capability::CausalLm)
        return plainDecoderError(dir, error, found);
    namespace fs = std::filesystem;
    const fs::path path(dir.toStdString());
    std::error_code ec;
    const QString wanted = modelNoun(required);
    if (!fs::is_directory(path, ec))
        return LoadError::tr("This is not a model folder: choose the folder that holds config.json and "
                             "model.safetensors.");
    if (found && !offers(*found, required))
        return plainMismatch(*found, required);
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
