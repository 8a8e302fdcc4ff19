#pragma once
// Where the shipped resources (default models, sample inputs) are found at run time.

#include <QString>

/// The resources directory: $ATTNVIZ_RESOURCES, else <exe>/../share/attnviz, else the source tree's
/// resources/ (the app is normally run from its build directory).
QString resourceDir();
/// resources/models/<name>, whether or not it exists.
QString shippedModelDir(const QString& name);
