#include "main_window.hpp"

#include "lesson/lesson_player.hpp"
#include "pages/generate/generate_page.hpp"
#include "pages/heads/heads_page.hpp"
#include "pages/page.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/similarity/similarity_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/language.hpp"
#include "services/model_slot.hpp"
#include "services/save_folder.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/widget_export.hpp"

#include <Eigen/Core>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/memory_budget.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("attnviz — see attention"));

    embeddings_ = new EmbeddingStore(this);

    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    // The lesson bar (hidden until a lesson is open) above the pages.
    auto* central = new QWidget(this);
    centralLayout_ = new QVBoxLayout(central);
    centralLayout_->setContentsMargins(0, 0, 0, 0);
    centralLayout_->setSpacing(0);
    centralLayout_->addWidget(tabs_, 1);
    setCentralWidget(central);
    setAcceptDrops(true); // a .attnviz session dropped on the window (pages take their own files)
    connect(tabs_, &QTabWidget::currentChanged, this, [this] { statusBar()->clearMessage(); });

    buildPages();
    createLessonBar();

    // Loading word vectors runs in the background: a progress bar and a cancel button while it does.
    loadProgress_ = new QProgressBar(this);
    loadProgress_->setRange(0, 1000);
    loadProgress_->setMaximumWidth(220);
    loadProgress_->setFormat(tr("Loading word vectors… %p%"));
    loadProgress_->hide();
    cancelLoad_ = new QToolButton(this);
    cancelLoad_->setText(tr("Cancel"));
    cancelLoad_->hide();
    statusBar()->addPermanentWidget(loadProgress_);
    statusBar()->addPermanentWidget(cancelLoad_);
    embeddingsLabel_ = new QLabel(this);
    statusBar()->addPermanentWidget(embeddingsLabel_);
    auto endLoad = [this] {
        loadProgress_->hide();
        cancelLoad_->hide();
    };
    connect(embeddings_, &EmbeddingStore::loadingStarted, this, [this] {
        loadProgress_->setValue(0);
        loadProgress_->show();
        cancelLoad_->show();
    });
    connect(embeddings_, &EmbeddingStore::progress, this,
            [this](double f) { loadProgress_->setValue(static_cast<int>(f * 1000)); });
    connect(embeddings_, &EmbeddingStore::changed, this, endLoad);
    connect(embeddings_, &EmbeddingStore::failed, this, endLoad);
    connect(cancelLoad_, &QToolButton::clicked, this, [this, endLoad] {
        embeddings_->cancel();
        endLoad();
        statusBar()->showMessage(tr("Loading cancelled; the previous word vectors stay active."), 8000);
    });
    connect(embeddings_, &EmbeddingStore::changed, this,
            [this] { setEmbeddingsStatus(embeddings_->description()); });
    connect(embeddings_, &EmbeddingStore::failed, this,
            [this](const QString& message) { QMessageBox::warning(this, tr("Word vectors"), message); });
    applyStoredMemoryBudget();
    buildMenus();
    embeddings_->loadDefault();
    setEmbeddingsStatus(embeddings_->description());
    restoreWindowGeometry();
}

