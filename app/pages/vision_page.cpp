#include "pages/vision_page.hpp"

#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "widgets/colormaps.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/patch_grid_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/position_similarity.hpp>
#include <attn/rollout.hpp>
#include <cmath>

namespace {

const char* const kDefaultModel = "vit-fashion-mnist";
const char* const kDefaultImages = "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz";
constexpr int kBatchSize = 250;

struct Classified {
    attn::Image input, modelView;
    attn::ClassifierResult result;
    attn::Matrix rollout;
};

Classified classifyImage(const attn::VitModel& model, attn::Image image) {
    Classified c;
    const auto& s = model.settings();
    c.modelView = attn::resizeBilinear(attn::convertChannels(image, s.inChannels), s.imageSize, s.imageSize);
    c.result = model.classify(image);
    c.rollout = attn::attentionRollout(c.result.attention);
    c.input = std::move(image);
    return c;
}

} // namespace

VisionPage::VisionPage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Architecture::Vit, QStringLiteral("vision"), this);
    trackBusy(slot_);
    for (JobRunner* runner : {&classifyRunner_, &datasetRunner_, &batchRunner_, &mixRunner_})
        trackBusy(runner);
    setAcceptDrops(true);

    auto* outer = new QVBoxLayout(this);

    // --- model bar ------------------------------------------------------------------------------
    auto* modelRow = new QHBoxLayout;
    modelBar_ = new ModelBar(slot_, tr("Model:"), this);
    modelBar_->setToolTip(tr("A ViT checkpoint directory (config.json + model.safetensors). "
                             "You can also drop a directory or an image on this page."));
    auto* openImage = new QPushButton(tr("Open image…"), this);
    openImage->setToolTip(
        tr("PNG / JPEG, or an IDX (MNIST, Fashion-MNIST, .gz too) or CIFAR-10 .bin file to browse"));
    modelRow->addWidget(modelBar_, 1);
    modelRow->addSpacing(16);
    modelRow->addWidget(openImage);
    outer->addLayout(modelRow);
    modelLabel_ = new QLabel(this);
    modelLabel_->setWordWrap(true);
    outer->addWidget(modelLabel_);

    error_ = new ErrorBanner(this);
    outer->addWidget(error_);

    // --- browse panel (left) --------------------------------------------------------------------
    auto* browse = new QWidget(this);
    auto* bl = new QVBoxLayout(browse);
    bl->setContentsMargins(0, 0, 0, 0);
    datasetLabel_ = new QLabel(tr("No dataset"), browse);
    datasetLabel_->setWordWrap(true);
    auto* idxRow = new QHBoxLayout;
    index_ = new QSpinBox(browse);
    index_->setRange(0, 0);
    index_->setPrefix(tr("index "));
    index_->setKeyboardTracking(false);
    mistakesOnly_ = new QCheckBox(tr("Mistakes only"), browse);
    mistakesOnly_->setToolTip(tr("List only the images whose prediction differs from the true label"));
    idxRow->addWidget(index_, 1);
    idxRow->addWidget(mistakesOnly_);
    list_ = new QListWidget(browse);
    list_->setUniformItemSizes(true);
    auto* predRow = new QHBoxLayout;
    predictAll_ = new QPushButton(tr("Predict all"), browse);
    predictAll_->setToolTip(tr("Classify every image of the dataset (in the background, in batches)"));
    cancelPredict_ = new QPushButton(tr("Cancel"), browse);
    cancelPredict_->setEnabled(false);
    predRow->addWidget(predictAll_);
    predRow->addWidget(cancelPredict_);
    predictProgress_ = new QProgressBar(browse);
    predictProgress_->setFormat(tr("%v / %m predicted"));
    predictProgress_->setRange(0, 1);
    predictProgress_->setValue(0);
    accuracy_ = new QLabel(browse);
    accuracy_->setWordWrap(true);
    bl->addWidget(datasetLabel_);
    bl->addLayout(idxRow);
    bl->addWidget(list_, 1);
    bl->addLayout(predRow);
    bl->addWidget(predictProgress_);
    bl->addWidget(accuracy_);
    browse->setMinimumWidth(250);

    // --- attention tab --------------------------------------------------------------------------
    tabs_ = new QTabWidget(this);
    auto* attnTab = new QWidget(tabs_);
    auto* al = new QVBoxLayout(attnTab);
    auto* sel = new QHBoxLayout;
    layerBox_ = new QComboBox(attnTab);
    headBox_ = new QComboBox(attnTab);
    layerBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    headBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    queryLabel_ = new QLabel(attnTab);
    resetQuery_ = new QPushButton(tr("Back to [CLS]"), attnTab);
    sel->addWidget(new QLabel(tr("Layer:"), attnTab));
    sel->addWidget(layerBox_);
    sel->addSpacing(8);
    sel->addWidget(new QLabel(tr("Head:"), attnTab));
    sel->addWidget(headBox_);
    sel->addSpacing(12);
    sel->addWidget(queryLabel_, 1);
    sel->addWidget(resetQuery_);
    sourceLabel_ = new QLabel(attnTab);
    sourceLabel_->setWordWrap(true);
    grid_ = new PatchGridView(attnTab);
    grid_->setEmptyText(tr("No image yet: pick one from the list on the left or use Open image…"));
    grid_->setToolTip(tr("Click a patch to see where that patch attends"));
    heatmap_ = new HeatmapView(attnTab);
    heatmap_->setAxisTitles(tr("query (attends from)"), tr("key (attends to)"));
    heatmap_->setEmptyText(tr("The full T x T attention map appears here once an image is classified"));
    probs_ = new QCustomPlot(attnTab);
    probs_->setMinimumHeight(180);
    predictionLabel_ = new QLabel(attnTab);
    predictionLabel_->setWordWrap(true);
    QFont pf = predictionLabel_->font();
    pf.setBold(true);
    predictionLabel_->setFont(pf);

    auto* leftCol = new QWidget(attnTab);
    auto* lc = new QVBoxLayout(leftCol);
    lc->setContentsMargins(0, 0, 0, 0);
    lc->addWidget(sourceLabel_);
    lc->addWidget(grid_, 3);
    lc->addWidget(predictionLabel_);
    lc->addWidget(probs_, 2);
    auto* attnSplit = new QSplitter(Qt::Horizontal, attnTab);
    attnSplit->addWidget(leftCol);
    attnSplit->addWidget(heatmap_);
    attnSplit->setStretchFactor(0, 1);
    attnSplit->setStretchFactor(1, 1);
    al->addLayout(sel);
    al->addWidget(attnSplit, 1);
    tabs_->addTab(attnTab, tr("Attention"));

    // --- CutMix tab -----------------------------------------------------------------------------
    auto* mixTab = new QWidget(tabs_);
    auto* ml = new QVBoxLayout(mixTab);
    auto* mixIntro =
        new QLabel(tr("CutMix (Yun et al. 2019) pastes a box of image B into image A; the training label "
                      "is mixed in proportion to the areas. Drag a box on image B, or draw one from a seed."),
                   mixTab);
    mixIntro->setWordWrap(true);
    auto* mixControls = new QHBoxLayout;
    mixPartner_ = new QSpinBox(mixTab);
    mixPartner_->setPrefix(tr("image B: index "));
    mixPartner_->setRange(0, 0);
    mixPartner_->setValue(1);
    mixPartner_->setKeyboardTracking(false);
    mixSeed_ = new QSpinBox(mixTab);
    mixSeed_->setPrefix(tr("seed "));
    mixSeed_->setRange(0, 999999);
    mixSeed_->setValue(7);
    mixSeed_->setKeyboardTracking(false);
    auto* newBox = new QPushButton(tr("Box from seed"), mixTab);
    mixControls->addWidget(mixPartner_);
    mixControls->addWidget(mixSeed_);
    mixControls->addWidget(newBox);
    mixControls->addStretch();
    auto* mixViews = new QGridLayout;
    mixA_ = new PatchGridView(mixTab);
    mixB_ = new PatchGridView(mixTab);
    mixOut_ = new PatchGridView(mixTab);
    mixA_->setEmptyText(tr("Image A is the image on the Attention tab"));
    mixB_->setEmptyText(tr("Image B comes from the browsed dataset"));
    mixOut_->setEmptyText(tr("Mixed image"));
    mixB_->setBoxEditable(true);
    mixB_->setToolTip(tr("Drag to choose the box that is pasted into A"));
    const QStringList heads = {tr("A (base)"), tr("B (patch source) — drag a box here"), tr("Mixed")};
    PatchGridView* views[] = {mixA_, mixB_, mixOut_};
    for (int i = 0; i < 3; ++i) {
        auto* h = new QLabel(heads[i], mixTab);
        h->setAlignment(Qt::AlignCenter);
        mixViews->addWidget(h, 0, i);
        mixViews->addWidget(views[i], 1, i);
    }
    mixViews->setRowStretch(1, 1);
    mixText_ = new QLabel(mixTab);
    QFont mf = mixText_->font();
    mf.setPointSizeF(mf.pointSizeF() * 1.4);
    mf.setBold(true);
    mixText_->setFont(mf);
    mixText_->setAlignment(Qt::AlignCenter);
    mixPrediction_ = new QLabel(mixTab);
    mixPrediction_->setAlignment(Qt::AlignCenter);
    mixPrediction_->setWordWrap(true);
    ml->addWidget(mixIntro);
    ml->addLayout(mixControls);
    ml->addLayout(mixViews, 1);
    ml->addWidget(mixText_);
    ml->addWidget(mixPrediction_);
    tabs_->addTab(mixTab, tr("CutMix"));

    // --- positions tab ----------------------------------------------------------------------------
    auto* posTab = new QWidget(tabs_);
    auto* pl = new QVBoxLayout(posTab);
    positionsNote_ = new QLabel(posTab);
    positionsNote_->setWordWrap(true);
    positions_ = new PositionSimilarityView(posTab);
    positions_->setEmptyText(tr("Load a ViT model to see its position embeddings"));
    pl->addWidget(positionsNote_);
    pl->addWidget(positions_, 1);
    tabs_->addTab(posTab, tr("Position embeddings"));

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(browse);
    split->addWidget(tabs_);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({280, 1100});
    outer->addWidget(split, 1);

    // --- behaviour ------------------------------------------------------------------------------
    connect(slot_, &ModelSlot::changed, this, &VisionPage::onModelChanged);
    connect(slot_, &ModelSlot::failed, this, [this](const QString& m) { showError(m); });
    connect(slot_, &ModelSlot::loadingStarted, this,
            [this](const QString& dir) { Q_EMIT statusMessage(tr("Loading model %1…").arg(dir)); });
    connect(openImage, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open an image or a dataset file"), QString(),
            tr("Images and datasets (*.png *.jpg *.jpeg *.bmp *.gz *-ubyte *.idx *.bin);;All files (*)"));
        if (!path.isEmpty())
            openFile(path, index_->value());
    });
    connect(index_, &QSpinBox::valueChanged, this, [this](int v) {
        if (!updating_)
            browseIndex(v);
    });
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (updating_ || row < 0)
            return;
        updating_ = true;
        index_->setValue(row);
        updating_ = false;
        browseIndex(row);
    });
    connect(mistakesOnly_, &QCheckBox::toggled, this, &VisionPage::setMistakesOnly);
    connect(predictAll_, &QPushButton::clicked, this, &VisionPage::predictAll);
    connect(cancelPredict_, &QPushButton::clicked, this, &VisionPage::cancelPredictions);
    connect(layerBox_, &QComboBox::activated, this,
            [this](int) { setLayer(layerBox_->currentData().toInt()); });
    connect(headBox_, &QComboBox::activated, this, [this](int) { setHead(headBox_->currentData().toInt()); });
    connect(resetQuery_, &QPushButton::clicked, this, [this] { setQuery(0); });
    connect(grid_, &PatchGridView::patchClicked, this, [this](int patch) { setQuery(patch + 1); });
    connect(heatmap_, &HeatmapView::cellClicked, this, [this](int row, int) {
        if (row >= 0)
            setQuery(row);
    });
    connect(&batchRunner_, &JobRunner::progress, this, [this](quint64, double f) {
        const int done = nextBatchStart_ - kBatchSize + static_cast<int>(f * kBatchSize);
        predictProgress_->setValue(std::clamp(done, 0, predictProgress_->maximum()));
    });
    connect(mixPartner_, &QSpinBox::valueChanged, this, [this] { refreshCutMix(); });
    connect(mixSeed_, &QSpinBox::valueChanged, this, [this](int seed) { setCutMixSeed(seed); });
    connect(newBox, &QPushButton::clicked, this, [this] { setCutMixSeed(mixSeed_->value()); });
    connect(mixB_, &PatchGridView::boxChanged, this, [this](const QRect& r) {
        setCutMixBox(attn::normalizedBox(r.left(), r.top(), r.left() + r.width(), r.top() + r.height(),
                                         mixB_->image().height(), mixB_->image().width()));
    });

    refreshSelectors();
    refreshAttention();
    refreshProbabilities();
}

