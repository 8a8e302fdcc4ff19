#pragma once
// HeatmapView: an attention matrix drawn on a QCPColorMap, one cell per (query, key) pair.
// Row 0 (the first query token) is at the top; labels on both axes; colour scale; hovering a cell
// shows its value and outlines its row and column, hovering a label outlines that row or column.
// Export to PNG/SVG/PDF (what is shown) and CSV/JSON (the matrix with its labels).
//
// At scale (more than kLargeCells rows or columns; short inputs look and behave exactly as before):
// zoom with the mouse wheel (or + / -), pan by dragging, reset with the "Reset zoom" button, 0 or Home;
// tick labels thinned to every k-th label that fits the visible cells (the full label on hover); a
// readout bar under the plot (HeatmapReadout) with the hovered cell and its row and column as colour
// strips; and a level-of-detail image: when the visible window has more cells than the axis rect has
// pixels, the colour map holds a pooled image (heatmap_lod.hpp: max or mean, chosen in the readout bar)
// at the axis rect's pixel size instead of every cell. Hover, tool tips, clicks and exports still use
// the exact matrix. Compact views (thumbnails) pool too, without zoom or readout bar.

#include "widgets/heatmap_lod.hpp"

#include <QFont>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <attn/matrix.hpp>
#include <utility>

