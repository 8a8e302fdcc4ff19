// WalkthroughPage: the learned projection (the shipped pronoun head, read in the background) and the
// toy example's 2-D plot (split from walkthrough_page.cpp).
#include "pages/walkthrough/walkthrough_page.hpp"
#include "pages/walkthrough/walkthrough_stacking_panel.hpp"
#include "services/embedding_store.hpp"
#include "services/job_runner.hpp"
#include "services/resource_paths.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/teaching.hpp"

#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QStandardItemModel>
#include <algorithm>
#include <attn/attention_stack.hpp>
#include <attn/learned_projections.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <qcustomplot.h>

void WalkthroughPage::start() {
    // The learned projection is the pronoun head trained for "who is she?" (training/train_pronoun_head.py).
    if (!learned_ && !learnedRunner_->isBusy() &&
        QFileInfo(shippedModelDir(QStringLiteral("pronoun-head")) + QStringLiteral("/model.safetensors"))
            .exists())
        loadLearnedProjections(shippedModelDir(QStringLiteral("pronoun-head")));
}

void WalkthroughPage::loadLearnedProjections(const QString& dir, bool select) {
    learnedBanner_->setMessages({}); // a new choice: the previous refusal is no longer news
    // Reading the checkpoint takes a moment: off the GUI thread.
    // An attention_stack checkpoint (the shipped pronoun-two-layer) is read as its own model; its layers
    // are offered as the "heads" of the learned projection, the head box then choosing the layer.
    struct Loaded {
        attn::LearnedProjections learned;
        std::optional<attn::HeadStack> stack;
    };
    learnedRunner_->run<Loaded>(
        [path = dir.toStdString()](const JobContext&) {
            Loaded out;
            if (!attn::isAttentionStackDirectory(path)) {
                out.learned = attn::readLearnedProjections(path);
                return out;
            }
            out.stack = attn::readAttentionStack(path);
            out.learned.dModel = out.stack->dModel;
            out.learned.headDim = out.stack->headDim;
            out.learned.heads = out.stack->layers;
            out.learned.source = out.stack->source;
            out.learned.architecture = "attention_stack";
            out.learned.positionalEncoding = out.stack->positionalEncoding;
            return out;
        },
        [this, dir, select](Loaded loaded) {
            attn::LearnedProjections& result = loaded.learned;
            const auto vectors = store_ ? store_->current() : nullptr;
            if (vectors && static_cast<std::size_t>(result.dModel) != vectors->dim()) {
                // Wq is d_model x head_dim: it cannot multiply word vectors of another width. Keep what
                // was there rather than leave the option disabled.
                learnedError_ =
                    tr("Cannot take the heads of %1: its attention layer is %2 wide, the word vectors have "
                       "%3 dimensions, so its Wq, Wk, Wv cannot multiply them.%4")
                        .arg(dir)
                        .arg(result.dModel)
                        .arg(vectors->dim())
                        .arg(learned_ ? tr(" Still using %1.").arg(learnedProjectionName(*learned_))
                                      : QString());
                updateLearnedAvailability();
                learnedBanner_->setMessages({learnedError_}); // until the next input (recompute)
                Q_EMIT statusMessage(learnedError_);
                return;
            }
            learned_ = std::move(result);
            stackModel_ = std::move(loaded.stack);
            learnedError_.clear();
            updateLearnedAvailability();
            if (select) {
                updating_ = true; // one recompute for the head and the mode
                // A stack opens on its last layer: the one that answers (one head is layer 1).
                head_->setValue(stackModel_ ? static_cast<int>(stackModel_->layers.size()) : 1);
                projection_->setCurrentIndex(
                    projection_->findData(static_cast<int>(attn::ProjectionMode::Learned)));
                updating_ = false;
                Q_EMIT statusMessage(tr("Learned Wq, Wk, Wv from %1").arg(dir));
            }
            recompute(); // the heads changed under a "learned" view too
        },
        [this, dir](const QString& message) {
            // Shown in the banner, as the tooltip of the "learned" option and in the status bar.
            learnedError_ = tr("Could not read the learned projections from %1: %2").arg(dir, message);
            if (learned_)
                learnedError_ += tr(" Still using %1.").arg(learnedProjectionName(*learned_));
            updateLearnedAvailability();
            learnedBanner_->setMessages({learnedError_}); // until the next input (recompute)
            Q_EMIT statusMessage(learnedError_);
        });
}

