#pragma once
// A thin main window: one page per view in tabs, the File, View and Help menus, the status bar.
// Pages own their state; the window only routes menu actions to the current page.

#include <QMainWindow>
#include <QStringList>
#include <attn/session/session_file.hpp>
#include <optional>
#include <vector>

class QAction;
class QVBoxLayout;
class LessonBar;
class LessonPlayer;
class QDragEnterEvent;
class QDropEvent;
class QMenu;
class QTabWidget;
class QLabel;
class QProgressBar;
class QToolButton;
class Page;
class EmbeddingStore;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    Page* currentPage() const;
    QTabWidget* tabs() const { return tabs_; }
    /// Right side of the status bar: which word-vector set is active.
    void setEmbeddingsStatus(const QString& text);
    EmbeddingStore* embeddings() const { return embeddings_; }
    /// Versions and the provenance of shipped data and models (Help > About).
    static QString aboutHtml();
    /// View → Teaching mode: every page at once.
    void setTeachingMode(bool on);

    // Presenter mode (issue 48; main_window_presenter.cpp). Not stored in the settings: a session holds it.
    /// View → Zoom in / Zoom out / Actual size: every page's text, heatmap labels and numbers at `percent`
    /// (clamped to attn::session::kMinZoomPercent..kMaxZoomPercent), times teaching mode's scale.
    int zoomPercent() const { return zoomPercent_; }
    void setZoomPercent(int percent);
    /// View → Show explanations: every page's explanatory paragraphs shown or hidden.
    bool paragraphsShown() const { return paragraphsShown_; }
    void setParagraphsShown(bool shown);
    /// View → Full screen (F11; Esc leaves it).
    bool isFullScreenPresenting() const;
    void setFullScreenPresenting(bool on);
    /// View → Word vectors → Embedded default: back to the built-in set, the opened file forgotten.
    void useEmbeddedWordVectors();
    /// The texts in the current language (View → Language; also run on QEvent::LanguageChange): the
    /// menus and the pages are rebuilt, keeping the page in front, teaching mode, the word vectors and
    /// each page's inputs, models and choices (Page::carryStateTo).
    void retranslate();

    // Lessons (issue 52; main_window_lesson.cpp): a lesson bar above the pages, its stops shown one by one.
    LessonPlayer* lessonPlayer() const { return lesson_; }
    LessonBar* lessonBar() const { return lessonBar_; }
    /// Reads `path` and opens it at its first stop (or where the student left it). A bad file is reported
    /// (message box unless `quiet`; *error) and changes nothing.
    bool openLesson(const QString& path, QString* error = nullptr, bool quiet = false);
    void closeLesson();
    /// The current stop's page rebuilt in the stop's state (models in memory handed over), in front, in
    /// the stop's teaching mode; its question evaluated once the page is idle.
    void showCurrentStop();
    /// Lesson → Student mode.
    void setStudentMode(bool on);
    /// The shipped chapter lesson (resources/lessons/chapter.attnviz-lesson).
    static QString chapterLessonPath();

    // Sessions (issue 48; main_window_session.cpp): the whole app's state in a .attnviz file.
    /// Every page's state, the page in front, teaching mode, zoom, paragraphs, language, word vectors.
    attn::session::Session captureSession() const;
    /// Puts the app in `session`'s state: language, word vectors, teaching mode, zoom and paragraphs,
    /// then every page built again and restored (a model already open is handed over, not read again; a
    /// page the session does not name gets its defaults). `source` (the session file) names it in
    /// messages. Files the session names but that are missing are listed in sessionProblems(), shown in
    /// the status bar, and their pages show their defaults. With another language the pages are rebuilt
    /// once the language switch runs (from the event loop).
    void applySession(const attn::session::Session& session, const QString& source = {});
    /// Reads and applies `path`. A bad file is reported (message box unless `quiet`; *error) and changes
    /// nothing. Remembered in the recent sessions unless `remember` is false.
    bool openSession(const QString& path, QString* error = nullptr, bool quiet = false, bool remember = true);
    /// Writes captureSession() to `path`; false with *error on failure.
    bool saveSession(const QString& path, QString* error = nullptr);
    /// The file of the session last opened or saved (empty when none).
    QString sessionPath() const { return sessionPath_; }
    /// What the last applySession could not restore (missing files), one sentence each.
    QStringList sessionProblems() const { return sessionProblems_; }
    /// Recently opened or saved sessions, newest first (QSettings "sessions/recent", at most 8).
    static QStringList recentSessions();

    /// File > Export view at `scale` (PNG: scale x the view's size in pixels, 1..4; SVG and PDF ignore it):
    /// the page's large heatmap when that is what it exports, else the page's export widget.
    static bool exportPageView(Page* page, const QString& path, int scale, QString* error);
    /// The memory budget stored in the settings ("memory/budgetGB", 0 or absent = the default: half of
    /// this machine's memory), applied to attn's process-wide budget. Run at start.
    static void applyStoredMemoryBudget();
    /// Stores `gigabytes` (0 = the default) and applies it.
    static void storeMemoryBudget(double gigabytes);
    static constexpr const char* kMemoryBudgetKey = "memory/budgetGB";

