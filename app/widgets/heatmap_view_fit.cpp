// HeatmapView: the axis labels as drawn (sanitised, elided, marked) and fitting them and the title to
// the space the view has (split from heatmap_view.cpp). In teaching mode at 1280 x 800 a smaller font is
// better than a dropped row label or a clipped title.
#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QFontMetrics>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <qcustomplot.h>

namespace {
constexpr double kSmallestLabelPoints = 7.0;
} // namespace

void HeatmapView::fitRowLabelFont() {
    const int n = isLarge() ? int(std::ceil(plot_->yAxis->range().size())) : int(values_.rows());
    if (compact_ || n <= 1)
        return;
    const double len = tickAxisLength(false);
    if (len < 40)
        return;             // not laid out yet
    QFont font = tickFont_; // the size applyFonts chose for this matrix
    const double wanted = font.pointSizeF();
    double size = wanted;
    font.setPointSizeF(size);
    // Many visible rows (a long map, zoomed out) are thinned to every k-th label instead.
    while (n <= kLargeCells && size > kSmallestLabelPoints && QFontMetrics(font).height() * 1.05 > len / n) {
        size -= 0.5;
        font.setPointSizeF(size);
    }
    if (plot_->yAxis->tickLabelFont().pointSizeF() != size)
        plot_->yAxis->setTickLabelFont(font);
}

void HeatmapView::fitColumnLabelFont() {
    // Upright labels need a text line per column: the ViT map's 17 tokens in teaching mode at
    // 1280 x 800 dropped every second one. As for rows, a smaller font keeps them all.
    QFont font = tickFont_;
    const int n = int(values_.cols());
    const double len = tickAxisLength(true);
    if (!compact_ && !isLarge() && !stackedColumns_ && columnLabelRotation_ == -90.0 && n > 1 && len >= 40) {
        double size = font.pointSizeF();
        while (size > kSmallestLabelPoints && QFontMetrics(font).height() * 1.05 > len / n) {
            size -= 0.5;
            font.setPointSizeF(size);
        }
    }
    if (plot_->xAxis->tickLabelFont() != font)
        plot_->xAxis->setTickLabelFont(font);
}

bool HeatmapView::titleCrowdsRows() const {
    const int n = int(values_.rows());
    if (isLarge() || compact_ || n <= 1)
        return false; // a long map thins its labels by design
    // The height rows and title share; the title's own is estimated, so that the answer is the same
    // whether the title is in the layout or not (no flip-flop between replots).
    const double shared =
        plot_->axisRect()->height() + (titleElement_ ? titleElement_->outerRect().height() : 0);
    if (shared < 40)
        return false; // not laid out yet
    const QFont title = titleFont();
    QFont label = tickFont_;
    label.setPointSizeF(kSmallestLabelPoints);
    return (shared - QFontMetrics(title).height() - 8) / n < QFontMetrics(label).height() * 1.05;
}

void HeatmapView::fitTitle() {
    // Teaching mode at 1280 x 800 (the Translation page's alignment): a short map gives the title's line
    // to its rows rather than drop every second row label; the page around the map names it.
    if (!title_.isEmpty() && !compact_ && plot_->width() >= 100) {
        const bool leaveOut = titleCrowdsRows();
        if (leaveOut != titleLeftOut_) {
            titleLeftOut_ = leaveOut;
            updateTitleElement();
        }
    }
    if (!titleElement_ || plot_->width() < 100)
        return;
    QFont font = titleElement_->font();
    const double wanted = titleFontSize();
    // The title sits in the layout's first column, above the cells: as wide as the axis rect, not the plot
    // (the colour scale has the second column). Before the first layout, the plot's width is all there is.
    const int column = plot_->axisRect()->outerRect().width();
    const int available = (column > 40 ? column : plot_->width()) - 12;
    double size = wanted;
    font.setPointSizeF(size);
    while (size > 8.0 && QFontMetrics(font).horizontalAdvance(title_) > available) {
        size -= 0.5;
        font.setPointSizeF(size);
    }
    const QString text = QFontMetrics(font).elidedText(title_, Qt::ElideRight, available);
    if (titleElement_->font().pointSizeF() != size)
        titleElement_->setFont(font);
    if (titleElement_->text() != text)
        titleElement_->setText(text);
}

