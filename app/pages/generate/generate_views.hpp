#pragma once
// GenerateViews: what the Generate page shows for one snapshot, the selected generated token and the
// selected head — each a panel of its own:
//   the text as chips shaded by the selected head's attention row of the selected token;
//   the layer x head grid of small causal maps (click selects the head);
//   the head-pattern table (first token / previous / self, sortable);
//   the full causal T x T map of the selected head (future cells masked: NaN, drawn as "—");
//   the selected token's attention row for every layer and head as one strip (rows = layer/head);
//   the next-token top-10 as bars.
// It formats core's numbers; it computes none.

#include "pages/generate/generate_session.hpp"

#include <QVector>
#include <QWidget>

class HeadPatternTable;
class HeatmapView;
class ProbabilityBars;
class QGridLayout;
class QLabel;
class WordChipRow;

class GenerateViews : public QWidget {
    Q_OBJECT
public:
    explicit GenerateViews(QWidget* parent = nullptr);

    /// Shows `s` with `labels` (prompt + generated, one per id), token `step` (index into s.steps) and
    /// head (layer, head); `topLabels` name the step's top ids. A snapshot without steps shows the prompt.
    void show(const GenerateSnapshot& s, const QStringList& labels, const QStringList& topLabels, int step,
              int layer, int head);
    void clear(const QString& message);
    void setTeachingCaptions(bool on);
    bool teachingCaptionsShown() const;

    HeatmapView* causalMap() const { return causal_; }
    HeatmapView* strip() const { return strip_; }
    HeatmapView* thumbnail(int layer, int head) const;
    HeadPatternTable* patternTable() const { return table_; }
    ProbabilityBars* topBars() const { return bars_; }
    WordChipRow* chips() const { return chips_; }
    /// The top-10 as the bars show it: "label p; …".
    QString topText() const { return topText_; }
    /// Under the bars while a sampled token is selected: what u and q are (empty for greedy).
    QString drawText() const;
    QLabel* chipLegend() const { return chipLegend_; }

Q_SIGNALS:
    void headSelected(int layer, int head);
    void stepSelected(int step);

private:
    void rebuildGrid(int layers, int heads);

    WordChipRow* chips_ = nullptr;
    QWidget* gridArea_ = nullptr;
    QGridLayout* grid_ = nullptr;
    QVector<QVector<HeatmapView*>> thumbs_;
    HeadPatternTable* table_ = nullptr;
    HeatmapView* causal_ = nullptr;
    HeatmapView* strip_ = nullptr;
    ProbabilityBars* bars_ = nullptr;
    QLabel* barsTitle_ = nullptr;
    QLabel* drawNote_ = nullptr;
    QLabel* chipLegend_ = nullptr;
    QLabel* legend_ = nullptr;
    QLabel* teachingNote_ = nullptr;
    QString topText_;
    int promptLength_ = 0;
};