protected:
    void closeEvent(QCloseEvent* event) override;         ///< remembers the window geometry
    void changeEvent(QEvent* event) override;             ///< LanguageChange → retranslate()
    void dragEnterEvent(QDragEnterEvent* event) override; ///< a .attnviz file dropped on the window
    void dropEvent(QDropEvent* event) override;
    /// PageDown / PageUp anywhere in the window (a presenter's clicker): the current page's next /
    /// previous step, also from a line edit or a table (not from an editable multi-line text field).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The geometry of the last run, else a first-run size that fits the screen.
    void restoreWindowGeometry();
    void buildMenus();
    void exportView();
    void exportMatrix();
    void askMemoryBudget();
    void showAbout();
    /// Adds `page` as tab `index` (-1 = last).
    void addPage(Page* page, int index = -1);
    /// View → Full screen, Zoom, Show explanations (main_window_presenter.cpp).
    void addPresenterActions(QMenu* view);
    /// The zoom and paragraph settings on a page (a new one: the language switch builds them again).
    void applyPresenterSettings(Page* page) const;
    /// Keeps the menu's check marks in step with the window (the window manager may leave full screen).
    void syncPresenterActions();
    /// The page of tab `index` (0..6, in pageKeys() order), not started; null past the last.
    Page* createPage(int index);
    /// One page per tab, in order, not started.
    std::vector<Page*> createPages();
    void buildPages();
    /// Replaces every page by a new one (in the current language) restored to `states` (by page key;
    /// pages without one keep their defaults), handing over the models the old pages hold; the tab in
    /// front becomes `front` (a page key; empty = keep the current tab).
    void rebuildPages(const std::vector<attn::session::PageState>& states, const std::string& front);
    void addSessionMenu(QMenu* file);
    void createLessonBar();
    void addLessonMenu();
    /// Replaces tab `index` by a new page restored to `state`, handing over every page's models.
    Page* replacePage(int index, const attn::session::PageState& state);
    /// Evaluates the current stop's question on `page` once it is idle with no follow-up left.
    void evaluateWhenSettled(Page* page);
    void addCurrentViewAsStop();
    void editLessonStops();
    bool saveLesson(const QString& path, QString* error);
    void saveLessonAs();
    /// Lesson keys: PageDown / PageUp / → / ← between stops, R reveals. True when handled.
    bool lessonKey(int key, QObject* focus);
    void saveSessionAs();
    void rememberSession(const QString& path);
    /// Missing files `session` names, one sentence each (checked before anything is changed).
    QStringList missingFiles(const attn::session::Session& session) const;

    QTabWidget* tabs_ = nullptr;
    QLabel* embeddingsLabel_ = nullptr;
    EmbeddingStore* embeddings_ = nullptr;
    QProgressBar* loadProgress_ = nullptr;
    QToolButton* cancelLoad_ = nullptr;
    QAction* teachingAction_ = nullptr;
    QAction* fullScreenAction_ = nullptr;
    QAction* paragraphsAction_ = nullptr;
    QAction* actualSizeAction_ = nullptr;
    int zoomPercent_ = 100;
    bool paragraphsShown_ = true;
    bool maximizedBeforeFullScreen_ = false;
    bool retranslatePending_ = false;
    std::optional<attn::session::Session> pendingSession_; ///< applied by the language switch it started
    QString sessionPath_;
    QVBoxLayout* centralLayout_ = nullptr;
    LessonPlayer* lesson_ = nullptr;
    LessonBar* lessonBar_ = nullptr;
    QAction* studentAction_ = nullptr;
    int evaluationToken_ = 0; ///< a newer stop drops the pending evaluation of an older one
    QStringList sessionProblems_;
};
