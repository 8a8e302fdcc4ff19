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

double ms(const QElapsedTimer& t) {
    return static_cast<double>(t.nsecsElapsed()) * 1e-6;
}

/// First position of block b of a level of n blocks over T positions (core's rule).
int startOf(int b, int length, int blocks) {
    return static_cast<int>(lc::blockStart(b, length, blocks));
}

} // namespace

LongContextViews::LongContextViews(QWidget* parent) : QWidget(parent) {
    tileJobs_ = new JobRunner(this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);

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

    split->addWidget(left);
    split->addWidget(middle);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 4);
    split->setStretchFactor(2, 3);
    split->setSizes({380, 560, 400});
    outer->addWidget(split, 1);

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

HeatmapView* LongContextViews::thumbnail(int layer, int head) const {
    if (layer < 0 || layer >= thumbs_.size() || head < 0 || head >= thumbs_[layer].size())
        return nullptr;
    return thumbs_[layer][head];
}

void LongContextViews::rebuildGrid(int layers, int heads) {
    if (thumbs_.size() == layers && (layers == 0 || thumbs_[0].size() == heads))
        return;
    thumbs_.clear();
    frames_.clear();
    while (QLayoutItem* item = grid_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (int h = 0; h < heads; ++h) {
        auto* t = new QLabel(tr("H%1").arg(h + 1), gridArea_);
        t->setAlignment(Qt::AlignCenter);
        grid_->addWidget(t, 0, h + 1);
    }
    for (int l = 0; l < layers; ++l) {
        grid_->addWidget(new QLabel(tr("L%1").arg(l + 1), gridArea_), l + 1, 0);
        QVector<HeatmapView*> row;
        QVector<QFrame*> frames;
        for (int h = 0; h < heads; ++h) {
            auto* frame = new QFrame(gridArea_);
            auto* fl = new QVBoxLayout(frame);
            fl->setContentsMargins(2, 2, 2, 2);
            auto* v = new HeatmapView(frame);
            v->setCompact(true);
            v->setRangeMode(HeatmapView::RangeMode::Fixed01);
            v->setMinimumSize(34, 34);
            v->setEmptyText(QStringLiteral("—"));
            connect(v, &HeatmapView::cellClicked, this,
                    [this, l, h](int, int) { Q_EMIT headSelected(l, h); });
            fl->addWidget(v);
            grid_->addWidget(frame, l + 1, h + 1);
            row << v;
            frames << frame;
        }
        thumbs_ << row;
        frames_ << frames;
    }
}

void LongContextViews::fillGrid() {
    // One layer per turn of the event loop: 64 thumbnails in one go held the GUI thread for about
    // 250 ms at 16,384 tokens (the stall meter).
    fillGridLayer(0, ++gridGeneration_);
}

void LongContextViews::fillGridLayer(int l, quint64 generation) {
    if (generation != gridGeneration_ || !snap_.pass || l >= thumbs_.size())
        return;
    const auto& pass = *snap_.pass;
    for (int h = 0; h < thumbs_[l].size(); ++h) {
        const lc::HeadSummary& s = pass.head(l, h);
        HeatmapView* v = thumbs_[l][h];
        if (s.pyramid.levels.empty()) {
            v->clear();
            continue;
        }
        v->setMatrix(s.pyramid.levels.back().max, {}, {});
        const attn::hf::HeadShares shares = headSharesOf(s);
        v->setToolTip(tr("Layer %1, head %2: first %3 · previous %4 · self %5 · entropy %6 nats (means "
                         "of the kept per-row figures) — click to select")
                          .arg(l + 1)
                          .arg(h + 1)
                          .arg(format::num(shares.firstToken, 3), format::num(shares.previousToken, 3),
                               format::num(shares.self, 3), format::num(meanEntropyOf(s), 2)));
    }
    QTimer::singleShot(0, this, [this, l, generation] { fillGridLayer(l + 1, generation); });
}

void LongContextViews::markGrid() {
    for (int l = 0; l < frames_.size(); ++l)
        for (int h = 0; h < frames_[l].size(); ++h)
            frames_[l][h]->setStyleSheet(l == layer_ && h == head_
                                             ? QStringLiteral("QFrame { border: 2px solid #d62728; }")
                                             : QStringLiteral("QFrame { border: 2px solid transparent; }"));
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

int LongContextViews::overviewPixels() const {
    const QRect ar = overview_->plot()->axisRect()->rect();
    int pixels = std::min(ar.width(), ar.height());
    if (pixels < 32) // not laid out yet: the widget less room for labels and the colour scale
        pixels = std::min(overview_->width(), overview_->height()) - 120;
    return std::max(pixels, 32);
}

QString LongContextViews::blockRange(int block, int blocks) const {
    const int T = snap_.pass->length;
    const int a = startOf(block, T, blocks), b = startOf(block + 1, T, blocks) - 1;
    return a == b ? QString::number(a) : QStringLiteral("%1–%2").arg(a).arg(b);
}

QString LongContextViews::tokenText(int position) const {
    return QStringLiteral("%1 “%2”").arg(position).arg(snap_.labels.value(position));
}

void LongContextViews::showLevel(int level) {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level < 0 || level >= static_cast<int>(hs->pyramid.levels.size()))
        return;
    QElapsedTimer clock;
    clock.start();
    const lc::PyramidLevel& lv = hs->pyramid.levels[static_cast<std::size_t>(level)];
    QStringList labels;
    labels.reserve(lv.blocks);
    for (int b = 0; b < lv.blocks; ++b)
        labels << blockRange(b, lv.blocks);
    level_ = level;
    const bool wasSwitching = switching_;
    switching_ = true;
    overview_->setMatrix(how_ == heatmap_lod::Pooling::Mean ? lv.mean : lv.max, labels, labels);
    overview_->resetZoom(); // a level of the same size keeps the zoom of the last one otherwise
    overview_->setTitle(tr("L%1 H%2: %3 × %3 blocks (%4)")
                            .arg(layer_ + 1)
                            .arg(head_ + 1)
                            .arg(lv.blocks)
                            .arg(how_ == heatmap_lod::Pooling::Mean ? tr("mean") : tr("max")));
    QJsonObject meta;
    meta[QStringLiteral("long_context")] = true;
    meta[QStringLiteral("layer")] = layer_;
    meta[QStringLiteral("head")] = head_;
    meta[QStringLiteral("tokens")] = snap_.pass->length;
    meta[QStringLiteral("blocks")] = lv.blocks;
    meta[QStringLiteral("block_size")] = static_cast<double>(snap_.pass->length) / lv.blocks;
    meta[QStringLiteral("pooling")] =
        how_ == heatmap_lod::Pooling::Mean ? QStringLiteral("mean") : QStringLiteral("max");
    meta[QStringLiteral("block_rule")] = QStringLiteral("block b covers positions floor(b*T/n) .. "
                                                        "floor((b+1)*T/n)-1");
    overview_->setExportMetadata(meta);
    overview_->repaint(); // measured up to the pixels
    switching_ = wasSwitching;
    levelMs_ = ms(clock);
    updateLevelCaption();
}

void LongContextViews::updateLevelCaption() {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level_ < 0)
        return levelCaption_->clear();
    const auto& levels = hs->pyramid.levels;
    const int n = levels[static_cast<std::size_t>(level_)].blocks;
    levelCaption_->setText(tr("level %1 of %2: %3 × %3 blocks of about %4 positions (%5 tokens)")
                               .arg(level_ + 1)
                               .arg(levels.size())
                               .arg(n)
                               .arg(format::num(static_cast<double>(hs->length) / n, 1))
                               .arg(QString::fromStdString(attn::withThousands(hs->length))));
}

