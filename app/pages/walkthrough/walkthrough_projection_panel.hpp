#pragma once
// The projections of the Walkthrough made visible: Wq, Wk, Wv (d × d_k each) and what they make of
// the inputs, Q = X Wq, K = X Wk, V = X Wv (one row per word), a small heatmap each, with a line that
// names where the matrices come from (the checkpoint of learned projections, or the random seed) and
// whether the positional encoding was added to X. Hidden while no projection is applied.

#include <QWidget>
#include <array>
#include <attn/sentence_attention.hpp>

class HeatmapView;
class QLabel;

class ProjectionPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProjectionPanel(QWidget* parent = nullptr);

    /// Shows r's projections (nothing when r.projections is empty).
    void showProjections(const attn::SentenceAttention& r);

    /// Wq, Wk, Wv, Q, K, V in this order.
    HeatmapView* view(int index) const { return views_[static_cast<std::size_t>(index)]; }
    QString sourceText() const;

private:
    std::array<HeatmapView*, 6> views_{};
    std::array<QLabel*, 6> captions_{};
    QLabel* source_ = nullptr;
};
