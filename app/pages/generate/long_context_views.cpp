#include "pages/generate/long_context_views.hpp"

#include "pages/generate/head_pattern_table.hpp"
#include "services/job_runner.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QThreadPool>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/memory_budget.hpp>
#include <qcustomplot.h>

namespace lc = attn::long_context;

namespace {

QLabel* caption(const QString& text, QWidget* parent) {
    auto* l = new QLabel(text, parent);
    l->setWordWrap(true);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

QLabel* readout(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    return l;
}

QWidget* column(QWidget* parent, std::initializer_list<std::pair<QWidget*, int>> widgets) {
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const auto& [w, stretch] : widgets)
        layout->addWidget(w, stretch);
    return box;
}

} // namespace

LongContextViews::LongContextViews(QWidget* parent) : QWidget(parent) {
    tileJobs_ = new JobRunner(this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);
    QWidget* left = buildHeadColumn(split);
    QWidget* middle = buildOverviewColumn(split);
    QWidget* right = buildTileColumn(split);

    split->addWidget(left);
    split->addWidget(middle);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 4);
    split->setStretchFactor(2, 3);
    split->setSizes({380, 560, 400});
    outer->addWidget(split, 1);

    connectViews();
}

QWidget* LongContextViews::buildHeadColumn(QSplitter* split) {
    // Left: the layer x head grid above the head-pattern table.
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    gridArea_ = new QWidget(scroll);
    grid_ = new QGridLayout(gridArea_);
    grid_->setSpacing(2);
    scroll->setWidget(gridArea_);
    table_ = new HeadPatternTable(split);
    auto* left = new QSplitter(Qt::Vertical, split);
    left->addWidget(
        column(left, {{caption(tr("Heads (layer × head), coarsest level — click to select"), left), 0},
                      {scroll, 1}}));
    left->addWidget(column(
        left, {{caption(tr("Head patterns from the kept per-row figures (click a header to sort)"), left), 0},
               {table_, 1}}));
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    return left;
}

QWidget* LongContextViews::buildOverviewColumn(QSplitter* split) {
    // Middle: the pyramid level of the selected head.
    auto* middle = new QWidget(split);
    auto* mid = new QVBoxLayout(middle);
    mid->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    poolingBox_ = new QComboBox(middle);
    poolingBox_->addItem(tr("Max"));
    poolingBox_->addItem(tr("Mean"));
    poolingBox_->setToolTip(tr("Each block shows the largest (max) or the mean true probability of its "
                               "cells, as core pooled them during the forward (masked future cells count "
                               "as 0)"));
    levelCaption_ = readout(middle);
    controls->addWidget(new QLabel(tr("Blocks:"), middle));
    controls->addWidget(poolingBox_);
    controls->addWidget(levelCaption_, 1);
    mid->addLayout(controls);
    overview_ = new HeatmapView(middle);
    overview_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    overview_->setAxisTitles(tr("Query positions (attend from)"), tr("Key positions (attended to)"));
    overview_->setEmptyText(tr("Running the long-context forward…"));
    overview_->setMinimumWidth(320);
    overview_->installEventFilter(this);
    hover_ = readout(middle);
    hover_->setText(tr("Hover a block for its rows, keys, max and mean; zoom in (wheel) for finer levels, "
                       "and below the finest level — or click a block — for the exact cells."));
    mid->addWidget(overview_, 1);
    mid->addWidget(hover_);
    return middle;
}

QWidget* LongContextViews::buildTileColumn(QSplitter* split) {
    // Right: the exact tile, the clicked row's figures and top-k keys, the next token.
    auto* right = new QWidget(split);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    tile_ = new HeatmapView(right);
    tile_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    tile_->setAxisTitles(tr("Query"), tr("Key"));
    tile_->setEmptyText(tr("Click a block (or zoom in) for its exact cells"));
    tile_->setMinimumSize(240, 200);
    tileHover_ = readout(right);
    exportTile_ = new QPushButton(tr("Export tile…"), right);
    exportTile_->setToolTip(tr("Save the exact tile as CSV or JSON, with its rows, keys and block size"));
    exportTile_->setEnabled(false);
    auto* tileRow = new QHBoxLayout;
    tileRow->addWidget(tileHover_, 1);
    tileRow->addWidget(exportTile_, 0, Qt::AlignTop);
    rowInfo_ = readout(right);
    topKeys_ = new QTableWidget(right);
    topKeys_->setColumnCount(3);
    topKeys_->setHorizontalHeaderLabels({tr("Key"), tr("Token"), tr("Probability")});
    topKeys_->verticalHeader()->hide();
    topKeys_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    topKeys_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    topKeys_->setMinimumHeight(90);
    next_ = readout(right);
    rl->addWidget(tile_, 3);
    rl->addLayout(tileRow);
    rl->addWidget(rowInfo_);
    rl->addWidget(topKeys_, 2);
    rl->addWidget(next_);
    return right;
}

