#pragma once
// HeatmapView: an attention matrix drawn on a QCPColorMap, one cell per (query, key) pair.
// Row 0 (the first query token) is at the top; labels on both axes; colour scale; hovering a cell
// shows its value and outlines its row and column, hovering a label outlines that row or column.
// Export to PNG/SVG/PDF (what is shown) and CSV/JSON (the matrix with its labels).

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

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    enum class RangeMode {
        Fixed01, ///< attention weights: always [0, 1] so that maps are comparable
        Auto,    ///< raw or scaled scores: the data's own min..max
    };

    explicit HeatmapView(QWidget* parent = nullptr);
    ~HeatmapView() override;

    /// Shows `values` (rows = queries, columns = keys). Label counts must match the matrix;
    /// missing labels are numbered.
    void setMatrix(const attn::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels);
    void clear();

    void setTitle(const QString& title);
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
    /// Thumbnail mode: only the cells (no title, axis titles or colour scale), so a small view spends
    /// its area on the matrix. Row and column labels (small, abbreviated) appear once every cell is
    /// at least a text line high, if setCompactLabels allows them. Hover tooltips and clicks still work.
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

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Writes what is shown: format from the suffix (.png, .svg, .pdf). On failure returns false
    /// and sets *error to a message naming the file.
    bool exportImage(const QString& path, QString* error, int width = 0, int height = 0) const;
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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    void updateHighlight(int row, int column);
    void applyFonts();
    void updateColumnLabelRotation();
    void updateTitleElement();
    /// Shrinks the row tick labels until each row has room for its label (down to 7 pt).
    void fitRowLabelFont();
    /// Shrinks (then elides) the title until it fits the plot's width.
    void fitTitle();
    double titleFontSize() const;
    void drawValues(QCPPainter* painter);
    QString labelToolTipAt(const QPoint& plotPos) const;
    /// (row, -1) over a row's tick label, (-1, column) over a column's, else (-1, -1).
    std::pair<int, int> labelAt(const QPoint& plotPos) const;
    QString displayLabel(const QString& label, const QString& note, const QString& mark, int maxWidth,
                         const QFont& font) const;
    void placeMarkers();
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
    QStackedLayout* stack_ = nullptr;
    QLabel* emptyLabel_ = nullptr;
    QStringList drawnRowLabels_, drawnColumnLabels_;
    QString scaleLabel_;
    std::pair<double, double> range_{0.0, 1.0};
    bool diverging_ = false;
    double columnLabelRotation_ = 0.0; ///< degrees, as given to QCPAxis::setTickLabelRotation
};
