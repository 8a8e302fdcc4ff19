// Qt Test for Chinese text drawn right (issue 20): the CJK font (Debian fonts-noto-cjk) is installed
// and is the labels' fallback, so Chinese tokens are shaped with real glyphs (no boxes, no "�"); and
// a heatmap whose column labels are long Chinese tokens draws them upright, one character per line,
// instead of slanted — with room for them under the plot.

#include "services/language.hpp"
#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QFontDatabase>
#include <QFontInfo>
#include <QGlyphRun>
#include <QRawFont>
#include <QTest>
#include <QTextLayout>
#include <qcustomplot.h>

namespace {

const QString kCjkFamily = QStringLiteral("Noto Sans CJK SC");

/// The glyphs `text` is shaped into with `font` (and Qt's fallbacks): (family, glyph index) each.
std::vector<std::pair<QString, quint32>> shapedGlyphs(const QString& text, const QFont& font) {
    QTextLayout layout(text, font);
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    std::vector<std::pair<QString, quint32>> out;
    for (const QGlyphRun& run : layout.glyphRuns())
        for (const quint32 index : run.glyphIndexes())
            out.emplace_back(run.rawFont().familyName(), index);
    return out;
}

attn::Matrix uniform(int rows, int cols) {
    return attn::Matrix::Constant(rows, cols, 1.0f / float(cols));
}

} // namespace

class TestI18nCjk : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cjkFontIsInstalledAndCoversChinese() {
        QVERIFY2(QFontDatabase::families().contains(kCjkFamily),
                 "Noto Sans CJK SC is missing: install fonts-noto-cjk (cmake/install-deps.sh --test)");
        const QFont font(kCjkFamily);
        QCOMPARE(QFontInfo(font).family(), kCjkFamily);
        const QFontMetrics fm(font);
        for (const char32_t c : {U'注', U'意', U'力', U'查', U'询', U'键', U'值', U'图', U'块'})
            QVERIFY2(fm.inFontUcs4(c), qPrintable(QString::number(uint(c), 16)));
        // A CJK ideograph is about one em wide, unlike a missing-glyph box of the Latin font.
        QVERIFY(fm.horizontalAdvance(QStringLiteral("注")) >= QFontInfo(font).pixelSize() * 0.9);
    }

    void labelsFallBackToTheCjkFont() {
        language::applyCjkFallbackFont();
        const QFont font = QApplication::font();
        QVERIFY2(font.families().contains(kCjkFamily), qPrintable(font.families().join(QLatin1Char(','))));
        QCOMPARE(font.families().count(kCjkFamily), 1);
        language::applyCjkFallbackFont(); // idempotent
        QCOMPARE(QApplication::font().families().count(kCjkFamily), 1);
        // A label mixing a Chinese token with Latin text: every glyph is a real one (index 0 is the
        // font's missing-glyph box), the Chinese ones from the CJK font.
        const auto glyphs = shapedGlyphs(QStringLiteral("the 注意力 query"), font);
        QVERIFY(glyphs.size() >= 13);
        int fromCjk = 0;
        for (const auto& [family, index] : glyphs) {
            QVERIFY2(index != 0, qPrintable(family));
            fromCjk += family == kCjkFamily;
        }
        QVERIFY(fromCjk >= 3);
        // Only those: Latin text keeps the family the platform resolves its default to. A generic
        // "Sans Serif" first in the list matched no font, and the CJK font drew everything (English text
        // with full-width quotes).
        const QString platform = QFontInfo(QFont(QStringLiteral("Sans Serif"))).family();
        if (platform != kCjkFamily) {
            QCOMPARE(QFontInfo(font).family(), platform);
            QCOMPARE(fromCjk, 3);
        }
    }

    void stackedLabelHasOneCharacterPerLine() {
        QCOMPARE(HeatmapView::stackedLabel(QStringLiteral("注意力")), QStringLiteral("注\n意\n力"));
        // A character outside the BMP (a surrogate pair) stays one line; spaces are dropped.
        QCOMPARE(HeatmapView::stackedLabel(QString::fromUtf8("\xf0\xa0\x80\x80 好")),
                 QString::fromUtf8("\xf0\xa0\x80\x80\n好"));
        QVERIFY(HeatmapView::isCjkLabel(QStringLiteral("注意力")));
        QVERIFY(HeatmapView::isCjkLabel(QStringLiteral("##注意")));
        QVERIFY(HeatmapView::isCjkLabel(QStringLiteral("カタカナ")));
        QVERIFY(!HeatmapView::isCjkLabel(QStringLiteral("[CLS]")));
        QVERIFY(!HeatmapView::isCjkLabel(QStringLiteral("attention")));
        QVERIFY(!HeatmapView::isCjkLabel(QStringLiteral("a注bc")));
    }

    void longChineseColumnLabelsAreDrawnUpright() {
        language::applyCjkFallbackFont();
        const QStringList words = {QStringLiteral("[CLS]"),      QStringLiteral("缩放点积"),
                                   QStringLiteral("注意力机制"), QStringLiteral("自注意力"),
                                   QStringLiteral("交叉注意力"), QStringLiteral("加权混合"),
                                   QStringLiteral("残差连接"),   QStringLiteral("层归一化"),
                                   QStringLiteral("位置编码"),   QStringLiteral("[SEP]")};
        HeatmapView view;
        view.resize(520, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMatrix(uniform(3, int(words.size())),
                       {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, words);
        view.plot()->replot();
        QCoreApplication::processEvents();
        QVERIFY(view.stackedColumnLabels());
        QCOMPARE(view.plot()->xAxis->tickLabelRotation(), 0.0);
        auto* ticker = dynamic_cast<QCPAxisTickerText*>(view.plot()->xAxis->ticker().data());
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().value(2), QStringLiteral("注\n意\n力\n机\n制"));
        QCOMPARE(ticker->ticks().value(0), QStringLiteral("[\nC\nL\nS\n]"));
        // The labels' five lines fit under the plot: the bottom margin holds them and the axis title.
        const QFontMetrics fm(view.plot()->xAxis->tickLabelFont());
        const int bottom = view.plot()->axisRect()->margins().bottom();
        QVERIFY2(bottom >= 5 * fm.height(),
                 qPrintable(QStringLiteral("%1 < 5 x %2").arg(bottom).arg(fm.height())));
        // The Chinese labels are shaped with real glyphs in the tick font.
        for (const auto& glyph : shapedGlyphs(words[2], view.plot()->xAxis->tickLabelFont()))
            QVERIFY(glyph.second != 0);

        // The same number of English labels is slanted as before, and short Chinese labels that fit
        // side by side stay horizontal.
        QStringList english;
        for (int i = 0; i < words.size(); ++i)
            english << QStringLiteral("attention%1").arg(i);
        view.setMatrix(uniform(3, int(english.size())),
                       {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, english);
        QVERIFY(!view.stackedColumnLabels());
        QVERIFY(view.plot()->xAxis->tickLabelRotation() < 0.0);
        view.setMatrix(uniform(3, 3), {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                       {QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("你")});
        QVERIFY(!view.stackedColumnLabels());
        QCOMPARE(view.plot()->xAxis->tickLabelRotation(), 0.0);
        QCOMPARE(dynamic_cast<QCPAxisTickerText*>(view.plot()->xAxis->ticker().data())->ticks().value(1),
                 QStringLiteral("爱"));
    }
};

QTEST_MAIN(TestI18nCjk)
#include "tst_i18n_cjk.moc"
