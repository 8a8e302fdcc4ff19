#include "widgets/heatmap_view.hpp"

#include "widgets/colormaps.hpp"
#include "widgets/export_util.hpp"
#include "widgets/heatmap_readout.hpp"

#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QFontMetrics>
#include <QImage>
#include <QLabel>
#include <QMouseEvent>
#include <QStackedLayout>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <tuple>

namespace {

constexpr double kPi = 3.14159265358979323846;

/// One text tick per cell. When the cells get smaller than a line of text, only every k-th
/// label is kept (k from `stride`), so that labels never overlap; the data keeps one cell each.
/// A large view (`label` set) does not store its thousands of labels: ticks are the visible multiples of
/// k, and only their labels are made, when drawn.
class CellTicker : public QCPAxisTickerText {
public:
    std::function<int()> stride;
    std::function<QString(int)> label; ///< large views: the drawn label of cell i
    int count = 0;                     ///< large views: number of cells

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override {
        const int k = stride ? std::max(1, stride()) : 1;
        if (label) {
            QVector<double> kept;
            const int first = std::max(0, int(std::ceil(range.lower)));
            const int last = std::min(count - 1, int(std::floor(range.upper)));
            for (int t = (first + k - 1) / k * k; t <= last; t += k)
                kept.push_back(t);
            return kept;
        }
        QVector<double> all = QCPAxisTickerText::createTickVector(tickStep, range);
        if (k == 1)
            return all;
        QVector<double> kept;
        for (double t : all)
            if (std::lround(t) % k == 0)
                kept.push_back(t);
        return kept;
    }
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override {
        if (label)
            return label(int(std::lround(tick)));
        return QCPAxisTickerText::getTickLabel(tick, locale, formatChar, precision);
    }
};

/// Draws the cell values on top of the colour map. Drawing happens after the layout is final,
/// so the cell size in pixels is known and numbers that would not fit are skipped.
class ValueLayer : public QCPLayerable {
public:
    ValueLayer(QCustomPlot* plot, std::function<void(QCPPainter*)> fn)
        : QCPLayerable(plot), draw_(std::move(fn)) {}

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override {
        applyAntialiasingHint(painter, true, QCP::aeOther);
    }
    QRect clipRect() const override { return mParentPlot->axisRect()->rect(); }
    void draw(QCPPainter* painter) override {
        if (draw_)
            draw_(painter);
    }

private:
    std::function<void(QCPPainter*)> draw_;
};

} // namespace

