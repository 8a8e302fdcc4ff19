#include "startup_options.hpp"

#include "lesson/lesson_player.hpp"
#include "main_window.hpp"
#include "pages/page.hpp"
#include "services/language.hpp"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTabWidget>

namespace startup {

QString pageName(const Page& page) {
    QString name = QString::fromLatin1(page.metaObject()->className());
    if (name.endsWith(QLatin1String("Page")))
        name.chop(4);
    return name.toLower();
}

QStringList pageNames() {
    return {QStringLiteral("walkthrough"), QStringLiteral("translation"), QStringLiteral("sentiment"),
            QStringLiteral("vision"),      QStringLiteral("transformer"), QStringLiteral("generate"),
            QStringLiteral("heads"),       QStringLiteral("similarity")};
}

QStringList argumentsOf(int argc, const char* const* argv) {
    QStringList out;
    for (int i = 0; i < argc; ++i)
        out << QString::fromLocal8Bit(argv[i]);
    return out;
}

namespace {

const QCommandLineOption& languageOption() {
    static const QCommandLineOption option(QStringLiteral("language"),
                                           QStringLiteral("interface language: zh_CN or en"),
                                           QStringLiteral("CODE"));
    return option;
}

struct GuiOptions {
    QCommandLineOption page{QStringLiteral("page"), QStringLiteral("the page shown first"),
                            QStringLiteral("NAME")};
    QCommandLineOption teaching{QStringLiteral("teaching"), QStringLiteral("start in teaching mode")};
    QCommandLineOption size{QStringLiteral("size"), QStringLiteral("window size in pixels"),
                            QStringLiteral("WxH")};
    QCommandLineOption session{QStringLiteral("session"), QStringLiteral("start on a saved session"),
                               QStringLiteral("FILE")};
    QCommandLineOption lesson{QStringLiteral("lesson"),
                              QStringLiteral("open a lesson (chapter = the shipped chapter lesson)"),
                              QStringLiteral("FILE")};
    QCommandLineOption stop{QStringLiteral("stop"), QStringLiteral("with --lesson: the stop shown first"),
                            QStringLiteral("N")};
};

// Qt's documented command-line options (QGuiApplication, QApplication, the xcb platform), which
// QApplication takes out of the arguments; check() runs before it and lets them through.
void addQtOptions(QCommandLineParser& parser) {
    for (const char* name :
         {"platform", "platformpluginpath", "platformtheme", "plugin", "qwindowgeometry", "qwindowicon",
          "qwindowtitle", "display", "geometry", "name", "visual", "style", "stylesheet", "qmljsdebugger"}) {
        QCommandLineOption option(QString::fromLatin1(name), QString(), QStringLiteral("VALUE"));
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
    for (const char* name : {"reverse", "widgetcount", "nograb", "dograb", "sync"}) {
        QCommandLineOption option(QString::fromLatin1(name));
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
}

// The option list in an error message.
constexpr const char* kUsage = "\nGUI options: [--session FILE] [--lesson FILE|chapter [--stop N]] [--page "
                               "NAME] [--teaching] [--size WxH] [--language zh_CN|en]; "
                               "subcommands: attnviz --help\n";

// Parses `arguments` with `parser` and checks what can be checked without a window: no unknown option
// or argument, a known --page, a well-formed --size, an available --language. 0 or 2 (after `err`).
int parseAndCheck(QCommandLineParser& parser, const GuiOptions& o, const QStringList& arguments,
                  std::ostream& err) {
    parser.addOptions({o.page, o.teaching, o.size, o.session, o.lesson, o.stop, languageOption()});
    if (!parser.parse(arguments) || !parser.positionalArguments().isEmpty()) {
        const QString what =
            parser.errorText().isEmpty()
                ? QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().value(0))
                : parser.errorText();
        err << "attnviz: " << what.toStdString() << kUsage;
        return 2;
    }
    if (parser.isSet(languageOption()) && !language::available().contains(parser.value(languageOption()))) {
        err << "attnviz: --language: expected one of " << language::available().join(", ").toStdString()
            << ", got '" << parser.value(languageOption()).toStdString() << "'\n";
        return 2;
    }
    if (parser.isSet(o.page) && !pageNames().contains(parser.value(o.page).toLower())) {
        err << "attnviz: --page: no page '" << parser.value(o.page).toLower().toStdString()
            << "' (pages: " << pageNames().join(QStringLiteral(", ")).toStdString() << ")\n";
        return 2;
    }
    if (parser.isSet(o.stop)) {
        bool ok = false;
        const int stop = parser.value(o.stop).toInt(&ok);
        if (!ok || stop < 1 || !parser.isSet(o.lesson)) {
            err << "attnviz: --stop: expected a stop number counted from 1, with --lesson, got '"
                << parser.value(o.stop).toStdString() << "'\n";
            return 2;
        }
    }
    if (parser.isSet(o.size) &&
        !QRegularExpression(QStringLiteral("^\\d{3,5}x\\d{3,5}$")).match(parser.value(o.size)).hasMatch()) {
        err << "attnviz: --size: expected WIDTHxHEIGHT in pixels such as 1280x800, got '"
            << parser.value(o.size).toStdString() << "'\n";
        return 2;
    }
    return 0;
}

} // namespace

int check(const QStringList& arguments, std::ostream& err) {
    QCommandLineParser parser;
    // Qt's options are single-dash words (-platform offscreen); ours are --words, and Qt accepts its own
    // with two dashes as well.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    addQtOptions(parser);
    const GuiOptions options;
    return parseAndCheck(parser, options, arguments, err);
}

std::string helpText() {
    const GuiOptions o;
    std::string out;
    const auto line = [&out](const std::string& item, const std::string& help) {
        out += "  " + item + std::string(item.size() < 28 ? 28 - item.size() : 1, ' ') + help + '\n';
    };
    line("--session FILE",
         o.session.description().toStdString() + " (.attnviz; --page, --teaching follow it)");
    line("--lesson FILE|chapter", o.lesson.description().toStdString() + "; --stop N: its stop N");
    line("--page NAME", "the page shown first: " + pageNames().join(QStringLiteral(", ")).toStdString());
    line("--teaching", o.teaching.description().toStdString() + " (larger text, titles and panels)");
    line("--size WxH", o.size.description().toStdString() + ", e.g. 1280x800");
    line("--language " + language::available().join(QLatin1Char('|')).toStdString(),
         languageOption().description().toStdString() + " (not remembered; View > Language is)");
    return out;
}

QString requestedSession(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    addQtOptions(parser);
    const GuiOptions o;
    parser.addOptions({o.page, o.teaching, o.size, o.session, o.lesson, o.stop, languageOption()});
    (void)parser.parse(arguments);
    return parser.value(o.session);
}

std::vector<char*> withoutSessionOption(int argc, char** argv) {
    std::vector<char*> kept;
    for (int i = 0; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if ((arg == "--session" || arg == "-session") && i + 1 < argc) {
            ++i; // and its value
            continue;
        }
        if (arg.starts_with("--session=") || arg.starts_with("-session="))
            continue;
        kept.push_back(argv[i]);
    }
    kept.push_back(nullptr); // argv[argc] is null, as Qt expects
    return kept;
}

QString requestedLanguage(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.addOption(languageOption());
    (void)parser.parse(arguments); // other options are apply()'s to check
    return parser.value(languageOption());
}

int apply(const QStringList& arguments, MainWindow& window, std::ostream& err) {
    QCommandLineParser parser;
    const GuiOptions o;
    if (const int rc = parseAndCheck(parser, o, arguments, err); rc != 0)
        return rc;
    QTabWidget* tabs = window.tabs();
    if (parser.isSet(o.page)) {
        const QString wanted = parser.value(o.page).toLower();
        QStringList names;
        for (int i = 0; i < tabs->count(); ++i) {
            const auto* p = qobject_cast<const Page*>(tabs->widget(i));
            if (!p)
                continue;
            names << pageName(*p);
            if (names.back() == wanted) {
                tabs->setCurrentIndex(i);
                names.clear();
                break;
            }
        }
        if (!names.isEmpty()) {
            err << "attnviz: --page: no page '" << wanted.toStdString()
                << "' (pages: " << names.join(QStringLiteral(", ")).toStdString() << ")\n";
            return 2;
        }
    }
    if (parser.isSet(o.size)) {
        const auto m =
            QRegularExpression(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$")).match(parser.value(o.size));
        window.resize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    if (parser.isSet(o.teaching))
        window.setTeachingMode(true);
    if (parser.isSet(o.lesson)) {
        const QString file = parser.value(o.lesson) == QLatin1String("chapter")
                                 ? MainWindow::chapterLessonPath()
                                 : parser.value(o.lesson);
        QString error;
        if (!window.openLesson(file, &error, /*quiet=*/true)) {
            err << "attnviz: --lesson: " << error.toStdString() << '\n';
            return 1;
        }
        if (parser.isSet(o.stop)) {
            LessonPlayer* player = window.lessonPlayer();
            const int stop = parser.value(o.stop).toInt();
            if (stop > player->stopCount()) {
                err << "attnviz: --stop: the lesson has " << player->stopCount() << " stops\n";
                return 2;
            }
            player->goTo(stop - 1);
        }
    }
    return 0;
}

} // namespace startup
