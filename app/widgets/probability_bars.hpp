#pragma once
// ProbabilityBars: the one way the app draws class probabilities — a horizontal bar per class
// (QCustomPlot), the predicted class in its own darker bar, each bar labelled with its percentage.

#include <QStringList>
#include <vector>

class QCustomPlot;
#include <QWidget>

class ProbabilityBars : public QWidget {
    Q_OBJECT
public:
    explicit ProbabilityBars(QWidget* parent = nullptr);

    /// One bar per class; `predicted` (or -1) is drawn in the highlight colour.
    void setProbabilities(const std::vector<float>& probabilities, const QStringList& labels, int predicted);
    /// Outlines bar `index`'s row (-1: none), e.g. the one the user chose; cleared by setProbabilities.
    void setMarked(int index);
    int marked() const { return marked_; }
    /// No bars: the plot is left empty (no axes), and barAt finds none.
    void clear();
    /// Bar values as drawn, in class order.
    std::vector<double> values() const { return values_; }
    QCustomPlot* plot() const { return plot_; }
    /// The smallest height the page wants; the widget grows beyond it to fit one line per bar.
    void setBaseMinimumHeight(int pixels);
    /// Clickable bars: a pointing-hand cursor, and barClicked when a bar's row is clicked.
    void setClickable(bool on);
    /// The bar (0-based, in class order) at widget position `pos`: -1 outside the plot's rows.
    int barAt(const QPoint& pos) const;

Q_SIGNALS:
    void barClicked(int index);

protected:
    /// The plot draws its own text: it follows this widget's font, so the bars grow with the page in
    /// teaching mode (Page::setTeachingMode scales the page's fonts, not a QCustomPlot's).
    void changeEvent(QEvent* event) override;

private:
    void applyFont();
    void setAxesVisible(bool on);
    void updateMinimumHeight();
    QCustomPlot* plot_ = nullptr;
    int rows_ = 0;
    int marked_ = -1;
    int baseMinimumHeight_ = 0;
    bool clickable_ = false;
    std::vector<double> values_;
};
