#include "pages/generate/generate_page.hpp"

#include "pages/generate/generate_views.hpp"
#include "pages/generate/long_context_views.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/sentence_input.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStringDecoder>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/memory_budget.hpp>

GeneratePage::~GeneratePage() = default;

HeatmapView* GeneratePage::currentHeatmap() const {
    return isLongContext() ? longViews_->overview() : views_->causalMap();
}

QString GeneratePage::errorText() const {
    return error_->text();
}

const QStringList& GeneratePage::shippedModelNames() {
    static const QStringList names = {QStringLiteral("stories260K"), QStringLiteral("gpt-nano-sort")};
    return names;
}

void GeneratePage::start() {
    if (!slot_->hasModel() && !slot_->isLoading())
        slot_->loadDefault(shippedModelNames().front());
}

void GeneratePage::refreshShippedChoice() {
    const QSignalBlocker block(shipped_);
    int index = -1;
    for (int i = 0; i < shippedModelNames().size(); ++i)
        if (QFileInfo(slot_->directory()) == QFileInfo(shippedModelDir(shippedModelNames()[i])))
            index = i;
    shipped_->setCurrentIndex(index);
}

void GeneratePage::setTeachingMode(bool on) {
    Page::setTeachingMode(on);
    views_->setTeachingCaptions(on);
}

void GeneratePage::setPromptText(const QString& text) {
    prompt_->setText(text);
}

QString GeneratePage::promptText() const {
    return prompt_->text();
}

void GeneratePage::setOptions(const attn::hf::DecodingOptions& o) {
    {
        const QSignalBlocker b1(temperature_), b2(topK_), b3(seed_);
        temperature_->setValue(o.temperature);
        topK_->setValue(o.topK);
        seed_->setValue(static_cast<int>(std::min<std::uint64_t>(o.seed, 2147483647)));
        topK_->setEnabled(o.temperature > 0);
        seed_->setEnabled(o.temperature > 0);
    }
    pause();
    reset();
}

attn::hf::DecodingOptions GeneratePage::options() const {
    attn::hf::DecodingOptions o;
    o.temperature = temperature_->value();
    o.topK = topK_->value();
    o.seed = static_cast<std::uint64_t>(seed_->value());
    return o;
}

void GeneratePage::onModelChanged() {
    refreshShippedChoice();
    const auto model = slot_->causalLm();
    QComboBox* examples = prompt_->examples();
    examples->clear();
    examples->addItem(tr("Examples…"));
    const QStringList presets = promptPresets(*model);
    examples->addItems(presets);
    QString error;
    // Keep a typed prompt when it reads for the new model too; an empty one, one the model cannot read,
    // or the previous model's preset (the sorting "C A B B A C" would be read as text by a story model)
    // becomes the new model's first preset.
    const QString typed = prompt_->text().trimmed();
    if (typed.isEmpty() || presets_.contains(typed) || !parsePrompt(*model, prompt_->text(), &error)) {
        const QSignalBlocker block(prompt_->lineEdit());
        prompt_->setText(presets.value(0));
    }
    presets_ = presets;
    longBox_->setEnabled(model->hasLongContext());
    prompt_->cancelPending();
    layer_ = head_ = 0;
    pause();
    if (reset())
        step(); // a freshly loaded model shows its first token (and every view) at once
    Q_EMIT statusMessage(tr("Loaded %1").arg(slot_->directory()));
}

bool GeneratePage::keepPromptTail() {
    if (!tail_)
        return false;
    const QString text = QString::fromStdString(tail_->text);
    {
        const QSignalBlocker block(prompt_->lineEdit());
        prompt_->setText(text);
    }
    pause();
    return reset();
}

