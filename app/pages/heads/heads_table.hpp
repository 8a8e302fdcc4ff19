#pragma once
// The head finder's table: one row per head (layer × head), one column per metric the survey measured
// (sink, previous, self, [CLS], [SEP], entropy, mean distance, induction), sortable by any column. Each
// cell holds core's mean in Qt::UserRole (sorting uses it; the text is it rounded).

#include <QTableWidget>
#include <attn/analysis/survey_report.hpp>
#include <utility>
#include <vector>

class HeadsTable : public QTableWidget {
    Q_OBJECT
public:
    explicit HeadsTable(QWidget* parent = nullptr);

    /// Fills the table from `report` (the sort column and order stay).
    void setReport(const attn::analysis::SurveyReport& report);
    /// The column of `m`, or -1 when the survey did not measure it.
    int columnOf(attn::analysis::Metric m) const;
    /// The metric of `column`, or nullopt for the head column.
    std::optional<attn::analysis::Metric> metricAt(int column) const;
    /// (layer, head), 0-based, of table row `row`; (-1, -1) when there is none.
    std::pair<int, int> headAt(int row) const;
    /// Selects the row of (layer, head).
    void markHead(int layer, int head);
    /// Sorts by `m`: highest first (lowest first for entropy).
    void sortByMetric(attn::analysis::Metric m);

    /// The metric's name on screen ("Previous", "[CLS]", ...), and what it measures (a tooltip).
    static QString metricTitle(attn::analysis::Metric m);
    static QString metricToolTip(attn::analysis::Metric m);
    /// The metric's value as the page shows it (3 decimals; "—" when undefined).
    static QString formatValue(double value);

Q_SIGNALS:
    void headClicked(int layer, int head);

protected:
    /// A larger font (teaching mode, zoom) widens the columns and the table with it.
    void changeEvent(QEvent* event) override;

private:
    /// The table as wide as its columns (at least 300 px), so that the splitter never cuts a number.
    void fitWidth();
    std::vector<attn::analysis::Metric> columns_; ///< the metric of column 1, 2, ...
};
