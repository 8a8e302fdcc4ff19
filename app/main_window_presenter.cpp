// MainWindow's presenter mode (issue 48): full screen, zoom, explanatory paragraphs hidden, and
// PageDown / PageUp (a clicker) stepping the page in front. None of it is stored in the settings: a
// session file holds it (main_window.hpp).
#include "main_window.hpp"
#include "pages/page.hpp"
#include "widgets/teaching.hpp"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QKeySequence>
#include <QMenu>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextEdit>
#include <algorithm>
#include <attn/session/session_file.hpp>

namespace {

/// A text field where PageDown / PageUp move the cursor through lines the user edits.
bool editsMultipleLines(const QWidget* widget) {
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        if (const auto* edit = qobject_cast<const QTextEdit*>(w))
            return !edit->isReadOnly();
        if (const auto* plain = qobject_cast<const QPlainTextEdit*>(w))
            return !plain->isReadOnly();
    }
    return false;
}

} // namespace

void MainWindow::addPresenterActions(QMenu* view) {
    view->addSeparator();
    fullScreenAction_ = view->addAction(tr("&Full screen"));
    fullScreenAction_->setCheckable(true);
    fullScreenAction_->setShortcut(QKeySequence(Qt::Key_F11));
    fullScreenAction_->setToolTip(tr("The window fills the screen (Esc leaves it)."));
    connect(fullScreenAction_, &QAction::toggled, this, &MainWindow::setFullScreenPresenting);
    // Esc leaves full screen; not in the menu, and only active in full screen (elsewhere Esc is the
    // widgets' own: closing a popup, cancelling an edit).
    auto* leave = new QAction(tr("Leave full screen"), view);
    leave->setObjectName(QStringLiteral("leaveFullScreen"));
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setEnabled(false);
    connect(leave, &QAction::triggered, this, [this] { setFullScreenPresenting(false); });
    addAction(leave);

    QAction* zoomIn = view->addAction(tr("Zoom &in"));
    zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    zoomIn->setToolTip(tr("Larger text, labels and numbers on every page."));
    connect(zoomIn, &QAction::triggered, this,
            [this] { setZoomPercent(teaching::zoomInFrom(zoomPercent_)); });
    QAction* zoomOut = view->addAction(tr("Zoom &out"));
    zoomOut->setShortcuts(QKeySequence::ZoomOut); // every binding the platform has for it
    connect(zoomOut, &QAction::triggered, this,
            [this] { setZoomPercent(teaching::zoomOutFrom(zoomPercent_)); });
    actualSizeAction_ = view->addAction(QString());
    actualSizeAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(actualSizeAction_, &QAction::triggered, this, [this] { setZoomPercent(100); });

    paragraphsAction_ = view->addAction(tr("Show &explanations"));
    paragraphsAction_->setCheckable(true);
    paragraphsAction_->setShortcut(QKeySequence(Qt::Key_F9));
    paragraphsAction_->setToolTip(tr("The explanatory paragraphs of every page: step captions, introductions "
                                     "and notes on what a view shows. Hide them while you explain."));
    connect(paragraphsAction_, &QAction::toggled, this, &MainWindow::setParagraphsShown);

    // A clicker's PageDown / PageUp reach the window wherever the focus is (see eventFilter).
    qApp->installEventFilter(this);
    syncPresenterActions();
}

void MainWindow::syncPresenterActions() {
    if (fullScreenAction_) {
        const QSignalBlocker block(fullScreenAction_);
        fullScreenAction_->setChecked(isFullScreenPresenting());
    }
    for (QAction* action : actions())
        if (action->objectName() == QLatin1String("leaveFullScreen"))
            action->setEnabled(isFullScreenPresenting());
    if (paragraphsAction_) {
        const QSignalBlocker block(paragraphsAction_);
        paragraphsAction_->setChecked(paragraphsShown_);
    }
    if (actualSizeAction_)
        actualSizeAction_->setText(tr("&Actual size (now %1 %)").arg(zoomPercent_));
}

void MainWindow::applyPresenterSettings(Page* page) const {
    page->setZoomPercent(zoomPercent_);
    page->setParagraphsShown(paragraphsShown_);
}

void MainWindow::setZoomPercent(int percent) {
    zoomPercent_ = std::clamp(percent, attn::session::kMinZoomPercent, attn::session::kMaxZoomPercent);
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* page = qobject_cast<Page*>(tabs_->widget(i)))
            page->setZoomPercent(zoomPercent_);
    syncPresenterActions();
    statusBar()->showMessage(tr("Zoom: %1 %").arg(zoomPercent_), 3000);
}

void MainWindow::setParagraphsShown(bool shown) {
    paragraphsShown_ = shown;
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* page = qobject_cast<Page*>(tabs_->widget(i)))
            page->setParagraphsShown(shown);
    syncPresenterActions();
}

bool MainWindow::isFullScreenPresenting() const {
    return windowState().testFlag(Qt::WindowFullScreen);
}

void MainWindow::setFullScreenPresenting(bool on) {
    if (on != isFullScreenPresenting()) {
        if (on) {
            maximizedBeforeFullScreen_ = isMaximized();
            showFullScreen();
        } else if (maximizedBeforeFullScreen_) {
            showMaximized();
        } else {
            showNormal();
        }
    }
    syncPresenterActions(); // also run by changeEvent once the window manager has done it
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress)
        return QMainWindow::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    // With a lesson open, PageDown / PageUp / → / ← move between its stops and R reveals
    // (main_window_lesson.cpp); only keys for this window's widgets, not a dialog's.
    if (auto* target = qobject_cast<QWidget*>(watched);
        target && target->window() == this && (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier &&
        !editsMultipleLines(target) && lessonKey(key->key(), watched))
        return true;
    const bool forward = key->key() == Qt::Key_PageDown;
    if ((!forward && key->key() != Qt::Key_PageUp) ||
        (key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier)
        return QMainWindow::eventFilter(watched, event);
    // Only keys for this window's widgets (not a dialog's, not a combo box's open list), and not those a
    // text editor moves through.
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != this || editsMultipleLines(widget))
        return QMainWindow::eventFilter(watched, event);
    if (Page* page = currentPage()) {
        const bool moved = forward ? page->stepForward() : page->stepBack();
        if (!moved)
            statusBar()->showMessage(forward ? tr("This is the last step.") : tr("This is the first step."),
                                     3000);
    }
    return true;
}