class QCustomPlot;
class QCPPainter;
class QCPTextElement;
class QCPLayerable;
class QLabel;
class QStackedLayout;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemText;
class HeatmapReadout;

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    enum class RangeMode {
        Fixed01, ///< attention weights: always [0, 1] so that maps are comparable
        Auto,    ///< raw or scaled scores: the data's own min..max
    };

    using Pooling = heatmap_lod::Pooling;
    /// A matrix with more rows or columns than this is "large": zoom, readout bar, level of detail.
    static constexpr int kLargeCells = 64;

    explicit HeatmapView(QWidget* parent = nullptr);
    ~HeatmapView() override;

    /// Shows `values` (rows = queries, columns = keys). Label counts must match the matrix;
    /// missing labels are numbered.
    void setMatrix(const attn::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels);
    /// The same without copying the matrix (a 4,096 x 4,096 map is 64 MB).
    void setMatrix(attn::Matrix&& values, const QStringList& rowLabels, const QStringList& columnLabels);
    void clear();

    void setTitle(const QString& title);
    QString title() const { return title_; }
    /// Axis titles say which axis is the query and which the key.
    void setAxisTitles(const QString& rowTitle, const QString& columnTitle);
    void setRangeMode(RangeMode mode);
    RangeMode rangeMode() const { return rangeMode_; }
    /// The colour range in use: [0, 1] for Fixed01, the data range for Auto.
    std::pair<double, double> colorRange() const;

    /// Prints each cell's value inside it (teaching mode does this too).
    void setShowValues(bool show);
    bool showValues() const { return showValues_; }
    void setValueDecimals(int decimals);
    /// Larger fonts for a projector.
    void setTeachingMode(bool on);
    /// Presenter zoom (View → Zoom): tick labels, axis titles, the title, the cells' numbers and the
    /// colour bar's labels drawn `scale` times their size (1 = as they are; teaching mode adds to it).
    void setTextScale(double scale);
    double textScale() const { return textScale_; }
    /// The tick-label font chosen for the current matrix, teaching mode and text scale (the axes may draw
    /// theirs smaller to fit a label per row; the colour bar's labels use it as it is).
    QFont tickLabelFont() const { return tickFont_; }
    /// Thumbnail mode: only the cells (no title, axis titles or colour scale), so a small view spends
    /// its area on the matrix. Row and column labels (small, abbreviated to about six characters) appear
    /// once the cells keep three text lines each way, thinned to every k-th label when a line per cell
    /// does not fit, if setCompactLabels allows them. Hover tooltips and clicks still work.
    void setCompact(bool on);
    /// Compact mode: labels when they fit (a thumbnail that is read), or never (the default: a view
    /// whose cells should have the whole area).
    void setCompactLabels(bool allowed);
    bool isCompact() const { return compact_; }
    /// Compact mode: whether the row and column labels are drawn at the current size.
    bool compactLabelsShown() const { return compactLabels_; }

    /// A non-empty note marks that row's (or column's) label and becomes the label's tooltip. The mark
    /// is "⚠" (e.g. an out-of-vocabulary word) unless `marks` holds another one for that label; an
    /// empty mark draws the label as it is (e.g. a padding position whose label says what it is).
    void setRowNotes(const QStringList& notes, const QStringList& marks = {});
    void setColumnNotes(const QStringList& notes, const QStringList& marks = {});

    const attn::Matrix& matrix() const { return values_; }
    const QStringList& rowLabels() const { return rowLabels_; }
    const QStringList& columnLabels() const { return columnLabels_; }
    /// Tick labels as drawn on the axes (elided when long), top row first.
    QStringList drawnRowTickLabels() const;
    QStringList drawnColumnTickLabels() const;
    /// The text the tooltip shows for a cell.
    QString cellToolTip(int row, int column) const;
    /// Cell under a widget position, or (-1, -1).
    std::pair<int, int> cellAt(const QPoint& widgetPos) const;

    QCustomPlot* plot() const { return plot_; }
    /// True while the column labels are drawn upright, one character per line: labels in Chinese,
    /// Japanese or Korean (at least half of them) that do not fit side by side (slanted CJK text is
    /// hard to read).
    bool stackedColumnLabels() const { return stackedColumns_; }
    /// `label` with one character per line (a surrogate pair stays one character).
    static QString stackedLabel(const QString& label);
    /// True when most characters of `label` are CJK ideographs, kana or hangul.
    static bool isCjkLabel(const QString& label);

    /// Text shown instead of the plot while there is no matrix (default "No data").
    void setEmptyText(const QString& text);
    /// Outlines row `row` (e.g. the current decoding step, the selected query) in red; -1 removes it.
    /// The outline follows later setMatrix() calls (it is dropped when the row no longer exists).
    void setRowMarker(int row);
    int rowMarker() const { return markedRow_; }
    /// Outlines column `column` (e.g. the selected patch as a key) with a dashed red line; -1 removes it.
    void setColumnMarker(int column);
    int columnMarker() const { return markedColumn_; }
    /// Title of the colour scale; empty = "weight" (Fixed01) or "score" (Auto).
    void setColorScaleLabel(const QString& label);
    /// Whether signed data is drawn with the diverging map (only in Auto mode with negative values).
    bool usesDivergingColormap() const { return diverging_; }
    /// Widget-relative rectangle of a cell as last laid out (empty when out of range).
    QRect cellRect(int row, int column) const;

    // --- at scale (see the top of this file) ---
    bool isLarge() const;
    /// Whether the last drawing came from a pooled image (more visible cells than pixels).
    bool isPooled() const { return pooled_; }
    /// Size of the image the colour map holds now (pixels when pooled, cells otherwise).
    QSize mapImageSize() const { return mapImageSize_; }
    void setPooling(Pooling how);
    Pooling pooling() const { return pooling_; }
    /// Zooms by `factor` (< 1 zooms in) keeping the cell coordinate (column, row) in place. Only for
    /// large views that are not compact; at least min(4, n) cells stay visible.
    void zoomAt(double column, double row, double factor);
    /// Moves the visible window by whole pixels of the axis rect (as a drag does).
    void panBy(const QPoint& pixels);
    void resetZoom();
    bool isZoomed() const { return zoomed_; }
    /// The cells visible now (half-open), the whole matrix when not zoomed.
    heatmap_lod::CellWindow visibleWindow() const;
    /// The number printed in cell (row, column) as the view draws it now (showValues / teaching), or
    /// an empty string when the cells are too small for numbers or the cell is not visible.
    QString drawnValue(int row, int column) const;
    /// The readout bar (shown for a large, non-compact view of more than kLargeCells^2 cells or more than
    /// kLargeCells rows).
    HeatmapReadout* readout() const { return readout_; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Writes what is shown: format from the suffix (.png, .svg, .pdf). On failure returns false
    /// and sets *error to a message naming the file.
    /// `scale` (1..4, PNG only): the PNG has scale x width by scale x height pixels, drawn at that
    /// resolution (File > Export view's 2x for slides); at most kMaxExportPixels a side.
    bool exportImage(const QString& path, QString* error, int width = 0, int height = 0, int scale = 1) const;
    /// Writes the matrix with its labels: .csv (first row = column labels, first column = row
    /// labels) or .json ({title, row_labels, column_labels, values, metadata}); NaN cells (absent)
    /// are empty in CSV ("nan") and null in JSON.
    bool exportMatrix(const QString& path, QString* error) const;
    /// What the JSON export records beside the matrix (tokens, flags, settings…); set by the page.
    void setExportMetadata(const QJsonObject& metadata) { exportMetadata_ = metadata; }
    const QJsonObject& exportMetadata() const { return exportMetadata_; }

Q_SIGNALS:
    void cellHovered(int row, int column); ///< (-1, -1) when the mouse leaves the cells
    void cellClicked(int row, int column);
    /// The mouse is over a row label (row, -1) or a column label (-1, column); (-1, -1) when it leaves.
    void labelHovered(int row, int column);
    /// Zoom or pan changed the visible window.
    void viewChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    void storeMatrix(const QStringList& rowLabels, const QStringList& columnLabels);
    // heatmap_zoom.cpp
    /// Refills the colour map from the visible window (pooled when it has more cells than pixels).
    void updateLevelOfDetail();
    void updateReadout(int row, int column);
    /// Wheel, keys and drags of a zoomable view; true when the event was consumed.
    bool handleZoomEvent(QEvent* event);
    bool zoomable() const;
    void setView(double x0, double x1, double y0, double y1);
    void updateScaleText();
    void updateHighlight(int row, int column);
    void applyFonts();
    void updateColumnLabelRotation();
    /// heatmap_view_fit.cpp: draws the column labels stacked when `rotation` (the slant they would
    /// need) is not 0 and they are all CJK, else as they are; returns whether they are stacked.
    bool stackColumnLabels(double rotation);
    /// heatmap_view_fit.cpp: the left margin a first column label slanted at `rotation` needs (it reaches
    /// left of the plot; QCustomPlot does not reserve room for it).
    int slantedFirstLabelMargin(double rotation) const;
    /// Whether column labels slanted at 60 degrees would be too close for one per column in the width the
    /// last layout gave (with the margin the slant adds): then they stand upright, which needs less.
    bool slantedColumnsCrowd() const;
    /// The length of the axis that ticks are spread over, as the tick strides measure it; for columns,
    /// optionally that of an axis rect `narrowerBy` px narrower than the last layout's.
    double tickAxisLength(bool columns, int narrowerBy = 0) const;
    void updateTitleElement();
    /// Shrinks the row tick labels until each row has room for its label (down to 7 pt).
    void fitRowLabelFont();
    /// The same for upright column labels (one text line per column); any other layout draws them at
    /// tickFont_.
    void fitColumnLabelFont();
    /// Shrinks (then elides) the title until it fits the plot's width.
    void fitTitle();
    /// Whether, with the title above it, the map would be too short for a row label per row even at the
    /// smallest label font (then the title gives its line to the rows).
    bool titleCrowdsRows() const;
    /// Fewer colour-bar ticks on a short bar, so that their labels do not overlap (at most 5).
    void fitScaleTicks();
    double titleFontSize() const;
    /// The title's font before fitTitle shrinks it: bold, titleFontSize().
    QFont titleFont() const;
    void drawValues(QCPPainter* painter);
    /// How the cells' numbers are printed at the current cell size: the font, and whether the
    /// leading zero is dropped (".25": cells too narrow for "0.25"); fits = false when even that is
    /// too wide at 6 pt.
    struct ValueLayout {
        QFont font;
        bool dropLeadingZero = false;
        bool fits = false;
    };
    ValueLayout valueLayout() const;
    QString labelToolTipAt(const QPoint& plotPos) const;
    /// (row, -1) over a row's tick label, (-1, column) over a column's, else (-1, -1).
    std::pair<int, int> labelAt(const QPoint& plotPos) const;
    QString displayLabel(const QString& label, const QString& note, const QString& mark, int maxWidth,
                         const QFont& font) const;
    void placeMarkers();
    /// The elide width of a row (or column) label.
    int labelMaxWidth(bool columns) const;
    /// Label i as drawn (elided, marked); large views make them only when drawn.
    QString drawnLabel(bool columns, int i) const;
    /// The widest drawn label (large views: the elide width, not measured label by label).
    int widestDrawnLabel(bool columns) const;
    void updateCompactLabels();
    /// The mark drawn before a noted label: marks[i] when given, else "⚠".
    static QString noteMark(const QStringList& marks, int i);

    QCustomPlot* plot_ = nullptr;
    QCPColorMap* map_ = nullptr;
    QCPColorScale* scale_ = nullptr;
    attn::Matrix values_;
    QStringList rowLabels_, columnLabels_;
    QStringList rowNotes_, columnNotes_;
    QStringList rowMarks_, columnMarks_;
    QString title_, rowTitle_, columnTitle_;
    QJsonObject exportMetadata_;
    RangeMode rangeMode_ = RangeMode::Fixed01;
    bool showValues_ = false;
    bool teaching_ = false;
    double textScale_ = 1.0; ///< setTextScale
    bool compact_ = false;
    bool compactLabels_ = false;
    bool compactLabelsAllowed_ = false;
    int decimals_ = 2;
    int hoverRow_ = -1, hoverColumn_ = -1;
    std::pair<int, int> hoverLabel_{-1, -1};
    QCPItemRect* rowHighlight_ = nullptr;
    QCPItemRect* rowMarker_ = nullptr;    // setRowMarker
    QCPItemRect* columnMarker_ = nullptr; // setColumnMarker
    int markedRow_ = -1, markedColumn_ = -1;
    QCPItemRect* columnHighlight_ = nullptr;
    // Dark outlines drawn under the light ones so that the highlight shows on every cell colour.
    QCPItemRect* rowHighlightShadow_ = nullptr;
    QCPItemRect* columnHighlightShadow_ = nullptr;
    QCPLayerable* valueLayer_ = nullptr; ///< draws the numbers in the cells (showValues/teaching)
    QCPTextElement* titleElement_ = nullptr;
    bool titleLeftOut_ = false; // by fitTitle, on a map too short for it and a label per row
    QStackedLayout* stack_ = nullptr;
    QLabel* emptyLabel_ = nullptr;
    QStringList drawnRowLabels_, drawnColumnLabels_;
    QString scaleLabel_;
    std::pair<double, double> range_{0.0, 1.0};
    bool diverging_ = false;
    double columnLabelRotation_ = 0.0; ///< degrees, as given to QCPAxis::setTickLabelRotation
    bool stackedColumns_ = false;      ///< stackColumnLabels
    /// The tick-label font applyFonts chose for this matrix; the axes may draw theirs smaller
    /// (fitRowLabelFont, fitColumnLabelFont), so layout decisions and the cell values start from this.
    QFont tickFont_;

    // At scale.
    QWidget* plotPage_ = nullptr; ///< plot_ above readout_, in stack_
    HeatmapReadout* readout_ = nullptr;
    Pooling pooling_ = Pooling::Max;
    bool pooled_ = false;
    QSize mapImageSize_;
    bool zoomed_ = false;
    double viewX0_ = 0, viewX1_ = 0, viewY0_ = 0, viewY1_ = 0; ///< axis ranges while zoomed
    Eigen::Index viewRows_ = -1, viewCols_ = -1;               ///< the shape the zoom belongs to
    struct LodKey {
        heatmap_lod::CellWindow window;
        int width = 0, height = 0;
        Pooling pooling = Pooling::Max;
        quint64 version = 0;
        bool operator==(const LodKey&) const = default;
    };
    LodKey lodKey_;
    quint64 matrixVersion_ = 0; ///< bumped by every rebuild
    bool dragging_ = false;
    QPoint dragStart_;
    double dragX0_ = 0, dragY0_ = 0;
};
