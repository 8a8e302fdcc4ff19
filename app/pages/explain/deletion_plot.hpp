#pragma once
// The deletion plot of the explanation panel (explain_panel.hpp): one curve per method, p (or the
// cosine) as the most relevant inputs are removed one by one, with each method's AOPC in the legend
// under the axes when the width holds it. The plot draws its own text, so its fonts follow the teaching
// scale here (teaching::applyFonts leaves QCustomPlots alone).

#include "pages/explain/explain_job.hpp"

#include <QString>
#include <qcustomplot.h>
#include <utility>
#include <vector>

class DeletionPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit DeletionPlot(QWidget* parent = nullptr);

    /// The curves of `outcome`'s methods, the y axis named for what it explains (p or the cosine).
    void showOutcome(const explainview::Outcome& outcome);
    /// No curves (the legend keeps its row, without a frame).
    void clearCurves();
    /// Fonts and minimum size times `scale` (teaching::textScale); call fitLegendColumns after.
    void setTextScale(double scale);
    /// One legend row when the width holds it: names with AOPC, else bare names, else fewer columns.
    void fitLegendColumns();

    /// Columns of the legend: one per method when its width holds them (fitLegendColumns).
    int legendColumns() const;
    /// True while the legend's entries carry their AOPC ("raw 0.538").
    bool legendShowsAopc() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showLegendFrame();
    void showCurves(const explainview::Outcome& outcome);

    std::vector<std::pair<QString, QString>> legendNames_; ///< per curve: the method, " <its AOPC>"
};
