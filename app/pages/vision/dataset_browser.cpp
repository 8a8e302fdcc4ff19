#include "pages/vision/dataset_browser.hpp"

#include "pages/vision/vision_session.hpp"
#include "widgets/format.hpp"

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace {
constexpr int kBatchSize = 250;
}

QSize DatasetBrowser::minimumSizeHint() const {
    return QWidget::minimumSizeHint().expandedTo(QSize(250, 0));
}

DatasetBrowser::DatasetBrowser(VisionSession* session, QWidget* parent) : QWidget(parent), session_(session) {
    auto* bl = new QVBoxLayout(this);
    bl->setContentsMargins(0, 0, 0, 0);
    noDatasetText_ = tr("No dataset");
    datasetLabel_ = new QLabel(noDatasetText_, this);
    datasetLabel_->setWordWrap(true);
    auto* idxRow = new QHBoxLayout;
    index_ = new QSpinBox(this);
    index_->setRange(0, 0);
    index_->setPrefix(tr("index "));
    index_->setKeyboardTracking(false);
    index_->setObjectName(QStringLiteral("index"));
    mistakesOnly_ = new QCheckBox(tr("Mistakes only"), this);
    mistakesOnly_->setToolTip(tr("List only the images whose prediction differs from the true label"));
    idxRow->addWidget(index_, 1);
    idxRow->addWidget(mistakesOnly_);
    list_ = new QListWidget(this);
    list_->setUniformItemSizes(true);
    auto* predRow = new QHBoxLayout;
    predictAll_ = new QPushButton(tr("Predict all"), this);
    predictAll_->setObjectName(QStringLiteral("predictAll"));
    predictAll_->setToolTip(tr("Classify every image of the dataset (in the background, in batches)"));
    cancelPredict_ = new QPushButton(tr("Cancel"), this);
    cancelPredict_->setEnabled(false);
    predRow->addWidget(predictAll_);
    predRow->addWidget(cancelPredict_);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("progress"));
    progress_->setFormat(tr("%v / %m predicted"));
    progress_->setRange(0, 1);
    progress_->setValue(0);
    accuracy_ = new QLabel(this);
    accuracy_->setWordWrap(true);
    bl->addWidget(datasetLabel_);
    bl->addLayout(idxRow);
    bl->addWidget(list_, 1);
    bl->addLayout(predRow);
    bl->addWidget(progress_);
    bl->addWidget(accuracy_);
    updateControls();

    connect(index_, &QSpinBox::valueChanged, this, [this](int v) { session_->browse(v); });
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        const QSignalBlocker block(index_);
        index_->setValue(row);
        session_->browse(row);
    });
    connect(mistakesOnly_, &QCheckBox::toggled, this, &DatasetBrowser::setMistakesOnly);
    connect(predictAll_, &QPushButton::clicked, this, &DatasetBrowser::predictAll);
    connect(cancelPredict_, &QPushButton::clicked, this, &DatasetBrowser::cancelPredictions);
    connect(&batchRunner_, &JobRunner::progress, this, [this](quint64, double f) {
        const int done = nextBatchStart_ - kBatchSize + static_cast<int>(f * kBatchSize);
        progress_->setValue(std::clamp(done, 0, progress_->maximum()));
    });
    connect(session_, &VisionSession::datasetReading, this, [this](const QString& path) {
        datasetLabel_->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    });
    connect(session_, &VisionSession::datasetFailed, this, [this] {
        if (session_->dataset())
            datasetLabel_->setText(tr("Still browsing the previous dataset."));
        else
            refreshHeader();
        updateControls();
    });
    connect(session_, &VisionSession::datasetChanged, this, &DatasetBrowser::onDatasetChanged);
    connect(session_, &VisionSession::modelChanged, this, [this] {
        const auto& data = session_->dataset();
        session_->predictions().assign(data ? data->images.count : 0, -1);
        refreshList();
        updateControls();
        if (data && autoPredict_)
            predictAll();
    });
    connect(session_, &VisionSession::analysisChanged, this, [this] {
        // Follow the session when it classifies a dataset image (e.g. the first one after opening).
        const int i = session_->browsedIndex();
        const QSignalBlocker blockList(list_);
        if (i < 0) {
            // An opened picture replaces the browsed image: the list must not still mark #N as shown,
            // nor the header name the set as what is shown.
            list_->setCurrentRow(-1);
            list_->clearSelection();
            pictureSource_ = session_->analysis()->source;
            refreshHeader();
            return;
        }
        if (!pictureSource_.isEmpty()) {
            pictureSource_.clear();
            refreshHeader();
        }
        if (i >= list_->count())
            return;
        const QSignalBlocker blockIndex(index_);
        list_->setCurrentRow(i);
        index_->setValue(i);
    });
    connect(session_, &VisionSession::imageWaiting, this, [this](const attn::Image&, const QString& source) {
        if (session_->browsedIndex() >= 0)
            return;
        pictureSource_ = source; // a picture waiting for a model (or carried by the language switch)
        refreshHeader();
    });
}

