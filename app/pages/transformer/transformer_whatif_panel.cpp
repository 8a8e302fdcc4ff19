#include "pages/transformer/transformer_whatif_panel.hpp"

#include "pages/class_label_names.hpp"
#include "pages/transformer/transformer_steps.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace {
QString prob(const attn::ClassifierResult& r) {
    QStringList parts;
    for (std::size_t i = 0; i < r.probabilities.size(); ++i)
        parts << QString::number(r.probabilities[i], 'f', 4);
    return parts.join(QStringLiteral(" / "));
}
} // namespace

TransformerWhatIfPanel::TransformerWhatIfPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    auto* grid = new QGridLayout;
    noPositions_ = new QCheckBox(tr("No positional encoding"), this);
    shuffle_ = new QCheckBox(tr("Shuffle the words, seed"), this);
    seed_ = new QSpinBox(this);
    seed_->setRange(0, 9999);
    seed_->setValue(1);
    noResidual1_ = new QCheckBox(tr("Remove residual 1 (around attention)"), this);
    noResidual2_ = new QCheckBox(tr("Remove residual 2 (around the FFN)"), this);
    ablate_ = new QComboBox(this);
    uniform_ = new QComboBox(this);
    noMask_ = new QCheckBox(tr("Padding mask off"), this);
    padTo_ = new QSpinBox(this);
    padTo_->setRange(0, 128);
    padTo_->setSpecialValueText(tr("no padding"));
    padTip_ = tr("Adds pad tokens up to this length; the padding mask hides them from every query");
    maskTip_ = tr("Lets every query attend to the pad tokens too");
    padTo_->setToolTip(padTip_);
    noMask_->setToolTip(maskTip_);
    grid->addWidget(noPositions_, 0, 0);
    auto* sh = new QHBoxLayout;
    sh->addWidget(shuffle_);
    sh->addWidget(seed_);
    sh->addStretch();
    grid->addLayout(sh, 0, 1);
    grid->addWidget(noResidual1_, 1, 0);
    grid->addWidget(noResidual2_, 1, 1);
    auto* ab = new QHBoxLayout;
    ab->addWidget(new QLabel(tr("Ablate head:"), this));
    ab->addWidget(ablate_);
    ab->addSpacing(12);
    ab->addWidget(new QLabel(tr("Uniform head:"), this));
    ab->addWidget(uniform_);
    ab->addStretch();
    grid->addLayout(ab, 2, 0);
    auto* mk = new QHBoxLayout;
    padLabel_ = new QLabel(tr("Pad to:"), this);
    mk->addWidget(padLabel_);
    mk->addWidget(padTo_);
    mk->addWidget(noMask_);
    mk->addStretch();
    grid->addLayout(mk, 2, 1);
    outer->addLayout(grid);
    prediction_ = new QLabel(this);
    prediction_->setTextFormat(Qt::RichText);
    prediction_->setWordWrap(true);
    outer->addWidget(prediction_);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setTextFormat(Qt::RichText);
    explanation::mark(note_);
    outer->addWidget(note_);
    auto* maps = new QHBoxLayout;
    before_ = new HeatmapView(this);
    after_ = new HeatmapView(this);
    for (HeatmapView* v : {before_, after_}) {
        v->setRangeMode(HeatmapView::RangeMode::Fixed01);
        v->setAxisTitles(tr("Query"), tr("Key"));
        v->setEmptyText(tr("Waiting for the model"));
        maps->addWidget(v, 1);
    }
    outer->addLayout(maps, 1);
    setHeadCount(4, 128);
    for (QCheckBox* c : {noPositions_, shuffle_, noResidual1_, noResidual2_, noMask_})
        connect(c, &QCheckBox::toggled, this, &TransformerWhatIfPanel::changed);
    for (QSpinBox* s : {seed_, padTo_})
        connect(s, &QSpinBox::valueChanged, this, &TransformerWhatIfPanel::changed);
    for (QComboBox* c : {ablate_, uniform_})
        connect(c, &QComboBox::currentIndexChanged, this, &TransformerWhatIfPanel::changed);
}

