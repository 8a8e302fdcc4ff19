// The Generate page's widgets and their connections (generate_page.hpp): the model row, the prompt row,
// the option row with the long-context controls, and the two view stacks.
#include "pages/generate/generate_page.hpp"
#include "pages/generate/generate_views.hpp"
#include "pages/generate/long_context_views.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <attn/memory_budget.hpp>

namespace {
constexpr int kPlayIntervalMs = 450;
}

GeneratePage::GeneratePage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Capability::CausalLm, QStringLiteral("generate"), this);
    jobs_ = new JobRunner(this);
    trackBusy([this] { return slot_->isBusy(); });
    connect(slot_, &ModelSlot::busyChanged, this, &GeneratePage::refreshBusy);
    trackBusy(jobs_);

    auto* outer = new QVBoxLayout(this);
    buildModelRow(outer);
    buildPromptRow(outer);
    buildOptionRow(outer);
    buildViews(outer);
    connectLongContext();
    connectControls();
}

void GeneratePage::buildModelRow(QVBoxLayout* outer) {
    auto* modelRow = new QHBoxLayout;
    bar_ = new ModelBar(slot_, tr("Model:"), this);
    shipped_ = new QComboBox(this);
    shipped_->addItem(tr("Stories (stories260K, llama2.c)"));
    shipped_->addItem(tr("Sorting A B C (gpt-nano-sort, minGPT)"));
    shipped_->setToolTip(tr("The models that come with attnviz: a real Llama trained on children's stories, "
                            "and a tiny GPT that sorts six letters"));
    modelRow->addWidget(bar_, 1);
    modelRow->addWidget(new QLabel(tr("Shipped:"), this));
    modelRow->addWidget(shipped_);
    outer->addLayout(modelRow);
    connect(shipped_, &QComboBox::activated, this, [this](int index) {
        if (index >= 0 && index < shippedModelNames().size())
            slot_->loadDefault(shippedModelNames()[index]);
    });
    error_ = new ErrorBanner(this);
    // A prompt refused for its length (the model's positions or the memory budget) can keep its last N
    // tokens, N from core (attn::hf::promptTail).
    keepTail_ = new QPushButton(this);
    keepTail_->hide();
    auto* errorRow = new QHBoxLayout;
    errorRow->addWidget(error_, 1);
    errorRow->addWidget(keepTail_, 0, Qt::AlignTop);
    outer->addLayout(errorRow);
    connect(keepTail_, &QPushButton::clicked, this, &GeneratePage::keepPromptTail);
}

void GeneratePage::buildPromptRow(QVBoxLayout* outer) {
    auto* promptRow = new QHBoxLayout;
    prompt_ = new SentenceInput(tr("Prompt:"), tr("Text, or token ids separated by spaces"), {}, this);
    stepButton_ = new QPushButton(tr("Step"), this);
    stepButton_->setToolTip(tr("Generate one token (the cached prefix is not recomputed)"));
    playButton_ = new QPushButton(tr("Play"), this);
    playButton_->setToolTip(tr("Keep generating, one token at a time, until Pause or the end"));
    resetButton_ = new QPushButton(tr("Reset"), this);
    resetButton_->setToolTip(tr("Back to the prompt: forget the generated tokens"));
    openPrompt_ = new QPushButton(tr("Open prompt…"), this);
    openPrompt_->setToolTip(tr("Read the prompt from a UTF-8 text file (at most %1)")
                                .arg(QString::fromStdString(attn::formatBytes(kMaxPromptFileBytes))));
    // A prompt file may be longer than QLineEdit's default 32,767 characters (16,384 ids are about 80,000):
    // without this the box cut it silently.
    prompt_->lineEdit()->setMaxLength(static_cast<int>(kMaxPromptFileBytes));
    promptRow->addWidget(prompt_, 1);
    promptRow->addWidget(openPrompt_);
    promptRow->addWidget(stepButton_);
    promptRow->addWidget(playButton_);
    promptRow->addWidget(resetButton_);
    outer->addLayout(promptRow);
}

