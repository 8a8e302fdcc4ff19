#pragma once
// Plain words for a checkpoint that did not load, said before the reader's technical message (which
// names the file, the byte or line and what was expected): "This folder holds a vision model (ViT), not
// an attnviz sentiment model." rather than only "config.json: architecture 'vit' …".

#include <QString>
#include <attn/config.hpp>
#include <exception>
#include <optional>

/// What a person calls a model of `a` ("sentiment model (transformer classifier)", …).
QString modelNoun(attn::Architecture a);

/// One sentence saying why `dir` could not be used as a model of `required`: not a folder, no
/// config.json, a model of another architecture (`found`, when config.json named one), settings that
/// cannot be used (attn::ConfigError), damaged weights (attn::SafetensorsError), weights that do not fit
/// (attn::CheckpointError), or "could not be loaded" for anything else.
QString plainLoadError(const QString& dir, const std::exception& error, attn::Architecture required,
                       std::optional<attn::Architecture> found);