bool GeneratePage::reset() {
    // A prompt too long for the model's positions or the memory budget offers to keep its last tokens.
    tail_.reset();
    if (const auto model = slot_->causalLm())
        tail_ = attn::hf::promptTail(*model, prompt_->text().toStdString());
    // A prompt whose maps or logits exceed the memory budget is refused before anything is discarded:
    // the previous generation stays on screen with the message in the banner — unless the model reads
    // long contexts (issue 56): then it is read tile by tile, as is any prompt with "Long context" ticked.
    if (const auto model = slot_->causalLm()) {
        QString ignored; // a malformed prompt is reported below, as before
        if (const auto ids = parsePrompt(*model, prompt_->text(), &ignored)) {
            QString overBudget;
            try {
                model->checkMemory(static_cast<int>(ids->size()), 0);
            } catch (const attn::MemoryBudgetError& e) {
                overBudget = QString::fromStdString(e.what());
            }
            if (model->hasLongContext() && (longBox_->isChecked() || !overBudget.isEmpty()))
                return startLongContext(*ids);
            if (!overBudget.isEmpty()) {
                runError_ = overBudget;
                refreshErrors();
                return false;
            }
        }
    }
    prompt_->cancelPending();
    jobs_->cancel();
    endLongRun();
    longSnap_ = {};
    longViews_->clear();
    generator_.reset();
    snapshot_ = {};
    selectedStep_ = -1;
    runError_.clear();
    const auto model = slot_->causalLm();
    bool ok = false;
    if (model) {
        QString error;
        if (const auto ids = parsePrompt(*model, prompt_->text(), &error)) {
            try {
                generator_ = std::make_shared<attn::hf::Generator>(model, *ids, options());
                snapshot_.promptIds = *ids;
                for (int l = 0; l < model->numLayers(); ++l) {
                    snapshot_.maps.emplace_back(static_cast<std::size_t>(model->numHeads()));
                    snapshot_.thumbs.emplace_back(static_cast<std::size_t>(model->numHeads()));
                }
                ok = true;
            } catch (const std::exception& e) {
                runError_ = QString::fromStdString(e.what());
            }
        } else {
            runError_ = error;
        }
    }
    refreshErrors();
    refreshViews();
    refreshControls();
    return ok;
}

bool GeneratePage::generateSteps(int n) {
    if (!generator_ || jobs_->isBusy() || !snapshot_.canStep || n < 1)
        return false;
    auto gen = generator_;
    jobs_->run<GenerateSnapshot>(
        [gen, n](const JobContext& job) {
            for (int i = 0; i < n && gen->canStep() && !job.cancelled(); ++i)
                gen->step();
            return snapshotOf(*gen);
        },
        [this](GenerateSnapshot s) {
            snapshot_ = std::move(s);
            selectedStep_ = static_cast<int>(snapshot_.steps.size()) - 1;
            runError_.clear();
            refreshErrors();
            refreshViews();
            refreshControls();
        },
        [this](const QString& message) {
            runError_ = message;
            pause();
            refreshErrors();
            refreshControls();
        });
    refreshControls();
    return true;
}

void GeneratePage::play() {
    if (!canStep())
        return;
    playTimer_->start();
    step();
    refreshControls();
}

void GeneratePage::pause() {
    playTimer_->stop();
    refreshControls();
}

bool GeneratePage::isPlaying() const {
    return playTimer_->isActive();
}

bool GeneratePage::canStep() const {
    return generator_ && snapshot_.canStep;
}

void GeneratePage::selectStep(int step) {
    if (step < 0 || step >= static_cast<int>(snapshot_.steps.size()))
        return;
    selectedStep_ = step;
    refreshViews();
}

// Presenter mode: the next made token, and past the last one a new token (in the background).
bool GeneratePage::stepForward() {
    if (selectedStep_ + 1 < static_cast<int>(snapshot_.steps.size())) {
        selectStep(selectedStep_ + 1);
        return true;
    }
    return generateSteps(1);
}

bool GeneratePage::stepBack() {
    if (selectedStep_ <= 0)
        return false;
    selectStep(selectedStep_ - 1);
    return true;
}

void GeneratePage::selectHead(int layer, int head) {
    if (isLongContext()) {
        if (layer < 0 || layer >= static_cast<int>(longSnap_.pass->layers.size()) || head < 0 ||
            head >= longSnap_.pass->heads)
            return;
        layer_ = layer;
        head_ = head;
        refreshViews();
        return;
    }
    if (layer < 0 || layer >= static_cast<int>(snapshot_.maps.size()) || head < 0 ||
        head >= static_cast<int>(snapshot_.maps[static_cast<std::size_t>(layer)].size()))
        return;
    layer_ = layer;
    head_ = head;
    refreshViews();
}

