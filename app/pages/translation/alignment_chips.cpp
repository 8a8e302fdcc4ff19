#include "pages/translation/alignment_chips.hpp"

#include "pages/translation/translation_page.hpp"
#include "pages/translation/unknown_marks.hpp"
#include "widgets/word_chip_row.hpp"

#include <QVBoxLayout>
#include <attn/models/word_alignment.hpp>

using namespace translationmarks;

namespace {

/// Decoding step `t`'s attention per source word (attn::alignmentBySourceWord), for `words` chips.
QVector<double> sourceWordWeights(const attn::TranslationResult& r, int t, int words) {
    const attn::Matrix bySource = attn::alignmentBySourceWord(r); // steps x source words
    QVector<double> out(words, 0.0);
    for (int j = 0; j < words && j < bySource.cols() && t < bySource.rows(); ++j)
        out[j] = bySource(t, j);
    return out;
}

/// Source token `p`'s weight in each output word (attn::alignmentByOutputWord); -1 for a word without a
/// row.
QVector<double> outputWordWeights(const attn::TranslationResult& r, Eigen::Index p, int words) {
    const attn::Matrix byOutput = attn::alignmentByOutputWord(r); // output words x source tokens
    QVector<double> out(words, -1.0);
    for (int w = 0; w < words && w < byOutput.rows() && p < byOutput.cols(); ++w)
        out[w] = byOutput(w, p);
    return out;
}

} // namespace

AlignmentChips::AlignmentChips(QWidget* parent)
    : QGroupBox(TranslationPage::tr("Alignment (hover a cell or a word)"), parent) {
    auto* layout = new QVBoxLayout(this);
    sourceRow_ = new WordChipRow(TranslationPage::tr("English:"), this);
    outputRow_ = new WordChipRow(TranslationPage::tr("Output:"), this);
    connect(sourceRow_, &WordChipRow::chipEntered, this, [this](int i) { Q_EMIT wordHovered(-1, i); });
    connect(outputRow_, &WordChipRow::chipEntered, this, [this](int i) { Q_EMIT wordHovered(i, -1); });
    for (WordChipRow* row : {sourceRow_, outputRow_})
        connect(row, &WordChipRow::chipLeft, this, &AlignmentChips::unhovered);
    connect(outputRow_, &WordChipRow::chipClicked, this, &AlignmentChips::outputWordClicked);
    layout->addWidget(sourceRow_);
    layout->addWidget(outputRow_);
}

QString AlignmentChips::sourceToolTip() const {
    return sourceRow_->toolTip();
}

void AlignmentChips::rebuild(const attn::TranslationResult* r) {
    // Words, not pieces: a word is marked ⚠ when any of its tokens is unknown.
    // ⚠ also marks a word the model's training data never contained (when it ships that list).
    std::vector<std::uint8_t> flagged =
        r ? unknownWords(r->sourceWordOf, r->sourceUnknown, r->sourceWords.size())
          : std::vector<std::uint8_t>();
    for (std::size_t i = 0; r && i < flagged.size() && i < r->sourceWordUnseen.size(); ++i)
        flagged[i] = flagged[i] || r->sourceWordUnseen[i];
    sourceWords_ = r ? markedWords(r->sourceWords, flagged) : QStringList();
    sourceRow_->setToolTip(
        !r ? QString()
        : r->sourceWordUnseen.empty()
            ? TranslationPage::tr(
                  "⚠ marks words not in the model's vocabulary. This model ships no list of the "
                  "words it was trained on (src_train_words.txt), so words it never saw in "
                  "training are not marked.")
            : TranslationPage::tr("⚠ marks words not in the model's vocabulary or never seen in its training "
                                  "data (src_train_words.txt): what it outputs for them is a guess."));
    outputWords_ = r ? markedWords(r->outputWords,
                                   unknownWords(r->outputWordOf, r->outputUnknown, r->outputWords.size()))
                     : QStringList();
    sourceRow_->setWords(sourceWords_);
    outputRow_->setWords(outputWords_);
}

void AlignmentChips::apply(const QVector<double>& source, const QVector<double>& output, int strongSource,
                           int strongOutput) {
    sourceWeights_ = source;
    outputWeights_ = output;
    sourceRow_->setWeights(source, strongSource);
    outputRow_->setWeights(output, strongOutput);
}

void AlignmentChips::highlightTokens(const attn::TranslationResult* r, int row, int column) {
    // Tokens: row = a decoding step, column = a source token; the chips are words, so a source word
    // gets the sum of its pieces' weights and an output word the mean over its pieces.
    const bool have = r && r->hasAttention && r->alignment.size() > 0;
    QVector<double> src(sourceRow_->count(), -1.0), out(outputRow_->count(), -1.0);
    if (r && row >= 0 && std::size_t(row) < r->outputTokens.size()) {
        if (have && row < r->alignment.rows())
            src = sourceWordWeights(*r, row, sourceRow_->count());
        apply(src, out, -1, wordOf(r->outputWordOf, row));
    } else if (r && column >= 0 && have && column < r->alignment.cols()) {
        apply(src, outputWordWeights(*r, column, outputRow_->count()), wordOf(r->sourceWordOf, column), -1);
    } else {
        apply(src, out, -1, -1);
    }
}

void AlignmentChips::highlightWords(const attn::Matrix& wordMap, int outputWord, int sourceWord) {
    // attn::wordAlignment: output words x source words.
    const bool have = wordMap.size() > 0;
    QVector<double> src(sourceRow_->count(), -1.0), out(outputRow_->count(), -1.0);
    if (outputWord >= 0) {
        if (have && outputWord < wordMap.rows())
            for (Eigen::Index j = 0; j < wordMap.cols() && j < src.size(); ++j)
                src[int(j)] = wordMap(outputWord, j);
        apply(src, out, -1, outputWord < out.size() ? outputWord : -1);
    } else {
        if (have && sourceWord < wordMap.cols())
            for (Eigen::Index i = 0; i < wordMap.rows() && i < out.size(); ++i)
                out[int(i)] = wordMap(i, sourceWord);
        apply(src, out, sourceWord < src.size() ? sourceWord : -1, -1);
    }
}