void VisionPage::start() {
    // Defaults: the shipped model and the Fashion-MNIST test set, when present.
    if (!slot_->model() && !slot_->isLoading())
        slot_->loadDefault(QString::fromLatin1(kDefaultModel));
    // ATTNVIZ_VISION_DATASET overrides the default set (an empty value = none; the tests use this).
    const QString images = qEnvironmentVariableIsSet("ATTNVIZ_VISION_DATASET")
                               ? qEnvironmentVariable("ATTNVIZ_VISION_DATASET")
                               : QString::fromLatin1(kDefaultImages);
    if (!images.isEmpty() && QFileInfo::exists(images))
        openDataset(images);
    else if (images.isEmpty())
        datasetLabel_->setText(tr("No dataset: use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file."));
    else
        datasetLabel_->setText(
            tr("The Fashion-MNIST test set is not installed (%1; Debian package "
               "dataset-fashion-mnist). Use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file.")
                .arg(QString::fromLatin1(kDefaultImages)));
}

VisionPage::~VisionPage() = default;

HeatmapView* VisionPage::currentHeatmap() const {
    return heatmap_;
}

QWidget* VisionPage::exportWidget() {
    return tabs_->currentWidget();
}

std::shared_ptr<const attn::VitModel> VisionPage::model() const {
    return slot_->modelAs<attn::VitModel>();
}