void HeatmapView::fitScaleTicks() {
    if (compact_ || !scale_ || !scale_->axis()->axisRect())
        return;
    // The bar itself (the scale's inner axis rect), not the layout element, which is as tall as the plot.
    const int height = scale_->axis()->axisRect()->height();
    if (height < 20)
        return; // not laid out yet
    // A label needs its line and half as much again between labels. QCustomPlot rounds the step to the
    // nearest "nice" value (1, 2, 2.5, 5 x 10^k), at worst about 2/3 of the one asked for, which still
    // leaves a line per label.
    const int line = QFontMetrics(scale_->axis()->tickLabelFont()).height();
    const int ticks = std::clamp(2 * height / (3 * line), 1, 5);
    if (scale_->axis()->ticker()->tickCount() != ticks)
        scale_->axis()->ticker()->setTickCount(ticks);
}

double HeatmapView::titleFontSize() const {
    const QFont font = QApplication::font();
    return ((font.pointSizeF() > 0 ? font.pointSizeF() : 9.0) + (teaching_ ? 7.0 : 3.0)) * textScale_;
}

QFont HeatmapView::titleFont() const {
    QFont font = QApplication::font();
    font.setPointSizeF(titleFontSize());
    font.setBold(true);
    return font;
}

namespace {

/// Control characters would break the axis layout: newline and tab get visible symbols, an empty
/// label the empty-set sign.
QString sanitizeLabel(QString label) {
    label.replace(QLatin1Char('\n'), QStringLiteral("\u23ce"));
    label.replace(QLatin1Char('\r'), QString());
    label.replace(QLatin1Char('\t'), QStringLiteral("\u21e5"));
    if (label.isEmpty())
        label = QStringLiteral("\u2205");
    return label;
}

} // namespace

QStringList HeatmapView::drawnRowTickLabels() const {
    if (!isLarge())
        return drawnRowLabels_;
    QStringList all;
    for (int r = 0; r < int(values_.rows()); ++r)
        all << drawnLabel(false, r);
    return all;
}

QStringList HeatmapView::drawnColumnTickLabels() const {
    if (!isLarge())
        return drawnColumnLabels_;
    QStringList all;
    for (int c = 0; c < int(values_.cols()); ++c)
        all << drawnLabel(true, c);
    return all;
}

int HeatmapView::labelMaxWidth(bool columns) const {
    const int chars = compact_ ? 6 : teaching_ ? (columns ? 14 : 16) : (columns ? 16 : 18);
    return QFontMetrics(plot_->yAxis->tickLabelFont()).averageCharWidth() * chars;
}

QString HeatmapView::drawnLabel(bool columns, int i) const {
    const QFont font = plot_->yAxis->tickLabelFont();
    if (columns)
        return displayLabel(columnLabels_.value(i), columnNotes_.value(i), noteMark(columnMarks_, i),
                            labelMaxWidth(true), font);
    return displayLabel(rowLabels_.value(i), rowNotes_.value(i), noteMark(rowMarks_, i), labelMaxWidth(false),
                        font);
}

int HeatmapView::widestDrawnLabel(bool columns) const {
    const QFontMetrics fm(tickFont_);
    if (isLarge()) // not measured label by label: thousands of them
        return labelMaxWidth(columns) + fm.horizontalAdvance(QStringLiteral("\u26a0 "));
    int widest = 0;
    for (const QString& s : columns ? drawnColumnLabels_ : drawnRowLabels_)
        widest = std::max(widest, fm.horizontalAdvance(s));
    return widest;
}

