#pragma once
// Reads a Qt Linguist .ts file for the i18n tests (tst_i18n*.cpp): every message with its context,
// source, translation (the first numerus form for plurals) and type ("unfinished", "obsolete",
// "vanished" or empty).

#include "attnviz_test_paths.hpp"

#include <QFile>
#include <QString>
#include <QXmlStreamReader>
#include <vector>

namespace i18ntest {

struct TsMessage {
    QString context, source, translation, type;
};

inline QString translationsDir() {
    return QStringLiteral(ATTNVIZ_RESOURCE_DIR "/../translations");
}

/// The messages of `path`; `error` gets the reader's complaint with its line, if any.
inline std::vector<TsMessage> readTs(const QString& path, QString* error) {
    std::vector<TsMessage> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            TsMessage m;
            m.context = context;
            const bool numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (!(xml.isEndElement() && xml.name() == QLatin1String("message")) && !xml.atEnd()) {
                xml.readNext();
                if (!xml.isStartElement())
                    continue;
                if (xml.name() == QLatin1String("source")) {
                    m.source = xml.readElementText();
                } else if (xml.name() == QLatin1String("translation")) {
                    m.type = xml.attributes().value(QLatin1String("type")).toString();
                    if (!numerus)
                        m.translation = xml.readElementText();
                } else if (xml.name() == QLatin1String("numerusform") && m.translation.isEmpty()) {
                    m.translation = xml.readElementText(); // Chinese has one plural form
                }
            }
            out.push_back(m);
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

} // namespace i18ntest
