// Lessons (issue 52): Lesson → Open lesson… / The chapter lesson / Student mode / Add this view as a
// stop… / Edit stops… / Save lesson; the lesson bar above the pages; PageDown / PageUp / → / ← between
// stops and R to reveal. A stop is a page state (issue 48): showing it rebuilds that one page in the
// stop's state, and its question is answered by the engine once the page has its results.

#include "lesson/lesson_bar.hpp"
#include "lesson/lesson_editor.hpp"
#include "lesson/lesson_player.hpp"
#include "lesson/question_eval.hpp"
#include "main_window.hpp"
#include "pages/page.hpp"
#include "services/resource_paths.hpp"
#include "services/save_folder.hpp"
#include "widgets/teaching.hpp"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextEdit>
#include <QTimer>
#include <QVBoxLayout>

namespace {

bool typesText(const QObject* focus) {
    for (auto* w = qobject_cast<const QWidget*>(focus); w; w = w->parentWidget()) {
        if (auto* line = qobject_cast<const QLineEdit*>(w))
            return !line->isReadOnly();
        if (auto* edit = qobject_cast<const QTextEdit*>(w))
            return !edit->isReadOnly();
        if (auto* plain = qobject_cast<const QPlainTextEdit*>(w))
            return !plain->isReadOnly();
        if (qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QComboBox*>(w))
            return true;
    }
    return false;
}

int tabOf(const attn::session::PageState& state) {
    const auto& keys = attn::session::pageKeys();
    const std::string key = attn::session::pageKey(state);
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key)
            return static_cast<int>(i);
    return -1;
}

} // namespace

QString MainWindow::chapterLessonPath() {
    return resourceDir() + QStringLiteral("/lessons/chapter.attnviz-lesson");
}

void MainWindow::createLessonBar() {
    if (!lesson_) {
        lesson_ = new LessonPlayer(this);
        connect(lesson_, &LessonPlayer::stopChanged, this, [this] { showCurrentStop(); });
        connect(lesson_, &LessonPlayer::closed, this, [this] {
            if (lessonBar_)
                lessonBar_->hide();
        });
    }
    delete lessonBar_; // the language switch: the bar's texts are set when it is built
    lessonBar_ = new LessonBar(lesson_, this);
    lessonBar_->setVisible(lesson_->isOpen());
    lessonBar_->setTextScale(teachingAction_ && teachingAction_->isChecked(), zoomPercent() / 100.0);
    connect(lessonBar_, &LessonBar::closeRequested, this, &MainWindow::closeLesson);
    centralLayout_->insertWidget(0, lessonBar_);
}

bool MainWindow::openLesson(const QString& path, QString* error, bool quiet) {
    attn::session::Lesson lesson;
    try {
        lesson = attn::session::readLesson(QFile::encodeName(path).toStdString());
        if (lesson.stops.empty())
            throw attn::session::LessonError(QFileInfo(path).fileName().toStdString() +
                                             ": the lesson has no stops");
    } catch (const std::exception& e) {
        const QString message = QString::fromUtf8(e.what());
        if (error)
            *error = message;
        if (!quiet)
            QMessageBox::warning(this, tr("Open lesson"),
                                 tr("Could not open the lesson; nothing was changed.\n\n%1").arg(message));
        statusBar()->showMessage(tr("Could not open the lesson: %1").arg(message), 10000);
        return false;
    }
    lessonBar_->show();
    lesson_->open(std::move(lesson), path); // shows its first stop (stopChanged)
    return true;
}

void MainWindow::closeLesson() {
    lesson_->close();
}

void MainWindow::setStudentMode(bool on) {
    if (studentAction_ && studentAction_->isChecked() != on) {
        studentAction_->setChecked(on); // re-enters through the signal
        return;
    }
    lesson_->setStudentMode(on);
}

