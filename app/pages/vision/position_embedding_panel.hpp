#pragma once
// PositionEmbeddingPanel: the Vision page's Position embeddings tab — the cosine similarity of each
// patch position's embedding with every other (the ViT paper's figure 7), computed from the model's
// table when the session's model changes.

#include <QWidget>

class PositionSimilarityView;
class VisionSession;
class QLabel;

class PositionEmbeddingPanel : public QWidget {
    Q_OBJECT
public:
    explicit PositionEmbeddingPanel(VisionSession* session, QWidget* parent = nullptr);
    PositionSimilarityView* view() const { return positions_; }

private:
    void onModelChanged();

    VisionSession* session_;
    PositionSimilarityView* positions_ = nullptr;
    QLabel* note_ = nullptr;
};