int DatasetBrowser::currentIndex() const {
    return index_->value();
}

int DatasetBrowser::selectedRow() const {
    const auto items = list_->selectedItems();
    return items.isEmpty() ? -1 : list_->row(items.first());
}

void DatasetBrowser::setNoDatasetText(const QString& text) {
    noDatasetText_ = text;
    refreshHeader();
}

QString DatasetBrowser::headerText() const {
    return datasetLabel_->text();
}

void DatasetBrowser::refreshHeader() {
    const auto& data = session_->dataset();
    const QString set = data ? tr("<b>%1</b>: %2 images %3×%4%5")
                                   .arg(format::esc(QFileInfo(data->path).fileName()))
                                   .arg(data->images.count)
                                   .arg(data->images.cols)
                                   .arg(data->images.rows)
                                   .arg(data->labels.empty() ? tr(", no labels") : QString())
                             : QString();
    datasetLabel_->setToolTip(data ? data->path : QString());
    if (pictureSource_.isEmpty())
        datasetLabel_->setText(data ? set : noDatasetText_);
    else if (data)
        datasetLabel_->setText(tr("Shown: <b>%1</b>, an opened image, not from this list.<br>The list: %2 "
                                  "(pick one to show it).")
                                   .arg(format::esc(pictureSource_), set));
    else
        datasetLabel_->setText(
            tr("Shown: <b>%1</b>, an opened image. No dataset to browse.").arg(format::esc(pictureSource_)));
}

void DatasetBrowser::onDatasetChanged() {
    cancelPredictions();
    const auto& data = session_->dataset();
    if (session_->browsedIndex() >= 0)
        pictureSource_.clear(); // a newly opened set shows its own image
    refreshHeader();
    {
        const QSignalBlocker block(index_);
        index_->setRange(0, std::max(0, static_cast<int>(data->images.count) - 1));
        index_->setValue(std::max(0, session_->browsedIndex()));
    }
    refreshList();
    updateControls();
    if (session_->model() && autoPredict_)
        predictAll();
}

void DatasetBrowser::updateControls() {
    // Without a set there is nothing to index, filter or predict: the controls say so by being off, and
    // the progress bar (whose empty range would read "0 / 1 predicted") is hidden.
    const bool hasData = session_->dataset() != nullptr;
    index_->setEnabled(hasData);
    mistakesOnly_->setEnabled(hasData);
    list_->setEnabled(hasData);
    predictAll_->setEnabled(hasData && session_->model() && !predicting_);
    progress_->setVisible(hasData);
}

