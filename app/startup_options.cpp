#include "startup_options.hpp"

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

namespace {
const QCommandLineOption& languageOption() {
    static const QCommandLineOption option(QStringLiteral("language"),
                                           QStringLiteral("interface language: zh_CN or en"),
                                           QStringLiteral("CODE"));
    return option;
}
} // namespace

QString requestedLanguage(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.addOption(languageOption());
    (void)parser.parse(arguments); // other options are apply()'s to check
    return parser.value(languageOption());
}

int apply(const QStringList& arguments, MainWindow& window, std::ostream& err) {
    QCommandLineParser parser;
    const QCommandLineOption page(QStringLiteral("page"), QStringLiteral("the page shown first"),
                                  QStringLiteral("NAME"));
    const QCommandLineOption teaching(QStringLiteral("teaching"), QStringLiteral("start in teaching mode"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("window size in pixels"),
                                  QStringLiteral("WxH"));
    parser.addOptions({page, teaching, size, languageOption()});
    if (!parser.parse(arguments) || !parser.positionalArguments().isEmpty()) {
        const QString what =
            parser.errorText().isEmpty()
                ? QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().value(0))
                : parser.errorText();
        err << "attnviz: " << what.toStdString()
            << "\nGUI options: [--page NAME] [--teaching] [--size WxH] [--language zh_CN|en]; "
               "subcommands: attnviz --help\n";
        return 2;
    }
    if (parser.isSet(languageOption()) && !language::available().contains(parser.value(languageOption()))) {
        err << "attnviz: --language: expected one of " << language::available().join(", ").toStdString()
            << ", got '" << parser.value(languageOption()).toStdString() << "'\n";
        return 2;
    }
    QTabWidget* tabs = window.tabs();
    if (parser.isSet(page)) {
        const QString wanted = parser.value(page).toLower();
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
    if (parser.isSet(size)) {
        const auto m =
            QRegularExpression(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$")).match(parser.value(size));
        if (!m.hasMatch()) {
            err << "attnviz: --size: expected WIDTHxHEIGHT in pixels such as 1280x800, got '"
                << parser.value(size).toStdString() << "'\n";
            return 2;
        }
        window.resize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    if (parser.isSet(teaching))
        window.setTeachingMode(true);
    return 0;
}

} // namespace startup
