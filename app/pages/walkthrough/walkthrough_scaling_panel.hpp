#pragma once
// Step 3 of the Walkthrough, "why scale?": the softmax of the selected query word's row computed from
// the unscaled scores q·k and from the scaled scores q·k/√d, one strip each on the same [0, 1] colour
// range with the weights printed in the cells. For word vectors of 100 dimensions the unscaled one
// saturates (almost all weight on one key): the chapter's reason for the division. Every number is
// the engine's (AttentionSteps::unscaledWeights and ::weights); this panel only lays them out.

#include <QWidget>
#include <attn/sentence_attention.hpp>

class HeatmapView;
class QLabel;

class ScalingComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScalingComparisonPanel(QWidget* parent = nullptr);

    /// Shows row `row` of `r` (a query word that is not OOV; otherwise the panel says so).
    void showRow(const attn::SentenceAttention& r, int row);

    HeatmapView* strips() const { return strips_; }
    /// The sentence under the strips (the largest weight of each, or that scaling is off).
    QString noteText() const;

private:
    HeatmapView* strips_ = nullptr;
    QLabel* note_ = nullptr;
};