// ---- errors -----------------------------------------------------------------------------------------

void VisionPage::showError(const QString& message) {
    error_->setMessages({message});
    Q_EMIT statusMessage(message);
}

void VisionPage::clearError() {
    error_->setMessages({});
}

QString VisionPage::errorText() const {
    return error_->text();
}
bool VisionPage::errorVisible() const {
    return !error_->isHidden();
}

// ---- model ------------------------------------------------------------------------------------------

void VisionPage::loadModel(const QString& dir) {
    slot_->load(dir);
}

void VisionPage::onModelChanged() {
    clearError();
    auto vit = model();
    if (!vit)
        return;
    const auto& s = vit->settings();
    modelLabel_->setText(
        tr("<b>%1</b>: ViT %2×%2 px, %3 channel(s), patches %4×%4 px (%5×%5), %6 layers × %7 heads, "
           "%8 classes")
            .arg(slot_->displayName().toHtmlEscaped())
            .arg(s.imageSize)
            .arg(s.inChannels)
            .arg(s.patchSize)
            .arg(s.patchesPerSide())
            .arg(s.encoder.nLayers)
            .arg(s.encoder.nHeads)
            .arg(s.labels.size()));
    modelLabel_->setToolTip(slot_->directory());
    Q_EMIT statusMessage(tr("Model %1 loaded").arg(slot_->directory()));
    layer_ = std::min(layer_, s.encoder.nLayers - 1);
    if (head_ >= s.encoder.nHeads)
        head_ = kMeanOfHeads;
    query_ = 0;
    refreshSelectors();

    // Position embeddings: a few dozen rows already in memory, so computed here.
    positions_->setSimilarity(attn::cosineSimilarity(attn::patchPositions(vit->positionEmbeddings())),
                              s.patchesPerSide());
    positionsNote_->setText(
        (s.positional == attn::Positional::Learned ? tr("Learned position embeddings.")
                                                   : tr("Fixed sinusoidal position embeddings.")) +
        QLatin1Char(' ') +
        tr("Each small grid belongs to one patch position (row by row, as in the image) and shows the "
           "cosine similarity of that position's embedding with every other position's (the ViT paper's "
           "figure 7). A trained model learns that nearby patches, and patches in the same row or "
           "column, get similar embeddings. Hover for values."));

    // Re-classify what is shown, and the browsed set.
    if (pending_) {
        const Analysis p = *pending_;
        pending_.reset();
        setImage(p.input, p.source, p.trueLabel);
    } else if (analysis_)
        setImage(analysis_->input, analysis_->source, analysis_->trueLabel);
    else if (dataset_)
        browseIndex(index_->value());
    predictions_.assign(dataset_ ? dataset_->images.count : 0, -1);
    refreshBrowseList();
    if (dataset_)
        predictAll();
}

