#pragma once
// HeadPatternTable: one row per (layer, head) with core's head-pattern shares (attn/hf/head_patterns.hpp)
// — attention on the first token (the "attention sink"), on the previous token, on itself — sortable
// by each column (click a header, or sortBy). Clicking a row emits headClicked(layer, head).

#include <QTableWidget>
#include <attn/hf/head_patterns.hpp>
#include <vector>

class HeadPatternTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { HeadColumn = 0, FirstColumn, PreviousColumn, SelfColumn };

    explicit HeadPatternTable(QWidget* parent = nullptr);
    void setPatterns(const std::vector<attn::hf::HeadPattern>& patterns);
    /// Sorts by `column`, largest share first for the share columns.
    void sortBy(Column column);
    /// Marks the row of (layer, head) as selected.
    void markHead(int layer, int head);
    /// (layer, head) of the table row `row` as currently sorted.
    std::pair<int, int> headAt(int row) const;

Q_SIGNALS:
    void headClicked(int layer, int head);
};
