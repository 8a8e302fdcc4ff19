// Qt Test for SentenceInput: a burst of edits settles once, after the debounce interval; an example
// sets the text; cancelPending drops a pending settle.

#include "widgets/sentence_input.hpp"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

class TestSentenceInput : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void burstOfEditsSettlesOnce();
    void exampleSetsTheText();
    void cancelPendingDropsTheSettle();
};

void TestSentenceInput::burstOfEditsSettlesOnce() {
    SentenceInput input(QStringLiteral("English:"), QStringLiteral("type"), {QStringLiteral("a b")});
    QSignalSpy settled(&input, &SentenceInput::settled);
    QElapsedTimer clock;
    clock.start();
    for (const char* s : {"T", "Th", "The", "The b", "The book"})
        input.setText(QString::fromLatin1(s));
    QCOMPARE(settled.count(), 0); // nothing while typing
    QVERIFY(settled.wait(2000));
    QVERIFY(clock.elapsed() >= SentenceInput::kDebounceMs - 10);
    QTest::qWait(SentenceInput::kDebounceMs * 2);
    QCOMPARE(settled.count(), 1);
    QCOMPARE(input.text(), QStringLiteral("The book"));
}

void TestSentenceInput::exampleSetsTheText() {
    const QStringList examples = {QStringLiteral("The book that I bought is very interesting"),
                                  QStringLiteral("I am cold")};
    SentenceInput input(QStringLiteral("English:"), QString(), examples);
    QCOMPARE(input.examples()->count(), 3); // the "Examples…" prompt, then the two
    QSignalSpy settled(&input, &SentenceInput::settled);
    input.examples()->setCurrentIndex(2);
    Q_EMIT input.examples()->activated(2);
    QCOMPARE(input.lineEdit()->text(), examples[1]);
    QVERIFY(settled.wait(2000));
    // The prompt item does not change the text.
    Q_EMIT input.examples()->activated(0);
    QCOMPARE(input.text(), examples[1]);
}

void TestSentenceInput::cancelPendingDropsTheSettle() {
    SentenceInput input(QStringLiteral("Review:"), QString(), {});
    QSignalSpy settled(&input, &SentenceInput::settled);
    input.setText(QStringLiteral("a dull film"));
    input.cancelPending();
    QTest::qWait(SentenceInput::kDebounceMs * 3);
    QCOMPARE(settled.count(), 0);
    input.schedule();
    QVERIFY(settled.wait(2000));
    QCOMPARE(settled.count(), 1);
}

QTEST_MAIN(TestSentenceInput)
#include "tst_sentence_input.moc"
