#pragma once
// The interface language (issue 20): Simplified Chinese ("zh_CN") or English ("en", the source
// language of every tr() string). The translations are Qt Linguist files translations/attnviz_*.ts,
// compiled by lrelease at build time and embedded as :/i18n/attnviz_<code>.qm.
//
//   language::install(language::initial());   // main(): the saved choice, else the system locale
//   language::choose("zh_CN");                  // View → Language: installs and remembers it
//
// Installing a translator sends QEvent::LanguageChange to every widget; MainWindow rebuilds its menus
// and pages on it. The command line (attnviz render/inspect/...) never installs one: it stays English.

#include <QString>
#include <QStringList>

namespace language {

/// The codes the app ships translations for: {"zh_CN", "en"}.
QStringList available();
/// A code from available() for a locale name ("zh_CN", "zh_TW", "zh", "en_US", "C" ...): Chinese for
/// any "zh", else English.
QString forLocale(const QString& localeName);
/// The QSettings choice ("ui/language") if one was saved, else forLocale(QLocale::system().name()).
QString initial();
/// Makes `code` the interface language (replacing the previous translator). Returns false for a code
/// not in available() or a translation that failed to load; the previous language then stays.
bool install(const QString& code);
/// Qt's own translation of its texts for `code` (qtbase_<code>.qm from Debian's qt6-translations-l10n,
/// in Qt's translations directory), replacing the previous one; called by install(). False when that
/// file is not installed (Qt's buttons then stay English); always true for "en".
bool installQtTranslation(const QString& code);
/// install(code) and remember it in QSettings for the next start.
bool choose(const QString& code);
/// The installed language ("en" before any install).
QString current();
/// The font families labels use, in order: the platform's default, then Noto Sans CJK SC as the
/// fallback for Chinese characters (fonts-noto-cjk). Called by install().
void applyCjkFallbackFont();

} // namespace language
