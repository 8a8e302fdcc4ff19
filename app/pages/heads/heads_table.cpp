#include "pages/heads/heads_table.hpp"

#include "widgets/format.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QPoint>
#include <QScrollBar>
#include <algorithm>
#include <cmath>

namespace {

using attn::analysis::Metric;

/// Sorts by the number in Qt::UserRole (the shown text is rounded); an undefined value sorts last.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(double value, const QString& text) : QTableWidgetItem(text) {
        setData(Qt::UserRole, value);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        const double a = data(Qt::UserRole).toDouble(), b = other.data(Qt::UserRole).toDouble();
        if (std::isnan(a) || std::isnan(b))
            return !std::isnan(a) && std::isnan(b);
        return a < b;
    }
};

} // namespace

HeadsTable::HeadsTable(QWidget* parent) : QTableWidget(parent) {
    verticalHeader()->hide();
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    setSortingEnabled(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setMinimumSectionSize(48);
    connect(this, &QTableWidget::currentCellChanged, this, [this](int row, int, int, int) {
        const auto [l, h] = headAt(row);
        if (l >= 0)
            Q_EMIT headClicked(l, h);
    });
}

QString HeadsTable::metricTitle(Metric m) {
    switch (m) {
    case Metric::Sink:
        return tr("First");
    case Metric::Previous:
        return tr("Previous");
    case Metric::Self:
        return tr("Self");
    case Metric::Cls:
        return tr("[CLS]");
    case Metric::Sep:
        return tr("[SEP]");
    case Metric::Entropy:
        return tr("Entropy");
    case Metric::Distance:
        return tr("Distance");
    case Metric::Induction:
        return tr("Induction");
    }
    return {};
}

QString HeadsTable::metricToolTip(Metric m) {
    switch (m) {
    case Metric::Sink:
        return tr("Mean weight on the first token (the “attention sink”), over every query after it");
    case Metric::Previous:
        return tr("Mean weight on the token just before the query");
    case Metric::Self:
        return tr("Mean weight of a query on itself");
    case Metric::Cls:
        return tr("Mean weight on the [CLS] token");
    case Metric::Sep:
        return tr("Mean weight on the [SEP] tokens");
    case Metric::Entropy:
        return tr("Mean entropy of a query's weights in nats: 0 = one key, ln n = spread evenly over n keys");
    case Metric::Distance:
        return tr("Mean distance from the query to the keys it attends to, weighted by attention (tokens, or "
                  "patches for a ViT)");
    case Metric::Induction:
        return tr("On inputs made of a random run repeated: the mean weight on the token that followed the "
                  "current token's earlier occurrence");
    }
    return {};
}

QString HeadsTable::formatValue(double value) {
    return format::num(value, 3);
}

void HeadsTable::setReport(const attn::analysis::SurveyReport& report) {
    const int sortColumn = horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = horizontalHeader()->sortIndicatorOrder();
    const std::optional<Metric> sortMetric = metricAt(sortColumn);
    const QSignalBlocker block(this); // the rebuild moves the current cell: not a head the user chose
    setSortingEnabled(false);
    clear();
    columns_.clear();
    for (Metric m : attn::analysis::kMetrics)
        if (report.measured(m))
            columns_.push_back(m);
    setColumnCount(1 + static_cast<int>(columns_.size()));
    auto* headItem = new QTableWidgetItem(tr("Head"));
    headItem->setToolTip(tr("Layer and head, counted from 1 (sorts by layer, then head)"));
    setHorizontalHeaderItem(0, headItem);
    for (std::size_t c = 0; c < columns_.size(); ++c) {
        auto* item = new QTableWidgetItem(metricTitle(columns_[c]));
        item->setToolTip(metricToolTip(columns_[c]));
        setHorizontalHeaderItem(static_cast<int>(c) + 1, item);
    }
    setRowCount(report.layers * report.heads);
    for (int l = 0, r = 0; l < report.layers; ++l)
        for (int h = 0; h < report.heads; ++h, ++r) {
            auto* head = new NumberItem(l * 100000 + h, tr("L%1 H%2").arg(l + 1).arg(h + 1));
            head->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            head->setData(Qt::UserRole + 1, QPoint(l, h));
            setItem(r, 0, head);
            for (std::size_t c = 0; c < columns_.size(); ++c) {
                const double v = report.mean(l, h, columns_[c]);
                setItem(r, static_cast<int>(c) + 1, new NumberItem(v, formatValue(v)));
            }
        }
    setSortingEnabled(true);
    const int newSort = sortMetric ? columnOf(*sortMetric) : -1;
    resizeColumnsToContents();
    fitWidth();
    if (newSort < 0) // the first survey, or its metric is not measured here: by layer, then head
        sortItems(0, Qt::AscendingOrder);
    else
        sortItems(newSort, order);
}

void HeadsTable::fitWidth() {
    int width = 2 * frameWidth() + verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < columnCount(); ++c)
        width += horizontalHeader()->sectionSize(c);
    setMinimumWidth(std::max(300, width));
}

void HeadsTable::changeEvent(QEvent* event) {
    QTableWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) { // teaching mode, zoom: every number stays readable
        resizeColumnsToContents();
        fitWidth();
    }
}

int HeadsTable::columnOf(Metric m) const {
    for (std::size_t c = 0; c < columns_.size(); ++c)
        if (columns_[c] == m)
            return static_cast<int>(c) + 1;
    return -1;
}

std::optional<Metric> HeadsTable::metricAt(int column) const {
    if (column < 1 || column > static_cast<int>(columns_.size()))
        return std::nullopt;
    return columns_[static_cast<std::size_t>(column - 1)];
}

std::pair<int, int> HeadsTable::headAt(int row) const {
    const auto* h = item(row, 0);
    if (!h)
        return {-1, -1};
    const QPoint lh = h->data(Qt::UserRole + 1).toPoint();
    return {lh.x(), lh.y()};
}

void HeadsTable::markHead(int layer, int head) {
    for (int r = 0; r < rowCount(); ++r)
        if (headAt(r) == std::make_pair(layer, head)) {
            const QSignalBlocker block(this);
            setCurrentCell(r, 0);
            selectRow(r);
            scrollToItem(item(r, 0));
            return;
        }
}

void HeadsTable::sortByMetric(Metric m) {
    const int c = columnOf(m);
    if (c >= 0)
        sortItems(c, m == Metric::Entropy ? Qt::AscendingOrder : Qt::DescendingOrder);
}