HeatmapView::HeatmapView(QWidget* parent) : QWidget(parent) {
    stack_ = new QStackedLayout(this);
    stack_->setContentsMargins(0, 0, 0, 0);

    emptyLabel_ = new QLabel(tr("No data"), this);
    emptyLabel_->setAlignment(Qt::AlignCenter);
    emptyLabel_->setWordWrap(true);
    emptyLabel_->setForegroundRole(QPalette::PlaceholderText);
    stack_->addWidget(emptyLabel_);

    plotPage_ = new QWidget(this);
    auto* pageLayout = new QVBoxLayout(plotPage_);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    plot_ = new QCustomPlot(plotPage_);
    plot_->setMouseTracking(true);
    plot_->installEventFilter(this);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->setFocusPolicy(Qt::ClickFocus); // keys 0 / Home / + / - of a zoomable view
    pageLayout->addWidget(plot_, 1);
    readout_ = new HeatmapReadout(plotPage_);
    readout_->setVisible(false);
    pageLayout->addWidget(readout_);
    stack_->addWidget(plotPage_);
    connect(readout_->poolingBox(), &QComboBox::currentIndexChanged, this,
            [this](int i) { setPooling(i == 1 ? Pooling::Mean : Pooling::Max); });
    connect(readout_->resetButton(), &QToolButton::clicked, this, &HeatmapView::resetZoom);
    // The axis rect has its final size here, before anything is drawn: the pooled image matches it.
    connect(plot_, &QCustomPlot::afterLayout, this, &HeatmapView::updateLevelOfDetail);

    auto* rect = plot_->axisRect();
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->grid()->setVisible(false);
        axis->grid()->setSubGridVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 4);
        axis->setBasePen(QPen(QColor(80, 80, 80), 1));
        axis->setTickPen(QPen(QColor(80, 80, 80), 1));
        auto ticker = QSharedPointer<CellTicker>::create();
        ticker->setSubTickCount(0);
        axis->setTicker(ticker);
    }
    plot_->yAxis->setRangeReversed(true); // row 0 (first query) at the top, like a matrix

    map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
    map_->setInterpolate(false);
    map_->setTightBoundary(false);

    scale_ = new QCPColorScale(plot_);
    scale_->setType(QCPAxis::atRight);
    scale_->setBarWidth(14);
    scale_->axis()->setTickLength(0, 4);
    plot_->plotLayout()->addElement(0, 1, scale_);
    map_->setColorScale(scale_);
    auto* group = new QCPMarginGroup(plot_);
    rect->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    scale_->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    valueLayer_ = new ValueLayer(plot_, [this](QCPPainter* p) { drawValues(p); });

    auto makeRect = [this](const QPen& pen) {
        auto* item = new QCPItemRect(plot_);
        item->setPen(pen);
        item->setBrush(Qt::NoBrush);
        item->setClipToAxisRect(false);
        item->setSelectable(false);
        item->setVisible(false);
        return item;
    };
    const QPen dark(QColor(0, 0, 0, 200), 4);
    const QPen light(QColor(255, 255, 255), 1.6);
    rowHighlightShadow_ = makeRect(dark);
    columnHighlightShadow_ = makeRect(dark);
    rowHighlight_ = makeRect(light);
    columnHighlight_ = makeRect(light);

    auto* xTicker = static_cast<CellTicker*>(plot_->xAxis->ticker().data());
    auto* yTicker = static_cast<CellTicker*>(plot_->yAxis->ticker().data());
    // A large view thins over the visible cells (its zoom window), so labels come back as it zooms in.
    yTicker->stride = [this]() {
        const int n = isLarge() ? int(std::ceil(plot_->yAxis->range().size())) : int(values_.rows());
        if (n <= 1)
            return 1;
        const double len = tickAxisLength(false);
        const double need = QFontMetrics(plot_->yAxis->tickLabelFont()).height() * 1.05;
        return std::max(1, int(std::ceil(need / (std::max(1.0, len) / n))));
    };
    xTicker->stride = [this]() {
        const int n = isLarge() ? int(std::ceil(plot_->xAxis->range().size())) : int(values_.cols());
        if (n <= 1)
            return 1;
        const double len = tickAxisLength(true);
        const QFontMetrics fm(plot_->xAxis->tickLabelFont());
        double need = fm.height() * 1.05;
        const double angle = std::abs(columnLabelRotation_) * kPi / 180.0;
        if (angle < 1e-6) {
            need = (stackedColumns_ ? fm.height() : widestDrawnLabel(true)) + fm.averageCharWidth();
        } else {
            need /= std::sin(angle);
        }
        return std::max(1, int(std::ceil(need / (std::max(1.0, len) / n))));
    };

    // Teaching mode at 1280 x 800: rather a smaller row-label font than every second label dropped,
    // and a smaller title than a clipped one. Fitted before each replot, from the last layout.
    connect(plot_, &QCustomPlot::beforeReplot, this, [this] {
        if (!compact_)
            updateColumnLabelRotation(); // slanted or upright is judged on the last layout's width
        fitColumnLabelFont();
        fitRowLabelFont();
        fitTitle();
        fitScaleTicks();
    });

    setMinimumSize(minimumSizeHint());
    rebuild();
}

HeatmapView::~HeatmapView() {
    // Out of the layout in compact mode, so the layout would not delete it.
    if (compact_)
        delete scale_;
}

QSize HeatmapView::minimumSizeHint() const {
    return compact_ ? QSize(48, 48) : QSize(240, 200);
}

QSize HeatmapView::sizeHint() const {
    return {560, 480};
}

void HeatmapView::setMatrix(const attn::Matrix& values, const QStringList& rowLabels,
                            const QStringList& columnLabels) {
    values_ = values;
    storeMatrix(rowLabels, columnLabels);
}

void HeatmapView::setMatrix(attn::Matrix&& values, const QStringList& rowLabels,
                            const QStringList& columnLabels) {
    values_ = std::move(values);
    storeMatrix(rowLabels, columnLabels);
}

void HeatmapView::storeMatrix(const QStringList& rowLabels, const QStringList& columnLabels) {
    const attn::Matrix& values = values_;
    auto fit = [](const QStringList& given, Eigen::Index n) {
        QStringList out = given.mid(0, int(n));
        for (int i = int(out.size()); i < int(n); ++i)
            out.push_back(QString::number(i));
        return out;
    };
    rowLabels_ = fit(rowLabels, values.rows());
    columnLabels_ = fit(columnLabels, values.cols());
    hoverRow_ = hoverColumn_ = -1;
    rebuild();
}

