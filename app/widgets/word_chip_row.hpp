#pragma once
// WordChipRow: a caption and one chip per word, each chip shaded by a weight in [0, 1] (white ->
// orange, format::shade) with one chip optionally outlined. Hovering a chip emits chipEntered(index)
// / chipLeft(), clicking it chipClicked(index).

#include <QStringList>
#include <QVector>
#include <QWidget>

class QHBoxLayout;
class QLabel;

class WordChipRow : public QWidget {
    Q_OBJECT
public:
    explicit WordChipRow(const QString& caption, QWidget* parent = nullptr);

    /// Replaces the chips (unshaded).
    void setWords(const QStringList& words);
    /// Per chip a weight, or -1 for "not shaded"; `strong` (or -1) gets the outline.
    void setWeights(const QVector<double>& weights, int strong = -1);
    QVector<double> weights() const { return weights_; }
    int count() const { return static_cast<int>(chips_.size()); }

Q_SIGNALS:
    void chipEntered(int index);
    void chipLeft();
    void chipClicked(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QHBoxLayout* layout_ = nullptr;
    QVector<QLabel*> chips_;
    QVector<double> weights_;
};
