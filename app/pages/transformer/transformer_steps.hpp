#pragma once
// The steps of the Transformer page: what each step shows, built from the engine's traced forward
// (attn::EncoderTrace) of any attn::TracedTextEncoder. This file only arranges and formats the engine's
// matrices — it computes none of the layer's numbers itself — so the page, its test and `attnviz layer`
// show the same values. What differs between models is read from the model's description and from the
// trace itself: the embedding's parts and names, each layer's order (pre- or post-LN) and widths (a layer
// that widens shows its residual projection), and the pooling and head after the last layer.

#include <QString>
#include <QStringList>
#include <attn/capabilities/traced_text_encoder.hpp>
#include <vector>

namespace transformer {

enum class Step { Embeddings, Heads, Attention, Concat, Norm1, FeedForward, Output, WhatIf, Cost };
constexpr int kStepCount = 9;
QString stepName(Step s);

/// Sub-steps of Step::Attention (one small heatmap per head, the selected one large).
enum class AttentionPart { Scores, Scaled, Masked, Weights, Values };
constexpr int kAttentionPartCount = 5;
QString attentionPartName(AttentionPart p);

/// One matrix of a step.
struct Item {
    QString name;        // short, under a thumbnail
    QString title;       // above the large view
    attn::Matrix values; // as the engine computed it (masked cells -inf in the masked view)
    QStringList rows, columns;
    bool weights = false; // fixed [0, 1] colour range
};

struct StepContent {
    QString heading;     // "Step 3 of 9 · …"
    QString explanation; // rich text: what happens, the formula
    std::vector<Item> items;
    int selectedItem = 0;
    QString tokenHtml; // the selected token's numbers (side panel)
};

struct StepRequest {
    Step step = Step::Embeddings;
    int layer = 0;
    int head = 0;  // selected head
    int token = 0; // selected token (row)
    AttentionPart part = AttentionPart::Weights;
    int preview = 8; // values of a vector printed in the side panel (fewer in teaching mode)
};

/// Builds a step (Embeddings … Output) from `trace` of `model`.
StepContent buildStep(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace,
                      const StepRequest& request);
/// The name of step `s` for `model` (the embedding step says what BERT adds up), as the heading shows it.
QString stepName(Step s, const attn::TracedTextEncoder& model);
/// "ReLU", "GELU", "GELU (tanh)", "SiLU".
QString activationName(attn::Activation a);
/// What reads the encoder's output, in words ("mean of the tokens", "[CLS] + tanh pooler", "none").
QString poolingName(attn::EncoderPooling p);

/// The row index of `word` among the trace's tokens, or the last real token when it is absent.
int defaultToken(const attn::EncoderTrace& trace, const QString& word);

QStringList tokenLabels(const attn::EncoderTrace& trace);
/// "0.123 0.456 … (d values)": the first `n` entries of a row, as the side panel prints them.
QString rowPreview(const attn::Matrix& m, int row, int n = 8);

} // namespace transformer
