// Sessions (issue 48): File → Save session… / Open session… / Recent sessions, a .attnviz file dropped
// on the window, `attnviz --session FILE`. The file format and its strict reader are core's
// (attn/session/session_file.hpp); here the app's state is gathered from and handed to the pages.

#include "main_window.hpp"
#include "pages/page.hpp"
#include "services/embedding_store.hpp"
#include "services/language.hpp"
#include "services/resource_paths.hpp"
#include "services/save_folder.hpp"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QUrl>

namespace {

constexpr const char* kRecentSessionsKey = "sessions/recent";
constexpr int kMaxRecentSessions = 8;

QString fromPath(const std::string& path) {
    return QString::fromStdString(path);
}

bool isSessionFile(const QString& path) {
    return path.endsWith(QLatin1String(".attnviz"), Qt::CaseInsensitive);
}

/// The page's name in the interface, for messages.
QString pageTitle(const QTabWidget* tabs, const std::string& key) {
    const auto& keys = attn::session::pageKeys();
    for (std::size_t i = 0; i < keys.size() && static_cast<int>(i) < tabs->count(); ++i)
        if (keys[i] == key)
            return tabs->tabText(static_cast<int>(i));
    return QString::fromStdString(key);
}

/// Every file ref of `state`, with what it is (for the missing-file messages).
std::vector<std::pair<QString, attn::session::FileRef>> fileRefs(const attn::session::PageState& state) {
    using namespace attn::session;
    return std::visit(
        [](const auto& s) -> std::vector<std::pair<QString, FileRef>> {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, WalkthroughState>)
                return {{MainWindow::tr("learned projection"), s.learnedFrom}};
            else if constexpr (std::is_same_v<S, TranslationState>)
                return {{MainWindow::tr("model"), s.model},
                        {MainWindow::tr("model without attention"), s.baseline}};
            else if constexpr (std::is_same_v<S, VisionState>)
                return {{MainWindow::tr("model"), s.model},
                        {MainWindow::tr("image"), s.image},
                        {MainWindow::tr("dataset"), s.dataset}};
            else if constexpr (std::is_same_v<S, HeadsState>)
                return {{MainWindow::tr("model"), s.model}, {MainWindow::tr("corpus"), s.corpus}};
            else
                return {{MainWindow::tr("model"), s.model}};
        },
        state);
}

} // namespace

attn::session::Session MainWindow::captureSession() const {
    attn::session::Session session;
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* page = qobject_cast<Page*>(tabs_->widget(i)))
            session.pages.push_back(page->saveState());
    if (auto* page = currentPage())
        session.front = attn::session::pageKey(page->saveState());
    session.teaching = teachingAction_ && teachingAction_->isChecked();
    session.zoomPercent = zoomPercent();
    session.paragraphs = paragraphsShown();
    session.language = language::current().toStdString();
    const QString vectors = embeddings_->sourcePath();
    if (!vectors.isEmpty())
        session.wordVectors = attn::session::FileRef::path(QDir::cleanPath(vectors).toStdString());
    return session;
}

QStringList MainWindow::missingFiles(const attn::session::Session& session) const {
    QStringList missing;
    auto check = [&missing](const attn::session::FileRef& ref, const QString& what, const QString& where) {
        if (ref.kind == attn::session::FileRef::Kind::Default)
            return;
        const QString path = ref.kind == attn::session::FileRef::Kind::Shipped
                                 ? shippedModelDir(fromPath(ref.value))
                                 : fromPath(ref.value);
        if (!QFileInfo::exists(path))
            missing << tr("%1: the %2 %3 is missing; the page shows its default.")
                           .arg(where, what, QDir::toNativeSeparators(path));
    };
    check(session.wordVectors, tr("word-vector file"), tr("Word vectors"));
    for (const auto& state : session.pages)
        for (const auto& [what, ref] : fileRefs(state))
            check(ref, what, pageTitle(tabs_, attn::session::pageKey(state)));
    return missing;
}

void MainWindow::applySession(const attn::session::Session& session, const QString& source) {
    sessionProblems_ = missingFiles(session);
    // Word vectors first: the Walkthrough computes with them.
    using Kind = attn::session::FileRef::Kind;
    if (session.wordVectors.kind == Kind::Default) {
        if (!embeddings_->sourcePath().isEmpty() || !embeddings_->current())
            embeddings_->useEmbeddedDefault();
    } else {
        const QString path = fromPath(session.wordVectors.value);
        if (QFileInfo::exists(path) && QFileInfo(embeddings_->sourcePath()) != QFileInfo(path))
            embeddings_->openFile(path, /*remember=*/false); // a session changes no setting
    }
    if (teachingAction_)
        teachingAction_->setChecked(session.teaching); // setTeachingMode through the action
    setZoomPercent(session.zoomPercent);
    setParagraphsShown(session.paragraphs);
    const QString code = fromPath(session.language);
    if (!code.isEmpty() && code != language::current() && language::available().contains(code)) {
        // The language switch rebuilds every page; it restores them from the session (retranslate).
        pendingSession_ = session;
        language::install(code);
    } else {
        rebuildPages(session.pages, session.front);
        if (teachingAction_ && teachingAction_->isChecked())
            setTeachingMode(true);
        setZoomPercent(session.zoomPercent);
        setParagraphsShown(session.paragraphs);
    }
    const QString name = source.isEmpty() ? tr("Session") : QFileInfo(source).fileName();
    if (sessionProblems_.isEmpty())
        statusBar()->showMessage(tr("Opened %1.").arg(name), 8000);
    else
        statusBar()->showMessage(tr("Opened %1; %2").arg(name, sessionProblems_.join(QLatin1Char(' '))));
}