void TransformerWhatIfPanel::setHeadCount(int heads, int maxLen) {
    for (QComboBox* c : {ablate_, uniform_}) {
        const QSignalBlocker block(c);
        const int keep = c->currentIndex();
        c->clear();
        c->addItem(tr("none"), -1);
        for (int h = 0; h < heads; ++h)
            c->addItem(tr("head %1").arg(h + 1), h); // counted from 1 on screen, as on the other pages
        c->setCurrentIndex(keep >= 0 && keep < c->count() ? keep : 0);
    }
    const QSignalBlocker block(padTo_);
    padTo_->setMaximum(maxLen);
}

QString TransformerWhatIfPanel::noPaddingReason() {
    return tr("Does not apply to this model: it has no padding token. Its forward reads every sentence at "
              "its own length, so there is nothing to pad and no padding mask to switch off.");
}

void TransformerWhatIfPanel::setModel(const attn::TracedTextEncoder& model) {
    pooling_ = model.description().pooling;
    hasHead_ = !model.classLabels().empty();
    canPad_ = model.canPad();
    if (!canPad_) {
        const QSignalBlocker b1(padTo_), b2(noMask_);
        padTo_->setValue(0);
        noMask_->setChecked(false);
    }
    for (QWidget* w : std::initializer_list<QWidget*>{padTo_, noMask_, padLabel_}) {
        w->setEnabled(canPad_);
        w->setToolTip(canPad_ ? (w == noMask_ ? maskTip_ : padTip_) : noPaddingReason());
    }
}

attn::WhatIf TransformerWhatIfPanel::whatIf(int layer) const {
    attn::WhatIf w;
    w.positions = !noPositions_->isChecked();
    w.maskPadding = !canPad_ || !noMask_->isChecked();
    w.padTo = canPad_ ? padTo_->value() : 0;
    w.encoder.layer = layer;
    w.encoder.switches.residual1 = !noResidual1_->isChecked();
    w.encoder.switches.residual2 = !noResidual2_->isChecked();
    w.encoder.switches.heads.ablateHead = ablate_->currentData().toInt();
    w.encoder.switches.heads.uniformHead = uniform_->currentData().toInt();
    return w;
}

int TransformerWhatIfPanel::shuffleSeed() const {
    return shuffle_->isChecked() ? seed_->value() : -1;
}

bool TransformerWhatIfPanel::anySwitch() const {
    const auto w = whatIf(0);
    return !w.positions || !w.maskPadding || w.encoder.switches.any() || shuffleSeed() >= 0;
}

void TransformerWhatIfPanel::setTeachingMode(bool on) {
    before_->setTeachingMode(on);
    after_->setTeachingMode(on);
    before_->setShowValues(on);
    after_->setShowValues(on);
    // The prediction and note labels grow with the page's text (Page::setTeachingMode).
}

QString TransformerWhatIfPanel::predictionText() const {
    return prediction_->text();
}