std::vector<std::pair<QString, QString>> WalkthroughPage::headSources() const {
    std::vector<std::pair<QString, QString>> sources;
    const auto shipped = [&](const QString& name, const QString& text) {
        const QString dir = shippedModelDir(name);
        if (QFileInfo(dir + QStringLiteral("/config.json")).exists())
            sources.emplace_back(text, dir);
    };
    shipped(QStringLiteral("pronoun-head"), tr("Pronoun head (shipped, trained for “who is she?”)"));
    shipped(QStringLiteral("sentiment"), tr("Sentiment classifier (shipped), first layer"));
    shipped(QStringLiteral("pronoun-two-layer"), tr("Two-layer pronoun model (shipped): layer 1 or 2"));
    if (loadedEncoders_)
        for (const auto& e : loadedEncoders_())
            if (!e.dir.isEmpty())
                sources.emplace_back(tr("Open on the %1 page: %2").arg(e.page, QFileInfo(e.dir).fileName()),
                                     e.dir);
    sources.emplace_back(tr("Checkpoint folder…"), QString());
    return sources;
}

void WalkthroughPage::showHeadSources() {
    QMenu menu(this);
    for (const auto& [text, dir] : headSources()) {
        QAction* action = menu.addAction(text);
        action->setToolTip(dir);
        const bool current = learned_ && !dir.isEmpty() &&
                             QFileInfo(QString::fromStdString(learned_->source)) == QFileInfo(dir);
        action->setCheckable(current);
        action->setChecked(current);
        connect(action, &QAction::triggered, this, [this, dir = dir] {
            QString chosen = dir;
            if (chosen.isEmpty())
                chosen = QFileDialog::getExistingDirectory(
                    this, tr("Learned Wq, Wk, Wv from (checkpoint directory)"),
                    learned_ ? QString::fromStdString(learned_->source) : QString());
            if (!chosen.isEmpty())
                loadLearnedProjections(chosen, true);
        });
    }
    menu.exec(headSource_->mapToGlobal(QPoint(0, headSource_->height())));
}

QString WalkthroughPage::learnedBannerText() const {
    return learnedBanner_->isHidden() ? QString() : learnedBanner_->text();
}

void WalkthroughPage::setLearnedHead(int head) {
    head_->setValue(head + 1);
}

void WalkthroughPage::updateLearnedAvailability() {
    auto* model = qobject_cast<QStandardItemModel*>(projection_->model());
    QStandardItem* item = model ? model->item(2) : nullptr;
    if (!item)
        return;
    const auto vectors = store_ ? store_->current() : nullptr;
    const bool fits = learned_ && vectors && static_cast<std::size_t>(learned_->dModel) == vectors->dim();
    item->setEnabled(fits);
    if (learned_) {
        head_->setRange(1, static_cast<int>(learned_->heads.size()));
        // With a stack the box chooses the layer (one head each).
        head_->setPrefix(stackModel_ ? tr("layer ") : tr("head "));
        head_->setToolTip(
            stackModel_ ? tr("Which layer of the stack to show: layer 1 reads the word vectors plus "
                             "positions, layer 2 reads layer 1's inputs plus its output.")
                        : tr("Which head of the checkpoint's first attention layer supplies Wq, Wk, Wv."));
        // The combo names the checkpoint behind the learned projection; whether positions are added
        // is in its tooltip and the step's text (with it the combo was cut at 1280 px in teaching mode).
        item->setText(tr("learned: %1").arg(learnedCheckpointName(*learned_)));
        item->setToolTip(
            fits ? tr("Wq, Wk, Wv from %1 (%2, d = %3, %4 dimensions per head), applied to the word "
                      "vectors%5.")
                       .arg(QString::fromStdString(learned_->source),
                            QString::fromStdString(learned_->architecture))
                       .arg(learned_->dModel)
                       .arg(learned_->headDim)
                       .arg(learned_->positionalEncoding ? tr(" + the sinusoidal positional encoding")
                                                         : tr(" without positions"))
                 : tr("The checkpoint's width (%1) differs from the word vectors' dimension.")
                       .arg(learned_->dModel));
    } else {
        item->setText(tr("learned (no checkpoint)"));
        item->setToolTip(
            learnedError_.isEmpty()
                ? tr("Needs an attention_head checkpoint (the shipped pronoun-head) or a classifier whose "
                     "first attention layer's width equals the word-vector dimension (d = 100).")
                : learnedError_);
    }
    if (!fits && projection_->currentIndex() == 2)
        projection_->setCurrentIndex(0);
    head_->setVisible(projection_->currentData().toInt() == static_cast<int>(attn::ProjectionMode::Learned) &&
                      head_->maximum() > 1);
}