void MainWindow::restoreWindowGeometry() {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    if (restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        return;
    // First run: 1400 x 900, or 90% of a smaller screen (a window larger than the screen hides its
    // status bar and the right-hand panels).
    const QRect available = screen()->availableGeometry();
    resize(std::min(1400, available.width() * 9 / 10), std::min(900, available.height() * 9 / 10));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    QMainWindow::closeEvent(event);
}

Page* MainWindow::createPage(int index) {
    switch (index) {
    case 0: {
        auto* walkthrough = new WalkthroughPage(embeddings_, this);
        // The Walkthrough's "Heads from" menu offers the encoders open on the other pages (looked up
        // when the menu opens: the language switch replaces the pages).
        walkthrough->setLoadedEncoders([this] {
            std::vector<WalkthroughPage::LoadedEncoder> encoders;
            for (int i = 0; i < tabs_->count(); ++i) {
                ModelSlot* slot = nullptr;
                QWidget* page = tabs_->widget(i);
                if (auto* sentiment = qobject_cast<SentimentPage*>(page))
                    slot = sentiment->modelSlot();
                else if (auto* transformer = qobject_cast<TransformerPage*>(page))
                    slot = transformer->modelSlot();
                else if (auto* vision = qobject_cast<VisionPage*>(page))
                    slot = vision->modelSlot();
                if (slot && slot->hasModel())
                    encoders.push_back({tabs_->tabText(i), slot->directory()});
            }
            return encoders;
        });
        return walkthrough;
    }
    case 1:
        return new TranslationPage(this);
    case 2:
        return new SentimentPage(this);
    case 3:
        return new VisionPage(this);
    case 4:
        return new TransformerPage(this);
    case 5:
        return new GeneratePage(this);
    case 6:
        return new HeadsPage(this);
    case 7:
        return new SimilarityPage(this);
    default:
        return nullptr;
    }
}

std::vector<Page*> MainWindow::createPages() {
    std::vector<Page*> pages;
    for (int i = 0; Page* page = createPage(i); ++i)
        pages.push_back(page);
    return pages;
}

void MainWindow::buildPages() {
    for (Page* page : createPages()) {
        addPage(page);
        page->start();
    }
}

void MainWindow::changeEvent(QEvent* event) {
    // Replacing a translator sends two LanguageChange events (removed, installed): retranslate once.
    if (event->type() == QEvent::LanguageChange && !retranslatePending_) {
        retranslatePending_ = true;
        QMetaObject::invokeMethod(this, &MainWindow::retranslate, Qt::QueuedConnection);
    }
    if (event->type() == QEvent::WindowStateChange)
        syncPresenterActions(); // full screen left by the window manager: the menu's check follows
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate() {
    retranslatePending_ = false;
    // The pages set their texts in their constructors, so each is built again in the new language and
    // restored to the old page's state with its models (not read again); the tab in front, teaching mode
    // and the word vectors stay. A session that asked for this language brings its own states.
    const bool teaching = teachingAction_ && teachingAction_->isChecked();
    if (pendingSession_) {
        const attn::session::Session session = std::move(*pendingSession_);
        pendingSession_.reset();
        rebuildPages(session.pages, session.front);
    } else {
        std::vector<attn::session::PageState> states;
        for (int i = 0; i < tabs_->count(); ++i)
            if (auto* page = qobject_cast<Page*>(tabs_->widget(i)))
                states.push_back(page->saveState());
        rebuildPages(states, {});
    }
    setMenuBar(new QMenuBar(this)); // deletes the old menus
    buildMenus();
    setWindowTitle(tr("attnviz — see attention"));
    loadProgress_->setFormat(tr("Loading word vectors… %p%"));
    cancelLoad_->setText(tr("Cancel"));
    setEmbeddingsStatus(embeddings_->description());
    if (teaching)
        setTeachingMode(true);
    createLessonBar(); // its texts in the new language; the stop's question asked again on the new page
    if (lesson_->isOpen())
        evaluateWhenSettled(currentPage());
}

void MainWindow::rebuildPages(const std::vector<attn::session::PageState>& states, const std::string& front) {
    const int current = tabs_->currentIndex();
    std::vector<Page*> old;
    ModelsInMemory inMemory;
    while (tabs_->count() > 0) {
        auto* page = qobject_cast<Page*>(tabs_->widget(0));
        old.push_back(page);
        if (page)
            inMemory.merge(page->modelsInMemory());
        tabs_->removeTab(0);
    }
    const std::vector<Page*> fresh = createPages();
    const std::vector<std::string>& keys = attn::session::pageKeys();
    int frontIndex = current;
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        Page::FollowUp followUp;
        const std::string key = i < keys.size() ? keys[i] : std::string();
        for (const auto& state : states)
            if (attn::session::pageKey(state) == key)
                followUp = fresh[i]->restoreState(state, inMemory);
        if (!front.empty() && key == front)
            frontIndex = static_cast<int>(i);
        addPage(fresh[i]);
        fresh[i]->start();
        fresh[i]->followUpWhenIdle(std::move(followUp));
    }
    for (Page* page : old)
        delete page;
    tabs_->setCurrentIndex(frontIndex);
}

void MainWindow::addPage(Page* page, int index) {
    tabs_->insertTab(index < 0 ? tabs_->count() : index, page, page->title());
    applyPresenterSettings(page); // zoom and paragraphs also on the pages the language switch builds
    // A page's status message shows while that page is in front (a background page finishing a load
    // would otherwise caption the page the user is looking at).
    connect(page, &Page::statusMessage, this, [this, page](const QString& text) {
        if (tabs_->currentWidget() == page)
            statusBar()->showMessage(text, 8000);
    });
    // The head finder's examples open on their model's page, in the example's state.
    if (auto* heads = qobject_cast<HeadsPage*>(page))
        connect(heads, &HeadsPage::openRequested, this, [this](const attn::session::PageState& state) {
            const auto& keys = attn::session::pageKeys();
            const auto it = std::find(keys.begin(), keys.end(), attn::session::pageKey(state));
            if (it == keys.end())
                return;
            const int tab = static_cast<int>(it - keys.begin());
            replacePage(tab, state);
            tabs_->setCurrentIndex(tab);
        });
}

Page* MainWindow::currentPage() const {
    return qobject_cast<Page*>(tabs_->currentWidget());
}

void MainWindow::setEmbeddingsStatus(const QString& text) {
    embeddingsLabel_->setText(text);
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    addSessionMenu(file);
    QAction* exportView = file->addAction(tr("&Export view…"));
    exportView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportView, &QAction::triggered, this, &MainWindow::exportView);
    QAction* exportMatrix = file->addAction(tr("Export &matrix…"));
    exportMatrix->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(exportMatrix, &QAction::triggered, this, &MainWindow::exportMatrix);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    // View: teaching mode for every page, and which word vectors the Walkthrough uses.
    QMenu* view = menuBar()->addMenu(tr("&View"));
    teachingAction_ = view->addAction(tr("&Teaching mode"));
    teachingAction_->setCheckable(true);
    teachingAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    teachingAction_->setToolTip(tr("Larger text, titles and panels on every page, for a projector."));
    connect(teachingAction_, &QAction::toggled, this, &MainWindow::setTeachingMode);
    addPresenterActions(view); // full screen, zoom, explanations (main_window_presenter.cpp)
    QMenu* vectors = view->addMenu(tr("&Word vectors"));
    QAction* openVectors = vectors->addAction(tr("&Open…"));
    openVectors->setShortcut(QKeySequence::Open);
    openVectors->setToolTip(tr("A GloVe / word2vec text file (e.g. glove.6B.100d.txt from the GloVe authors, "
                               "which has one-letter words such as “a”) or a binary set."));
    connect(openVectors, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open word vectors"), saveStartFolder(),
                                         tr("Word vectors (*.txt *.vec *.bin *.avec);;All files (*)"));
        if (!path.isEmpty())
            embeddings_->openFile(path);
    });
    QAction* embedded = vectors->addAction(tr("&Embedded default"));
    embedded->setToolTip(tr("Back to the word vectors built into attnviz (and forget the opened file)."));
    connect(embedded, &QAction::triggered, this, &MainWindow::useEmbeddedWordVectors);
    // Each language's name in itself, so that it can be found whatever the current language is.
    QMenu* languages = view->addMenu(tr("&Language"));
    auto* group = new QActionGroup(languages);
    const std::pair<QString, QString> names[] = {{QStringLiteral("zh_CN"), QStringLiteral("中文")},
                                                 {QStringLiteral("en"), QStringLiteral("English")}};
    for (const auto& [code, name] : names) {
        QAction* action = languages->addAction(name);
        action->setCheckable(true);
        action->setChecked(language::current() == code);
        action->setData(code);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [code = code] { language::choose(code); });
    }

    QAction* budget = view->addAction(tr("&Memory budget…"));
    budget->setToolTip(tr("The largest attention maps or logits a model may allocate; a longer input is "
                          "refused with the figure instead of running out of memory."));
    connect(budget, &QAction::triggered, this, &MainWindow::askMemoryBudget);

    addLessonMenu(); // main_window_lesson.cpp
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About attnviz"));
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::exportView() {
    Page* page = currentPage();
    if (!page)
        return;
    const QString path = askSaveFileName(this, tr("Export view"), page->title().toLower() + ".png",
                                         tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    int scale = 1;
    if (QFileInfo(path).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) == 0) {
        // The resolution: 1x is the screen's pixels; 2x-4x for slides, within the 8,000-pixel cap.
        const QSize size = page->exportWidget()->size();
        const QList<int> scales = exportScales(size);
        QStringList items;
        for (int s : scales)
            items << tr("%1× (%2 × %3 pixels)").arg(s).arg(size.width() * s).arg(size.height() * s);
        bool chosen = false;
        const QString item = QInputDialog::getItem(this, tr("Export view"), tr("Resolution:"), items,
                                                   scales.size() > 1 ? 1 : 0, false, &chosen);
        if (!chosen)
            return;
        scale = scales.value(static_cast<int>(items.indexOf(item)), 1);
    }
    QString error;
    if (!exportPageView(page, path, scale, &error))
        QMessageBox::warning(this, tr("Export view"), error);
    else
        statusBar()->showMessage(tr("Wrote %1").arg(path), 8000);
}