// ---- images -----------------------------------------------------------------------------------------

void VisionPage::setImage(const attn::Image& image, const QString& source, int trueLabel) {
    auto vit = model();
    if (!vit) {
        // Keep the image so that it is classified as soon as a model arrives.
        Analysis a;
        a.input = image;
        a.source = source;
        a.trueLabel = trueLabel;
        pending_ = std::move(a);
        if (!analysis_) {
            grid_->setImage(imageio::toQImage(image));
            sourceLabel_->setText(tr("%1 — waiting for a model").arg(source));
        }
        showError(slot_->lastError().isEmpty() ? tr("No model loaded yet; use Open model…")
                                               : slot_->lastError());
        return;
    }
    Q_EMIT statusMessage(tr("Classifying %1…").arg(source));
    classifyRunner_.run<Classified>(
        [vit, image](const JobContext&) { return classifyImage(*vit, image); },
        [this, source, trueLabel](Classified c) {
            clearError();
            pending_.reset();
            Analysis a;
            a.input = std::move(c.input);
            a.modelView = std::move(c.modelView);
            a.result = std::move(c.result);
            a.rollout = std::move(c.rollout);
            a.source = source;
            a.trueLabel = trueLabel;
            analysis_ = std::move(a);
            const int T = static_cast<int>(analysis_->result.tokens.size());
            if (query_ >= T)
                query_ = 0;
            refreshAttention();
            refreshProbabilities();
            refreshCutMix();
            Q_EMIT statusMessage(
                tr("%1: predicted %2").arg(source, QString::fromStdString(analysis_->result.predictedLabel)));
        },
        [this, source](const QString& m) { showError(tr("Could not classify %1: %2").arg(source, m)); });
}

void VisionPage::openFile(const QString& path, int index) {
    imageio::Kind kind = imageio::Kind::Unknown;
    try {
        kind = imageio::detectKind(path);
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        return;
    }
    if (kind == imageio::Kind::Idx || kind == imageio::Kind::Cifar10) {
        openDataset(path, index);
        return;
    }
    if (kind == imageio::Kind::Unknown) {
        showError(tr("%1: not a PNG, JPEG, IDX or CIFAR-10 file").arg(path));
        return;
    }
    // Read the picture off the GUI thread, then classify it.
    datasetRunner_.run<attn::Image>(
        [path](const JobContext&) { return imageio::readPicture(path); },
        [this, path](attn::Image img) { setImage(img, QFileInfo(path).fileName()); },
        [this](const QString& m) { showError(m); });
}