bool MainWindow::openSession(const QString& path, QString* error, bool quiet, bool remember) {
    attn::session::Session session;
    try {
        session = attn::session::readSession(QFile::encodeName(path).toStdString());
    } catch (const std::exception& e) {
        // Nothing is changed: the session is read and checked whole before any page is touched.
        const QString message = QString::fromUtf8(e.what());
        if (error)
            *error = message;
        if (!quiet)
            QMessageBox::warning(this, tr("Open session"),
                                 tr("Could not open the session; nothing was changed.\n\n%1").arg(message));
        statusBar()->showMessage(tr("Could not open the session: %1").arg(message), 10000);
        return false;
    }
    sessionPath_ = QFileInfo(path).absoluteFilePath();
    if (remember)
        rememberSession(sessionPath_);
    applySession(session, path);
    if (!quiet && !sessionProblems_.isEmpty())
        QMessageBox::information(this, tr("Open session"), sessionProblems_.join(QLatin1Char('\n')));
    return true;
}

bool MainWindow::saveSession(const QString& path, QString* error) {
    try {
        attn::session::writeSession(captureSession(), QFile::encodeName(path).toStdString());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    sessionPath_ = QFileInfo(path).absoluteFilePath();
    rememberSession(sessionPath_);
    statusBar()->showMessage(tr("Session saved to %1").arg(QDir::toNativeSeparators(sessionPath_)), 8000);
    return true;
}

void MainWindow::saveSessionAs() {
    const QString start =
        sessionPath_.isEmpty() ? saveStartFolder() + QStringLiteral("/lesson.attnviz") : sessionPath_;
    QString path =
        QFileDialog::getSaveFileName(this, tr("Save session"), start, tr("attnviz sessions (*.attnviz)"));
    if (path.isEmpty())
        return;
    if (!isSessionFile(path))
        path += QStringLiteral(".attnviz");
    QString error;
    if (!saveSession(path, &error))
        QMessageBox::warning(this, tr("Save session"), error);
}

void MainWindow::rememberSession(const QString& path) {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    QStringList recent = settings.value(QLatin1String(kRecentSessionsKey)).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentSessions)
        recent.removeLast();
    settings.setValue(QLatin1String(kRecentSessionsKey), recent);
}

QStringList MainWindow::recentSessions() {
    return QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
        .value(QLatin1String(kRecentSessionsKey))
        .toStringList();
}

void MainWindow::addSessionMenu(QMenu* file) {
    QAction* open = file->addAction(tr("&Open session…"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(open, &QAction::triggered, this, [this] {
        const QString start =
            sessionPath_.isEmpty() ? saveStartFolder() : QFileInfo(sessionPath_).absolutePath();
        const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), start,
                                                          tr("attnviz sessions (*.attnviz);;All files (*)"));
        if (!path.isEmpty())
            openSession(path);
    });
    QMenu* recent = file->addMenu(tr("Recent &sessions"));
    connect(recent, &QMenu::aboutToShow, this, [this, recent] {
        recent->clear();
        const QStringList paths = recentSessions();
        for (const QString& path : paths)
            connect(recent->addAction(QDir::toNativeSeparators(path)), &QAction::triggered, this,
                    [this, path] { openSession(path); });
        if (paths.isEmpty())
            recent->addAction(tr("(none)"))->setEnabled(false);
    });
    QAction* save = file->addAction(tr("&Save session"));
    save->setShortcut(QKeySequence::Save);
    connect(save, &QAction::triggered, this, [this] {
        QString error;
        if (sessionPath_.isEmpty())
            saveSessionAs();
        else if (!saveSession(sessionPath_, &error))
            QMessageBox::warning(this, tr("Save session"), error);
    });
    QAction* saveAs = file->addAction(tr("Save session &as…"));
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(saveAs, &QAction::triggered, this, &MainWindow::saveSessionAs);
    file->addSeparator();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile() && isSessionFile(urls.front().toLocalFile()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile() && isSessionFile(urls.front().toLocalFile())) {
        event->acceptProposedAction();
        openSession(urls.front().toLocalFile());
    }
}
