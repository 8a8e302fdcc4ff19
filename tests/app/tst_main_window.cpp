// Qt Test for MainWindow's geometry: the first-run size fits the screen, every page can shrink to a
// common laptop screen (1280 x 800 minus panels), and the size is remembered between runs.

#include "main_window.hpp"

#include <QScreen>
#include <QSettings>
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

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
