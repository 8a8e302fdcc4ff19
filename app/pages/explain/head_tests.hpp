#pragma once
// The head tests of the explanation panel (explain_panel.hpp): the grid of heads, each cell the drop in
// p when the head is zeroed (Jain & Wallace's uniform and permuted tests in its tooltip), and the
// selected head's map on the input with its three numbers. A splitter: grid beside the map when the
// panel stacks the head tests under the methods, grid over the map when they stand to the right.

#include "pages/explain/explain_job.hpp"

#include <QSplitter>

class QLabel;
class QTableWidget;
class QTextBrowser;

class HeadTests : public QSplitter {
    Q_OBJECT
public:
    explicit HeadTests(QWidget* parent = nullptr);

    QTableWidget* grid() const { return grid_; }
    /// Fills the grid from `outcome`'s head tests; false (grid emptied) when it has none.
    bool showGrid(const explainview::Outcome& outcome);
    /// Head (layer, head)'s map on `outcome`'s input under its title, and the cell selected. The indices
    /// must be in range.
    void showHead(const explainview::Outcome& outcome, int layer, int head);
    /// Empties the grid and the head's map.
    void clear();
    /// The title over the selected head's map.
    QString headTitle() const;
    /// Grid over map (`beside` the methods) or grid beside map (stacked under them), and the grid's rows
    /// sized for that.
    void setBeside(bool beside);
    /// Beside the methods: the grid as tall as its rows, the map the rest (at least `unit`).
    void fitGridHeight(int unit);

private:
    QTableWidget* grid_ = nullptr;
    QLabel* headTitle_ = nullptr;
    QTextBrowser* headText_ = nullptr;
    QLabel* headImage_ = nullptr;
};
