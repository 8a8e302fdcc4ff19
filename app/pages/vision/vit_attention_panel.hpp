#pragma once
// VitAttentionPanel: the Vision page's Attention tab. The session's current image with its patch grid
// and the attention of the query ([CLS] or a clicked patch) as an overlay, the full T x T map of the
// chosen layer and head (or their mean, or the rollout), and the class probabilities.

#include <QWidget>
#include <attn/matrix.hpp>

class HeatmapView;
class PatchGridView;
class ProbabilityBars;
class VisionSession;
class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

class VitAttentionPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kRollout = -1;     ///< layer: the rollout through all layers
    static constexpr int kMeanOfHeads = -1; ///< head: the mean of the layer's heads

    explicit VitAttentionPanel(VisionSession* session, QWidget* parent = nullptr);

    void setLayer(int layer); ///< 0..L-1 or kRollout
    void setHead(int head);   ///< 0..H-1 or kMeanOfHeads
    /// Query position: 0 = [CLS], 1 + patch index for a patch.
    void setQuery(int position);
    /// The overlay's opacity on the patch grid, 0..100 %.
    void setOverlayOpacity(int percent);
    int overlayOpacity() const;
    /// The line above the image: its source, how the model sees it, and what was converted.
    QString sourceText() const;
    int layer() const { return layer_; }
    int head() const { return head_; }
    int query() const { return query_; }

    /// The matrix currently shown (selected layer/head, or the rollout).
    attn::Matrix currentMatrix() const;
    PatchGridView* patchGrid() const { return grid_; }
    HeatmapView* heatmap() const { return heatmap_; }
    ProbabilityBars* probabilities() const { return probs_; }

private:
    void onModelChanged();
    void refreshSelectors();
    void refreshAttention();
    void refreshProbabilities();

    VisionSession* session_;
    QComboBox* layerBox_ = nullptr;
    QComboBox* headBox_ = nullptr;
    QLabel* queryLabel_ = nullptr;
    QPushButton* resetQuery_ = nullptr;
    QLabel* sourceLabel_ = nullptr;
    PatchGridView* grid_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    ProbabilityBars* probs_ = nullptr;
    QLabel* predictionLabel_ = nullptr;
    QSlider* opacity_ = nullptr;
    QLabel* opacityValue_ = nullptr;
    int layer_ = 0;
    int head_ = kMeanOfHeads;
    int query_ = 0;
};
