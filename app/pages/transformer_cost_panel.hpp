#pragma once
// The cost of attention (the chapter's limitations table): for n = 8 … 512, the number of scores one
// layer computes and the measured time of one forward of the loaded model's layer, on log–log axes
// beside n² and n reference lines. The page measures (attn::measureAttentionCost in its JobRunner) and
// hands the points here.

#include <QWidget>
#include <attn/attention_cost.hpp>

class QCustomPlot;
class QLabel;
class QPushButton;

class TransformerCostPanel : public QWidget {
    Q_OBJECT
public:
    explicit TransformerCostPanel(QWidget* parent = nullptr);

    void setCost(const attn::AttentionCost& cost, int layer);
    void setRunning(bool running, double fraction = 0);
    /// Teaching mode and the presenter zoom (1 = 100 %): the plot's text at that size.
    void setTeachingMode(bool on, double zoom = 1.0);
    const attn::AttentionCost& cost() const { return cost_; }
    QString tableText() const;
    QCustomPlot* plot() const { return plot_; }
    QPushButton* measureButton() const { return measure_; }

Q_SIGNALS:
    void measureRequested();

private:
    QCustomPlot* plot_;
    QLabel* table_;
    QLabel* status_;
    QPushButton* measure_;
    attn::AttentionCost cost_;
};
