#pragma once
// Where save dialogs start: the folder the user saved into last (QSettings "dialogs/lastSaveFolder"),
// else the documents folder (QStandardPaths::DocumentsLocation) when it exists, else the home folder —
// never the working directory the app happened to be started from.
//
//   const QString path = askSaveFileName(this, tr("Export view"), "walkthrough.png", filter);
//   // the folder of `path` is remembered for the next dialog

#include <QString>

class QWidget;

/// The folder the next save dialog starts in: the remembered one when it exists, else the documents
/// folder when it exists, else the home folder.
QString saveStartFolder();
/// Remembers the folder of `savedFile` for the next save dialog.
void rememberSaveFolder(const QString& savedFile);
/// QFileDialog::getSaveFileName starting in saveStartFolder() with `fileName` suggested; remembers
/// the chosen folder. Empty when cancelled.
QString askSaveFileName(QWidget* parent, const QString& caption, const QString& fileName,
                        const QString& filter);

inline constexpr const char* kLastSaveFolderKey = "dialogs/lastSaveFolder";
