#include "pages/vision/vision_session.hpp"

#include "pages/class_label_names.hpp"
#include "services/model_slot.hpp"

#include <QFileInfo>
#include <attn/rollout.hpp>

namespace {

struct Classified {
    attn::Image input, modelView;
    attn::ClassifierResult result;
    attn::Matrix rollout;
};

Classified classifyImage(const attn::ImageClassifier& model, attn::Image image) {
    Classified c;
    c.modelView = model.resized(image);
    c.result = model.classify(image);
    c.rollout = attn::attentionRollout(c.result.attention);
    c.input = std::move(image);
    return c;
}

} // namespace

VisionSession::VisionSession(QObject* parent) : QObject(parent) {
    slot_ = new ModelSlot(attn::Capability::ImageClassifier, QStringLiteral("vision"), this);
    connect(slot_, &ModelSlot::changed, this, &VisionSession::onModelChanged);
    // Plain words first, then the reader's technical message.
    connect(slot_, &ModelSlot::failed, this, [this] { Q_EMIT errorRaised(slot_->lastErrorExplained()); });
    connect(slot_, &ModelSlot::loadingStarted, this,
            [this](const QString& dir) { Q_EMIT statusMessage(tr("Loading model %1…").arg(dir)); });
    connect(slot_, &ModelSlot::busyChanged, this, &VisionSession::refreshBusy);
    connect(&readRunner_, &JobRunner::busyChanged, this, &VisionSession::refreshBusy);
    connect(&classifyRunner_, &JobRunner::busyChanged, this, &VisionSession::refreshBusy);
}

std::shared_ptr<const attn::ImageClassifier> VisionSession::model() const {
    return slot_->imageClassifier();
}

bool VisionSession::isBusy() const {
    return slot_->isBusy() || readRunner_.isBusy() || classifyRunner_.isBusy();
}

void VisionSession::refreshBusy() {
    if (isBusy() == busy_)
        return;
    busy_ = !busy_;
    Q_EMIT busyChanged(busy_);
}

int VisionSession::datasetLabel(int index) const {
    if (!dataset_ || index < 0 || static_cast<std::size_t>(index) >= dataset_->labels.size())
        return -1;
    if (const auto vit = model(); vit && datasetMaxLabel_ >= static_cast<int>(vit->labels().size()))
        return -1;
    return dataset_->labels[static_cast<std::size_t>(index)];
}

QString VisionSession::labelName(int label) const {
    if (label < 0)
        return tr("unknown");
    if (auto vit = model(); vit && static_cast<std::size_t>(label) < vit->labels().size())
        return displayClassLabel(vit->labels()[static_cast<std::size_t>(label)]);
    if (dataset_ && static_cast<std::size_t>(label) < dataset_->labelNames.size())
        return displayClassLabel(dataset_->labelNames[static_cast<std::size_t>(label)]);
    return tr("class %1").arg(label);
}

attn::Image VisionSession::modelSized(const attn::Image& image) const {
    if (auto vit = model())
        return vit->resized(image);
    return image;
}

void VisionSession::onModelChanged() {
    Q_EMIT errorCleared();
    if (!model())
        return;
    Q_EMIT statusMessage(tr("Model %1 loaded").arg(slot_->directory()));
    Q_EMIT modelChanged();
    // Classify again what is shown; a dataset image through browse(), whose true label depends on the
    // model's classes (datasetLabel).
    if (dataset_ && browsed_ >= 0) {
        pending_.reset();
        browse(browsed_);
    } else if (pending_) {
        const Analysis p = *pending_;
        pending_.reset();
        setImage(p.input, p.source, p.trueLabel);
    } else if (analysis_) {
        setImage(analysis_->input, analysis_->source, analysis_->trueLabel);
    } else if (dataset_) {
        browse(std::max(0, browsed_));
    }
}