QString HeatmapView::displayLabel(const QString& label, const QString& note, const QString& mark,
                                  int maxWidth, const QFont& font) const {
    const QString prefix = note.isEmpty() || mark.isEmpty() ? QString() : mark + QLatin1Char(' ');
    const QFontMetrics fm(font);
    return prefix +
           fm.elidedText(sanitizeLabel(label), Qt::ElideRight,
                         std::max(fm.averageCharWidth() * 3, maxWidth - fm.horizontalAdvance(prefix)));
}

QString HeatmapView::stackedLabel(const QString& label) {
    QStringList characters;
    for (int i = 0; i < label.size(); ++i) {
        const int n = label.at(i).isHighSurrogate() && i + 1 < label.size() ? 2 : 1;
        if (!label.at(i).isSpace())
            characters << label.mid(i, n);
        i += n - 1;
    }
    return characters.join(QLatin1Char('\n'));
}

bool HeatmapView::isCjkLabel(const QString& label) {
    int cjk = 0, letters = 0;
    for (const uint c : label.toUcs4()) {
        const QChar::Script script = QChar::script(c);
        if (!QChar::isLetterOrNumber(c))
            continue;
        ++letters;
        if (script == QChar::Script_Han || script == QChar::Script_Hiragana ||
            script == QChar::Script_Katakana || script == QChar::Script_Hangul)
            ++cjk;
    }
    return letters > 0 && 2 * cjk > letters;
}

bool HeatmapView::stackColumnLabels(double rotation) {
    if (isLarge()) // labels come from the ticker's function, a few at a time
        return stackedColumns_ = false;
    // Mostly CJK (a BERT tokenizer's per-character tokens between [CLS] and [SEP]): all are stacked,
    // so that the few Latin ones do not overlap their neighbours.
    const auto cjk = std::count_if(drawnColumnLabels_.begin(), drawnColumnLabels_.end(), isCjkLabel);
    const bool stack = rotation != 0.0 && cjk > 0 && 2 * cjk >= drawnColumnLabels_.size();
    if (stack != stackedColumns_ || stack) {
        QVector<double> positions;
        QVector<QString> texts;
        for (int c = 0; c < drawnColumnLabels_.size(); ++c) {
            positions << c;
            texts << (stack ? stackedLabel(drawnColumnLabels_[c]) : drawnColumnLabels_[c]);
        }
        static_cast<QCPAxisTickerText*>(plot_->xAxis->ticker().data())->setTicks(positions, texts);
    }
    return stackedColumns_ = stack;
}

double HeatmapView::tickAxisLength(bool columns, int narrowerBy) const {
    // The axis rect may be one layout behind (e.g. while exporting at another size), so the estimate is
    // also bounded by the viewport; over-thinning is harmless, overlapping is not.
    if (columns)
        return std::min(double(plot_->axisRect()->width() - narrowerBy), plot_->viewport().width() * 0.75);
    return std::min(double(plot_->axisRect()->height()), plot_->viewport().height() * 0.75);
}

int HeatmapView::slantedFirstLabelMargin(double rotation) const {
    if (values_.cols() == 0)
        return 0;
    const QFontMetrics fm(tickFont_);
    const QString first = isLarge() ? drawnLabel(true, 0) : drawnColumnLabels_.value(0);
    return int(fm.horizontalAdvance(first) * std::cos(std::abs(rotation) * std::numbers::pi / 180.0)) +
           fm.height();
}

bool HeatmapView::slantedColumnsCrowd() const {
    const Eigen::Index cols = values_.cols(); // a large map's labels stand upright anyway
    if (isLarge() || cols <= 1 || plot_->axisRect()->width() < 40)
        return false; // nothing to crowd, or not laid out yet
    // Judged on the width a 60-degree layout has, whichever layout is current: upright labels leave the
    // left margin to the row labels, slanted ones may widen it. So the choice does not flip between replots.
    const int extraLeft = std::max(0, slantedFirstLabelMargin(-60.0) - plot_->axisRect()->margins().left());
    const double len = tickAxisLength(true, extraLeft);
    const double need = QFontMetrics(tickFont_).height() * 1.05 / std::sin(std::numbers::pi / 3.0);
    return len / double(cols) < need;
}
