#include "pages/generate/head_pattern_table.hpp"

#include "widgets/format.hpp"

#include <QHeaderView>
#include <QPoint>

namespace {

/// Sorts by the number in Qt::UserRole (the shown text is rounded).
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(double value, const QString& text) : QTableWidgetItem(text) {
        setData(Qt::UserRole, value);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

} // namespace

HeadPatternTable::HeadPatternTable(QWidget* parent) : QTableWidget(parent) {
    setColumnCount(4);
    setHorizontalHeaderLabels({tr("Head"), tr("First"), tr("Previous"), tr("Self")});
    horizontalHeaderItem(HeadColumn)->setToolTip(tr("Layer and head (sorts by layer, then head)"));
    horizontalHeaderItem(FirstColumn)
        ->setToolTip(
            tr("Mean attention on the first token (the “attention sink”), over every query after it"));
    horizontalHeaderItem(PreviousColumn)->setToolTip(tr("Mean attention on the token just before the query"));
    horizontalHeaderItem(SelfColumn)->setToolTip(tr("Mean attention of a query on itself"));
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(HeadColumn, QHeaderView::ResizeToContents);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSortingEnabled(true);
    connect(this, &QTableWidget::cellClicked, this, [this](int row, int) {
        const auto [l, h] = headAt(row);
        if (l >= 0)
            Q_EMIT headClicked(l, h);
    });
}

void HeadPatternTable::setPatterns(const std::vector<attn::hf::HeadPattern>& patterns) {
    const int sortColumn = horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = horizontalHeader()->sortIndicatorOrder();
    setSortingEnabled(false);
    setRowCount(static_cast<int>(patterns.size()));
    for (int r = 0; r < rowCount(); ++r) {
        const auto& p = patterns[static_cast<std::size_t>(r)];
        auto* head =
            new NumberItem(p.layer * 100000 + p.head, tr("L%1 H%2").arg(p.layer + 1).arg(p.head + 1));
        head->setData(Qt::UserRole + 1, QPoint(p.layer, p.head));
        setItem(r, HeadColumn, head);
        const double shares[3] = {p.shares.firstToken, p.shares.previousToken, p.shares.self};
        for (int c = 0; c < 3; ++c)
            setItem(r, FirstColumn + c,
                    new NumberItem(shares[c],
                                   p.shares.rows > 0 ? format::num(shares[c], 3) : QStringLiteral("—")));
    }
    setSortingEnabled(true);
    sortItems(sortColumn, order);
}

void HeadPatternTable::sortBy(Column column) {
    sortItems(column, column >= FirstColumn ? Qt::DescendingOrder : Qt::AscendingOrder);
}

std::pair<int, int> HeadPatternTable::headAt(int row) const {
    const auto* h = item(row, HeadColumn);
    if (!h)
        return {-1, -1};
    const QPoint lh = h->data(Qt::UserRole + 1).toPoint();
    return {lh.x(), lh.y()};
}

void HeadPatternTable::markHead(int layer, int head) {
    for (int r = 0; r < rowCount(); ++r)
        if (headAt(r) == std::make_pair(layer, head)) {
            selectRow(r);
            return;
        }
    clearSelection();
}
