#pragma once
// What the Sentiment page says about single tokens of a classified review: the trailing pad tokens
// (masked or not) and the words the vocabulary lacks (the model saw its unknown token), as notes and
// marks on the maps' rows and columns and as the legend under the large map.

#include <QStringList>
#include <attn/capabilities/text_classifier.hpp>

struct TokenNotes {
    QStringList notes; ///< per token: empty, or what it is (padding, not in the vocabulary)
    QStringList marks; ///< per token: "⚠" except on the pads
    int pads = 0;      ///< the trailing run of pad tokens
    int unknown = 0;   ///< tokens the vocabulary lacks
    QString legend;    ///< "⚠ = not in the vocabulary (read as …) · <pad> = padding, masked …"
};

/// The notes for `tokenCount` tokens of `r` (ids from `r`); without a model every token is marked "⚠"
/// and none has a note. `mask`: the padding mask is on.
TokenNotes tokenNotes(const attn::TextClassifier* model, const attn::ClassifierResult& r, int tokenCount,
                      bool mask);
