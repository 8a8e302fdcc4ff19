#pragma once
// One sentence's attention in the sentence encoder: layer and head choosers and the T x T map with the
// model's pieces as labels (SentencePiece's ▁ kept: it marks a piece that starts a word), the numbers in
// the cells while they fit, and the model's notes (a truncated input). It shows core's maps as they are.

#include <QWidget>
#include <attn/capabilities/sentence_encoder.hpp>

class HeatmapView;
class QComboBox;
class QLabel;

class SimilarityAttentionPanel : public QWidget {
    Q_OBJECT
public:
    explicit SimilarityAttentionPanel(QWidget* parent = nullptr);

    /// Shows `encoding` (sentence `number`, from 1, of text `text`) at `layer`, `head` (clamped).
    void show(const attn::SentenceEncoding& encoding, int number, const QString& text, int layer, int head);
    void clear(const QString& why);
    int layer() const;
    int head() const;

    HeatmapView* map() const { return map_; }
    QComboBox* layerBox() const { return layerBox_; }
    QComboBox* headBox() const { return headBox_; }
    QString caption() const;
    QString notes() const;

Q_SIGNALS:
    void layerChosen(int layer);
    void headChosen(int head);

private:
    QLabel* caption_ = nullptr;
    QComboBox* layerBox_ = nullptr;
    QComboBox* headBox_ = nullptr;
    QLabel* notes_ = nullptr;
    HeatmapView* map_ = nullptr;
};
