#pragma once
// The Vision page (issue 7): a ViT classifies an image. The page is a layout of panels around one
// VisionSession (model slot, dataset, current analysis, predictions):
//   DatasetBrowser (left)  |  tabs: VitAttentionPanel · CutMixPanel · PositionEmbeddingPanel
// Above them the model bar, the model's description and the error banner. Files and directories
// dropped on the page open as images / datasets / models.

#include "pages/page.hpp"

class CutMixPanel;
class DatasetBrowser;
class ErrorBanner;
class ModelBar;
class ModelSlot;
class PositionEmbeddingPanel;
class VisionSession;
class VitAttentionPanel;
class QLabel;
class QTabWidget;

class VisionPage : public Page {
    Q_OBJECT
public:
    explicit VisionPage(QWidget* parent = nullptr);
    ~VisionPage() override;

    QString title() const override { return tr("Vision"); }
    HeatmapView* currentHeatmap() const override;
    QWidget* exportWidget() override;
    QString errorText() const override;
    /// Loads shippedModelDir("vit-fashion-mnist") unless the slot has a model, and the Fashion-MNIST
    /// test set (when installed; ATTNVIZ_VISION_DATASET overrides it, empty = none).
    void start() override;
    /// The page state (pages/page_state.cpp): the model, the image file or the dataset and its index, the
    /// tab.
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;
    bool stepForward() override;
    bool stepBack() override;
    /// Page::setTeachingMode, and the Explain tab's deletion plot (it draws its own text).
    void setTeachingMode(bool on) override;

    void loadModel(const QString& dir);
    /// PNG/JPEG (classified at once) or an IDX / CIFAR-10 file (browsed; image `index` classified).
    void openFile(const QString& path, int index = 0);

    VisionSession* session() const { return session_; }
    ModelSlot* modelSlot() const;
    DatasetBrowser* browser() const { return browser_; }
    VitAttentionPanel* attentionPanel() const { return attention_; }
    CutMixPanel* cutMixPanel() const { return cutMix_; }
    PositionEmbeddingPanel* positionPanel() const { return positions_; }
    bool errorVisible() const;
    /// The set start() opens: the Fashion-MNIST test set, or $ATTNVIZ_VISION_DATASET when set (empty = none).
    static QString defaultDatasetPath();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void showError(const QString& message);
    void onModelChanged();

    VisionSession* session_ = nullptr;
    ModelBar* modelBar_ = nullptr;
    QLabel* modelLabel_ = nullptr; // architecture details of the loaded model
    ErrorBanner* error_ = nullptr;
    DatasetBrowser* browser_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    VitAttentionPanel* attention_ = nullptr;
    CutMixPanel* cutMix_ = nullptr;
    PositionEmbeddingPanel* positions_ = nullptr;
};
