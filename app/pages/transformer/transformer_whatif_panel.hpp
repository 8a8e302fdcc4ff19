#pragma once
// What-if switches of the Transformer page and their effect: the prediction and the selected head's
// attention before and after. The switches become an attn::WhatIf that the page passes to the engine's
// traced forward (TracedTextEncoder::traceText) — nothing here changes a number itself. Every switch works
// on every traced encoder (BERT: no positions leaves position_embeddings out of the sum, the pads are
// [PAD] with the attention mask, the shuffle keeps [CLS] and [SEP] in place), except padding on an
// encoder that has no pad token (TracedTextEncoder::canPad(), USE lite): those two switches are disabled
// with the reason; an encoder without a head has no prediction to compare, which the panel says.

#include <QWidget>
#include <attn/capabilities/traced_text_encoder.hpp>

class HeatmapView;
class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

class TransformerWhatIfPanel : public QWidget {
    Q_OBJECT
public:
    explicit TransformerWhatIfPanel(QWidget* parent = nullptr);

    /// The switches for `layer` (the page's layer; positions, shuffle and the mask act on the whole model).
    attn::WhatIf whatIf(int layer) const;
    /// Seed of the word shuffle, or -1 when the words keep their order.
    int shuffleSeed() const;
    bool anySwitch() const;
    void setHeadCount(int heads, int maxLen);
    /// What the notes may claim (mean pooling ignores word order), whether there is a prediction
    /// (classLabels()) and whether the model can pad (canPad(): else "Pad to" and "Padding mask off" are
    /// disabled, reset and say why in their tooltips).
    void setModel(const attn::TracedTextEncoder& model);
    /// Whether "Pad to" and "Padding mask off" apply to the model set.
    bool paddingApplies() const { return canPad_; }
    /// The tooltip of the padding switches when they do not apply.
    static QString noPaddingReason();
    void setTeachingMode(bool on);
    /// Every switch's setting, for the language switch to hand to the rebuilt page.
    struct Switches {
        bool noPositions = false, shuffle = false, noResidual1 = false, noResidual2 = false, noMask = false;
        int seed = 0, padTo = 0, ablate = 0, uniform = 0;
        bool seedEnabled = false;
    };
    Switches switches() const;
    /// Sets every switch (after setHeadCount, so that the head lists exist) and emits one changed() if
    /// anything differs; returns whether it did.
    bool applySwitches(const Switches& s);

    /// Shows `before` (the sentence through the unchanged model) and `after` (with the switches).
    void showResult(const attn::EncoderTrace& before, const attn::EncoderTrace& after, int layer, int head);

    // For tests and the page's scripted use.
    QCheckBox* noPositions() const { return noPositions_; }
    QCheckBox* shuffle() const { return shuffle_; }
    QCheckBox* noResidual1() const { return noResidual1_; }
    QCheckBox* noResidual2() const { return noResidual2_; }
    QComboBox* ablate() const { return ablate_; }
    QComboBox* uniform() const { return uniform_; }
    QCheckBox* noMask() const { return noMask_; }
    QSpinBox* padTo() const { return padTo_; }
    HeatmapView* beforeView() const { return before_; }
    HeatmapView* afterView() const { return after_; }
    QString predictionText() const;

Q_SIGNALS:
    void changed();

private:
    QCheckBox *noPositions_, *shuffle_, *noResidual1_, *noResidual2_, *noMask_;
    QSpinBox *seed_, *padTo_;
    QComboBox *ablate_, *uniform_;
    QLabel* prediction_;
    QLabel* note_;
    HeatmapView *before_, *after_;
    attn::EncoderPooling pooling_ = attn::EncoderPooling::Mean;
    bool hasHead_ = true;
    bool canPad_ = true;
    QLabel* padLabel_ = nullptr;
    QString padTip_, maskTip_; ///< the switches' tooltips on a model that pads
};
