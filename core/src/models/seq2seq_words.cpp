// Translation results read by words: the output text and the alignment summed over a word's pieces.
#include <attn/metrics/chrf.hpp>
#include <attn/models/model.hpp>
#include <attn/models/word_alignment.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <attn/top_k.hpp>
#include <cmath>

namespace attn {

std::string outputText(const TranslationResult& r) {
    std::string text;
    for (const auto& w : r.outputWords)
        text += (text.empty() ? "" : " ") + w;
    return text;
}

double translationChrF(const TranslationResult& r, const std::string& reference) {
    std::string joined;
    for (const auto& t : tokenize(reference))
        joined += (joined.empty() ? "" : " ") + t;
    return chrF(outputText(r), joined);
}

double outputPerplexity(const TranslationResult& r) {
    const auto steps = static_cast<Eigen::Index>(r.outputIds.size());
    if (steps == 0 || r.logits.rows() < steps)
        return 0.0;
    double logSum = 0.0;
    for (Eigen::Index t = 0; t < steps; ++t) {
        const Vector row = r.logits.row(t).transpose();
        logSum +=
            static_cast<double>(row(r.outputIds[static_cast<std::size_t>(t)])) - logSoftmaxNormaliser(row);
    }
    return std::exp(-logSum / static_cast<double>(steps));
}

namespace {

// Rows of `m` (one per decoding step) averaged over each output word's steps; eos steps left out.
Matrix averageRowsByOutputWord(const TranslationResult& r, const Matrix& m) {
    const auto rows = static_cast<Eigen::Index>(r.outputWords.size());
    Matrix out = Matrix::Zero(rows, m.cols()); // output words x m's columns
    Vector pieces = Vector::Zero(rows);        // output pieces per output word
    for (Eigen::Index t = 0; t < m.rows(); ++t) {
        const int row = r.outputWordOf[static_cast<std::size_t>(t)];
        if (row < 0)
            continue; // the eos step
        pieces(row) += 1.0f;
        out.row(row) += m.row(t);
    }
    for (Eigen::Index i = 0; i < rows; ++i)
        if (pieces(i) > 0)
            out.row(i) /= pieces(i);
    return out;
}

} // namespace

Matrix alignmentBySourceWord(const TranslationResult& r) {
    if (r.alignment.size() == 0)
        return {};
    Matrix out = Matrix::Zero(r.alignment.rows(), static_cast<Eigen::Index>(r.sourceWords.size()));
    for (Eigen::Index s = 0; s < r.alignment.cols(); ++s) {
        const int col = r.sourceWordOf[static_cast<std::size_t>(s)];
        if (col >= 0)
            out.col(col) += r.alignment.col(s);
    }
    return out;
}

Matrix alignmentByOutputWord(const TranslationResult& r) {
    if (r.alignment.size() == 0)
        return {};
    return averageRowsByOutputWord(r, r.alignment);
}

Matrix wordAlignment(const TranslationResult& r) {
    if (r.alignment.size() == 0)
        return {};
    return averageRowsByOutputWord(r, alignmentBySourceWord(r));
}

} // namespace attn