void WalkthroughPage::updateToyPlot() {
    toyPlot_->clearItems();
    // A QCustomPlot draws its own text: at the page's scale (teaching mode times the presenter zoom).
    const double scale = teaching::textScale(teachingMode(), zoomFactor());
    QFont text = QApplication::font();
    text.setPointSizeF((text.pointSizeF() > 0 ? text.pointSizeF() : 9.0) * scale);
    for (QCPAxis* axis : {toyPlot_->xAxis, toyPlot_->yAxis}) {
        axis->setTickLabelFont(text);
        axis->setLabelFont(text);
    }
    // The vectors end inside [0, 1]; the room around them is for their labels and the caption, which grow
    // with the text (at 1x: -0.2 … 1.9 by -0.2 … 1.3; larger text cut "improve (0.9, 0.2)" off at the right).
    toyPlot_->xAxis->setRange(-0.2 * scale, 1.9 + 1.4 * (scale - 1.0));
    toyPlot_->yAxis->setRange(-0.2 * scale, 1.3 + 0.8 * (scale - 1.0));
    if (!toy_)
        return;
    const QColor colors[] = {QColor(0x44, 0x01, 0x54), QColor(0x21, 0x91, 0x8c), QColor(0xe0, 0x7b, 0x00)};
    int n = 0;
    for (const auto& [word, v] : toyVectors_) {
        auto* arrow = new QCPItemLine(toyPlot_);
        arrow->start->setCoords(0, 0);
        arrow->end->setCoords(v[0], v[1]);
        arrow->setHead(QCPLineEnding::esSpikeArrow);
        arrow->setPen(QPen(colors[n % 3], 2.5));
        auto* label = new QCPItemText(toyPlot_);
        // Arrows that lie almost flat get their label below the tip, so that she/improve don't collide.
        const bool below = v[1] < 0.05f;
        label->position->setCoords(v[0] + 0.04, below ? v[1] - 0.04 : v[1] + 0.06);
        label->setText(QStringLiteral("%1 (%2, %3)")
                           .arg(QString::fromStdString(word))
                           .arg(v[0], 0, 'f', 1)
                           .arg(v[1], 0, 'f', 1));
        label->setColor(colors[n % 3]);
        QFont f = text;
        f.setPointSizeF(f.pointSizeF() * 1.1);
        f.setBold(true);
        label->setFont(f);
        label->setPositionAlignment(Qt::AlignLeft | (below ? Qt::AlignTop : Qt::AlignBottom));
        ++n;
    }
    auto* caption = new QCPItemText(toyPlot_);
    caption->position->setType(QCPItemPosition::ptAxisRectRatio);
    caption->position->setCoords(0.98, 0.02);
    caption->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    caption->setText(QStringLiteral("she · improve = 0.90\nshe · the = 0.20"));
    caption->setTextAlignment(Qt::AlignRight);
    caption->setFont(text);
    toyPlot_->replot();
}

void WalkthroughPage::refreshStacking() {
    // Steps 4 and 5 (the weights and what they mix) with a stack of two or more layers: the selected
    // word's row in both layers beside the other rows (issue 51 point 2).
    const bool show = stackFirst_ && stackSecond_ &&
                      (step_ == WalkthroughStep::Weights || step_ == WalkthroughStep::Outputs);
    stacking_->setVisible(show);
    stacking_->note()->setVisible(show); // in the side column
    if (!show)
        return;
    // On the chapter's sentence "she" refers to "student": the panel says whether layer 2 gets it.
    static const std::vector<std::string> chapter =
        attn::tokenize("The teacher praised a student because she improved");
    const auto& tokens = stackSecond_->queryTokens;
    const bool she = selectedQuery_ >= 0 && selectedQuery_ < static_cast<int>(tokens.size()) &&
                     tokens == chapter && tokens[static_cast<std::size_t>(selectedQuery_)] == "she";
    // Beside the chapter's answer, the same nouns with a "need" verb and continuation: "she" is the teacher
    // there (training/train_pronoun_head.py CONTRAST; the model card reports both).
    std::optional<StackingPanel::Contrast> contrast;
    const auto vectors = store_ ? store_->current() : nullptr;
    if (she && vectors) {
        const attn::VectorLookup lookup = [vectors](std::string_view w) { return vectors->vector(w); };
        const char* const sentence = "The teacher called a student because she needed help";
        const auto tokensOf = attn::tokenize(sentence);
        contrast.emplace();
        contrast->sentence = QString::fromUtf8(sentence);
        contrast->first =
            attn::computeStackLayerAttention(*stackModel_, 0, tokensOf, std::nullopt, lookup, vectors->dim());
        contrast->second =
            attn::computeStackLayerAttention(*stackModel_, 1, tokensOf, std::nullopt, lookup, vectors->dim());
        contrast->row =
            static_cast<int>(std::find(tokensOf.begin(), tokensOf.end(), "she") - tokensOf.begin());
    }
    stacking_->showRows(*stackFirst_, *stackSecond_, selectedQuery_,
                        she ? QStringLiteral("student") : QString(), contrast ? &*contrast : nullptr);
}
