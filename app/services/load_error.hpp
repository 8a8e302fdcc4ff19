#pragma once
// Plain words for a model that did not load, said before the reader's technical message (which names
// the file, the byte or line and what was expected): "This folder holds a vision model (ViT), not an
// attnviz sentiment model." rather than only "config.json: architecture 'vit' …".

#include <QString>
#include <attn/open_model.hpp>
#include <exception>
#include <optional>

/// What a person calls a model with capability `c` ("sentiment model (transformer classifier)", …).
QString modelNoun(attn::Capability c);
/// What a person calls what a folder holds (by its config.json).
QString modelNoun(const attn::FolderKind& kind);

/// A folder holding `found` on a page that needs `required`: what it holds, the page that opens it and
/// what this page needs ("This folder holds a language model (GPT-2), which the Generate page opens. The
/// Transformer page needs a text encoder (…)").
QString plainMismatch(const attn::FolderKind& found, attn::Capability required);

/// One sentence saying why `dir` could not be used by a page that needs `required`: not a folder, no
/// config.json, a model without that capability (`found`, when config.json was read), settings that
/// cannot be used (attn::ConfigError), damaged weights (attn::SafetensorsError), weights that do not fit
/// (attn::CheckpointError), or "could not be loaded" for anything else.
QString plainLoadError(const QString& dir, const std::exception& error, attn::Capability required,
                       const std::optional<attn::FolderKind>& found);