Page* MainWindow::replacePage(int index, const attn::session::PageState& state) {
    ModelsInMemory inMemory;
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* page = qobject_cast<Page*>(tabs_->widget(i)))
            inMemory.merge(page->modelsInMemory());
    Page* old = qobject_cast<Page*>(tabs_->widget(index));
    Page* fresh = createPage(index);
    Page::FollowUp followUp = fresh->restoreState(state, inMemory);
    tabs_->removeTab(index);
    addPage(fresh, index);
    fresh->setTeachingMode(teachingAction_ && teachingAction_->isChecked());
    fresh->start();
    fresh->followUpWhenIdle(std::move(followUp));
    if (old)
        old->deleteLater(); // its models live on in the new page (shared), its jobs are dropped
    return fresh;
}

void MainWindow::showCurrentStop() {
    const attn::session::Stop* stop = lesson_->currentStop();
    if (!stop)
        return;
    const int index = tabOf(stop->state);
    if (index < 0)
        return;
    if (teachingAction_ && teachingAction_->isChecked() != stop->teaching)
        teachingAction_->setChecked(stop->teaching); // every page, as View → Teaching mode
    Page* page = replacePage(index, stop->state);
    tabs_->setCurrentIndex(index);
    lessonBar_->setTextScale(stop->teaching, zoomPercent() / 100.0);
    evaluateWhenSettled(page);
}

void MainWindow::evaluateWhenSettled(Page* page) {
    const attn::session::Stop* stop = lesson_->currentStop();
    if (!page || !stop || !stop->question)
        return;
    const int token = ++evaluationToken_;
    // Polled: the page becomes idle, runs its follow-up (which may start more work), and only then
    // shows what the stop asked for.
    auto* timer = new QTimer(this);
    timer->setInterval(30);
    int waited = 0;
    connect(timer, &QTimer::timeout, this,
            [this, timer, page = QPointer<Page>(page), token, waited]() mutable {
                waited += 30;
                if (token != evaluationToken_ || !page) {
                    timer->deleteLater();
                    return;
                }
                if ((page->isBusy() || page->hasPendingFollowUp()) && waited < 120000)
                    return;
                timer->deleteLater();
                const attn::session::Stop* current = lesson_->currentStop();
                if (!current || !current->question)
                    return;
                QString error;
                auto answer = evaluateQuestion(*current->question, page, &error);
                lesson_->setAnswer(std::move(answer), error);
            });
    timer->start();
}

bool MainWindow::lessonKey(int key, QObject* focus) {
    if (!lesson_ || !lesson_->isOpen())
        return false;
    switch (key) {
    case Qt::Key_PageDown:
        return lesson_->next() || true; // at the last stop the key does nothing else
    case Qt::Key_PageUp:
        return lesson_->previous() || true;
    case Qt::Key_Right:
        return !typesText(focus) && lesson_->next();
    case Qt::Key_Left:
        return !typesText(focus) && lesson_->previous();
    case Qt::Key_R:
        return !typesText(focus) && lesson_->reveal();
    default:
        return false;
    }
}