std::vector<int> GeneratePage::generatedIds() const {
    std::vector<int> ids;
    for (const auto& s : snapshot_.steps)
        ids.push_back(s.id);
    return ids;
}

QStringList GeneratePage::tokenTexts() const {
    const auto model = slot_->causalLm();
    if (!model)
        return {};
    std::vector<int> ids = snapshot_.promptIds;
    for (int id : generatedIds())
        ids.push_back(id);
    return tokenLabels(*model, ids);
}

QString GeneratePage::statusText() const {
    return status_->text();
}

void GeneratePage::refreshErrors() {
    error_->setMessages({slot_->lastErrorExplained(), runError_});
    const bool offer = tail_ && !runError_.isEmpty();
    keepTail_->setVisible(offer);
    if (offer) {
        keepTail_->setText(tr("Keep the last %1 tokens").arg(tail_->keep));
        keepTail_->setToolTip(
            tr("The prompt has %1 tokens; this model can take %2 (fewer than its positions, "
               "within the memory budget). Keep the last %2 and drop the beginning.")
                .arg(tail_->tokens)
                .arg(tail_->keep));
    }
}

void GeneratePage::refreshControls() {
    const bool ready = canStep() && !jobs_->isBusy();
    stepButton_->setEnabled(ready);
    playButton_->setEnabled(canStep() || isPlaying());
    playButton_->setText(isPlaying() ? tr("Pause") : tr("Play"));
    resetButton_->setEnabled(generator_ != nullptr || slot_->causalLm() != nullptr);
    QString text;
    if (const auto model = slot_->causalLm(); model && generator_) {
        const int made = static_cast<int>(snapshot_.steps.size());
        text = tr("%1 prompt tokens, %2 generated · %3")
                   .arg(snapshot_.promptIds.size())
                   .arg(made)
                   .arg(options().temperature > 0
                            ? tr("sampling (temperature %1, top-k %2, seed %3)")
                                  .arg(options().temperature)
                                  .arg(options().topK > 0 ? QString::number(options().topK) : tr("all"))
                                  .arg(options().seed)
                            : tr("greedy"));
        if (snapshot_.stoppedAtEos)
            text += tr(" · stopped at the end-of-sequence token");
        else if (!snapshot_.warnings.isEmpty())
            text += QStringLiteral(" · ") + snapshot_.warnings.join(QStringLiteral("; "));
    }
    if (isLongContext() && !longRunning_) {
        const auto& p = *longSnap_.pass;
        text = tr("Long context: %1 tokens · %2 layers × %3 heads · kept %4 (pyramids, top-%5 keys per row, "
                  "per-row figures, queries and keys) · forward %6 s · Step continues only from whole maps")
                   .arg(QString::fromStdString(attn::withThousands(static_cast<std::uint64_t>(p.length))))
                   .arg(p.layers.size())
                   .arg(p.heads)
                   .arg(QString::fromStdString(attn::formatBytes(p.bytes())))
                   .arg(p.layers.empty() ? 0 : p.head(0, 0).topK.k)
                   .arg(format::num(longSnap_.seconds, 1));
    }
    if (longRunning_)
        text = tr("Reading %1 tokens with the long-context forward…").arg(runningTokens_);
    status_->setText(text);
}

void GeneratePage::refreshViews() {
    const auto model = slot_->causalLm();
    if (isLongContext()) {
        viewStack_->setCurrentWidget(longViews_);
        longViews_->show(longSnap_, layer_, head_);
        return;
    }
    viewStack_->setCurrentWidget(views_);
    if (!model) {
        views_->clear(tr("Load a language model (Open model…)"));
        return;
    }
    QStringList topLabels;
    if (selectedStep_ >= 0) {
        std::vector<int> ids;
        for (const auto& e : snapshot_.steps[static_cast<std::size_t>(selectedStep_)].top)
            ids.push_back(e.id);
        topLabels = tokenLabels(*model, ids);
    }
    views_->show(snapshot_, tokenTexts(), topLabels, selectedStep_, layer_, head_);
}
