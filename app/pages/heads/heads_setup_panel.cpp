#include "pages/heads/heads_setup_panel.hpp"

#include "services/resource_paths.hpp"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <attn/models/universal_sentence_encoder.hpp>

namespace {

constexpr int kShippedRole = Qt::UserRole + 1; ///< the shipped model's name ("" for another folder)
constexpr int kOpenRole = Qt::UserRole + 2;    ///< true on the "Open model…" entry

QString absolute(const QString& dir) {
    return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
}

} // namespace

HeadsSetupPanel::HeadsSetupPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    model_ = new QComboBox(this);
    model_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    const struct {
        const char* name;
        QString label;
    } shipped[] = {{"sentiment", tr("Sentiment classifier (shipped)")},
                   {"vit-fashion-mnist", tr("ViT, Fashion-MNIST (shipped)")},
                   {"stories260K", tr("stories260K Llama (shipped)")}};
    for (const auto& s : shipped) {
        const QString dir = shippedModelDir(QString::fromLatin1(s.name));
        if (!QFileInfo::exists(dir + QStringLiteral("/config.json")))
            continue;
        model_->addItem(s.label, absolute(dir));
        model_->setItemData(model_->count() - 1, QString::fromLatin1(s.name), kShippedRole);
    }
    // The Universal Sentence Encoder lite, when cmake/install-use-model.sh has installed it.
    const QString use = QString::fromStdString(attn::UniversalSentenceEncoder::defaultDirectory().string());
    if (attn::UniversalSentenceEncoder::looksLikeModel(use.toStdString()))
        model_->addItem(tr("Universal Sentence Encoder lite (installed)"), absolute(use));
    model_->addItem(tr("Open model…"));
    model_->setItemData(model_->count() - 1, true, kOpenRole);
    model_->setToolTip(tr("The model whose heads are surveyed: a shipped one or a Hugging Face folder"));
    connect(model_, &QComboBox::activated, this, [this](int index) {
        if (model_->itemData(index, kOpenRole).toBool())
            openModel();
        else
            lastModelIndex_ = index;
    });

    corpusName_ = new QLabel(this);
    corpusName_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    openCorpus_ = new QPushButton(tr("Open corpus…"), this);
    openCorpus_->setToolTip(
        tr("A UTF-8 text file, one input per line (an IDX image file for an image model)"));
    connect(openCorpus_, &QPushButton::clicked, this, &HeadsSetupPanel::openCorpus);
    defaultCorpus_ = new QToolButton(this);
    defaultCorpus_->setText(tr("Default"));
    defaultCorpus_->setToolTip(tr("Back to the shipped English sentences (Fashion-MNIST's test images for an "
                                  "image model)"));
    connect(defaultCorpus_, &QToolButton::clicked, this, [this] { setCorpusFile({}); });

    limit_ = new QSpinBox(this);
    limit_->setRange(1, attn::session::kMaxSurveyInputs);
    limit_->setValue(1000);
    limit_->setGroupSeparatorShown(true);
    limit_->setToolTip(tr("Only the first N inputs of the corpus"));
    run_ = new QPushButton(tr("Run survey"), this);
    run_->setDefault(true);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    connect(run_, &QPushButton::clicked, this, &HeadsSetupPanel::runRequested);
    connect(cancel_, &QPushButton::clicked, this, &HeadsSetupPanel::cancelRequested);

    row->addWidget(new QLabel(tr("Model:"), this));
    row->addWidget(model_);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Corpus:"), this));
    row->addWidget(corpusName_);
    row->addWidget(openCorpus_);
    row->addWidget(defaultCorpus_);
    row->addStretch();
    outer->addLayout(row);

    auto* runRow = new QHBoxLayout;
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(220);
    progress_->hide();
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    connect(menu->addAction(tr("Table as CSV…")), &QAction::triggered, this,
            [this] { Q_EMIT exportRequested(QStringLiteral("csv")); });
    connect(menu->addAction(tr("Survey as JSON…")), &QAction::triggered, this,
            [this] { Q_EMIT exportRequested(QStringLiteral("json")); });
    exportButton->setMenu(menu);
    runRow->addWidget(new QLabel(tr("Inputs:"), this));
    runRow->addWidget(limit_);
    runRow->addWidget(run_);
    runRow->addWidget(cancel_);
    runRow->addWidget(progress_);
    runRow->addWidget(status_, 1);
    runRow->addWidget(exportButton);
    outer->addLayout(runRow);
    refreshCorpus();
}

