#pragma once
// A thin main window: one page per view in tabs, the File and Help menus, the status bar.
// Pages own their state; the window only routes menu actions to the current page.

#include <QMainWindow>

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

protected:
    void closeEvent(QCloseEvent* event) override; ///< remembers the window geometry

private:
    /// The geometry of the last run, else a first-run size that fits the screen.
    void restoreWindowGeometry();
    void buildMenus();
    void exportView();
    void exportMatrix();
    void showAbout();
    void addPage(Page* page);

    QTabWidget* tabs_ = nullptr;
    QLabel* embeddingsLabel_ = nullptr;
    EmbeddingStore* embeddings_ = nullptr;
    QProgressBar* loadProgress_ = nullptr;
    QToolButton* cancelLoad_ = nullptr;
    QAction* teachingAction_ = nullptr;
};