void TransformerWhatIfPanel::showResult(const attn::EncoderTrace& before, const attn::EncoderTrace& after,
                                        int layer, int head) {
    auto label = [](const attn::ClassifierResult& r) {
        return QStringLiteral("<b>%1</b> (p = %2)")
            .arg(displayClassLabel(r.predictedLabel))
            .arg(r.probabilities[std::size_t(r.predicted)], 0, 'f', 4);
    };
    const bool predicted = hasHead_ && !before.result.probabilities.empty() && before.result.predicted >= 0 &&
                           !after.result.probabilities.empty() && after.result.predicted >= 0;
    if (predicted)
        prediction_->setText(
            tr("Prediction before: %1 &nbsp;&nbsp;→&nbsp;&nbsp; after: %2 &nbsp;&nbsp;(%3 → %4)")
                .arg(label(before.result), label(after.result), prob(before.result), prob(after.result)));
    else
        prediction_->setText(tr("This encoder has no classification head, so there is no prediction to "
                                "compare: compare the attention maps below."));
    QStringList notes;
    const auto w = whatIf(layer);
    if (!w.positions && pooling_ == attn::EncoderPooling::Mean)
        notes << tr(
            "Without positions the layer sees a bag of words: shuffle them and the attention pattern only "
            "permutes with them, and mean pooling gives the same prediction.");
    else if (!w.positions)
        notes << tr("Without positions the layer sees a bag of words: shuffle them and the attention "
                    "pattern only permutes with them.");
    if (!w.encoder.switches.residual1 || !w.encoder.switches.residual2)
        notes << tr("Without the residual the sublayer's output replaces the token's vector: what the token "
                    "was is lost.");
    if (w.encoder.switches.heads.ablateHead >= 0)
        notes << tr("The ablated head still computes its weights (shown), but its output is zero before Wo.");
    if (w.encoder.switches.heads.uniformHead >= 0)
        notes << tr("A uniform head averages every allowed token: it no longer selects.");
    if (!w.maskPadding && pooling_ == attn::EncoderPooling::Mean)
        notes << tr("Mask off: real tokens attend to the pads and the pads are pooled — silent leakage.");
    else if (!w.maskPadding)
        notes << tr("Mask off: real tokens attend to the pads — silent leakage.");
    if (!canPad_)
        notes << tr("“Pad to” and “Padding mask off” are greyed out: this model has no padding token (hover "
                    "them for why).");
    note_->setText(notes.join(QStringLiteral("<br>")));
    const auto& lb = before.layers.at(std::size_t(layer));
    const auto& la = after.layers.at(std::size_t(layer));
    const auto hs = std::size_t(head);
    before_->setTitle(tr("Before · layer %1 head %2").arg(layer + 1).arg(head + 1));
    before_->setMatrix(lb.weights.at(hs), transformer::tokenLabels(before), transformer::tokenLabels(before));
    after_->setTitle(tr("After · layer %1 head %2").arg(layer + 1).arg(head + 1));
    after_->setMatrix(la.weights.at(hs), transformer::tokenLabels(after), transformer::tokenLabels(after));
}

TransformerWhatIfPanel::Switches TransformerWhatIfPanel::switches() const {
    Switches s;
    s.noPositions = noPositions_->isChecked();
    s.shuffle = shuffle_->isChecked();
    s.noResidual1 = noResidual1_->isChecked();
    s.noResidual2 = noResidual2_->isChecked();
    s.noMask = noMask_->isChecked();
    s.seed = seed_->value();
    s.padTo = padTo_->value();
    s.ablate = ablate_->currentIndex();
    s.uniform = uniform_->currentIndex();
    s.seedEnabled = seed_->isEnabled();
    return s;
}

bool TransformerWhatIfPanel::applySwitches(const Switches& s) {
    const Switches before = switches();
    // Each widget's signals are blocked: one changed() (one rerun of the page) for all switches.
    auto setBox = [](QCheckBox* box, bool on) {
        const QSignalBlocker block(box);
        box->setChecked(on);
    };
    auto setSpin = [](QSpinBox* spin, int value) {
        const QSignalBlocker block(spin);
        spin->setValue(value);
    };
    auto setCombo = [](QComboBox* combo, int index) {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(std::clamp(index, 0, combo->count() - 1));
    };
    setBox(noPositions_, s.noPositions);
    setBox(shuffle_, s.shuffle);
    setBox(noResidual1_, s.noResidual1);
    setBox(noResidual2_, s.noResidual2);
    setBox(noMask_, s.noMask);
    setSpin(seed_, s.seed);
    setSpin(padTo_, s.padTo);
    setCombo(ablate_, s.ablate);
    setCombo(uniform_, s.uniform);
    seed_->setEnabled(s.seedEnabled);
    const Switches after = switches();
    const bool differs = after.noPositions != before.noPositions || after.shuffle != before.shuffle ||
                         after.noResidual1 != before.noResidual1 || after.noResidual2 != before.noResidual2 ||
                         after.noMask != before.noMask || after.seed != before.seed ||
                         after.padTo != before.padTo || after.ablate != before.ablate ||
                         after.uniform != before.uniform;
    if (differs)
        Q_EMIT changed();
    return differs;
}
