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
    // The documents folder is named even when it does not exist (~/Documents on a fresh account); a
    // dialog given a missing folder opens the working directory instead, often the source tree (issue
    // 49 point 17), so then the home folder.
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
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