void LongContextViews::setPooling(heatmap_lod::Pooling how) {
    {
        const QSignalBlocker block(poolingBox_);
        poolingBox_->setCurrentIndex(how == heatmap_lod::Pooling::Mean ? 1 : 0);
    }
    if (how == how_)
        return;
    how_ = how;
    overview_->setPooling(how);
    if (level_ < 0)
        return;
    // The same window of positions at the same level, the other pooling.
    const auto w = overview_->visibleWindow();
    const int n = headSummary()->pyramid.levels[static_cast<std::size_t>(level_)].blocks;
    const int T = snap_.pass->length;
    showLevelWindow(level_, startOf(w.row0, T, n), startOf(w.row1, T, n), startOf(w.col0, T, n),
                    startOf(w.col1, T, n));
}

void LongContextViews::showLevelWindow(int level, double r0, double r1, double c0, double c1) {
    const bool wasSwitching = switching_;
    switching_ = true;
    showLevel(level);
    const lc::HeadSummary* hs = headSummary();
    const int n = hs->pyramid.levels[static_cast<std::size_t>(level)].blocks;
    const double T = hs->length;
    // Cell coordinates: cell c spans [c - 0.5, c + 0.5]; the whole view is [-0.5, n - 0.5].
    const double a = c0 * n / T - 0.5, b = c1 * n / T - 0.5;
    const double ar = r0 * n / T - 0.5, br = r1 * n / T - 0.5;
    const double f = std::max(b - a, br - ar) / n; // the same zoom both ways: the longer side fits
    if (f < 0.999) {
        const double lower = -0.5;
        overview_->zoomAt((a - lower * f) / (1 - f), (ar - lower * f) / (1 - f), f);
    }
    switching_ = wasSwitching;
}

