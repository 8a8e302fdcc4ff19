#pragma once
// The Vision page (issue 7): a ViT classifies an image; the page shows the image with its patch grid,
// the attention from [CLS] (or from a clicked patch) to every patch per layer and head, the mean of
// the heads, attention rollout across layers (attn/rollout.hpp), the full T x T map, the class
// probabilities, a CutMix preview and the cosine similarity of the position embeddings.
// Data flow: file -> imageio (reader) -> attn::Image -> VitModel::classify (JobRunner) -> value
// struct below -> widgets. Failures come back as a message shown above the views; the previous
// image and result stay.

#include "pages/page.hpp"
#include "services/image_io.hpp"
#include "services/job_runner.hpp"

#include <attn/cutmix.hpp>
#include <attn/image.hpp>
#include <attn/models/vit.hpp>
#include <memory>
#include <optional>
#include <vector>

class ErrorBanner;
class HeatmapView;
class ModelBar;
class ModelSlot;
class PatchGridView;
class PositionSimilarityView;
class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;

class VisionPage : public Page {
    Q_OBJECT
public:
    explicit VisionPage(QWidget* parent = nullptr);
    /// Loads shippedModelDir("vit-fashion-mnist") unless the slot has a model, and the Fashion-MNIST
    /// test set (when installed; ATTNVIZ_VISION_DATASET overrides it, empty = none).
    void start() override;
    ~VisionPage() override;

    QString title() const override { return tr("Vision"); }
    HeatmapView* currentHeatmap() const override;
    QWidget* exportWidget() override;

    /// What one classification produced (kept until a newer one succeeds).
    struct Analysis {
        attn::Image input; // as given (any size / channels)
        attn::Image
            modelView; // converted to the model's channels and size, pixels in [0, 1] (not normalised)
        attn::ClassifierResult result;
        attn::Matrix rollout; // T x T, all layers
        QString source;       // e.g. "t10k-images-idx3-ubyte.gz #12" or a file name
        int trueLabel = -1;   // when known
    };
    /// Selection: layer index, or rolloutLayer() for the rollout.
    static constexpr int kRollout = -1;
    static constexpr int kMeanOfHeads = -1;

    // --- driving the page (also used by the tests) ---
    void loadModel(const QString& dir);
    /// Classifies `image` (source names it in the view).
    void setImage(const attn::Image& image, const QString& source, int trueLabel = -1);
    /// PNG/JPEG (classified at once) or an IDX / CIFAR-10 file (browsed; image `index` classified).
    void openFile(const QString& path, int index = 0);
    /// Opens an IDX / CIFAR-10 dataset for browsing.
    void openDataset(const QString& path, int index = 0);
    void setLayer(int layer); ///< 0..L-1 or kRollout
    void setHead(int head);   ///< 0..H-1 or kMeanOfHeads
    /// Query position: 0 = [CLS], 1 + patch index for a patch.
    void setQuery(int position);
    /// Starts predicting the whole browsed set (batches in the job runner).
    void predictAll();
    void cancelPredictions();
    void setMistakesOnly(bool on);

    // --- state (tests) ---
    const std::optional<Analysis>& analysis() const { return analysis_; }
    std::shared_ptr<const attn::VitModel> model() const;
    /// The matrix currently shown (selected layer/head, or the rollout).
    attn::Matrix currentMatrix() const;
    /// Overlay values on the patch grid (the query's row without the [CLS] column).
    const std::vector<float>& overlayValues() const;
    QString errorText() const override;
    bool errorVisible() const;
    int layer() const { return layer_; }
    int head() const { return head_; }
    int query() const { return query_; }
    /// Predictions of the browsed set so far (-1 = not predicted yet).
    const std::vector<int>& predictions() const { return predictions_; }
    int visibleBrowseRows() const;
    QString cutMixText() const;
    const attn::CutMixResult& cutMixResult() const { return cutMix_; }
    void setCutMixSeed(int seed);
    void setCutMixBox(const attn::CutMixBox& box);
    void setCutMixPartner(int datasetIndex);
    PatchGridView* patchGrid() const { return grid_; }
    HeatmapView* heatmap() const { return heatmap_; }
    QCustomPlot* probabilityPlot() const { return probs_; }
    PositionSimilarityView* positionView() const { return positions_; }
    ModelSlot* modelSlot() const { return slot_; }
    QTabWidget* tabs() const { return tabs_; }

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void showError(const QString& message);
    void clearError();
    void onModelChanged();
    void refreshSelectors();
    void refreshAttention();
    void refreshProbabilities();
    void refreshBrowseList();
    void refreshBrowseRow(int row);
    void refreshCutMix();
    void startNextBatch();
    void browseIndex(int index);
    QString labelName(int label) const;
    attn::Image modelSized(const attn::Image& image) const;

    ModelSlot* slot_ = nullptr;
    JobRunner classifyRunner_;
    JobRunner datasetRunner_;
    JobRunner batchRunner_;
    JobRunner mixRunner_;

    // model bar
    ModelBar* modelBar_ = nullptr;
    QLabel* modelLabel_ = nullptr; // architecture details of the loaded model
    ErrorBanner* error_ = nullptr;

    // browsing
    QLabel* datasetLabel_ = nullptr;
    QSpinBox* index_ = nullptr;
    QCheckBox* mistakesOnly_ = nullptr;
    QListWidget* list_ = nullptr;
    QPushButton* predictAll_ = nullptr;
    QPushButton* cancelPredict_ = nullptr;
    QProgressBar* predictProgress_ = nullptr;
    QLabel* accuracy_ = nullptr;

    // views
    QTabWidget* tabs_ = nullptr;
    QLabel* sourceLabel_ = nullptr;
    QComboBox* layerBox_ = nullptr;
    QComboBox* headBox_ = nullptr;
    QLabel* queryLabel_ = nullptr;
    QPushButton* resetQuery_ = nullptr;
    PatchGridView* grid_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    QCustomPlot* probs_ = nullptr;
    QLabel* predictionLabel_ = nullptr;

    // CutMix
    PatchGridView* mixA_ = nullptr;
    PatchGridView* mixB_ = nullptr;
    PatchGridView* mixOut_ = nullptr;
    QSpinBox* mixPartner_ = nullptr;
    QSpinBox* mixSeed_ = nullptr;
    QLabel* mixText_ = nullptr;
    QLabel* mixPrediction_ = nullptr;
    attn::CutMixBox mixBox_;
    attn::CutMixResult cutMix_;

    // Positions
    PositionSimilarityView* positions_ = nullptr;
    QLabel* positionsNote_ = nullptr;

    std::optional<Analysis> analysis_;
    std::optional<Analysis> pending_; // an image waiting for a model
    std::shared_ptr<const imageio::DatasetFile> dataset_;
    std::vector<int> predictions_;
    int nextBatchStart_ = 0;
    bool predicting_ = false;
    int layer_ = 0;
    int head_ = kMeanOfHeads;
    int query_ = 0;
    bool updating_ = false;
};