void VisionPage::openDataset(const QString& path, int index) {
    datasetLabel_->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    datasetRunner_.run<std::shared_ptr<const imageio::DatasetFile>>(
        [path](const JobContext&) {
            return std::shared_ptr<const imageio::DatasetFile>(
                std::make_shared<imageio::DatasetFile>(imageio::readDataset(path)));
        },
        [this, path, index](std::shared_ptr<const imageio::DatasetFile> file) {
            cancelPredictions();
            dataset_ = std::move(file);
            predictions_.assign(dataset_->images.count, -1);
            datasetLabel_->setText(tr("<b>%1</b>: %2 images %3×%4%5")
                                       .arg(QFileInfo(path).fileName().toHtmlEscaped())
                                       .arg(dataset_->images.count)
                                       .arg(dataset_->images.cols)
                                       .arg(dataset_->images.rows)
                                       .arg(dataset_->labels.empty() ? tr(", no labels") : QString()));
            datasetLabel_->setToolTip(path);
            updating_ = true;
            const int last = std::max(0, static_cast<int>(dataset_->images.count) - 1);
            index_->setRange(0, last);
            mixPartner_->setRange(0, last);
            mixPartner_->setValue(
                std::min(last, 9)); // a different image than A by default (#9: a sneaker in Fashion-MNIST)
            index_->setValue(std::clamp(index, 0, last));
            updating_ = false;
            refreshBrowseList();
            browseIndex(index_->value());
            if (model())
                predictAll();
        },
        [this](const QString& m) {
            datasetLabel_->setText(dataset_ ? tr("Still browsing the previous dataset.") : tr("No dataset"));
            showError(m);
        });
}

void VisionPage::browseIndex(int index) {
    if (!dataset_ || index < 0 || static_cast<std::size_t>(index) >= dataset_->images.count)
        return;
    updating_ = true;
    if (list_->currentRow() != index)
        list_->setCurrentRow(index);
    updating_ = false;
    const int label =
        static_cast<std::size_t>(index) < dataset_->labels.size() ? dataset_->labels[index] : -1;
    try {
        setImage(imageio::datasetImage(*dataset_, static_cast<std::size_t>(index)),
                 tr("%1 #%2").arg(QFileInfo(dataset_->path).fileName()).arg(index), label);
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
    }
}

QString VisionPage::labelName(int label) const {
    if (label < 0)
        return tr("unknown");
    if (auto vit = model(); vit && static_cast<std::size_t>(label) < vit->labels().size())
        return QString::fromStdString(vit->labels()[static_cast<std::size_t>(label)]);
    if (dataset_ && static_cast<std::size_t>(label) < dataset_->labelNames.size())
        return QString::fromStdString(dataset_->labelNames[static_cast<std::size_t>(label)]);
    return tr("class %1").arg(label);
}

attn::Image VisionPage::modelSized(const attn::Image& image) const {
    if (auto vit = model()) {
        const auto& s = vit->settings();
        return attn::resizeBilinear(attn::convertChannels(image, s.inChannels), s.imageSize, s.imageSize);
    }
    return image;
}

// ---- browsing and predictions -------------------------------------------------------------------------

void VisionPage::refreshBrowseRow(int row) {
    QListWidgetItem* item = list_->item(row);
    if (!item || !dataset_)
        return;
    const int truth = static_cast<std::size_t>(row) < dataset_->labels.size() ? dataset_->labels[row] : -1;
    const int pred = static_cast<std::size_t>(row) < predictions_.size() ? predictions_[row] : -1;
    QString text =
        QStringLiteral("#%1  %2").arg(row).arg(truth >= 0 ? labelName(truth) : QStringLiteral("?"));
    if (pred >= 0) {
        const bool wrong = truth >= 0 && pred != truth;
        text += wrong ? QStringLiteral("  ✗ → %1").arg(labelName(pred)) : QStringLiteral("  ✓");
        item->setForeground(wrong ? QColor(0xb0, 0x00, 0x20) : palette().color(QPalette::Text));
        item->setToolTip(tr("true: %1, predicted: %2").arg(labelName(truth), labelName(pred)));
    }
    item->setText(text);
    list_->setRowHidden(row, mistakesOnly_->isChecked() && !(pred >= 0 && truth >= 0 && pred != truth));
}

void VisionPage::refreshBrowseList() {
    updating_ = true;
    list_->clear();
    if (dataset_) {
        const int n = static_cast<int>(dataset_->images.count);
        for (int i = 0; i < n; ++i)
            list_->addItem(QString());
        for (int i = 0; i < n; ++i)
            refreshBrowseRow(i);
        list_->setCurrentRow(index_->value());
    }
    updating_ = false;
    predictProgress_->setRange(0, std::max<int>(1, dataset_ ? static_cast<int>(dataset_->images.count) : 1));
}

void VisionPage::predictAll() {
    if (!dataset_ || !model())
        return;
    predictions_.assign(dataset_->images.count, -1);
    nextBatchStart_ = 0;
    predicting_ = true;
    predictAll_->setEnabled(false);
    cancelPredict_->setEnabled(true);
    predictProgress_->setRange(0, std::max(1, static_cast<int>(dataset_->images.count)));
    predictProgress_->setValue(0);
    accuracy_->setText(tr("Predicting…"));
    startNextBatch();
}

