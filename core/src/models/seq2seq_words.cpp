// Translation results read by words: the output text and the alignment summed over a word's pieces.
#include <attn/metrics/chrf.hpp>
#include <attn/models/model.hpp>
#include <attn/tokenizer.hpp>

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

Matrix wordAlignment(const TranslationResult& r) {
    if (r.alignment.size() == 0)
        return {};
    const auto rows = static_cast<Eigen::Index>(r.outputWords.size());
    const auto cols = static_cast<Eigen::Index>(r.sourceWords.size());
    Matrix summed = Matrix::Zero(rows, cols); // output words x source words
    Vector pieces = Vector::Zero(rows);       // output pieces per output word
    for (Eigen::Index t = 0; t < r.alignment.rows(); ++t) {
        const int row = r.outputWordOf[static_cast<std::size_t>(t)];
        if (row < 0)
            continue; // the eos step
        pieces(row) += 1.0f;
        for (Eigen::Index s = 0; s < r.alignment.cols(); ++s) {
            const int col = r.sourceWordOf[static_cast<std::size_t>(s)];
            if (col >= 0)
                summed(row, col) += r.alignment(t, s);
        }
    }
    for (Eigen::Index i = 0; i < rows; ++i)
        if (pieces(i) > 0)
            summed.row(i) /= pieces(i);
    return summed;
}

} // namespace attn
