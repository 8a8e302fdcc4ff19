#pragma once
// What a page already holds in memory, handed to another page's restoreState (the language switch, a
// session opened over the running app) so that a model or a learned projection is not read again.

#include "services/model_handle.hpp"

#include <QString>
#include <QStringList>
#include <attn/learned_projections.hpp>
#include <map>

struct ModelInMemory {
    ModelHandle model;
    QStringList warnings;
};

struct ModelsInMemory {
    std::map<QString, ModelInMemory> models;                 ///< by directory (ModelSlot::directory())
    std::map<QString, attn::LearnedProjections> projections; ///< by checkpoint directory (Walkthrough)
    /// Adds `other`'s entries (the first one of a directory stays).
    void merge(const ModelsInMemory& other) {
        models.insert(other.models.begin(), other.models.end());
        projections.insert(other.projections.begin(), other.projections.end());
    }
};
