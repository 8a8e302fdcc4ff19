#include "pages/similarity/similarity_presets.hpp"

#include <QCoreApplication>
#include <attn/session/page_state.hpp>

namespace similarity {

QStringList demoSentences() {
    QStringList out;
    for (const auto& s : attn::session::SimilarityState{}.sentences)
        out << QString::fromStdString(s);
    return out;
}

QStringList chapterSentences() {
    return {QStringLiteral("The teacher praised a student because she improved"),
            QStringLiteral("A student asked the teacher to help her improve"),
            QStringLiteral("The pupil thanked her teacher for the help"),
            QStringLiteral("It rained all week in the mountains")};
}

std::vector<Preset> presets() {
    return {{QCoreApplication::translate("SimilarityPage", "USE demo: phones, ages, food"), demoSentences()},
            {QCoreApplication::translate("SimilarityPage", "The chapter's sentences"), chapterSentences()}};
}

} // namespace similarity
