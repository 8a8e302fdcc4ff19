#pragma once
// The Similarity page's ready-made sentence sets: the Universal Sentence Encoder demo (the six
// sentences of tests/data/use/forward.json: a phone pair, an age pair, a food pair) and the chapter's
// "she improved" sentences with two a teacher would add (one close in meaning, one unrelated).

#include <QString>
#include <QStringList>
#include <vector>

namespace similarity {

struct Preset {
    QString name; ///< translated, as the preset menu shows it
    QStringList sentences;
};

/// The USE demo first (the page's start-up sentences), then the chapter's.
std::vector<Preset> presets();
/// The demo's six sentences (also attn::session::SimilarityState's default).
QStringList demoSentences();
/// The chapter's two sentences and the two added.
QStringList chapterSentences();

} // namespace similarity
