#pragma once
// The Translation page's word chips: the source words and the output words (a SentencePiece model's
// pieces joined into words), shaded by the weights of the hovered cell, chip or decoding step. Words
// with an unknown token (or, when the model ships its training words, a source word it never saw) are
// marked ⚠.
#include <QGroupBox>
#include <QStringList>
#include <QVector>
#include <attn/models/model.hpp>

class WordChipRow;

class AlignmentChips : public QGroupBox {
    Q_OBJECT
public:
    explicit AlignmentChips(QWidget* parent = nullptr);

    /// The chips of result `r` (none without one).
    void rebuild(const attn::TranslationResult* r);
    /// Shades the chips for the map by tokens: row >= 0 a decoding step (its weights over the source
    /// words, its output word strong), else column >= 0 a source token (its weight in each output word).
    void highlightTokens(const attn::TranslationResult* r, int row, int column);
    /// Shades the chips for the map by words (`wordMap`: output words x source words): an output word's
    /// row over the source chips, or a source word's column over the output chips.
    void highlightWords(const attn::Matrix& wordMap, int outputWord, int sourceWord);

    QStringList sourceWords() const { return sourceWords_; }
    QStringList outputWords() const { return outputWords_; }
    QVector<double> sourceWeights() const { return sourceWeights_; }
    QVector<double> outputWeights() const { return outputWeights_; }
    QString sourceToolTip() const;

Q_SIGNALS:
    /// A chip is hovered: an output word (outputWord >= 0) or a source word (sourceWord >= 0).
    void wordHovered(int outputWord, int sourceWord);
    void unhovered();
    void outputWordClicked(int word);

private:
    void apply(const QVector<double>& source, const QVector<double>& output, int strongSource,
               int strongOutput);

    WordChipRow* sourceRow_ = nullptr;
    WordChipRow* outputRow_ = nullptr;
    QStringList sourceWords_, outputWords_;
    QVector<double> sourceWeights_, outputWeights_;
};
