#pragma once
// VisionSession: the state the Vision page's panels share (as hotspot's ResultsPage hands its
// sub-pages one parser and filter stack): the model slot, the browsed dataset, the current analysis
// (image + classification + rollout) and the dataset's predictions. It reads files and classifies the
// current image off the GUI thread; the panels (DatasetBrowser, VitAttentionPanel, CutMixPanel,
// PositionEmbeddingPanel) only listen to its signals and format.
//
// Data flow: file -> imageio (reader) -> attn::Image -> ImageClassifier::classify (JobRunner) -> Analysis ->
// panels. Failures come back as errorRaised(message); the previous image and result stay.

#include "services/image_io.hpp"
#include "services/job_runner.hpp"

#include <QObject>
#include <QString>
#include <attn/capabilities/image_classifier.hpp>
#include <attn/image.hpp>
#include <attn/models/vit.hpp>
#include <memory>
#include <optional>
#include <vector>

class ModelSlot;

class VisionSession : public QObject {
    Q_OBJECT
public:
    explicit VisionSession(QObject* parent = nullptr);

    /// What one classification produced (kept until a newer one succeeds).
    struct Analysis {
        attn::Image input;     // as given (any size / channels)
        attn::Image modelView; // ImageClassifier::resized: the model's channels and size, pixels in [0, 1]
        attn::ClassifierResult result;
        attn::Matrix rollout; // T x T, all layers
        QString source;       // e.g. "t10k-images-idx3-ubyte.gz #12" or a file name
        int trueLabel = -1;   // when known
    };

    ModelSlot* slot() const { return slot_; }
    /// The current ViT (attnviz's own or a Hugging Face one), null until one is loaded.
    std::shared_ptr<const attn::ImageClassifier> model() const;
    const std::optional<Analysis>& analysis() const { return analysis_; }
    /// The browsed dataset (null until one was opened).
    const std::shared_ptr<const imageio::DatasetFile>& dataset() const { return dataset_; }
    /// The dataset index that is (or is being) classified; -1 when the image is not from the dataset.
    int browsedIndex() const { return browsed_; }
    /// The true label of dataset image `index`, -1 when unknown — also when the dataset's labels are
    /// not the model's classes (a label beyond the model's class count: e.g. Fashion-MNIST's ten under a
    /// four-class Hugging Face ViT), so that no prediction is marked right or wrong against them.
    int datasetLabel(int index) const;
    /// Class name: the model's labels, else the dataset's, else "class N"; "unknown" for -1. A known
    /// dataset class name is shown in the interface's language (displayClassLabel).
    QString labelName(int label) const;
    /// `image` as the model sees it before normalisation (ImageClassifier::resized); unchanged without a
    /// model.
    attn::Image modelSized(const attn::Image& image) const;

    /// Predictions of the browsed set (-1 = not predicted yet); written by the DatasetBrowser.
    const std::vector<int>& predictions() const { return predictions_; }
    std::vector<int>& predictions() { return predictions_; }

    /// Classifies `image` (source names it in the views); kept as pending until a model is loaded.
    void setImage(const attn::Image& image, const QString& source, int trueLabel = -1);
    /// PNG/JPEG (classified at once) or an IDX / CIFAR-10 file (browsed; image `index` classified).
    void openFile(const QString& path, int index = 0);
    /// Opens an IDX / CIFAR-10 dataset for browsing.
    void openDataset(const QString& path, int index = 0);
    /// Classifies dataset image `index`.
    void browse(int index);

    bool isBusy() const;
    /// True when a dataset, an analysed image or an image waiting for a model is held.
    bool hasContent() const { return dataset_ || analysis_ || pending_; }
    /// True while a file (an image or a dataset) is being read.
    bool isReading() const { return readRunner_.isBusy(); }
    /// The picture file the shown image was read from; empty when it came from a dataset or elsewhere.
    QString imagePath() const { return imagePath_; }

Q_SIGNALS:
    /// The slot holds a new model (emitted before the shown image is classified again).
    void modelChanged();
    /// analysis() was replaced.
    void analysisChanged();
    /// An image waits for a model (nothing classified yet): show it as it is.
    void imageWaiting(const attn::Image& image, const QString& source);
    /// A dataset is being read / was opened / could not be read.
    void datasetReading(const QString& path);
    void datasetChanged();
    void datasetFailed(const QString& message);
    void errorRaised(const QString& message);
    void errorCleared();
    void statusMessage(const QString& text);
    void busyChanged(bool busy);

private:
    void onModelChanged();
    void refreshBusy();

    ModelSlot* slot_ = nullptr;
    JobRunner readRunner_;     // files
    JobRunner classifyRunner_; // the current image
    std::optional<Analysis> analysis_;
    std::optional<Analysis> pending_; // an image waiting for a model
    std::shared_ptr<const imageio::DatasetFile> dataset_;
    std::vector<int> predictions_;
    QString imagePath_;
    int browsed_ = -1;
    int datasetMaxLabel_ = -1; // largest label of dataset_
    bool busy_ = false;
};
