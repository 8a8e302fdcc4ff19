#include "widgets/export_util.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace exportutil {

QString formatFloat(float v) {
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", double(v));
    return QString::fromLatin1(buf);
}

QString csvField(const QString& text) {
    const bool needsQuotes = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) ||
                             text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r')) ||
                             (!text.isEmpty() && (text.front().isSpace() || text.back().isSpace()));
    if (!needsQuotes)
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QByteArray matrixToCsv(const attn::Matrix& values, const QStringList& rowLabels,
                       const QStringList& columnLabels) {
    QString out;
    out += QStringLiteral("query\\key");
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
        out += QLatin1Char(',');
        out += csvField(c < columnLabels.size() ? columnLabels[int(c)] : QString::number(c));
    }
    out += QStringLiteral("\r\n");
    for (Eigen::Index r = 0; r < values.rows(); ++r) {
        out += csvField(r < rowLabels.size() ? rowLabels[int(r)] : QString::number(r));
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            out += QLatin1Char(',');
            out += formatFloat(values(r, c));
        }
        out += QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

QByteArray matrixToJson(const attn::Matrix& values, const QStringList& rowLabels,
                        const QStringList& columnLabels, const QString& title, const QJsonObject& metadata) {
    using nlohmann::json;
    auto labels = [](const QStringList& list, Eigen::Index n) {
        json a = json::array();
        for (Eigen::Index i = 0; i < n; ++i)
            a.push_back(i < list.size() ? list[int(i)].toStdString() : std::to_string(i));
        return a;
    };
    json rows = json::array();
    for (Eigen::Index r = 0; r < values.rows(); ++r) {
        json row = json::array();
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            const float v = values(r, c);
            // Through 9 significant digits, so that 0.1f is written as 0.1 and still reads back
            // to the same float (a plain float->double conversion would print 0.10000000149011612).
            if (std::isfinite(v))
                row.push_back(std::stod(formatFloat(v).toStdString()));
            else
                row.push_back(nullptr);
        }
        rows.push_back(std::move(row));
    }
    json doc = {{"title", title.toStdString()},
                {"row_labels", labels(rowLabels, values.rows())},
                {"column_labels", labels(columnLabels, values.cols())},
                {"values", std::move(rows)}};
    if (!metadata.isEmpty())
        doc["metadata"] = json::parse(QJsonDocument(metadata).toJson(QJsonDocument::Compact).toStdString());
    const std::string text = doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
    return QByteArray(text.data(), qsizetype(text.size()));
}

bool writeFile(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QCoreApplication::translate("exportutil", "Cannot write %1: %2")
                         .arg(path, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = QCoreApplication::translate("exportutil", "Cannot write %1: %2")
                         .arg(path, file.errorString());
        return false;
    }
    return true;
}

QString suffixOf(const QString& path) {
    return QFileInfo(path).suffix().toLower();
}

QString exportError(const QString& path, const QString& why) {
    return QCoreApplication::translate("exportutil", "Cannot export %1: %2").arg(path, why);
}

bool checkImageSuffix(const QString& path, QString* error) {
    const QString suffix = suffixOf(path);
    if (suffix == QLatin1String("png") || suffix == QLatin1String("svg") || suffix == QLatin1String("pdf"))
        return true;
    if (error)
        *error = exportError(path, QCoreApplication::translate(
                                       "exportutil", "unknown image format '%1' (use .png, .svg or .pdf)")
                                       .arg(suffix));
    return false;
}

} // namespace exportutil