void VisionSession::setImage(const attn::Image& image, const QString& source, int trueLabel) {
    imagePath_.clear(); // openFile names the file once the image is set
    auto vit = model();
    if (!vit) {
        // Keep the image so that it is classified as soon as a model arrives.
        Analysis a;
        a.input = image;
        a.source = source;
        a.trueLabel = trueLabel;
        pending_ = std::move(a);
        if (!analysis_)
            Q_EMIT imageWaiting(image, source);
        Q_EMIT errorRaised(slot_->lastError().isEmpty() ? tr("No model loaded yet; use Open model…")
                                                        : slot_->lastError());
        return;
    }
    Q_EMIT statusMessage(tr("Classifying %1…").arg(source));
    classifyRunner_.run<Classified>(
        [vit, image](const JobContext&) { return classifyImage(*vit, image); },
        [this, source, trueLabel](Classified c) {
            Q_EMIT errorCleared();
            pending_.reset();
            Analysis a;
            a.input = std::move(c.input);
            a.modelView = std::move(c.modelView);
            a.result = std::move(c.result);
            a.rollout = std::move(c.rollout);
            a.source = source;
            a.trueLabel = trueLabel;
            analysis_ = std::move(a);
            Q_EMIT analysisChanged();
            Q_EMIT statusMessage(
                tr("%1: predicted %2").arg(source, displayClassLabel(analysis_->result.predictedLabel)));
        },
        [this, source](const QString& m) {
            Q_EMIT errorRaised(tr("Could not classify %1: %2").arg(source, m));
        });
}

void VisionSession::openFile(const QString& path, int index) {
    imageio::Kind kind = imageio::Kind::Unknown;
    try {
        kind = imageio::detectKind(path);
    } catch (const std::exception& e) {
        Q_EMIT errorRaised(QString::fromStdString(e.what()));
        return;
    }
    if (kind == imageio::Kind::Idx || kind == imageio::Kind::Cifar10) {
        openDataset(path, index);
        return;
    }
    if (kind == imageio::Kind::Unknown) {
        Q_EMIT errorRaised(tr("%1: not a PNG, JPEG, IDX or CIFAR-10 file").arg(path));
        return;
    }
    // Read the picture off the GUI thread, then classify it.
    readRunner_.run<attn::Image>([path](const JobContext&) { return imageio::readPicture(path); },
                                 [this, path](attn::Image img) {
                                     browsed_ = -1;
                                     setImage(img, QFileInfo(path).fileName());
                                     imagePath_ = path;
                                 },
                                 [this](const QString& m) { Q_EMIT errorRaised(m); });
}

void VisionSession::openDataset(const QString& path, int index) {
    Q_EMIT datasetReading(path);
    readRunner_.run<std::shared_ptr<const imageio::DatasetFile>>(
        [path](const JobContext&) {
            return std::shared_ptr<const imageio::DatasetFile>(
                std::make_shared<imageio::DatasetFile>(imageio::readDataset(path)));
        },
        [this, index](std::shared_ptr<const imageio::DatasetFile> file) {
            dataset_ = std::move(file);
            datasetMaxLabel_ = -1;
            for (const auto label : dataset_->labels)
                datasetMaxLabel_ = std::max(datasetMaxLabel_, static_cast<int>(label));
            predictions_.assign(dataset_->images.count, -1);
            const int last = std::max(0, static_cast<int>(dataset_->images.count) - 1);
            browsed_ = std::clamp(index, 0, last);
            Q_EMIT datasetChanged();
            browse(browsed_);
        },
        [this](const QString& m) {
            Q_EMIT datasetFailed(m);
            Q_EMIT errorRaised(m);
        });
}

void VisionSession::browse(int index) {
    if (!dataset_ || index < 0 || static_cast<std::size_t>(index) >= dataset_->images.count)
        return;
    browsed_ = index;
    try {
        setImage(imageio::datasetImage(*dataset_, static_cast<std::size_t>(index)),
                 tr("%1 #%2").arg(QFileInfo(dataset_->path).fileName()).arg(index), datasetLabel(index));
    } catch (const std::exception& e) {
        Q_EMIT errorRaised(QString::fromStdString(e.what()));
    }
}
