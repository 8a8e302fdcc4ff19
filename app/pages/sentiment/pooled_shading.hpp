#pragma once
// The Sentiment page's pooled-weights text: the review with each token shaded by the attention the
// classifier's pooled position pays to it in the selected view (the model's own pooling rule), the
// weight under each word, and a note on what the shading is. Cut at whole lines, at most a cap tall.

#include <QTextBrowser>
#include <QVector>
#include <string>
#include <vector>

struct TokenNotes;

class PooledShading : public QTextBrowser {
    Q_OBJECT
public:
    explicit PooledShading(QWidget* parent = nullptr);

    /// Larger text and a taller cap (170 px instead of 110) in teaching mode, both times `zoom`.
    void setTeachingMode(bool on, double zoom);
    /// The tokens shaded by `pooled` (one weight per token); pads grey and italic, unknown words ⚠.
    /// `poolingNote`, when not empty, says what the shading is (an explanation the presenter may hide).
    void showWeights(const QVector<double>& pooled, const std::vector<std::string>& tokens,
                     const TokenNotes& notes, const QString& poolingNote);

private:
    void fitHeight(); // whole lines only: no half line at its bottom edge

    int cap_ = 110; // the height limit (px), larger in teaching mode
};
