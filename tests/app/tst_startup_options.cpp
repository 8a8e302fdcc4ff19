// The window's startup options (--page, --teaching, --size, --language) as a user meets them: checked
// before the QApplication exists (it needs a display), listed by `attnviz --help`, and the pages named
// in the same order as the window's tabs.

#include "cli_run.hpp"
#include "main_window.hpp"
#include "pages/page.hpp"
#include "startup_options.hpp"

#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <sstream>

namespace {

const QString kPages = QStringLiteral(
    "pages: walkthrough, translation, sentiment, vision, transformer, generate, heads, similarity");

// attnviz with `args` in an environment without any display: no X11 or Wayland display, no platform chosen.
testutil::CliRun runWithoutADisplay(const QStringList& args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"})
        env.remove(QString::fromLatin1(name));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTNVIZ_EXE), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    // A crash (Qt's abort without a display) is not an exit code.
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace

class TestStartupOptions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // the window's settings stay out of the user's
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        qputenv("ATTNVIZ_VISION_DATASET", ""); // the Vision page opens no installed dataset
    }

    // startup::pageNames() is what check() accepts before any widget exists: the window's tabs, in order.
    void pageNamesAreTheWindowsTabs() {
        MainWindow window;
        QStringList tabs;
        for (int i = 0; i < window.tabs()->count(); ++i)
            tabs << startup::pageName(*qobject_cast<Page*>(window.tabs()->widget(i)));
        QCOMPARE(startup::pageNames(), tabs);
    }

    // Issue 49 point 18: without a display `attnviz --page foo` aborted in Qt ("could not connect to
    // display", exit 134) instead of listing the pages.
    void pageTypoWithoutADisplayAbortedInQt() {
        auto r = runWithoutADisplay({"--page", "foo"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("attnviz: --page: no page 'foo' (" + kPages.toUtf8() + ")"),
                 r.err.constData());
        QVERIFY2(!r.err.contains("display"), r.err.constData());
        // The other mistakes the options can hold are told the same way, also after Qt's own options.
        const QList<QPair<QStringList, QByteArray>> cases = {
            {{"--size", "big"}, "--size: expected WIDTHxHEIGHT"},
            {{"--language", "fr"}, "--language: expected one of zh_CN, en, got 'fr'"},
            {{"--bogus"}, "Unknown option 'bogus'"},
            {{"--teaching", "stray"}, "unexpected argument 'stray'"},
            {{"-platform", "offscreen", "-style", "fusion", "--page", "Foo"}, "no page 'foo'"},
        };
        for (const auto& [args, message] : cases) {
            r = runWithoutADisplay(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(message), r.err.constData());
        }
    }

    // check() lets Qt's documented options through (QApplication takes them out later) and accepts what
    // apply() accepts.
    void checkAcceptsQtOptionsAndGoodValues() {
        std::ostringstream err;
        QCOMPARE(startup::check({"attnviz", "-platform", "offscreen", "--style=fusion", "-reverse", "--page",
                                 "Vision", "--teaching", "--size", "1280x800", "--language", "zh_CN"},
                                err),
                 0);
        QVERIFY2(err.str().empty(), err.str().c_str());
        QCOMPARE(startup::check({"attnviz"}, err), 0);
        QCOMPARE(startup::check({"attnviz", "--page", "generate", "--size", "80x80"}, err), 2);
        QVERIFY2(err.str().find("--size") != std::string::npos, err.str().c_str());
    }

    // Issue 49 point 18: `attnviz --help` did not mention --language. It lists every startup option, the
    // pages and the languages.
    void helpDidNotMentionLanguage() {
        const auto r = testutil::runAttnviz({"--help"});
        QCOMPARE(r.code, 0);
        for (const char* want : {"[--page NAME] [--teaching] [--size WxH] [--language zh_CN|en]",
                                 "--teaching", "--size WxH", "--language zh_CN|en", "--page NAME"})
            QVERIFY2(r.out.contains(want), want);
        QVERIFY2(r.out.contains(startup::pageNames().join(QStringLiteral(", ")).toUtf8()), r.out.constData());
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestStartupOptions)
#include "tst_startup_options.moc"