void LongContextViews::connectViews() {
    connect(poolingBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
        setPooling(index == 1 ? heatmap_lod::Pooling::Mean : heatmap_lod::Pooling::Max);
    });
    connect(table_, &HeadPatternTable::headClicked, this, &LongContextViews::headSelected);
    connect(overview_, &HeatmapView::viewChanged, this, &LongContextViews::onViewChanged);
    connect(overview_, &HeatmapView::cellHovered, this, &LongContextViews::onOverviewHover);
    connect(overview_, &HeatmapView::cellClicked, this, &LongContextViews::clickBlock);
    connect(tile_, &HeatmapView::cellHovered, this, &LongContextViews::onTileHover);
    connect(tile_, &HeatmapView::cellClicked, this, [this](int row, int) {
        if (row >= 0 && tileRange_.rows() > 0)
            selectRow(tileRange_.r0 + row);
    });
    connect(exportTile_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export tile"), QStringLiteral("tile.csv"),
                                                          tr("CSV (*.csv);;JSON (*.json)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!exportTile(path, &error))
            QMessageBox::warning(this, tr("Export tile"), error);
    });
}

LongContextViews::~LongContextViews() = default;

const lc::HeadSummary* LongContextViews::headSummary() const {
    if (!snap_.pass || layer_ < 0 || layer_ >= static_cast<int>(snap_.pass->layers.size()) || head_ < 0 ||
        head_ >= snap_.pass->heads)
        return nullptr;
    return &snap_.pass->head(layer_, head_);
}

void LongContextViews::clear() {
    tileJobs_->cancel();
    ++gridGeneration_;
    snap_ = {};
    layer_ = head_ = level_ = row_ = -1;
    tileRange_ = {};
    overview_->clear();
    tile_->clear();
    hover_->clear();
    tileHover_->clear();
    rowInfo_->clear();
    topKeys_->setRowCount(0);
    next_->clear();
    table_->setRowCount(0);
    exportTile_->setEnabled(false);
    for (auto& row : thumbs_)
        for (auto* v : row)
            v->clear();
}

void LongContextViews::show(const LongContextSnapshot& s, int layer, int head) {
    const bool newPass = s.pass != snap_.pass;
    const bool newHead = newPass || layer != layer_ || head != head_;
    if (newPass) {
        tileJobs_->cancel();
        // The previous pass (about 1 GB at 16,384 tokens) is freed on a worker: freeing it here held the
        // GUI thread for tens of milliseconds (issue 56).
        if (auto old = std::move(snap_.pass))
            QThreadPool::globalInstance()->start([old]() mutable { old.reset(); });
        snap_ = s;
        rebuildGrid(static_cast<int>(s.pass->layers.size()), s.pass->heads);
        fillGrid();
        QString next;
        for (std::size_t i = 0; i < s.next.size(); ++i)
            next += QStringLiteral("%1“%2” %3")
                        .arg(i ? QStringLiteral(" · ") : QString(), s.nextLabels.value(static_cast<int>(i)),
                             format::num(s.next[i].probability, 3));
        next_->setText(tr("Next token after the prompt (top %1): %2").arg(s.next.size()).arg(next));
    }
    layer_ = layer;
    head_ = head;
    markGrid();
    table_->setPatterns(snap_.patterns);
    table_->markHead(layer, head);
    if (!newHead)
        return;
    tileJobs_->cancel();
    tileRange_ = {};
    tile_->clear();
    tileHover_->clear();
    exportTile_->setEnabled(false);
    const lc::HeadSummary* hs = headSummary();
    if (!hs || hs->pyramid.levels.empty()) {
        overview_->clear();
        level_ = -1;
        return;
    }
    showLevel(levelForPixels(hs->pyramid, overviewPixels()));
    selectRow(snap_.pass->length -
              1); // the last prompt position: the one whose output predicts the next token
}

void LongContextViews::selectRow(int row) {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || row < 0 || row >= hs->length)
        return;
    row_ = row;
    const bool figures = hs->entropy.size() == hs->length;
    rowInfo_->setText(
        figures
            ? tr("Row %1 (L%2 H%3): first %4 · previous %5 · self %6 · entropy %7 nats — its top %8 keys:")
                  .arg(tokenText(row))
                  .arg(layer_ + 1)
                  .arg(head_ + 1)
                  .arg(format::num(hs->first[row], 4), format::num(hs->previous[row], 4),
                       format::num(hs->self[row], 4), format::num(hs->entropy[row], 3))
                  .arg(hs->topK.k)
            : tr("Row %1: no per-row figures were kept").arg(tokenText(row)));
    topKeys_->setRowCount(0);
    if (hs->topK.k > 0) {
        const auto keys = hs->topK.rowKeys(row);
        const auto probs = hs->topK.rowProbabilities(row);
        int r = 0;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i] < 0)
                continue;
            topKeys_->setRowCount(r + 1);
            auto* key = new QTableWidgetItem(QString::number(keys[i]));
            key->setData(Qt::UserRole, keys[i]);
            topKeys_->setItem(r, 0, key);
            topKeys_->setItem(r, 1, new QTableWidgetItem(snap_.labels.value(keys[i])));
            auto* p = new QTableWidgetItem(QString::number(static_cast<double>(probs[i]), 'g', 6));
            p->setData(Qt::UserRole, static_cast<double>(probs[i]));
            topKeys_->setItem(r, 2, p);
            ++r;
        }
    }
    if (tileRange_.rows() > 0)
        tile_->setRowMarker(row_ >= tileRange_.r0 && row_ < tileRange_.r1 ? row_ - tileRange_.r0 : -1);
}

QString LongContextViews::rowText() const {
    return rowInfo_->text();
}
QString LongContextViews::hoverText() const {
    return hover_->text();
}
QString LongContextViews::tileHoverText() const {
    return tileHover_->text();
}
QString LongContextViews::nextText() const {
    return next_->text();
}