void VisionPage::startNextBatch() {
    auto vit = model();
    if (!predicting_ || !dataset_ || !vit)
        return;
    const int n = static_cast<int>(dataset_->images.count);
    const int begin = nextBatchStart_, end = std::min(n, begin + kBatchSize);
    if (begin >= n) {
        predicting_ = false;
        predictAll_->setEnabled(true);
        cancelPredict_->setEnabled(false);
        predictProgress_->setValue(n);
        int known = 0, right = 0;
        for (int i = 0; i < n; ++i)
            if (static_cast<std::size_t>(i) < dataset_->labels.size() && predictions_[i] >= 0) {
                ++known;
                right += predictions_[i] == dataset_->labels[i];
            }
        accuracy_->setText(
            known > 0
                ? tr("Accuracy: %1 / %2 = %3%").arg(right).arg(known).arg(100.0 * right / known, 0, 'f', 1)
                : tr("All %1 images predicted").arg(n));
        return;
    }
    nextBatchStart_ = end;
    auto data = dataset_;
    batchRunner_.run<std::vector<int>>(
        [vit, data, begin, end](const JobContext& job) {
            std::vector<int> out;
            out.reserve(static_cast<std::size_t>(end - begin));
            for (int i = begin; i < end; ++i) {
                if (job.cancelled())
                    break;
                out.push_back(
                    vit->classify(imageio::datasetImage(*data, static_cast<std::size_t>(i))).predicted);
                if ((i - begin) % 25 == 0)
                    job.reportProgress(static_cast<double>(i - begin) / (end - begin));
            }
            return out;
        },
        [this, begin](std::vector<int> preds) {
            for (std::size_t k = 0; k < preds.size(); ++k) {
                predictions_[begin + k] = preds[k];
                refreshBrowseRow(begin + static_cast<int>(k));
            }
            predictProgress_->setValue(begin + static_cast<int>(preds.size()));
            startNextBatch();
        },
        [this](const QString& m) {
            predicting_ = false;
            predictAll_->setEnabled(true);
            cancelPredict_->setEnabled(false);
            showError(tr("Predicting the dataset failed: %1").arg(m));
        });
}

void VisionPage::cancelPredictions() {
    if (!predicting_)
        return;
    batchRunner_.cancel();
    predicting_ = false;
    predictAll_->setEnabled(true);
    cancelPredict_->setEnabled(false);
    accuracy_->setText(tr("Cancelled after %1 images").arg(predictProgress_->value()));
}

void VisionPage::setMistakesOnly(bool on) {
    if (mistakesOnly_->isChecked() != on) {
        mistakesOnly_->setChecked(on);
        return;
    }
    if (!dataset_)
        return;
    for (int i = 0; i < list_->count(); ++i)
        refreshBrowseRow(i);
}

int VisionPage::visibleBrowseRows() const {
    int n = 0;
    for (int i = 0; i < list_->count(); ++i)
        n += !list_->isRowHidden(i);
    return n;
}

// ---- attention view ---------------------------------------------------------------------------------

void VisionPage::refreshSelectors() {
    updating_ = true;
    layerBox_->clear();
    headBox_->clear();
    if (auto vit = model()) {
        const auto& e = vit->settings().encoder;
        for (int l = 0; l < e.nLayers; ++l)
            layerBox_->addItem(tr("%1 of %2").arg(l + 1).arg(e.nLayers), l);
        layerBox_->addItem(tr("Rollout (all layers)"), kRollout);
        headBox_->addItem(tr("Mean of heads"), kMeanOfHeads);
        for (int h = 0; h < e.nHeads; ++h)
            headBox_->addItem(tr("%1 of %2").arg(h + 1).arg(e.nHeads), h);
    }
    layerBox_->setCurrentIndex(std::max(0, layerBox_->findData(layer_)));
    headBox_->setCurrentIndex(std::max(0, headBox_->findData(head_)));
    headBox_->setEnabled(layer_ != kRollout && headBox_->count() > 0);
    headBox_->setToolTip(layer_ == kRollout ? tr("Rollout always averages the heads of every layer")
                                            : QString());
    updating_ = false;
}

void VisionPage::setLayer(int layer) {
    layer_ = layer;
    refreshSelectors();
    refreshAttention();
}

void VisionPage::setHead(int head) {
    head_ = head;
    refreshSelectors();
    refreshAttention();
}

void VisionPage::setQuery(int position) {
    query_ = std::max(0, position);
    refreshAttention();
}

attn::Matrix VisionPage::currentMatrix() const {
    if (!analysis_ || analysis_->result.attention.empty())
        return {};
    const auto& att = analysis_->result.attention;
    if (layer_ == kRollout)
        return analysis_->rollout;
    const auto& heads =
        att[static_cast<std::size_t>(std::clamp<int>(layer_, 0, static_cast<int>(att.size()) - 1))];
    if (head_ == kMeanOfHeads || head_ >= static_cast<int>(heads.size()))
        return attn::meanOfHeads(heads);
    return heads[static_cast<std::size_t>(head_)];
}