bool MainWindow::exportPageView(Page* page, const QString& path, int scale, QString* error) {
    if (HeatmapView* heatmap = page->currentHeatmap(); heatmap && page->exportWidget() == heatmap)
        return heatmap->exportImage(path, error, 0, 0, scale);
    return exportWidgetImage(page->exportWidget(), path, error, scale);
}

void MainWindow::applyStoredMemoryBudget() {
    const double gb = QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
                          .value(QString::fromLatin1(kMemoryBudgetKey), 0.0)
                          .toDouble();
    attn::setMemoryBudget(std::isfinite(gb) && gb > 0 ? static_cast<std::uint64_t>(std::llround(gb * 1e9))
                                                      : 0);
}

void MainWindow::storeMemoryBudget(double gigabytes) {
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    if (gigabytes > 0)
        settings.setValue(QString::fromLatin1(kMemoryBudgetKey), gigabytes);
    else
        settings.remove(QString::fromLatin1(kMemoryBudgetKey));
    settings.sync();
    applyStoredMemoryBudget();
}

void MainWindow::askMemoryBudget() {
    const double stored = QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
                              .value(QString::fromLatin1(kMemoryBudgetKey), 0.0)
                              .toDouble();
    std::string origin;
    const std::uint64_t byDefault = attn::defaultMemoryBudgetBytes(&origin);
    const QString defaultText = QString::fromStdString(attn::formatBytes(byDefault) + ", " + origin);
    bool ok = false;
    const double gb = QInputDialog::getDouble(
        this, tr("Memory budget"),
        tr("Largest block of attention maps or logits a model may allocate, in GB.\n"
           "An input that needs more is refused with the figure. 0 = the default (%1).")
            .arg(defaultText),
        stored > 0 ? stored : 0.0, 0.0, 1e6, 3, &ok);
    if (!ok)
        return;
    storeMemoryBudget(gb);
    statusBar()->showMessage(
        tr("Memory budget: %1").arg(QString::fromStdString(attn::formatBytes(attn::memoryBudgetBytes()))),
        8000);
}

