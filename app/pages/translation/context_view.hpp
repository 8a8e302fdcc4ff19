#pragma once
// The Translation page's context-vector tab: without attention the decoder sees the sentence only
// through the encoder's final state. Row 0 of the map is that context vector, then the decoder's state
// after each step; columns = hidden units.
#include <QWidget>
#include <attn/models/model.hpp>

class HeatmapView;

class ContextView : public QWidget {
    Q_OBJECT
public:
    explicit ContextView(QWidget* parent = nullptr);

    /// The baseline's states (the map cleared without a result or states).
    void showResult(const attn::TranslationResult* r);
    HeatmapView* heatmap() const { return map_; }

private:
    HeatmapView* map_ = nullptr;
};
