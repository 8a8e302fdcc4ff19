#pragma once
// WordChipRow: a caption and one chip per word, each chip shaded by a weight in [0, 1] (white ->
// orange, format::shade) with one chip optionally outlined. Hovering a chip emits chipEntered(index)
// / chipLeft(), clicking it chipClicked(index). Words from markedFrom() on can be drawn as a second
// kind (blue italic, dashed outline: generated after a prompt).
//
// The chips sit in a one-line strip that scrolls sideways when they do not fit: the row never asks its
// page for more width than the caption and a few chips, and the outlined chip is scrolled into view.
// At most kMaxChips words are chips at a time (a 2,048-token prompt on the Generate page would be 2,048
// widgets, and laying them out froze the GUI for seconds): a window of words around the outlined one,
// with "… n earlier" / "n later …" at its ends. Indices (signals, weights) are always the words' own.

#include <QStringList>
#include <QVector>
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QScrollArea;

class WordChipRow : public QWidget {
    Q_OBJECT
public:
    explicit WordChipRow(const QString& caption, QWidget* parent = nullptr);
    static constexpr int kMaxChips = 256;

    /// Replaces the chips' words (unshaded). Chips already there are reused.
    void setWords(const QStringList& words);
    /// Per chip a weight, or -1 for "not shaded"; `strong` (or -1) gets the outline. The strip scrolls to
    /// the outlined word, or without one to the most weighted word.
    void setWeights(const QVector<double>& weights, int strong = -1);
    QVector<double> weights() const { return weights_; }
    /// Words from `index` on are a second kind (the Generate page's generated tokens after its prompt):
    /// blue italic text in a dashed blue outline. Each chip's tooltip starts with `tip` (words before
    /// `index`) or `markedTip` (from it on). -1 (the default) = one kind, no such tooltip.
    void setMarkedFrom(int index, const QString& tip = {}, const QString& markedTip = {});
    int markedFrom() const { return markedFrom_; }
    /// The style sheet and tooltip of word `word`'s chip; empty when it is not shown as a chip.
    QString chipStyleOf(int word) const;
    QString chipToolTipOf(int word) const;
    /// The number of words (chips shown or not).
    int count() const { return static_cast<int>(words_.size()); }
    /// The first word shown as a chip (0 unless there are more than kMaxChips words).
    int firstShown() const { return first_; }
    /// The sideways-scrolling strip that holds the chips.
    QScrollArea* strip() const { return scroll_; }

Q_SIGNALS:
    void chipEntered(int index);
    void chipLeft();
    void chipClicked(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void setChipStyle(int chip, const QString& style);
    /// Shows words [first, first + chips) as the chips, with their shading.
    void showWindow(int first);
    /// The strip's height: one line of chips, plus the scroll bar when they do not fit.
    void fitHeight();

    QScrollArea* scroll_ = nullptr;
    QWidget* chipsWidget_ = nullptr;
    QHBoxLayout* layout_ = nullptr; // the chips, then a stretch
    QLabel* before_ = nullptr;      // "… n earlier"
    QLabel* after_ = nullptr;       // "n later …"
    QStringList words_;
    int first_ = 0;
    int strong_ = -1;
    QVector<QLabel*> chips_; // chip i shows word first_ + i
    QStringList styles_;     // per chip, the style sheet it has (setStyleSheet re-polishes even when equal)
    QVector<double> weights_;
    int markedFrom_ = -1;
    QString tip_, markedTip_;
};
