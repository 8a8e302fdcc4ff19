// The Sentiment page's pooled-weights text (pooled_shading.hpp).
#include "pages/sentiment/pooled_shading.hpp"

#include "pages/sentiment/sentiment_page.hpp"
#include "pages/sentiment/token_notes.hpp"
#include "widgets/format.hpp"
#include "widgets/whole_lines.hpp"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <algorithm>

PooledShading::PooledShading(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("pooledShading"));
    setOpenLinks(false);
    // New text, font or width: the text's height changes, and the view is cut again at a line.
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &PooledShading::fitHeight);
}

void PooledShading::fitHeight() {
    // Fixed, not only capped: the splitter would otherwise give the view a height of its own choice.
    setFixedHeight(heightOfWholeLines(*this, cap_));
}

void PooledShading::setTeachingMode(bool on, double zoom) {
    QFont shadedFont = QApplication::font();
    shadedFont.setPointSizeF(shadedFont.pointSizeF() * (on ? 1.5 : 1.0) * zoom);
    setFont(shadedFont);
    cap_ = static_cast<int>((on ? 170 : 110) * zoom);
    fitHeight();
}

void PooledShading::showWeights(const QVector<double>& pooled, const std::vector<std::string>& tokens,
                                const TokenNotes& notes, const QString& poolingNote) {
    double top = 0.0;
    for (double w : pooled)
        top = std::max(top, w);
    QString html = QStringLiteral("<p style='font-size:large; line-height:160%'>");
    for (int i = 0; i < pooled.size() && i < int(tokens.size()); ++i) {
        const double w = pooled[i];
        const bool isPad = i >= int(tokens.size()) - notes.pads;
        const bool isUnknown = !isPad && !notes.notes.value(i).isEmpty();
        html += QStringLiteral("<span style='background-color:%1;%2'>&nbsp;%3%4<sub>%5</sub>&nbsp;</span> ")
                    .arg(format::shade(top > 0 ? w / top : 0.0),
                         isPad ? QStringLiteral(" color:#777; font-style:italic;") : QString(),
                         isUnknown ? QStringLiteral("⚠&nbsp;") : QString(), format::esc(tokens[size_t(i)]),
                         format::num(w));
    }
    html += QStringLiteral("</p><p style='color:#555'>");
    QStringList shadingNotes;
    if (!poolingNote.isEmpty())
        shadingNotes << poolingNote;
    if (notes.pads > 0)
        shadingNotes << SentimentPage::tr("Grey italic words are padding."); // a legend: stays
    html += shadingNotes.join(QLatin1Char(' ')) + QStringLiteral("</p>");
    setHtml(html);
}