void LongContextViews::onViewChanged() {
    if (switching_ || level_ < 0)
        return;
    const lc::HeadSummary* hs = headSummary();
    const auto& levels = hs->pyramid.levels;
    const int T = hs->length;
    const int pixels = overviewPixels();
    if (!overview_->isZoomed()) {
        const int fit = levelForPixels(hs->pyramid, pixels);
        if (fit != level_)
            showLevel(fit);
        return;
    }
    const auto w = overview_->visibleWindow();
    const int n = levels[static_cast<std::size_t>(level_)].blocks;
    const int r0 = startOf(w.row0, T, n), r1 = startOf(w.row1, T, n);
    const int c0 = startOf(w.col0, T, n), c1 = startOf(w.col1, T, n);
    const int shown = std::max(w.rows(), w.cols());
    // Finer: the finest level whose blocks in this window still fit the pixels. Coarser when they do not.
    int want = level_;
    while (want > 0 &&
           static_cast<long long>(shown) * levels[static_cast<std::size_t>(want - 1)].blocks / n <= pixels)
        --want;
    while (want + 1 < static_cast<int>(levels.size()) &&
           static_cast<long long>(shown) * levels[static_cast<std::size_t>(want)].blocks / n > pixels)
        ++want;
    if (want != level_) {
        showLevelWindow(want, r0, r1, c0, c1);
        return;
    }
    // Below the finest level: the exact cells of the window (at most 256 x 256 positions).
    if (level_ == 0 && r1 - r0 <= lc::kMaxTileSide && c1 - c0 <= lc::kMaxTileSide) {
        const TileRange t{r0, r1, c0, c1};
        if (!(t == tileRange_) && !(t == pendingTile_))
            requestTile(t);
    }
}

bool LongContextViews::eventFilter(QObject* watched, QEvent* event) {
    if (watched == overview_ && event->type() == QEvent::Resize && level_ >= 0 && !overview_->isZoomed())
        QTimer::singleShot(0, this, [this] {
            const lc::HeadSummary* hs = headSummary();
            if (!hs || level_ < 0 || overview_->isZoomed())
                return;
            const int fit = levelForPixels(hs->pyramid, overviewPixels());
            if (fit != level_)
                showLevel(fit);
        });
    return QWidget::eventFilter(watched, event);
}