void GeneratePage::buildOptionRow(QVBoxLayout* outer) {
    auto* optionRow = new QHBoxLayout;
    temperature_ = new QDoubleSpinBox(this);
    temperature_->setRange(0.0, 5.0);
    temperature_->setSingleStep(0.1);
    temperature_->setDecimals(2);
    temperature_->setSpecialValueText(tr("0 (greedy)"));
    temperature_->setToolTip(tr("0 = greedy: always the most probable token. Above 0 the next token is drawn "
                                "from softmax(logits / temperature): higher = more random."));
    topK_ = new QSpinBox(this);
    topK_->setRange(0, 100000);
    topK_->setSpecialValueText(tr("all"));
    topK_->setToolTip(tr("Sampling: draw only among the k most probable tokens (all = no limit)"));
    seed_ = new QSpinBox(this);
    seed_->setRange(0, 2147483647);
    seed_->setToolTip(tr("Seed of the sampler (std::mt19937_64): the same seed gives the same tokens"));
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setSizePolicy(QSizePolicy::Ignored,
                           QSizePolicy::Preferred); // wraps instead of widening the page
    optionRow->addWidget(new QLabel(tr("Temperature:"), this));
    optionRow->addWidget(temperature_);
    optionRow->addWidget(new QLabel(tr("Top-k:"), this));
    optionRow->addWidget(topK_);
    optionRow->addWidget(new QLabel(tr("Seed:"), this));
    optionRow->addWidget(seed_);
    longBox_ = new QCheckBox(tr("Long context"), this);
    longBox_->setToolTip(tr("Read the prompt tile by tile, keeping per head a pyramid of pooled maps, the "
                            "top keys of every row and the per-row figures instead of whole maps (Hugging "
                            "Face Llama / GPT-2). A prompt whose whole maps exceed the memory budget is "
                            "read this way anyway."));
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(180);
    progress_->hide();
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop the long-context forward; what was shown before stays"));
    cancel_->hide();
    optionRow->addSpacing(16);
    optionRow->addWidget(longBox_);
    optionRow->addWidget(progress_);
    optionRow->addWidget(cancel_);
    optionRow->addWidget(status_, 1);
    outer->addLayout(optionRow);
}

void GeneratePage::buildViews(QVBoxLayout* outer) {
    viewStack_ = new QStackedWidget(this);
    views_ = new GenerateViews(viewStack_);
    longViews_ = new LongContextViews(viewStack_);
    viewStack_->addWidget(views_);
    viewStack_->addWidget(longViews_);
    outer->addWidget(viewStack_, 1);
    trackBusy(longViews_->tileJobs());
    connect(longViews_, &LongContextViews::headSelected, this, &GeneratePage::selectHead);
}

void GeneratePage::connectLongContext() {
    connect(openPrompt_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open prompt"), QString(),
                                                          tr("Text files (*.txt);;All files (*)"));
        if (!path.isEmpty())
            openPromptFile(path);
    });
    connect(longBox_, &QCheckBox::toggled, this, [this] {
        pause();
        reset();
    });
    connect(cancel_, &QPushButton::clicked, this, &GeneratePage::cancelLongContext);
    connect(jobs_, &JobRunner::progress, this, [this](quint64, double fraction) {
        if (!longRunning_)
            return;
        progress_->setValue(static_cast<int>(fraction * 1000));
        if (const auto model = slot_->causalLm()) {
            const int layers = model->numLayers();
            progress_->setFormat(
                tr("Layer %1 of %2").arg(static_cast<int>(fraction * layers + 0.5)).arg(layers));
        }
    });
}

void GeneratePage::connectControls() {
    playTimer_ = new QTimer(this);
    playTimer_->setInterval(kPlayIntervalMs);
    connect(playTimer_, &QTimer::timeout, this, [this] {
        if (jobs_->isBusy())
            return;
        if (!canStep() || !step())
            pause();
    });
    connect(stepButton_, &QPushButton::clicked, this, [this] { step(); });
    connect(playButton_, &QPushButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(resetButton_, &QPushButton::clicked, this, [this] {
        pause();
        reset();
    });
    connect(prompt_, &SentenceInput::settled, this, [this] {
        pause();
        reset();
    });
    auto optionsChanged = [this] {
        topK_->setEnabled(temperature_->value() > 0);
        seed_->setEnabled(temperature_->value() > 0);
        pause();
        reset();
    };
    connect(temperature_, &QDoubleSpinBox::valueChanged, this, optionsChanged);
    connect(topK_, &QSpinBox::valueChanged, this, optionsChanged);
    connect(seed_, &QSpinBox::valueChanged, this, optionsChanged);
    topK_->setEnabled(false);
    seed_->setEnabled(false);
    connect(views_, &GenerateViews::headSelected, this, &GeneratePage::selectHead);
    connect(views_, &GenerateViews::stepSelected, this, &GeneratePage::selectStep);
    connect(slot_, &ModelSlot::changed, this, &GeneratePage::onModelChanged);
    connect(slot_, &ModelSlot::failed, this, [this](const QString& message) {
        refreshErrors();
        Q_EMIT statusMessage(message);
    });
    connect(slot_, &ModelSlot::loadingStarted, this,
            [this](const QString& dir) { Q_EMIT statusMessage(tr("Loading model %1…").arg(dir)); });
    refreshControls();
}
