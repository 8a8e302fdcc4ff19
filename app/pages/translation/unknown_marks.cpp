#include "pages/translation/unknown_marks.hpp"

#include "pages/translation/translation_page.hpp"
#include "widgets/format.hpp"

namespace translationmarks {

QString unknownSourceNote() {
    return TranslationPage::tr("not in the model's source vocabulary: the encoder saw <unk> instead");
}

QString unknownOutputNote() {
    return TranslationPage::tr("<unk>: the decoder chose its word for “a word I do not know”");
}

QStringList unknownNotes(const std::vector<std::uint8_t>& unknown, const QString& note) {
    QStringList out;
    for (std::uint8_t u : unknown)
        out << (u ? note : QString());
    return out;
}

std::vector<std::uint8_t> unknownWords(const std::vector<int>& wordOf,
                                       const std::vector<std::uint8_t>& unknown, std::size_t words) {
    std::vector<std::uint8_t> out(words, 0);
    for (std::size_t t = 0; t < wordOf.size() && t < unknown.size(); ++t)
        if (unknown[t] && wordOf[t] >= 0 && std::size_t(wordOf[t]) < words)
            out[std::size_t(wordOf[t])] = 1;
    return out;
}

QStringList markedWords(const std::vector<std::string>& words, const std::vector<std::uint8_t>& unknown) {
    QStringList out = format::toQStrings(words);
    for (int i = 0; i < out.size() && i < int(unknown.size()); ++i)
        if (unknown[size_t(i)])
            out[i] = QStringLiteral("⚠ ") + out[i];
    return out;
}

int wordOf(const std::vector<int>& of, int t) {
    return t >= 0 && std::size_t(t) < of.size() ? of[std::size_t(t)] : -1;
}

} // namespace translationmarks
