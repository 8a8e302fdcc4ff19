#pragma once
// The cost of attention (issue 51 point 1, the chapter's 2.4): for n = 8 … 4,096 one layer of the loaded
// model is timed on one thread, its scores + softmax part and its projections + FFN part apart, on
// log–log axes beside ∝ n² and ∝ n reference lines, with the slopes core fitted over the top octaves in
// the legend; the memory of one layer's attention maps beside its input's; the lengths skipped for the
// memory budget; and recurrent against parallel: the shipped GRU encoder's chain of n steps against the
// layer's six matrix products, both timed at the same n (one thread, and all threads for the layer).
//
// The page measures (attn::measureAttentionCost, attn::measureRecurrentVsParallel in its JobRunner) and
// hands the results here; the panel only formats them.

#include <QWidget>
#include <attn/attention_cost.hpp>
#include <attn/recurrent_vs_parallel.hpp>
#include <optional>

class QCustomPlot;
class QLabel;
class QPushButton;

/// What one measurement of the cost step brings back.
struct TransformerCostMeasurement {
    attn::AttentionCost cost;
    std::optional<attn::RecurrentVsParallel> recurrent; // empty: not measured (see recurrentError)
    QString recurrentError;                             // why not (no translation model, …)
};

class TransformerCostPanel : public QWidget {
    Q_OBJECT
public:
    /// The length of the GRU-against-layer comparison.
    static constexpr int kRecurrentLength = 512;
    /// The longest length of the cost curve.
    static constexpr int kLongestLength = 4096;

    explicit TransformerCostPanel(QWidget* parent = nullptr);

    /// Seconds as the panel writes milliseconds: three significant digits (165, 41.2, 3.08, 0.0512).
    static QString milliseconds(double seconds);

    /// Shows a measurement (an empty one clears the panel) of layer `layer` (from 0).
    void setMeasurement(const TransformerCostMeasurement& m, int layer);
    /// setMeasurement without the comparison (kept for the page's clearing calls).
    void setCost(const attn::AttentionCost& cost, int layer);
    void setRunning(bool running, double fraction = 0);
    /// Teaching mode and the presenter zoom (1 = 100 %): the plot's text at that size.
    void setTeachingMode(bool on, double zoom = 1.0);
    const attn::AttentionCost& cost() const { return measurement_.cost; }
    const TransformerCostMeasurement& measurement() const { return measurement_; }
    /// The texts shown (for tests and the export): the per-length numbers, the slopes and memory, the
    /// GRU-against-layer table and its reading, the teaching paragraph.
    QString tableText() const;
    QString summaryText() const;
    QString comparisonText() const;
    QString readingText() const;
    QString teachingText() const;
    QCustomPlot* plot() const { return plot_; }
    QPushButton* measureButton() const { return measure_; }
    QPushButton* stopButton() const { return stop_; }

Q_SIGNALS:
    void measureRequested();
    void stopRequested();

private:
    void showPlot();
    void showTexts();

    QCustomPlot* plot_;
    QLabel* summary_;
    QLabel* comparison_;
    QLabel* reading_;
    QLabel* teaching_;
    QLabel* status_;
    QPushButton* measure_;
    QPushButton* stop_;
    TransformerCostMeasurement measurement_;
    QString table_;
    int layer_ = 0;
};