void MainWindow::exportMatrix() {
    Page* page = currentPage();
    HeatmapView* heatmap = page ? page->currentHeatmap() : nullptr;
    if (!heatmap || heatmap->matrix().size() == 0) {
        QMessageBox::information(this, tr("Export matrix"), tr("This page shows no matrix to export."));
        return;
    }
    const QString path = askSaveFileName(this, tr("Export matrix"), page->title().toLower() + ".csv",
                                         tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!heatmap->exportMatrix(path, &error))
        QMessageBox::warning(this, tr("Export matrix"), error);
    else
        statusBar()->showMessage(tr("Wrote %1").arg(path), 8000);
}

void MainWindow::setTeachingMode(bool on) {
    if (teachingAction_->isChecked() != on) {
        teachingAction_->setChecked(on); // re-enters through the signal
        return;
    }
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* page = qobject_cast<Page*>(tabs_->widget(i)))
            page->setTeachingMode(on);
}

void MainWindow::useEmbeddedWordVectors() {
    embeddings_->cancel();
    embeddings_->useEmbeddedDefault();
    // Forget the opened file, so that the next start also uses the embedded set.
    QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz"))
        .remove(QString::fromLatin1(EmbeddingStore::kSettingsKey));
    statusBar()->showMessage(tr("Using the embedded word vectors."), 8000);
}

QString MainWindow::aboutHtml() {
    QString html = tr("<h2>attnviz %1</h2><p>See attention and step through how it is computed.</p>"
                      "<p>Qt %2 · QCustomPlot %3 · Eigen %4.%5.%6 · nlohmann_json %7.%8.%9</p>")
                       .arg(QStringLiteral(ATTNVIZ_VERSION), QString::fromLatin1(qVersion()),
                            QStringLiteral(QCUSTOMPLOT_VERSION_STR))
                       .arg(EIGEN_WORLD_VERSION)
                       .arg(EIGEN_MAJOR_VERSION)
                       .arg(EIGEN_MINOR_VERSION)
                       .arg(NLOHMANN_JSON_VERSION_MAJOR)
                       .arg(NLOHMANN_JSON_VERSION_MINOR)
                       .arg(NLOHMANN_JSON_VERSION_PATCH);
    // The resources live in the attnviz_gui static library: without this the linker drops them and
    // About showed only the versions.
    Q_INIT_RESOURCE(attnviz);
    // The provenance in the interface language (about_zh_CN.html is about.html in Chinese).
    QFile provenance(language::current() == QLatin1String("zh_CN")
                         ? QStringLiteral(":/attnviz/about_zh_CN.html")
                         : QStringLiteral(":/attnviz/about.html"));
    if (provenance.open(QIODevice::ReadOnly))
        html += QString::fromUtf8(provenance.readAll());
    return html;
}

void MainWindow::showAbout() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("About attnviz"));
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QTextBrowser(&dialog);
    text->setOpenExternalLinks(true);
    text->setHtml(aboutHtml());
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(720, 560);
    dialog.exec();
}
