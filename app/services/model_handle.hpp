#pragma once
// ModelHandle: a model the app holds — the attn::LoadedModel that core's one loader (attn::openModel)
// returned: the capabilities the model has (handle.textClassifier, .imageClassifier, .translator,
// .causalLm, .tracedTextEncoder), null for the others. Pages and commands take the capability they need;
// none asks which family (attnviz's own checkpoints, Hugging Face) a model comes from.
//
// readModel() is the app's only way to read a model folder (ModelSlot, inspect, explain, render use it);
// it counts the reads so that tests can check that a command reads a model exactly once.

#include <QString>
#include <QStringList>
#include <attn/open_model.hpp>

using ModelHandle = attn::LoadedModel;

/// attn::openModel(dir, options), logged. Throws attn::Error subclasses naming the file
/// (attn::CapabilityMismatch when options.required is missing, before the weights are read).
ModelHandle readModel(const QString& dir, const attn::OpenOptions& options = {});

/// Every directory readModel() was asked to read since the last reset, in order (thread-safe; tests).
QStringList modelReadLog();
void resetModelReadLog();
