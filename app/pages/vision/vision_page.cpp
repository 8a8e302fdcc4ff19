#include "pages/vision/vision_page.hpp"

#include "pages/explain/explain_panel.hpp"
#include "pages/vision/cutmix_panel.hpp"
#include "pages/vision/dataset_browser.hpp"
#include "pages/vision/position_embedding_panel.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/vision/vit_attention_panel.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/format.hpp"
#include "widgets/model_bar.hpp"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace {
const char* const kDefaultModel = "vit-fashion-mnist";
const char* const kDefaultImages = "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz";
} // namespace

VisionPage::VisionPage(QWidget* parent) : Page(parent) {
    session_ = new VisionSession(this);
    trackBusy([this] { return session_->isBusy(); });
    connect(session_, &VisionSession::busyChanged, this, [this] { refreshBusy(); });
    setAcceptDrops(true);

    auto* outer = new QVBoxLayout(this);
    auto* modelRow = new QHBoxLayout;
    modelBar_ = new ModelBar(session_->slot(), tr("Model:"), this);
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

    browser_ = new DatasetBrowser(session_, this);
    trackBusy(browser_->jobs());
    tabs_ = new QTabWidget(this);
    attention_ = new VitAttentionPanel(session_, tabs_);
    cutMix_ = new CutMixPanel(session_, tabs_);
    trackBusy(cutMix_->jobs());
    positions_ = new PositionEmbeddingPanel(session_, tabs_);
    tabs_->addTab(attention_, tr("Attention"));
    tabs_->addTab(cutMix_, tr("CutMix"));
    tabs_->addTab(positions_, tr("Position embeddings"));
    // Issue 17: the explanation methods as overlays on the current image.
    auto* explain = new ExplainPanel(tabs_);
    explain->setInputProvider([this]() -> std::optional<explainview::Input> {
        const auto& a = session_->analysis();
        if (!session_->model() || !a)
            return std::nullopt;
        return explainview::Input{session_->slot()->handle(), {}, a->input, a->modelView};
    });
    explain->setUnavailableReason([this] {
        const auto model = session_->model();
        return model ? explainview::refusalText(model->explainRefusal()) : QString();
    });
    tabs_->addTab(explain, tr("Explain"));
    // Another image or model: the Explain tab must not keep the previous input's explanation.
    connect(session_, &VisionSession::analysisChanged, explain, &ExplainPanel::inputChanged);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(browser_);
    split->addWidget(tabs_);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({280, 1100});
    outer->addWidget(split, 1);

    connect(session_, &VisionSession::modelChanged, this, &VisionPage::onModelChanged);
    connect(session_, &VisionSession::errorRaised, this, &VisionPage::showError);
    connect(session_, &VisionSession::errorCleared, this, [this] { error_->setMessages({}); });
    connect(session_, &VisionSession::statusMessage, this, &Page::statusMessage);
    connect(openImage, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open an image or a dataset file"), QString(),
            tr("Images and datasets (*.png *.jpg *.jpeg *.bmp *.gz *-ubyte *.idx *.bin);;All files (*)"));
        if (!path.isEmpty())
            openFile(path, browser_->currentIndex());
    });
}

VisionPage::~VisionPage() = default;

void VisionPage::start() {
    if (!session_->slot()->hasModel() && !session_->slot()->isLoading())
        session_->slot()->loadDefault(QString::fromLatin1(kDefaultModel));
    const QString images = defaultDatasetPath();
    if (session_->hasContent() || session_->isReading())
        return; // restored (restoreState): the user's set or image stays
    if (!images.isEmpty() && QFileInfo::exists(images))
        session_->openDataset(images);
    else if (images.isEmpty())
        browser_->setNoDatasetText(
            tr("No dataset: use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file."));
    else
        browser_->setNoDatasetText(tr("The Fashion-MNIST test set is not installed (%1; Debian package "
                                      "dataset-fashion-mnist). Use Open image… to open a PNG/JPEG, IDX or "
                                      "CIFAR-10 file.")
                                       .arg(QString::fromLatin1(kDefaultImages)));
}

QString VisionPage::defaultDatasetPath() {
    // ATTNVIZ_VISION_DATASET overrides the default set (an empty value = none; the tests use this).
    return qEnvironmentVariableIsSet("ATTNVIZ_VISION_DATASET")
               ? qEnvironmentVariable("ATTNVIZ_VISION_DATASET")
               : QString::fromLatin1(kDefaultImages);
}

HeatmapView* VisionPage::currentHeatmap() const {
    return attention_->heatmap();
}

QWidget* VisionPage::exportWidget() {
    return tabs_->currentWidget();
}

ModelSlot* VisionPage::modelSlot() const {
    return session_->slot();
}

void VisionPage::showError(const QString& message) {
    error_->setMessages({message});
    Q_EMIT statusMessage(message);
}

QString VisionPage::errorText() const {
    return error_->text();
}

bool VisionPage::errorVisible() const {
    return !error_->isHidden();
}

// Presenter mode: the tabs in order (Attention, CutMix, Position embeddings, Explain).
bool VisionPage::stepForward() {
    const int next = tabs_->currentIndex() + 1;
    if (next >= tabs_->count())
        return false;
    tabs_->setCurrentIndex(next);
    return true;
}

bool VisionPage::stepBack() {
    const int previous = tabs_->currentIndex() - 1;
    if (previous < 0)
        return false;
    tabs_->setCurrentIndex(previous);
    return true;
}

void VisionPage::setTeachingMode(bool on) {
    Page::setTeachingMode(on);
    for (ExplainPanel* explain : findChildren<ExplainPanel*>())
        explain->setTeachingMode(on, zoomFactor());
}

void VisionPage::loadModel(const QString& dir) {
    session_->slot()->load(dir);
}

void VisionPage::openFile(const QString& path, int index) {
    session_->openFile(path, index);
}

void VisionPage::onModelChanged() {
    const auto& s = session_->model()->settings();
    const QString channels = s.inChannels == 1   ? tr("greyscale")
                             : s.inChannels == 3 ? tr("RGB")
                                                 : tr("%1 channels").arg(s.inChannels);
    modelLabel_->setText(
        tr("<b>%1</b>: ViT %2×%2 px, %3, patches %4×%4 px (%5×%5), %6 layers × %7 heads, %8 classes")
            .arg(format::esc(session_->slot()->displayName()))
            .arg(s.imageSize)
            .arg(channels)
            .arg(s.patchSize)
            .arg(s.patchesPerSide())
            .arg(s.encoder.nLayers)
            .arg(s.encoder.nHeads)
            .arg(s.labels.size()));
    modelLabel_->setToolTip(session_->slot()->directory());
}

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
        openFile(path, browser_->currentIndex());
    event->acceptProposedAction();
}
