#pragma once
// The Translation page: an English sentence goes through the seq2seq model with attention (and, for
// comparison, through the baseline without attention) in a JobRunner, debounced. The page shows the
// translation with its alignment heatmap (rows = output words, columns = source words), word chips
// that light up with the hovered cell's weights, and a step-through of greedy decoding: at step t the
// attention row over the source words as a bar chart and the word chosen.

#include "pages/page.hpp"

#include <QVector>
#include <attn/models/model.hpp>
#include <optional>

class ErrorBanner;
class HeatmapView;
class JobRunner;
class ModelBar;
class ModelSlot;
class SentenceInput;
class WordChipRow;
class QCPBars;
class QCustomPlot;
class QHBoxLayout;
class QLabel;
class QPushButton;

class TranslationPage : public Page {
    Q_OBJECT
public:
    explicit TranslationPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Translation"); }
    HeatmapView* currentHeatmap() const override { return heatmap_; }
    QWidget* exportWidget() override { return this; }
    /// Loads the shipped models into the slots that have none yet.
    void start() override;

    void setText(const QString& text); ///< starts the (debounced) translation
    void runNow();                     ///< translates now (no debounce)
    /// Decoding step shown (0-based output position); clamped to the result.
    void setStep(int step);
    int step() const { return step_; }
    void nextStep() { setStep(step_ + 1); }
    void previousStep() { setStep(step_ - 1); }
    /// Highlights the chips for a hovered cell: row >= 0 an output word, column >= 0 a source word;
    /// (-1, -1) returns to the current step.
    void highlight(int row, int column);

    ModelSlot* modelSlot() const { return slot_; }
    ModelSlot* baselineSlot() const { return baseline_; }
    JobRunner* jobs() const { return jobs_; }
    HeatmapView* mainHeatmap() const { return heatmap_; }
    QCustomPlot* stepPlot() const { return stepPlot_; }
    const std::optional<attn::TranslationResult>& result() const { return result_; }
    const std::optional<attn::TranslationResult>& baselineResult() const { return baselineResult_; }
    QString resultText() const { return resultText_; }
    QString errorText() const override;
    QString stepText() const;
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
    HeatmapView* heatmap_ = nullptr;
    QPushButton* prev_ = nullptr;
    QPushButton* next_ = nullptr;
    QLabel* stepLabel_ = nullptr;
    QCustomPlot* stepPlot_ = nullptr;
    QCPBars* stepBars_ = nullptr;
    QLabel* withAttention_ = nullptr;
    QLabel* withoutAttention_ = nullptr;
    QLabel* warnings_ = nullptr;

    std::optional<attn::TranslationResult> result_, baselineResult_;
    QString resultText_;
    QString inferenceError_;
    int step_ = 0;
    int hoverRow_ = -1, hoverColumn_ = -1;
};
