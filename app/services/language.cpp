#include "services/language.hpp"

#include <QApplication>
#include <QFont>
#include <QFontInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace language {
namespace {

const char* const kSettingsKey = "ui/language";

QTranslator*& installed() {
    static QTranslator* translator = nullptr;
    return translator;
}

/// Qt's own texts (dialog buttons, the file dialog, a line edit's context menu).
QTranslator*& installedQt() {
    static QTranslator* translator = nullptr;
    return translator;
}

QString& currentCode() {
    static QString code = QStringLiteral("en");
    return code;
}

} // namespace

QStringList available() {
    return {QStringLiteral("zh_CN"), QStringLiteral("en")};
}

QString forLocale(const QString& localeName) {
    return localeName.startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString initial() {
    const QString saved = QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
                              .value(QLatin1String(kSettingsKey))
                              .toString();
    if (available().contains(saved))
        return saved;
    return forLocale(QLocale::system().name());
}

bool install(const QString& code) {
    if (!available().contains(code) || !qApp)
        return false;
    auto* next = new QTranslator(qApp);
    if (!next->load(QStringLiteral(":/i18n/attnviz_%1.qm").arg(code))) {
        delete next;
        return false;
    }
    applyCjkFallbackFont();
    if (QTranslator* previous = installed()) {
        QCoreApplication::removeTranslator(previous);
        previous->deleteLater();
    }
    QCoreApplication::installTranslator(next);
    installed() = next;
    installQtTranslation(code);
    currentCode() = code;
    QLocale::setDefault(QLocale(code == QLatin1String("zh_CN") ? QLocale::Chinese : QLocale::English,
                                code == QLatin1String("zh_CN") ? QLocale::China : QLocale::UnitedStates));
    return true;
}

bool installQtTranslation(const QString& code) {
    if (QTranslator* previous = installedQt()) {
        QCoreApplication::removeTranslator(previous);
        previous->deleteLater();
        installedQt() = nullptr;
    }
    if (code == QLatin1String("en") || !qApp)
        return true; // Qt's sources are English
    auto* qt = new QTranslator(qApp);
    if (!qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        delete qt; // not installed (qt6-translations-l10n): Qt's own buttons stay English
        return false;
    }
    QCoreApplication::installTranslator(qt);
    installedQt() = qt;
    return true;
}

bool choose(const QString& code) {
    if (!install(code))
        return false;
    QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
        .setValue(QLatin1String(kSettingsKey), code);
    return true;
}

QString current() {
    return currentCode();
}

void applyCjkFallbackFont() {
    QFont font = QApplication::font();
    const QString cjk = QStringLiteral("Noto Sans CJK SC");
    if (font.families().contains(cjk))
        return;
    // First the concrete family the platform resolved the default to: a generic alias such as "Sans Serif"
    // matches no font inside a family list, and the CJK font would then draw every character (Latin text
    // with full-width quotes).
    QStringList families{QFontInfo(font).family()};
    for (const QString& family : font.families())
        if (!families.contains(family))
            families << family;
    families << cjk;
    font.setFamilies(families);
    QApplication::setFont(font);
}

} // namespace language
