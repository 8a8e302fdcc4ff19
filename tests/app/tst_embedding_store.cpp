// EmbeddingStore: resolution order, background loading, failure keeps the previous set, and the
// QSettings memory of the last opened file.

#include "attn/glove/loader.hpp"
#include "services/embedding_store.hpp"
#include "services/wait.hpp"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>
#include <cstdlib>
#include <fstream>

class TestEmbeddingStore : public QObject {
    Q_OBJECT
private:
    QTemporaryDir home_;

    static QString writeFile(const QString& path, const std::string& bytes) {
        std::ofstream(path.toStdString(), std::ios::binary) << bytes;
        return path;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(home_.isValid());
        // Isolate settings, cache and data directories from the user's.
        qputenv("XDG_CONFIG_HOME", (home_.path() + "/config").toUtf8());
        qputenv("ATTNVIZ_CACHE_DIR", (home_.path() + "/cache").toUtf8());
        qputenv("ATTNVIZ_DATA_DIR", (home_.path() + "/data").toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QSettings("attnviz", "attnviz").remove(EmbeddingStore::kSettingsKey);
    }

    void defaultIsTheEmbeddedSet() {
        EmbeddingStore store;
        QSignalSpy changed(&store, &EmbeddingStore::changed);
        store.loadDefault();
        QVERIFY(store.isLoading());
        QVERIFY(changed.wait(20000));
        QVERIFY(store.current());
        QCOMPARE(QString::fromStdString(store.current()->source()), QStringLiteral("embedded"));
        QVERIFY(store.description().startsWith("GloVe 6B 100d (embedded default): "));
        QVERIFY(store.description().endsWith(QString::fromUtf8(" words \xC3\x97 100")));
        QVERIFY(store.description().contains(",")); // thousands separator
        // In Chinese the built-in set's name is translated with the rest of the line.
        // (The translator itself: language::install also sets a CJK font, which needs a GUI application.)
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/attnviz_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        const QString chinese = store.description();
        QCoreApplication::removeTranslator(&zh);
        QVERIFY2(chinese.startsWith(QString::fromUtf8("GloVe 6B 100d（内置默认词向量）: ")),
                 qPrintable(chinese));
        QVERIFY2(chinese.contains(QString::fromUtf8(" 个词 × 100")), qPrintable(chinese));
    }

    void openFileRemembersItOnlyOnSuccess() {
        const QString good = writeFile(home_.path() + "/good.txt", "cat 1 2\ndog 3 4\n");
        const QString bad = writeFile(home_.path() + "/bad.txt", "cat 1 2\ndog 3\n");
        EmbeddingStore store;
        store.useEmbeddedDefault();
        const auto before = store.current();

        QSignalSpy failed(&store, &EmbeddingStore::failed);
        QSignalSpy changed(&store, &EmbeddingStore::changed);
        store.openFile(bad);
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.at(0).at(0).toString().contains("bad.txt:2: expected a word and 2 numbers"));
        QCOMPARE(store.current(), before); // previous set kept
        QCOMPARE(changed.count(), 0);
        QVERIFY(!QSettings("attnviz", "attnviz").contains(EmbeddingStore::kSettingsKey));

        store.openFile(good);
        QVERIFY(changed.wait(20000));
        QCOMPARE(store.current()->size(), std::size_t(2));
        QCOMPARE(store.description(), QString::fromUtf8("good.txt: 2 words \xC3\x97 2"));
        QCOMPARE(QSettings("attnviz", "attnviz").value(EmbeddingStore::kSettingsKey).toString(), good);

        // The remembered file comes first in loadDefault().
        EmbeddingStore again;
        QSignalSpy changed2(&again, &EmbeddingStore::changed);
        again.loadDefault();
        QVERIFY(changed2.wait(20000));
        QCOMPARE(again.current()->size(), std::size_t(2));
        QSettings("attnviz", "attnviz").remove(EmbeddingStore::kSettingsKey);
    }

    void fullSetComesBeforeTheEmbeddedDefault() {
        auto text = attn::glove::readTextBuffer("alpha 1 2 3\nbeta 4 5 6\n", "mem");
        std::filesystem::create_directories(attn::glove::fullSetPath().parent_path());
        attn::glove::writeBinary(*text, attn::glove::fullSetPath(), "name=GloVe 6B 100d (full set)\n");
        EmbeddingStore store;
        QSignalSpy changed(&store, &EmbeddingStore::changed);
        store.loadDefault();
        QVERIFY(changed.wait(20000));
        QCOMPARE(store.description(), QString::fromUtf8("GloVe 6B 100d (full set): 2 words \xC3\x97 3"));
        std::filesystem::remove(attn::glove::fullSetPath());
    }

    void cancelEmitsNothing() {
        std::string big;
        for (int i = 0; i < 200000; ++i)
            big += "w" + std::to_string(i) + " 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8\n";
        const QString path = writeFile(home_.path() + "/big.txt", big);
        EmbeddingStore store;
        store.setCacheEnabled(false);
        QSignalSpy changed(&store, &EmbeddingStore::changed);
        QSignalSpy failed(&store, &EmbeddingStore::failed);
        store.openFile(path);
        store.cancel();
        QVERIFY(!store.isLoading());
        // The cancelled load still has to come back from its worker; wait for that, not for a fixed
        // time, so a slow machine cannot pass this before the outcome would have arrived.
        QVERIFY(store.isBusy());
        QVERIFY(waitUntilIdle(store, 60000));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(failed.count(), 0);
        QVERIFY(!store.current());
    }
};

QTEST_GUILESS_MAIN(TestEmbeddingStore)
#include "tst_embedding_store.moc"
