#pragma once
// How each step of the walkthrough is drawn on a HeatmapView. Shared by the Walkthrough page and
// the headless `walkthrough --png` / `render` commands so that both show exactly the same picture.

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <attn/learned_projections.hpp>
#include <attn/sentence_attention.hpp>

class HeatmapView;

enum class WalkthroughStep { Embeddings = 0, Scores, Scaled, Weights, Outputs };
constexpr int kWalkthroughStepCount = 5;

/// "Step 1 of 5 · Score: q · k" etc.
QString walkthroughStepTitle(WalkthroughStep step, const attn::SentenceAttention& r);
/// Where additive scoring's Wq, Wk and v come from (core's AdditiveOrigin): "random, not trained: normal
/// numbers from seed 42 with standard deviations …"; empty without it.
QString additiveOriginText(const attn::SentenceAttention& r);
/// One or two sentences on what the step does, for the caption under the step bar.
QString walkthroughStepCaption(WalkthroughStep step, const attn::SentenceAttention& r);

/// Token labels with OOV tokens marked, and the notes (tooltips) that say why.
QStringList tokenLabels(const std::vector<std::string>& tokens);
QStringList oovNotes(const std::vector<std::string>& tokens, const std::vector<bool>& oov, bool asKeys);

/// The hint for words that have no vector. When one of them is a one-letter word ("a", "i"), it says
/// that the shipped vectors (the embedded set and the larger set of the same package) have none, and
/// that glove.6B.*.txt from the GloVe authors has them (View → Word vectors → Open…).
QString oovHint(const QStringList& oovWords);

/// What the heatmap's dashed cells mean: function words scoring high with each other (found by
/// attn::functionWordPairs on the raw scores), with the shown matrix's values; empty when none.
QString functionWordNote(const attn::SentenceAttention& r, const attn::Matrix& shown);

/// The folder name of the checkpoint behind learned projections: "pronoun-head".
QString learnedCheckpointName(const attn::LearnedProjections& learned);
/// The checkpoint behind learned projections as the page names it: "pronoun-head (+ positions)".
QString learnedProjectionName(const attn::LearnedProjections& learned);
/// One line naming the checkpoint of learned projections and whether positions were added; empty
/// for raw or random projections.
QString projectionNote(const attn::SentenceAttention& r);

/// What File → Export matrix JSON records beside the matrix: tokens, OOV flags, mode, scoring,
/// projection (and its checkpoint), positional encoding, embeddings, step and the app version.
QJsonObject walkthroughExportMetadata(const attn::SentenceAttention& r, WalkthroughStep step,
                                      const QString& embeddings);

/// Puts the matrix of `step` on `view` with its labels, axis titles, range mode and notes.
/// For the Embeddings step this shows the query sentence's vectors.
void showWalkthroughStep(HeatmapView& view, const attn::SentenceAttention& r, WalkthroughStep step);
/// The key sentence's vectors (the second heatmap of the Embeddings step).
void showKeyEmbeddings(HeatmapView& view, const attn::SentenceAttention& r);