const std::vector<float>& VisionPage::overlayValues() const {
    return grid_->overlay();
}

void VisionPage::refreshAttention() {
    if (!analysis_ || analysis_->modelView.empty()) {
        heatmap_->clear();
        grid_->clearOverlay();
        queryLabel_->setText(tr("Query: [CLS]"));
        resetQuery_->setEnabled(false);
        return;
    }
    auto vit = model();
    const int patch = vit ? vit->settings().patchSize : 0;
    grid_->setImage(imageio::toQImage(analysis_->modelView));
    grid_->setPatchSize(patch);
    const attn::Matrix m = currentMatrix(); // T x T
    const auto& tokens = analysis_->result.tokens;
    QStringList labels;
    for (const auto& t : tokens)
        labels << QString::fromStdString(t);
    const int T = static_cast<int>(m.rows());
    if (query_ >= T)
        query_ = 0;
    grid_->setOverlay(attn::rowWithoutColumn(m, query_, 0));
    grid_->setSelectedPatch(query_ > 0 ? query_ - 1 : -1);

    const QString what =
        layer_ == kRollout
            ? tr("Attention rollout through all %1 layers").arg(analysis_->result.attention.size())
            : tr("Layer %1, %2")
                  .arg(layer_ + 1)
                  .arg(head_ == kMeanOfHeads ? tr("mean of heads") : tr("head %1").arg(head_ + 1));
    heatmap_->setTitle(what);
    heatmap_->setMatrix(m, labels, labels);
    const QString q = labels.value(query_);
    queryLabel_->setText(
        query_ == 0 ? tr("Overlay: where <b>[CLS]</b> attends — click a patch to see where it attends")
                    : tr("Overlay: where patch <b>%1</b> attends (its row of the map)").arg(q));
    resetQuery_->setEnabled(query_ != 0);
    const QString truth =
        analysis_->trueLabel >= 0
            ? tr(", true label <b>%1</b>").arg(labelName(analysis_->trueLabel).toHtmlEscaped())
            : QString();
    sourceLabel_->setText(tr("%1 (shown as the model sees it: %2×%2 px, grid every %3 px)%4")
                              .arg(analysis_->source.toHtmlEscaped())
                              .arg(analysis_->modelView.width)
                              .arg(patch)
                              .arg(truth));
}

