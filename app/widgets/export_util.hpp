#pragma once
// Writing a labelled matrix as CSV or JSON, and saving bytes to a file with an error that names it.
// Widget-free so that the command-line interface can reuse it.

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <attn/matrix.hpp>

namespace exportutil {

/// `v` with 9 significant digits (enough for a float to round-trip); "nan", "inf", "-inf" otherwise.
QString formatFloat(float v);
/// One CSV field per RFC 4180: quoted (with inner quotes doubled) when it holds a comma, a quote,
/// a line break or leading/trailing spaces.
QString csvField(const QString& text);
/// Header row "query\key", column labels...; then one row per matrix row: label, values...
/// Lines end in CRLF as RFC 4180 asks. Label lists must match the matrix.
QByteArray matrixToCsv(const attn::Matrix& values, const QStringList& rowLabels,
                       const QStringList& columnLabels);
/// {"title", "row_labels", "column_labels", "values": [[...], ...], "metadata": {...}}; non-finite
/// values (NaN = absent) become null; "metadata" is written when `metadata` is not empty.
QByteArray matrixToJson(const attn::Matrix& values, const QStringList& rowLabels,
                        const QStringList& columnLabels, const QString& title,
                        const QJsonObject& metadata = {});
/// Writes `bytes` to `path` atomically (QSaveFile). On failure returns false and sets *error to a
/// message naming the file.
bool writeFile(const QString& path, const QByteArray& bytes, QString* error);
/// Lower-case suffix without the dot ("png"), or "" when there is none.
QString suffixOf(const QString& path);
/// "Cannot export <path>: <why>" — the one wording of every export failure (views and matrices).
QString exportError(const QString& path, const QString& why);
/// True for .png, .svg and .pdf; otherwise sets *error (exportError: "unknown image format ...").
bool checkImageSuffix(const QString& path, QString* error);

} // namespace exportutil