void DatasetBrowser::refreshRow(int row) {
    QListWidgetItem* item = list_->item(row);
    const auto& data = session_->dataset();
    if (!item || !data)
        return;
    const int truth = session_->datasetLabel(row);
    const auto& predictions = session_->predictions();
    const int pred = static_cast<std::size_t>(row) < predictions.size() ? predictions[row] : -1;
    QString text =
        QStringLiteral("#%1  %2").arg(row).arg(truth >= 0 ? session_->labelName(truth) : QStringLiteral("?"));
    if (pred >= 0) {
        const bool wrong = truth >= 0 && pred != truth;
        text += wrong       ? QStringLiteral("  ✗ → %1").arg(session_->labelName(pred))
                : truth < 0 ? QStringLiteral("  → %1").arg(session_->labelName(pred)) // nothing to compare
                            : QStringLiteral("  ✓");
        item->setForeground(wrong ? format::errorColor() : palette().color(QPalette::Text));
        item->setToolTip(
            tr("true: %1, predicted: %2").arg(session_->labelName(truth), session_->labelName(pred)));
    }
    item->setText(text);
    list_->setRowHidden(row, mistakesOnly_->isChecked() && !(pred >= 0 && truth >= 0 && pred != truth));
}

void DatasetBrowser::refreshList() {
    const auto& data = session_->dataset();
    {
        const QSignalBlocker block(list_);
        list_->clear();
        if (data) {
            const int n = static_cast<int>(data->images.count);
            for (int i = 0; i < n; ++i)
                list_->addItem(QString());
            for (int i = 0; i < n; ++i)
                refreshRow(i);
            list_->setCurrentRow(index_->value());
        }
    }
    progress_->setRange(0, std::max<int>(1, data ? static_cast<int>(data->images.count) : 1));
}

void DatasetBrowser::predictAll() {
    const auto& data = session_->dataset();
    if (!data || !session_->model())
        return;
    session_->predictions().assign(data->images.count, -1);
    nextBatchStart_ = 0;
    predicting_ = true;
    updateControls();
    cancelPredict_->setEnabled(true);
    progress_->setRange(0, std::max(1, static_cast<int>(data->images.count)));
    progress_->setValue(0);
    accuracy_->setText(tr("Predicting…"));
    startNextBatch();
}

void DatasetBrowser::finishPredicting(const QString& text) {
    predicting_ = false;
    updateControls();
    cancelPredict_->setEnabled(false);
    accuracy_->setText(text);
}

void DatasetBrowser::startNextBatch() {
    auto vit = session_->model();
    auto data = session_->dataset();
    if (!predicting_ || !data || !vit)
        return;
    const int n = static_cast<int>(data->images.count);
    const int begin = nextBatchStart_, end = std::min(n, begin + kBatchSize);
    if (begin >= n) {
        progress_->setValue(n);
        const auto& predictions = session_->predictions();
        int known = 0, right = 0;
        for (int i = 0; i < n; ++i)
            if (session_->datasetLabel(i) >= 0 && predictions[i] >= 0) {
                ++known;
                right += predictions[i] == session_->datasetLabel(i);
            }
        finishPredicting(known > 0 ? tr("Accuracy: %1 / %2 = %3%")
                                         .arg(right)
                                         .arg(known)
                                         .arg(format::num(100.0 * right / known, 1))
                                   : tr("All %1 images predicted").arg(n));
        return;
    }
    nextBatchStart_ = end;
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
                session_->predictions()[begin + k] = preds[k];
                refreshRow(begin + static_cast<int>(k));
            }
            progress_->setValue(begin + static_cast<int>(preds.size()));
            startNextBatch();
        },
        [this](const QString& m) {
            finishPredicting(QString());
            Q_EMIT session_->errorRaised(tr("Predicting the dataset failed: %1").arg(m));
        });
}

void DatasetBrowser::cancelPredictions() {
    if (!predicting_)
        return;
    batchRunner_.cancel();
    finishPredicting(tr("Cancelled after %1 images").arg(progress_->value()));
}

void DatasetBrowser::setMistakesOnly(bool on) {
    if (mistakesOnly_->isChecked() != on) {
        mistakesOnly_->setChecked(on); // toggled() comes back here
        return;
    }
    for (int i = 0; i < list_->count(); ++i)
        refreshRow(i);
}

int DatasetBrowser::visibleRows() const {
    int n = 0;
    for (int i = 0; i < list_->count(); ++i)
        n += !list_->isRowHidden(i);
    return n;
}
