#pragma once
// The Translation page: an English sentence goes through the seq2seq model with attention (and, for
// comparison, through the baseline without attention) in a JobRunner, debounced. The page shows the
// translation with its alignment heatmap (rows = output words, columns = source words), word chips
// that light up with the hovered cell's weights, and a step-through of greedy decoding
// (DecodeStepPanel): the output growing one word per step, the decoder's top-5 next words with their
// probabilities and, with attention, the step's weights over the source words. The model without
// attention has its own view: the one context vector it decodes from and its state after each step.
// Words the models do not know (<unk>) are marked ⚠ on the axes, chips and bars.

#include "pages/page.hpp"

#include <QVector>
#include <attn/models/model.hpp>
#include <optional>

class DecodeStepPanel;
class ErrorBanner;
class HeatmapView;
class JobRunner;
class ModelBar;
class ModelSlot;
class SentenceInput;
class WordChipRow;
class QCustomPlot;
class QLabel;
class QTabWidget;
class QTimer;

class TranslationPage : public Page {
    Q_OBJECT
public:
    explicit TranslationPage(QWidget* parent = nullptr);

    /// Which decoder the step-through follows (and which map the left side shows).
    enum class Decoder { WithAttention, WithoutAttention };

    QString title() const override { return tr("Translation"); }
    /// The map on screen: the alignment, or the baseline's context-vector map.
    HeatmapView* currentHeatmap() const override;
    QWidget* exportWidget() override { return this; }
    /// Loads the shipped models into the slots that have none yet.
    void start() override;
    /// The language switch: inputs, models and choices to `next` (pages/page_carry.cpp).
    FollowUp carryStateTo(Page* next) const override;

    void setText(const QString& text); ///< starts the (debounced) translation
    void runNow();                     ///< translates now (no debounce)
    /// Decoding step shown (0-based output position of the followed decoder); clamped to its result.
    void setStep(int step);
    int step() const { return step_; }
    void nextStep() { setStep(step_ + 1); }
    void previousStep() { setStep(step_ - 1); }
    /// Steps from the first word to the last, one per interval (Play); false stops.
    void setPlaying(bool on);
    bool isPlaying() const;
    void setDecoder(Decoder decoder);
    Decoder decoder() const { return decoder_; }
    /// Larger fonts for a projector; numbers printed in the alignment cells.
    void setTeachingMode(bool on) override;
    /// Highlights the chips for a hovered cell: row >= 0 an output word, column >= 0 a source word;
    /// (-1, -1) returns to the current step.
    void highlight(int row, int column);

    ModelSlot* modelSlot() const { return slot_; }
    ModelSlot* baselineSlot() const { return baseline_; }
    JobRunner* jobs() const { return jobs_; }
    HeatmapView* mainHeatmap() const { return heatmap_; }
    /// Without attention: row 0 the context vector (the encoder's final state), then the decoder's
    /// state after each step; columns = hidden units.
    HeatmapView* contextHeatmap() const { return contextMap_; }
    DecodeStepPanel* stepPanel() const { return steps_; }
    QCustomPlot* stepPlot() const;
    const std::optional<attn::TranslationResult>& result() const { return result_; }
    const std::optional<attn::TranslationResult>& baselineResult() const { return baselineResult_; }
    QString resultText() const { return resultText_; }
    QString errorText() const override;
    QString stepText() const;
    QString soFarText() const;
    QString attentionOutputText() const;
    QString baselineOutputText() const;
    /// Chip weights as shaded now (source words, output words); -1 for a chip that is not shaded.
    QVector<double> sourceChipWeights() const { return sourceWeights_; }
    QVector<double> outputChipWeights() const { return outputWeights_; }
    /// Bar heights of the step plot.
    QVector<double> stepBarValues() const;

    static QString joinOutput(const attn::TranslationResult& r, const std::string& eos);

private:
    struct Outcome {
        std::optional<attn::TranslationResult> main, baseline;
        QString text;
    };
    void onModelChanged();
    void showError(const QString& message); ///< inference error ("" clears it)
    void refreshErrors();
    void showOutcome(Outcome outcome);
    void rebuildChips();
    void refreshStep();
    void showContext();
    const attn::TranslationResult* followed() const;
    void applyChipWeights(const QVector<double>& source, const QVector<double>& output, int strongSource,
                          int strongOutput);

    ModelSlot* slot_ = nullptr;
    ModelSlot* baseline_ = nullptr;
    JobRunner* jobs_ = nullptr;
    ErrorBanner* error_ = nullptr;
    SentenceInput* input_ = nullptr;
    WordChipRow* sourceRow_ = nullptr;
    WordChipRow* outputRow_ = nullptr;
    QVector<double> sourceWeights_, outputWeights_;
    QTabWidget* views_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    HeatmapView* contextMap_ = nullptr;
    DecodeStepPanel* steps_ = nullptr;
    QTimer* play_ = nullptr;
    QLabel* withAttention_ = nullptr;
    QLabel* withoutAttention_ = nullptr;
    QLabel* warnings_ = nullptr;

    std::optional<attn::TranslationResult> result_, baselineResult_;
    QString resultText_;
    QString inferenceError_;
    int step_ = 0;
    Decoder decoder_ = Decoder::WithAttention;
    bool teaching_ = false;
    int hoverRow_ = -1, hoverColumn_ = -1;
};
