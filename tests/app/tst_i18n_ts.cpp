// Qt Test for the translation files (issue 20): attnviz_zh_CN.ts is complete (no unfinished, obsolete
// or vanished entry, placeholders kept) and uses the chapter's terms of translations/glossary.json
// wherever the English source has them, so that a term reads the same on every page. (The CTest
// i18n_lupdate_in_sync checks that the .ts is in step with the sources.)

#include "i18n_ts.hpp"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using i18ntest::readTs;
using i18ntest::translationsDir;

namespace {

QStringList placeholders(const QString& s) {
    QStringList out;
    auto it = QRegularExpression(QStringLiteral("%(\\d+|n|p|v|m)")).globalMatch(s);
    while (it.hasNext())
        out << it.next().captured(0);
    out.sort();
    return out;
}

/// The visible words of a source: tags and the menu accelerator's '&' removed.
QString plainText(QString s) {
    s.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return s.remove(QLatin1Char('&'));
}

} // namespace

class TestI18nTs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void chineseIsComplete() {
        QString error;
        const auto messages = readTs(translationsDir() + QStringLiteral("/attnviz_zh_CN.ts"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(messages.size() > 600, qPrintable(QString::number(messages.size())));
        QStringList problems;
        for (const auto& m : messages) {
            if (!m.type.isEmpty() || m.translation.isEmpty())
                problems << QStringLiteral("%1 [%2] “%3”").arg(m.context, m.type, m.source);
            else if (placeholders(m.source) != placeholders(m.translation))
                problems << QStringLiteral("%1: placeholders differ: “%2” → “%3”")
                                .arg(m.context, m.source, m.translation);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void englishPluralsHaveBothForms() {
        QString error;
        const auto messages = readTs(translationsDir() + QStringLiteral("/attnviz_en.ts"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        int plurals = 0;
        for (const auto& m : messages)
            if (m.source.contains(QLatin1String("%n"))) {
                ++plurals;
                QVERIFY2(m.type.isEmpty() && !m.translation.contains(QLatin1String("(s)")),
                         qPrintable(m.source));
            }
        QVERIFY(plurals >= 2);
    }

    void chineseUsesTheGlossaryTerms() {
        QFile file(translationsDir() + QStringLiteral("/glossary.json"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QJsonParseError parseError;
        const QJsonObject terms = QJsonDocument::fromJson(file.readAll(), &parseError)
                                      .object()
                                      .value(QLatin1String("terms"))
                                      .toObject();
        QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
        // The chapter's own list (issue 20) must be in the glossary.
        for (const char* term :
             {"query", "key", "value", "score", "scaled dot-product", "softmax", "weighted mix",
              "self-attention", "cross-attention", "multi-head", "residual connection", "layer normalisation",
              "positional encoding", "padding mask", "patch", "CutMix"})
            QVERIFY2(terms.contains(QLatin1String(term)), term);
        QCOMPARE(terms.value(QLatin1String("query")).toString(), QStringLiteral("查询"));
        QCOMPARE(terms.value(QLatin1String("patch")).toString(), QStringLiteral("图块"));

        QString error;
        const auto messages = readTs(translationsDir() + QStringLiteral("/attnviz_zh_CN.ts"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList problems;
        int uses = 0;
        for (auto it = terms.begin(); it != terms.end(); ++it) {
            // A whole word (not "attention" inside "self-attention"), any case, with a plural ending.
            const QRegularExpression word(
                QStringLiteral("(?<![\\w-])%1(s|es)?(?![\\w-])").arg(QRegularExpression::escape(it.key())),
                QRegularExpression::CaseInsensitiveOption);
            const QString chinese = it.value().toString();
            for (const auto& m : messages) {
                if (!word.match(plainText(m.source)).hasMatch())
                    continue;
                ++uses;
                if (!m.translation.contains(chinese))
                    problems << QStringLiteral("%1: “%2” should say %3: “%4” → “%5”")
                                    .arg(m.context, it.key(), chinese, m.source, m.translation);
            }
        }
        qInfo("%d uses of %d glossary terms", uses, int(terms.size()));
        QVERIFY(uses > 300);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // The whole-word pattern of chineseUsesTheGlossaryTerms: plurals and tagged words count,
    // longer words do not.
    void glossaryMatcherIsWholeWord() {
        const QRegularExpression word(QStringLiteral("(?<![\\w-])key(s|es)?(?![\\w-])"),
                                      QRegularExpression::CaseInsensitiveOption);
        QVERIFY(word.match(plainText(QStringLiteral("<b>Keys</b> (T × d)"))).hasMatch());
        QVERIFY(!word.match(QStringLiteral("keyboard")).hasMatch());
        QVERIFY(!word.match(QStringLiteral("hot-key")).hasMatch());
    }
};

QTEST_APPLESS_MAIN(TestI18nTs)
#include "tst_i18n_ts.moc"