void LongContextViews::onOverviewHover(int row, int column) {
    QElapsedTimer clock;
    clock.start();
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level_ < 0 || row < 0 || column < 0) {
        hover_->clear();
        return;
    }
    const lc::PyramidLevel& lv = hs->pyramid.levels[static_cast<std::size_t>(level_)];
    const int T = hs->length, n = lv.blocks;
    const int rows = startOf(row + 1, T, n) - startOf(row, T, n);
    const int cols = startOf(column + 1, T, n) - startOf(column, T, n);
    hover_->setText(tr("Queries %1 × keys %2 (%3 × %4 positions): max %5 · mean %6 — click for the exact "
                       "cells")
                        .arg(blockRange(row, n), blockRange(column, n))
                        .arg(rows)
                        .arg(cols)
                        .arg(format::num(lv.max(row, column), 4), format::num(lv.mean(row, column), 6)));
    hoverMs_ = ms(clock);
}

void LongContextViews::onTileHover(int row, int column) {
    if (row < 0 || column < 0 || tileRange_.rows() == 0) {
        tileHover_->clear();
        return;
    }
    const int q = tileRange_.r0 + row, k = tileRange_.c0 + column;
    const float p = tile_->matrix()(row, column);
    tileHover_->setText(tr("Query %1 → key %2: p = %3 (exact)%4")
                            .arg(tokenText(q), tokenText(k))
                            .arg(QString::number(static_cast<double>(p), 'g', 7))
                            .arg(k > q ? tr(" — a future key, masked") : QString()));
}

void LongContextViews::clickBlock(int row, int column) {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level_ < 0 || row < 0 || column < 0)
        return;
    const int T = hs->length, n = hs->pyramid.levels[static_cast<std::size_t>(level_)].blocks;
    const int r0 = startOf(row, T, n), r1 = startOf(row + 1, T, n);
    const int c0 = startOf(column, T, n), c1 = startOf(column + 1, T, n);
    requestTile(tileAround(T, r0, r1, c0, c1));
    selectRow((r0 + r1 - 1) / 2);
}

void LongContextViews::requestTile(const TileRange& range) {
    if (!snap_.pass || layer_ < 0)
        return;
    tileClock_.start();
    pendingTile_ = range;
    const auto pass = snap_.pass;
    const int layer = layer_, head = head_;
    tile_->setTitle(tr("Computing the exact tile…"));
    tileJobs_->run<attn::Matrix>(
        [pass, layer, head, range](const JobContext&) {
            return pass->tile(layer, head, range.r0, range.r1, range.c0, range.c1); // rows x cols
        },
        [this, range](attn::Matrix m) {
            QStringList rows, cols;
            for (int i = range.r0; i < range.r1; ++i)
                rows << tokenText(i);
            for (int j = range.c0; j < range.c1; ++j)
                cols << tokenText(j);
            tileRange_ = range;
            pendingTile_ = {};
            tile_->setMatrix(std::move(m), rows, cols);
            tile_->setTitle(tr("Exact tile: queries %1–%2 × keys %3–%4")
                                .arg(range.r0)
                                .arg(range.r1 - 1)
                                .arg(range.c0)
                                .arg(range.c1 - 1));
            tile_->setRowMarker(row_ >= range.r0 && row_ < range.r1 ? row_ - range.r0 : -1);
            QJsonObject meta = overview_->exportMetadata();
            meta[QStringLiteral("exact_tile")] = true;
            meta[QStringLiteral("rows")] = QJsonArray{range.r0, range.r1};
            meta[QStringLiteral("keys")] = QJsonArray{range.c0, range.c1};
            meta[QStringLiteral("ranges")] = QStringLiteral("half-open: [first, last + 1)");
            tile_->setExportMetadata(meta);
            exportTile_->setEnabled(true);
            tile_->repaint();
            tileMs_ = ms(tileClock_);
        },
        [this](const QString& message) {
            pendingTile_ = {};
            tile_->setTitle(message);
        });
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

bool LongContextViews::exportTile(const QString& path, QString* error) const {
    if (tileRange_.rows() == 0) {
        *error = tr("No exact tile to export: click a block first.");
        return false;
    }
    return tile_->exportMatrix(path, error);
}