void HeatmapView::clear() {
    values_.resize(0, 0);
    rowLabels_.clear();
    columnLabels_.clear();
    hoverRow_ = hoverColumn_ = -1;
    rebuild();
}

void HeatmapView::setTitle(const QString& title) {
    title_ = title;
    updateTitleElement();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setAxisTitles(const QString& rowTitle, const QString& columnTitle) {
    rowTitle_ = rowTitle;
    columnTitle_ = columnTitle;
    plot_->yAxis->setLabel(compact_ ? QString() : rowTitle_.isEmpty() ? tr("Query") : rowTitle_);
    plot_->xAxis->setLabel(compact_ ? QString() : columnTitle_.isEmpty() ? tr("Key") : columnTitle_);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setRangeMode(RangeMode mode) {
    rangeMode_ = mode;
    rebuild();
}

std::pair<double, double> HeatmapView::colorRange() const {
    return range_;
}

void HeatmapView::setShowValues(bool show) {
    showValues_ = show;
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setValueDecimals(int decimals) {
    decimals_ = std::clamp(decimals, 0, 6);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setTeachingMode(bool on) {
    if (on == teaching_)
        return;
    teaching_ = on;
    rebuild();
}

void HeatmapView::setTextScale(double scale) {
    scale = std::clamp(scale, 0.25, 4.0);
    if (scale == textScale_)
        return;
    textScale_ = scale;
    updateTitleElement();
    rebuild();
}

void HeatmapView::setCompact(bool on) {
    if (on == compact_)
        return;
    compact_ = on;
    auto* layout = plot_->plotLayout();
    if (on) {
        if (titleElement_) {
            layout->remove(titleElement_);
            titleElement_ = nullptr;
        }
        layout->take(scale_);
        layout->simplify();
        scale_->setVisible(false);
    } else {
        layout->addElement(0, 1, scale_);
        scale_->setVisible(true);
    }
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setTickLabels(!on);
        axis->setTickLength(0, on ? 0 : 4);
    }
    auto* rect = plot_->axisRect();
    rect->setAutoMargins(on ? QCP::msNone : QCP::msAll);
    rect->setMargins(on ? QMargins(1, 1, 1, 1) : QMargins());
    setMinimumSize(minimumSizeHint());
    rebuild();
}

void HeatmapView::setRowNotes(const QStringList& notes, const QStringList& marks) {
    rowNotes_ = notes;
    rowMarks_ = marks;
    rebuild();
}

void HeatmapView::setColumnNotes(const QStringList& notes, const QStringList& marks) {
    columnNotes_ = notes;
    columnMarks_ = marks;
    rebuild();
}

QString HeatmapView::noteMark(const QStringList& marks, int i) {
    return i >= 0 && i < marks.size() ? marks[i] : QStringLiteral("\u26a0");
}

void HeatmapView::setEmptyText(const QString& text) {
    emptyLabel_->setText(text);
}

void HeatmapView::setColorScaleLabel(const QString& label) {
    scaleLabel_ = label;
    rebuild();
}

void HeatmapView::applyFonts() {
    const double base = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 9.0;
    const Eigen::Index n = std::max(values_.rows(), values_.cols());
    double tick = base + (teaching_ ? 4.0 : 0.0) -
                  (n > 40   ? 1.5
                   : n > 20 ? 1.0
                            : 0.0) -
                  (compact_ ? 1.5 : 0.0);
    tick = std::max(tick, 7.0) * textScale_; // presenter zoom: 7 pt at 50 % is still drawn at 3.5 pt
    QFont tickFont = QApplication::font();
    tickFont.setPointSizeF(tick);
    tickFont_ = tickFont;
    QFont axisFont = QApplication::font();
    axisFont.setPointSizeF(std::max(base * textScale_, tick) + textScale_);
    axisFont.setBold(true);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis, scale_->axis()}) {
        axis->setTickLabelFont(tickFont);
        axis->setLabelFont(axisFont);
    }
    scale_->axis()->setLabelFont(tickFont);
    scale_->setBarWidth(static_cast<int>(std::lround((teaching_ ? 20 : 14) * textScale_)));
}

void HeatmapView::updateTitleElement() {
    auto* layout = plot_->plotLayout();
    if (title_.isEmpty() || compact_ || titleLeftOut_) {
        if (titleElement_) {
            layout->remove(titleElement_);
            layout->simplify();
            titleElement_ = nullptr;
        }
        return;
    }
    const QFont font = titleFont();
    if (!titleElement_) {
        layout->insertRow(0);
        titleElement_ = new QCPTextElement(plot_, title_, font);
        layout->addElement(0, 0, titleElement_);
    }
    titleElement_->setText(title_);
    titleElement_->setFont(font);
}

void HeatmapView::rebuild() {
    const Eigen::Index rows = values_.rows(), cols = values_.cols();
    hoverRow_ = hoverColumn_ = -1;
    hoverLabel_ = {-1, -1};
    ++matrixVersion_;
    for (QCPItemRect* r : {rowHighlight_, columnHighlight_, rowHighlightShadow_, columnHighlightShadow_})
        r->setVisible(false);
    // Not for a short sentence's 100-dimensional word vectors (9 x 100): that page keeps its look. A
    // long query against a short sentence (120 x 9) has one, as on Translation (issue 49 point 11).
    readout_->setVisible(isLarge() && !compact_ &&
                         (values_.size() > Eigen::Index(kLargeCells) * kLargeCells || rows > kLargeCells));
    readout_->setCell({});
    if (rows == 0 || cols == 0) {
        drawnRowLabels_.clear();
        drawnColumnLabels_.clear();
        range_ = {0.0, 1.0};
        diverging_ = false;
        map_->data()->clear();
        stack_->setCurrentWidget(emptyLabel_);
        return;
    }
    stack_->setCurrentWidget(plotPage_);
    applyFonts();

    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    if (isLarge()) {
        // The colour map is filled per visible window and pixel size (updateLevelOfDetail).
        std::tie(lo, hi) = heatmap_lod::finiteRange(values_);
        if (lo > hi)
            lo = std::numeric_limits<double>::infinity();
    } else {
        // Cell (r, c) sits at x = c, y = r. A dimension of 1 is stored twice (half-width cells at
        // +-0.25), because QCPColorMap cannot size a lone cell from an empty key or value range.
        const int kx = cols == 1 ? 2 : int(cols);
        const int ky = rows == 1 ? 2 : int(rows);
        auto* data = map_->data();
        data->setSize(kx, ky);
        data->setRange(cols == 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, double(cols - 1)),
                       rows == 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, double(rows - 1)));
        for (int y = 0; y < ky; ++y) {
            for (int x = 0; x < kx; ++x) {
                const float v = values_(rows == 1 ? 0 : y, cols == 1 ? 0 : x);
                if (std::isfinite(v)) {
                    lo = std::min(lo, double(v));
                    hi = std::max(hi, double(v));
                    data->setCell(x, y, double(v));
                } else {
                    data->setCell(x, y, std::numeric_limits<double>::quiet_NaN());
                }
            }
        }
        pooled_ = false;
        mapImageSize_ = QSize(int(cols), int(rows));
    }

    diverging_ = false;
    if (rangeMode_ == RangeMode::Fixed01 || !std::isfinite(lo)) {
        range_ = {0.0, 1.0};
    } else if (lo < 0.0) {
        // Signed scores: a diverging map with 0 in the middle, so the sign reads off the hue.
        const double m = std::max(std::abs(lo), std::abs(hi));
        range_ = {-m, m};
        diverging_ = true;
    } else if (hi - lo < 1e-12) {
        range_ = {lo - 0.5, hi + 0.5};
    } else {
        range_ = {lo, hi};
    }
    scale_->setGradient(diverging_ ? colormaps::diverging() : colormaps::viridis());
    scale_->setDataRange(QCPRange(range_.first, range_.second));
    scale_->axis()->setLabel(!scaleLabel_.isEmpty()             ? scaleLabel_
                             : rangeMode_ == RangeMode::Fixed01 ? tr("weight")
                                                                : tr("score"));

    // Tick labels: elided to a fixed pixel width; the tooltip keeps the full text.
    drawnRowLabels_.clear();
    drawnColumnLabels_.clear();
    auto* yTicker = static_cast<CellTicker*>(plot_->yAxis->ticker().data());
    auto* xTicker = static_cast<CellTicker*>(plot_->xAxis->ticker().data());
    if (isLarge()) {
        yTicker->setTicks(QVector<double>(), QVector<QString>());
        xTicker->setTicks(QVector<double>(), QVector<QString>());
        yTicker->label = [this](int i) { return drawnLabel(false, i); };
        xTicker->label = [this](int i) { return drawnLabel(true, i); };
        yTicker->count = int(rows);
        xTicker->count = int(cols);
    } else {
        yTicker->label = nullptr;
        xTicker->label = nullptr;
        const QFont tickFont = plot_->yAxis->tickLabelFont();
        const int rowMax = labelMaxWidth(false), colMax = labelMaxWidth(true);
        QVector<double> rowPos, colPos;
        QVector<QString> rowText, colText;
        for (int r = 0; r < int(rows); ++r) {
            drawnRowLabels_.push_back(
                displayLabel(rowLabels_[r], rowNotes_.value(r), noteMark(rowMarks_, r), rowMax, tickFont));
            rowPos.push_back(r);
            rowText.push_back(drawnRowLabels_.back());
        }
        for (int c = 0; c < int(cols); ++c) {
            drawnColumnLabels_.push_back(displayLabel(columnLabels_[c], columnNotes_.value(c),
                                                      noteMark(columnMarks_, c), colMax, tickFont));
            colPos.push_back(c);
            colText.push_back(drawnColumnLabels_.back());
        }
        yTicker->setTicks(rowPos, rowText);
        xTicker->setTicks(colPos, colText);
    }

    updateColumnLabelRotation();

    // A zoom survives a new matrix of the same shape (the next layer, a changed word).
    if (!zoomed_ || viewRows_ != rows || viewCols_ != cols || !zoomable()) {
        zoomed_ = false;
        plot_->xAxis->setRange(-0.5, double(cols) - 0.5);
        plot_->yAxis->setRange(-0.5, double(rows) - 0.5);
    } else {
        plot_->xAxis->setRange(viewX0_, viewX1_);
        plot_->yAxis->setRange(viewY0_, viewY1_);
    }
    viewRows_ = rows;
    viewCols_ = cols;
    readout_->resetButton()->setEnabled(zoomed_);
    plot_->yAxis->setLabel(compact_ ? QString() : rowTitle_.isEmpty() ? tr("Query") : rowTitle_);
    plot_->xAxis->setLabel(compact_ ? QString() : columnTitle_.isEmpty() ? tr("Key") : columnTitle_);
    updateTitleElement();
    // QCPColorScale reports its current margin as its automatic one, so through the margin group
    // the bottom margin could only ever grow (long rotated labels followed by short ones left a
    // blank band under the plot). Start it from zero on every rebuild.
    scale_->setMargins(QMargins());
    placeMarkers();
    plot_->replot();
}

