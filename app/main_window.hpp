#pragma once
// A thin main window: one page per view in tabs, the File, View and Help menus, the status bar.
// Pages own their state; the window only routes menu actions to the current page.

#include <QMainWindow>
#include <vector>

class QAction;
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
    /// View → Word vectors → Embedded default: back to the built-in set, the opened file forgotten.
    void useEmbeddedWordVectors();
    /// The texts in the current language (View → Language; also run on QEvent::LanguageChange): the
    /// menus and the pages are rebuilt, keeping the page in front, teaching mode, the word vectors and
    /// each page's inputs, models and choices (Page::carryStateTo).
    void retranslate();

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
    void closeEvent(QCloseEvent* event) override; ///< remembers the window geometry
    void changeEvent(QEvent* event) override;     ///< LanguageChange → retranslate()

private:
    /// The geometry of the last run, else a first-run size that fits the screen.
    void restoreWindowGeometry();
    void buildMenus();
    void exportView();
    void exportMatrix();
    void askMemoryBudget();
    void showAbout();
    void addPage(Page* page);
    /// One page per tab, in order, not started.
    std::vector<Page*> createPages();
    void buildPages();

    QTabWidget* tabs_ = nullptr;
    QLabel* embeddingsLabel_ = nullptr;
    EmbeddingStore* embeddings_ = nullptr;
    QProgressBar* loadProgress_ = nullptr;
    QToolButton* cancelLoad_ = nullptr;
    QAction* teachingAction_ = nullptr;
    bool retranslatePending_ = false;
};
