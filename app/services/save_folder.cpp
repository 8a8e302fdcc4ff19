#include "services/save_folder.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

QString saveStartFolder() {
    const QString last = QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
                             .value(QString::fromLatin1(kLastSaveFolderKey))
                             .toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() ? QDir::homePath() : documents;
}

void rememberSaveFolder(const QString& savedFile) {
    if (savedFile.isEmpty())
        return;
    QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
        .setValue(QString::fromLatin1(kLastSaveFolderKey), QFileInfo(savedFile).absolutePath());
}

QString askSaveFileName(QWidget* parent, const QString& caption, const QString& fileName,
                        const QString& filter) {
    const QString path =
        QFileDialog::getSaveFileName(parent, caption, QDir(saveStartFolder()).filePath(fileName), filter);
    rememberSaveFolder(path);
    return path;
}
