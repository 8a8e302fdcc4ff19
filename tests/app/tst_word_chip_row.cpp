// WordChipRow (issue 16): a 2,048-word row is a window of at most kMaxChips chips that follows the
// outlined word, reports the words' own indices, scrolls sideways and does not widen its page.
#include "widgets/word_chip_row.hpp"

#include <QLabel>
#include <QScrollArea>
#include <QSignalSpy>
#include <QVBoxLayout>
#include <QtTest>

class TestWordChipRow : public QObject {
    Q_OBJECT
private slots:
    void shortRowsAreAllChips() {
        WordChipRow row(QStringLiteral("Text:"));
        row.setWords({QStringLiteral("the"), QStringLiteral("book"), QStringLiteral("is")});
        QCOMPARE(row.count(), 3);
        QCOMPARE(row.firstShown(), 0);
        row.setWeights({0.1, 0.7, -1.0}, 1);
        QCOMPARE(row.weights(), (QVector<double>{0.1, 0.7, -1.0}));
        const auto chips = row.strip()->widget()->findChildren<QLabel*>();
        QStringList shown;
        for (QLabel* chip : chips)
            if (!chip->isHidden())
                shown << chip->text();
        QCOMPARE(shown, (QStringList{QStringLiteral("the"), QStringLiteral("book"), QStringLiteral("is")}));
    }

    // Issue 49 (14): Llama's BOS "<s>" was a blank chip on the Generate page (read as a strike-out tag).
    void tokensThatLookLikeMarkupAreShownAsText() {
        WordChipRow row(QStringLiteral("Text:"));
        row.setWords({QStringLiteral("<s>"), QStringLiteral("<b>"), QStringLiteral("Once")});
        row.setWeights({0.2, 0.3, 0.5}, 2);
        QList<QLabel*> shown;
        for (QLabel* chip : row.strip()->widget()->findChildren<QLabel*>())
            if (!chip->isHidden() && chip->text().startsWith(QLatin1Char('<')))
                shown << chip;
        QCOMPARE(shown.size(), 2);
        for (QLabel* chip : shown) {
            QCOMPARE(chip->textFormat(), Qt::PlainText);
            // As plain text the chip is at least as wide as the three characters it shows.
            QVERIFY(chip->sizeHint().width() >= chip->fontMetrics().horizontalAdvance(chip->text()));
        }
    }

    // Teaching mode grows the page's font: every chip follows, not only those restyled afterwards.
    void chipsFollowTheRowsFont() {
        QWidget page;
        auto* layout = new QVBoxLayout(&page);
        auto* row = new WordChipRow(QStringLiteral("Text:"), &page);
        layout->addWidget(row);
        row->setWords({QStringLiteral("C"), QStringLiteral("A"), QStringLiteral("B")});
        row->setWeights({0.2, 0.5, 0.3}, 2);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const auto chips = row->strip()->widget()->findChildren<QLabel*>();
        const double before = chips.back()->font().pointSizeF();
        QFont bigger = page.font();
        bigger.setPointSizeF(bigger.pointSizeF() * 2);
        page.setFont(bigger);
        QCoreApplication::processEvents();
        row->setWeights({0.1, 0.6, 0.3}, 2); // the outlined chip's sheet is unchanged, the others' too
        for (QLabel* chip : chips)
            if (!chip->isHidden())
                QCOMPARE(chip->font().pointSizeF(), before * 2);
    }

    void longRowsAreAWindowAroundTheOutlinedWord() {
        QWidget page;
        auto* layout = new QVBoxLayout(&page);
        auto* row = new WordChipRow(QStringLiteral("Text:"), &page);
        layout->addWidget(row);
        QStringList words;
        for (int i = 0; i < 2048; ++i)
            words << QStringLiteral("tok%1").arg(i);
        row->setWords(words);
        QCOMPARE(row->count(), 2048);
        // Two labels for the elided ends, kMaxChips chips.
        QCOMPARE(row->strip()->widget()->findChildren<QLabel*>().size(), WordChipRow::kMaxChips + 2);
        // The page is not widened by 2,048 chips.
        QVERIFY2(page.minimumSizeHint().width() < 400,
                 qPrintable(QString::number(page.minimumSizeHint().width())));

        QVector<double> weights(2048, 0.0);
        weights[2000] = 1.0;
        row->setWeights(weights, 2000);
        QVERIFY(row->firstShown() <= 2000 && 2000 < row->firstShown() + WordChipRow::kMaxChips);
        // The outlined word near the window's end, a few words after it still shown.
        QCOMPARE(row->firstShown(), 2000 - WordChipRow::kMaxChips + 16);
        // A click on the chip that shows word 2000 reports 2000; its text is that word.
        QLabel* chip = nullptr;
        for (QLabel* l : row->strip()->widget()->findChildren<QLabel*>())
            if (l->text() == QStringLiteral("tok2000"))
                chip = l;
        QVERIFY(chip);
        QSignalSpy clicked(row, &WordChipRow::chipClicked);
        QTest::mouseClick(chip, Qt::LeftButton);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 2000);

        // Back to the start: the window follows.
        row->setWeights(weights, 3);
        QCOMPARE(row->firstShown(), 0);
    }

    // A decoding step shades the source words without outlining one: the strip scrolls to the most
    // weighted word, which in a long sentence sat past the right edge.
    void withoutAnOutlineTheMostWeightedWordComesIntoView() {
        QWidget page;
        auto* layout = new QVBoxLayout(&page);
        auto* row = new WordChipRow(QStringLiteral("English:"), &page);
        layout->addWidget(row);
        QStringList words;
        for (int i = 0; i < 40; ++i)
            words << QStringLiteral("word%1").arg(i);
        row->setWords(words);
        page.resize(400, 80);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const auto chipOf = [&](int word) {
            for (QLabel* l : row->strip()->widget()->findChildren<QLabel*>())
                if (l->text() == words[word])
                    return l;
            return static_cast<QLabel*>(nullptr);
        };
        const auto inView = [&](int word) {
            QLabel* chip = chipOf(word);
            const QRect viewport = row->strip()->viewport()->rect();
            const QRect at(chip->mapTo(row->strip()->viewport(), QPoint(0, 0)), chip->size());
            return viewport.contains(at);
        };
        QVERIFY(inView(0));
        QVERIFY(!inView(35));
        QVector<double> weights(40, 0.01);
        weights[35] = 0.6;
        row->setWeights(weights, -1);
        QTRY_VERIFY(inView(35));
        QVERIFY(!inView(0));
        // All unshaded (-1): nothing to bring in, the strip stays where it is.
        row->setWeights(QVector<double>(40, -1.0), -1);
        QCoreApplication::processEvents();
        QVERIFY(inView(35));
    }
};

QTEST_MAIN(TestWordChipRow)
#include "tst_word_chip_row.moc"
