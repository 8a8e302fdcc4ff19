#pragma once
// LongContextViews: what the Generate page shows after a long-context forward (issue 56;
// long_context_session.hpp). It reads core's LongContextPass and computes no attention itself:
//   the layer x head grid: each head's coarsest pyramid level (max), its tooltip the per-row figures'
//   means; the head-pattern table from the per-row figures (attn::long_context::headShares);
//   the overview: the selected head's pyramid level that fits the view (levelForPixels: no pooling of
//   T x T on the GUI thread), max or mean; hovering names the block's rows and keys and its max and
//   mean; zooming swaps in finer levels, and below the finest level (a window of at most 256 x 256
//   positions) — or on a click — the exact tile is computed by LongContextPass::tile on a worker;
//   the exact tile with the true probabilities (hover: the token pair and the probability);
//   the clicked row's figures (first / previous / self / entropy) and its top-k keys, as kept;
//   the next token's top 10 after the prompt.

#include "pages/generate/long_context_session.hpp"
#include "widgets/heatmap_lod.hpp"

#include <QElapsedTimer>
#include <QVector>
#include <QWidget>

class HeadPatternTable;
class HeatmapView;
class JobRunner;
class QComboBox;
class QFrame;
class QGridLayout;
class QLabel;
class QPushButton;
class QSplitter;
class QTableWidget;

class LongContextViews : public QWidget {
    Q_OBJECT
public:
    explicit LongContextViews(QWidget* parent = nullptr);
    ~LongContextViews() override;

    /// Shows `s` for head (layer, head). A new pass or another head starts at the level that fits.
    void show(const LongContextSnapshot& s, int layer, int head);
    void clear();

    HeatmapView* overview() const { return overview_; }
    HeatmapView* tileView() const { return tile_; }
    HeatmapView* thumbnail(int layer, int head) const;
    HeadPatternTable* patternTable() const { return table_; }
    QComboBox* poolingBox() const { return poolingBox_; }
    QTableWidget* topKeys() const { return topKeys_; }
    QPushButton* exportTileButton() const { return exportTile_; }
    JobRunner* tileJobs() const { return tileJobs_; }

    void setPooling(heatmap_lod::Pooling how);
    heatmap_lod::Pooling pooling() const { return how_; }
    /// Index into the head's pyramid levels (finest first) of the level on screen; -1 when none.
    int shownLevel() const { return level_; }
    /// Shows level `level` (resets the zoom).
    void showLevel(int level);
    /// The pixels a level may use: the overview's plot area, its shorter side.
    int overviewPixels() const;

    /// Starts computing the exact tile `range` of the shown head (on tileJobs()).
    void requestTile(const TileRange& range);
    /// The tile on screen (empty before the first).
    TileRange tileRange() const { return tileRange_; }
    /// A click on overview block (row, column) of the shown level: its tile, and its middle row selected.
    void clickBlock(int row, int column);

    /// Shows the kept figures and top-k keys of query row `row`.
    void selectRow(int row);
    int selectedRow() const { return row_; }
    QString rowText() const;
    /// The hover readout under the overview / the tile.
    QString hoverText() const;
    QString tileHoverText() const;
    QString nextText() const;

    /// Writes the exact tile as .csv or .json (HeatmapView::exportMatrix) with its rows, keys, head and
    /// the overview's block size in the metadata.
    bool exportTile(const QString& path, QString* error) const;

    /// Timings of the last operations (ms): a level to the view, a hover readout, request -> tile shown.
    double lastLevelMs() const { return levelMs_; }
    double lastHoverMs() const { return hoverMs_; }
    double lastTileMs() const { return tileMs_; }

Q_SIGNALS:
    void headSelected(int layer, int head);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The three columns, left to right, and their connections.
    QWidget* buildHeadColumn(QSplitter* split);
    QWidget* buildOverviewColumn(QSplitter* split);
    QWidget* buildTileColumn(QSplitter* split);
    void connectViews();

    const attn::long_context::HeadSummary* headSummary() const;
    // long_context_grid.cpp
    void rebuildGrid(int layers, int heads);
    void addGridRow(int layer, int heads);
    void fillGrid();
    void fillGridLayer(int layer, quint64 generation);
    void markGrid();
    // long_context_overview.cpp, long_context_tile.cpp
    void onViewChanged();
    void onOverviewHover(int row, int column);
    void onTileHover(int row, int column);
    /// Shows `level` with the positions [r0, r1) x [c0, c1) in view.
    void showLevelWindow(int level, double r0, double r1, double c0, double c1);
    QString blockRange(int block, int blocks) const;
    QString tokenText(int position) const;
    void updateLevelCaption();

    LongContextSnapshot snap_;
    int layer_ = -1, head_ = -1;
    int level_ = -1;
    int row_ = -1;
    bool switching_ = false;
    heatmap_lod::Pooling how_ = heatmap_lod::Pooling::Max;

    QWidget* gridArea_ = nullptr;
    QGridLayout* grid_ = nullptr;
    QVector<QVector<HeatmapView*>> thumbs_;
    QVector<QVector<QFrame*>> frames_;
    HeadPatternTable* table_ = nullptr;
    QComboBox* poolingBox_ = nullptr;
    QLabel* levelCaption_ = nullptr;
    HeatmapView* overview_ = nullptr;
    QLabel* hover_ = nullptr;
    HeatmapView* tile_ = nullptr;
    QLabel* tileHover_ = nullptr;
    QPushButton* exportTile_ = nullptr;
    QLabel* rowInfo_ = nullptr;
    QTableWidget* topKeys_ = nullptr;
    QLabel* next_ = nullptr;
    JobRunner* tileJobs_ = nullptr;
    TileRange tileRange_;
    TileRange pendingTile_;
    QElapsedTimer tileClock_;
    double levelMs_ = 0, hoverMs_ = 0, tileMs_ = 0;
    int markedLayer_ = -1, markedHead_ = -1; ///< the grid frame drawn with the red border
    quint64 gridGeneration_ = 0;             ///< fillGrid's layers still to come belong to this generation
};