void HeatmapView::updateColumnLabelRotation() {
    // Column labels stay horizontal while they fit side by side; otherwise they are rotated so
    // that each ends at its tick (steeply for many columns: then a column needs one text line).
    const Eigen::Index cols = values_.cols();
    if (cols == 0)
        return;
    if (compact_) {
        updateCompactLabels();
        return;
    }
    const QFontMetrics fm(tickFont_);
    const int widest = widestDrawnLabel(true);
    // The axis as the last layout gave it (the colour bar and row labels may take more than 30 % of the
    // plot: five horizontal labels then dropped every second one, zoomed in or in teaching mode); before
    // the first layout an estimate. No flip-flop: a slanted layout is never wider than a horizontal one.
    const double laidOut = tickAxisLength(true);
    const double availableWidth = !plot_->isVisible() || plot_->width() <= 100 ? 400.0
                                  : laidOut >= 40                              ? laidOut
                                                                               : plot_->width() * 0.7;
    double rotation = 0.0;
    if (double(cols) * (widest + fm.averageCharWidth() * 1.5) > availableWidth)
        rotation = cols > 16 || slantedColumnsCrowd() ? -90.0 : -60.0;
    if (stackColumnLabels(rotation))
        rotation = 0.0;
    if (rotation != columnLabelRotation_ || plot_->xAxis->tickLabelRotation() != rotation) {
        columnLabelRotation_ = rotation;
        plot_->xAxis->setTickLabelRotation(rotation);
    }
    const int minLeft = rotation < 0.0 && rotation > -89.0 ? slantedFirstLabelMargin(rotation) : 0;
    // 15 px is QCPAxisRect's own default minimum on every side (keeps the colour scale's end
    // labels from being clipped when there is no title).
    plot_->axisRect()->setMinimumMargins(compact_ ? QMargins() : QMargins(std::max(15, minLeft), 15, 15, 15));
}