QString HeadsSetupPanel::modelDirectory() const {
    return model_->itemData(lastModelIndex_).toString();
}

attn::session::FileRef HeadsSetupPanel::modelRef() const {
    const QString shipped = model_->itemData(lastModelIndex_, kShippedRole).toString();
    if (!shipped.isEmpty())
        return shipped == QLatin1String("sentiment") ? attn::session::FileRef{}
                                                     : attn::session::FileRef::shipped(shipped.toStdString());
    const QString dir = modelDirectory();
    return dir.isEmpty() ? attn::session::FileRef{} : attn::session::FileRef::path(dir.toStdString());
}

void HeadsSetupPanel::setModel(const attn::session::FileRef& ref) {
    using Kind = attn::session::FileRef::Kind;
    const QString value = QString::fromStdString(ref.value);
    chooseModelDirectory(ref.kind == Kind::Default   ? shippedModelDir(QStringLiteral("sentiment"))
                         : ref.kind == Kind::Shipped ? shippedModelDir(value)
                                                     : value);
}

void HeadsSetupPanel::chooseModelDirectory(const QString& directory) {
    const QString dir = absolute(directory);
    int index = model_->findData(dir);
    if (index < 0) {
        index = model_->count() - 1; // before "Open model…"
        model_->insertItem(index, QFileInfo(dir).fileName(), dir);
        model_->setItemData(index, dir, Qt::ToolTipRole);
    }
    model_->setCurrentIndex(index);
    lastModelIndex_ = index;
}

void HeadsSetupPanel::openModel() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a model folder"), modelDirectory());
    if (dir.isEmpty()) {
        model_->setCurrentIndex(lastModelIndex_);
        return;
    }
    chooseModelDirectory(dir);
}

void HeadsSetupPanel::openCorpus() {
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Open a corpus"), corpus_,
                                     tr("Text or IDX images (*.txt *.idx *.gz *ubyte);;All files (*)"));
    if (!file.isEmpty())
        setCorpusFile(file);
}

void HeadsSetupPanel::setCorpusFile(const QString& file) {
    corpus_ = file.isEmpty() ? QString() : absolute(file);
    refreshCorpus();
}

void HeadsSetupPanel::refreshCorpus() {
    corpusName_->setText(corpus_.isEmpty() ? tr("default (shipped sentences; test images for a ViT)")
                                           : QFileInfo(corpus_).fileName());
    corpusName_->setToolTip(corpus_.isEmpty() ? tr("The shipped English sentences for a text model, "
                                                   "Fashion-MNIST's test images for an image model")
                                              : corpus_);
    defaultCorpus_->setEnabled(!corpus_.isEmpty());
}

int HeadsSetupPanel::limit() const {
    return limit_->value();
}

void HeadsSetupPanel::setLimit(int limit) {
    limit_->setValue(limit);
}

void HeadsSetupPanel::setRunning(bool running) {
    run_->setEnabled(!running);
    cancel_->setEnabled(running);
    progress_->setVisible(running);
    if (running)
        progress_->setValue(0);
}

void HeadsSetupPanel::setProgress(double fraction) {
    progress_->setValue(static_cast<int>(fraction * 1000));
}

void HeadsSetupPanel::setStatus(const QString& text) {
    status_->setText(text);
}

QString HeadsSetupPanel::statusText() const {
    return status_->text();
}