void MainWindow::addLessonMenu() {
    QMenu* menu = menuBar()->addMenu(tr("&Lesson"));
    QAction* chapter = menu->addAction(tr("The &chapter lesson"));
    chapter->setToolTip(tr("The chapter as a class: raw attention, learned Q/K/V, translation with "
                           "attention, the Transformer layer, ViT, a decoder — with questions."));
    connect(chapter, &QAction::triggered, this, [this] { openLesson(chapterLessonPath()); });
    QAction* open = menu->addAction(tr("&Open lesson…"));
    connect(open, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open lesson"), saveStartFolder(),
                                         tr("attnviz lessons (*.attnviz-lesson);;All files (*)"));
        if (!path.isEmpty())
            openLesson(path);
    });
    QAction* close = menu->addAction(tr("&Close lesson"));
    connect(close, &QAction::triggered, this, &MainWindow::closeLesson);
    menu->addSeparator();
    studentAction_ = menu->addAction(tr("&Student mode"));
    studentAction_->setCheckable(true);
    studentAction_->setChecked(lesson_->studentMode());
    studentAction_->setToolTip(tr("Answer each question before it is revealed; the lesson keeps your answers "
                                  "and where you are."));
    connect(studentAction_, &QAction::toggled, this, &MainWindow::setStudentMode);
    QAction* reset = menu->addAction(tr("&Reset progress"));
    reset->setToolTip(tr("Forget the answers given and start the lesson again."));
    connect(reset, &QAction::triggered, lesson_, &LessonPlayer::resetProgress);
    QAction* reveal = menu->addAction(tr("Re&veal the answer"));
    reveal->setToolTip(tr("R"));
    connect(reveal, &QAction::triggered, lesson_, &LessonPlayer::reveal);
    menu->addSeparator();
    QAction* add = menu->addAction(tr("&Add this view as a stop…"));
    add->setToolTip(tr("The page in front, as it is now, becomes the lesson's next stop."));
    connect(add, &QAction::triggered, this, &MainWindow::addCurrentViewAsStop);
    QAction* edit = menu->addAction(tr("&Edit stops…"));
    connect(edit, &QAction::triggered, this, &MainWindow::editLessonStops);
    QAction* save = menu->addAction(tr("Save &lesson"));
    connect(save, &QAction::triggered, this, [this] {
        QString error;
        if (lesson_->path().isEmpty() || lesson_->path() == QFileInfo(chapterLessonPath()).absoluteFilePath())
            saveLessonAs();
        else if (!saveLesson(lesson_->path(), &error))
            QMessageBox::warning(this, tr("Save lesson"), error);
    });
    QAction* saveAs = menu->addAction(tr("Save lesson &as…"));
    connect(saveAs, &QAction::triggered, this, &MainWindow::saveLessonAs);
    for (QAction* action : {close, reset, reveal, edit, save, saveAs})
        action->setEnabled(lesson_->isOpen());
    connect(menu, &QMenu::aboutToShow, this, [this, close, reset, reveal, edit, save, saveAs] {
        for (QAction* action : {close, reset, reveal, edit, save, saveAs})
            action->setEnabled(lesson_->isOpen());
    });
}

void MainWindow::addCurrentViewAsStop() {
    Page* page = currentPage();
    if (!page)
        return;
    attn::session::Stop stop;
    stop.state = page->saveState();
    stop.teaching = teachingAction_ && teachingAction_->isChecked();
    if (!editStop(this, stop))
        return;
    attn::session::Lesson lesson = lesson_->isOpen() ? lesson_->lesson() : attn::session::Lesson{};
    if (!lesson_->isOpen())
        lesson.title = {tr("New lesson").toStdString(), tr("New lesson").toStdString()};
    const int at = lesson_->isOpen() ? lesson_->stopIndex() + 1 : 0;
    lesson.stops.insert(lesson.stops.begin() + at, stop);
    if (!lesson_->isOpen()) {
        lessonBar_->show();
        lesson_->open(std::move(lesson), QString(), /*resume=*/false);
        lesson_->setModified(true);
    } else {
        lesson_->replaceLesson(std::move(lesson), at);
    }
}

void MainWindow::editLessonStops() {
    if (!lesson_->isOpen())
        return;
    attn::session::Lesson lesson = lesson_->lesson();
    int current = lesson_->stopIndex();
    if (editLesson(this, lesson, &current) && !lesson.stops.empty())
        lesson_->replaceLesson(std::move(lesson), current);
}

bool MainWindow::saveLesson(const QString& path, QString* error) {
    try {
        attn::session::writeLesson(lesson_->lesson(), QFile::encodeName(path).toStdString());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    lesson_->setPath(path);
    lesson_->setModified(false);
    statusBar()->showMessage(tr("Lesson saved to %1").arg(QDir::toNativeSeparators(path)), 8000);
    return true;
}

void MainWindow::saveLessonAs() {
    if (!lesson_->isOpen())
        return;
    QString path = QFileDialog::getSaveFileName(this, tr("Save lesson"),
                                                saveStartFolder() + QStringLiteral("/lesson.attnviz-lesson"),
                                                tr("attnviz lessons (*.attnviz-lesson)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".attnviz-lesson")))
        path += QStringLiteral(".attnviz-lesson");
    QString error;
    if (!saveLesson(path, &error))
        QMessageBox::warning(this, tr("Save lesson"), error);
}