void VisionPage::refreshProbabilities() {
    probs_->clearPlottables();
    probs_->clearItems();
    if (!analysis_ || analysis_->result.probabilities.empty()) {
        predictionLabel_->setText(analysis_ ? QString() : tr("No prediction yet"));
        probs_->replot();
        return;
    }
    const auto& p = analysis_->result.probabilities;
    const int n = static_cast<int>(p.size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, values, predKey, predValue;
    for (int i = 0; i < n; ++i) {
        ticker->addTick(i, labelName(i));
        if (i == analysis_->result.predicted) {
            predKey << i;
            predValue << p[static_cast<std::size_t>(i)];
        } else {
            keys << i;
            values << p[static_cast<std::size_t>(i)];
        }
    }
    auto* bars = new QCPBars(probs_->yAxis, probs_->xAxis);
    bars->setData(keys, values, true);
    bars->setWidth(0.7);
    bars->setPen(Qt::NoPen);
    bars->setBrush(QColor(0x7f, 0x9c, 0xc0));
    auto* pred = new QCPBars(probs_->yAxis, probs_->xAxis);
    pred->setData(predKey, predValue, true);
    pred->setWidth(0.7);
    pred->setPen(Qt::NoPen);
    pred->setBrush(QColor(0x1f, 0x5a, 0xa6));
    for (int i = 0; i < n; ++i) {
        auto* t = new QCPItemText(probs_);
        t->position->setCoords(p[static_cast<std::size_t>(i)] + 0.01, i);
        t->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        t->setText(QStringLiteral("%1%").arg(100.0 * p[static_cast<std::size_t>(i)], 0, 'f', 1));
        t->setClipToAxisRect(false);
    }
    probs_->yAxis->setTicker(ticker);
    probs_->yAxis->setRange(-0.6, n - 0.4);
    probs_->yAxis->setRangeReversed(true);
    probs_->yAxis->grid()->setVisible(false);
    probs_->xAxis->setRange(0, 1.15);
    probs_->xAxis->setLabel(tr("probability"));
    probs_->replot();

    const int pi = analysis_->result.predicted;
    const int t = analysis_->trueLabel;
    QString text =
        tr("Predicted: %1 (%2%)").arg(labelName(pi)).arg(100.0 * p[static_cast<std::size_t>(pi)], 0, 'f', 1);
    if (t >= 0)
        text += t == pi ? tr(" — correct") : tr(" — wrong, the true label is %1").arg(labelName(t));
    predictionLabel_->setText(text);
    predictionLabel_->setStyleSheet(t >= 0 && t != pi ? QStringLiteral("color: #b00020;") : QString());
}

// ---- CutMix -----------------------------------------------------------------------------------------

void VisionPage::setCutMixSeed(int seed) {
    if (mixSeed_->value() != seed) {
        mixSeed_->setValue(seed); // re-enters
        return;
    }
    if (!analysis_ || analysis_->modelView.empty())
        return;
    mixBox_ = attn::sampleCutMixBox(analysis_->modelView.height, analysis_->modelView.width,
                                    static_cast<std::uint64_t>(seed));
    refreshCutMix();
}

void VisionPage::setCutMixBox(const attn::CutMixBox& box) {
    mixBox_ = box;
    refreshCutMix();
}

void VisionPage::setCutMixPartner(int datasetIndex) {
    mixPartner_->setValue(datasetIndex);
}

QString VisionPage::cutMixText() const {
    return mixText_->text();
}

void VisionPage::refreshCutMix() {
    if (!analysis_ || analysis_->modelView.empty()) {
        mixText_->setText(tr("Classify an image first (it becomes image A)"));
        return;
    }
    const attn::Image& a = analysis_->modelView;
    mixA_->setImage(imageio::toQImage(a));
    if (!dataset_ || dataset_->images.count == 0) {
        mixB_->setImage({});
        mixOut_->setImage({});
        mixText_->setText(tr("Open a dataset to pick image B"));
        return;
    }
    const int bIndex = std::clamp(mixPartner_->value(), 0, static_cast<int>(dataset_->images.count) - 1);
    attn::Image b;
    try {
        b = modelSized(imageio::datasetImage(*dataset_, static_cast<std::size_t>(bIndex)));
        if (b.channels != a.channels)
            b = attn::convertChannels(b, a.channels);
        if (b.height != a.height || b.width != a.width)
            b = attn::resizeBilinear(b, a.height, a.width);
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        return;
    }
    if (mixBox_.area() == 0 && mixBox_.x1 == 0)
        mixBox_ = attn::sampleCutMixBox(a.height, a.width, static_cast<std::uint64_t>(mixSeed_->value()));
    cutMix_ = attn::cutMix(a, b, mixBox_);
    const QRect r(cutMix_.box.x0, cutMix_.box.y0, cutMix_.box.width(), cutMix_.box.height());
    mixB_->setImage(imageio::toQImage(b));
    mixB_->setBox(r);
    mixOut_->setImage(imageio::toQImage(cutMix_.image));
    mixOut_->setBox(r);
    if (auto vit = model()) {
        mixA_->setPatchSize(vit->settings().patchSize);
        mixB_->setPatchSize(vit->settings().patchSize);
        mixOut_->setPatchSize(vit->settings().patchSize);
    }
    const QString aName = analysis_->trueLabel >= 0
                              ? labelName(analysis_->trueLabel)
                              : tr("%1 (predicted)").arg(labelName(analysis_->result.predicted));
    const int bLabel =
        static_cast<std::size_t>(bIndex) < dataset_->labels.size() ? dataset_->labels[bIndex] : -1;
    const QString bName = bLabel >= 0 ? labelName(bLabel) : tr("image #%1").arg(bIndex);
    const long pa = std::lround(100.0 * cutMix_.baseShare);
    mixText_->setText(tr("%1% %2 + %3% %4").arg(pa).arg(aName).arg(100 - pa).arg(bName));
    mixText_->setToolTip(tr("Box %1×%2 px of %3×%4: area ratio %5 (exact)")
                             .arg(cutMix_.box.width())
                             .arg(cutMix_.box.height())
                             .arg(a.width)
                             .arg(a.height)
                             .arg(cutMix_.patchShare, 0, 'f', 4));
    // What the model makes of the mixed image.
    if (auto vit = model()) {
        mixPrediction_->setText(tr("Model on the mixed image: …"));
        mixRunner_.run<attn::ClassifierResult>(
            [vit, img = cutMix_.image](const JobContext&) { return vit->classify(img); },
            [this](attn::ClassifierResult res) {
                std::vector<int> order(res.probabilities.size());
                for (std::size_t i = 0; i < order.size(); ++i)
                    order[i] = static_cast<int>(i);
                std::sort(order.begin(), order.end(),
                          [&](int x, int y) { return res.probabilities[x] > res.probabilities[y]; });
                QStringList top;
                for (std::size_t k = 0; k < std::min<std::size_t>(3, order.size()); ++k)
                    top << tr("%1 %2%")
                               .arg(labelName(order[k]))
                               .arg(100.0 * res.probabilities[order[k]], 0, 'f', 0);
                mixPrediction_->setText(
                    tr("Model on the mixed image: %1").arg(top.join(QStringLiteral(", "))));
            },
            [this](const QString& m) {
                mixPrediction_->setText(tr("Model on the mixed image failed: %1").arg(m));
            });
    }
}

// ---- drag and drop ------------------------------------------------------------------------------------

void VisionPage::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && !event->mimeData()->urls().isEmpty() &&
        event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void VisionPage::dropEvent(QDropEvent* event) {
    const QString path = event->mimeData()->urls().first().toLocalFile();
    if (QFileInfo(path).isDir())
        loadModel(path);
    else
        openFile(path, index_->value());
    event->acceptProposedAction();
}
