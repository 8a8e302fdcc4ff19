#pragma once
// The parts transformer::buildStep (pages/transformer/transformer_steps.cpp) assembles a step from: the
// formatting helpers every step shares (step_format.cpp), the embedding step (embedding_step.cpp), one
// function per layer step (layer_steps.cpp) and what follows the last layer (pooling_step.cpp). Internal to
// those files; like them they only arrange and format the engine's matrices.

#include "pages/transformer/transformer_steps.hpp"

#include <QString>
#include <QStringList>
#include <algorithm>
#include <attn/capabilities/traced_text_encoder.hpp>
#include <vector>

namespace transformer {

// Translated in the context "transformer" (lupdate names the context of these calls after the namespace).
QString tr(const char* s);
QString num(double v, int decimals = 3);
/// prefix + "0", prefix + "1", … (n labels).
QStringList numbered(Eigen::Index n, const QString& prefix = QString());
/// Heads side by side (T x d): arranging the engine's per-head blocks, no arithmetic.
attn::Matrix sideBySide(const std::vector<attn::Matrix>& blocks);
/// One row of the token readout: `name` and the first `preview` values of row `row` of `m`.
QString line(const QString& name, const attn::Matrix& m, int row, int preview);
QString table(const QStringList& rows);
/// A LayerNorm's rows for the token readout (one table with the rows around them, so that every value
/// column starts at the same x).
QStringList normRows(const attn::layers::LayerNorm& n, const QString& name, const attn::Matrix& in,
                     const attn::Vector& mean, const attn::Vector& var, const attn::Matrix& out, int t,
                     int preview);
/// 1 x n as a heatmap row labelled `row`.
Item rowItem(const QString& name, const QString& title, const attn::Matrix& m, const QString& row);

/// The embedding step: the model's own parts, named as its checkpoint names them.
void embeddingStep(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace, int t,
                   const QStringList& tok, int preview, StepContent& c);
/// After the last layer: what pools the encoded tokens and what the head makes of it.
void headPart(const attn::TracedTextEncoder& model, const attn::EncoderTrace& trace, int preview,
              StepContent& c);

/// What the steps of one layer read: the request, the layer's trace and weights, its widths and the
/// selected token.
struct LayerView {
    LayerView(const StepRequest& request, const attn::layers::LayerTrace& trace,
              const attn::layers::TransformerEncoderLayer& weights)
        : q(request), L(trace), layer(weights) {}

    const StepRequest& q;
    const attn::layers::LayerTrace& L;
    const attn::layers::TransformerEncoderLayer& layer;
    int nLayers = 0;
    Eigen::Index dIn = 0, dOut = 0; // a layer that widens (d_in -> d_out) reads d_in and writes d_out
    int h = 0;                      // heads
    Eigen::Index dh = 0;            // columns per head
    QStringList tok;                // the token labels (rows)
    int t = 0;                      // the selected token
    int head = 0;                   // the selected head
    QString word;                   // tok[t]
    QStringList dimsIn, dimsOut, dimsX;
    /// line() with the request's preview (at least one value).
    QString vecLine(const QString& label, const attn::Matrix& m, int row) const {
        return line(label, m, row, std::max(1, q.preview));
    }
};

void headsStep(const LayerView& v, StepContent& c);
void attentionStep(const LayerView& v, StepContent& c);
void concatStep(const LayerView& v, StepContent& c);
void norm1Step(const LayerView& v, StepContent& c);
void feedForwardStep(const LayerView& v, StepContent& c);
void outputStep(const LayerView& v, StepContent& c);

} // namespace transformer
