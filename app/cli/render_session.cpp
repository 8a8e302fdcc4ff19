// attnviz render --session FILE [--view PAGE]: a page as a saved session left it, as a PNG without a
// display (issue 48). The session is read by core's strict reader; the page is built, restored to its
// state (models and files read in the background as in the app), and drawn once it is idle.

#include "cli/headless.hpp"
#include "cli/render_page.hpp"
#include "pages/generate/generate_page.hpp"
#include "pages/sentiment_page.hpp"
#include "pages/transformer_page.hpp"
#include "pages/translation_page.hpp"
#include "pages/vision/dataset_browser.hpp"
#include "pages/vision_page.hpp"
#include "pages/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/language.hpp"
#include "services/wait.hpp"
#include "widgets/widget_export.hpp"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTimer>
#include <attn/session/session_file.hpp>
#include <memory>
#include <ostream>

namespace cli {

namespace {

constexpr int kTimeoutMs = 120000;

std::unique_ptr<Page> makePage(const std::string& key, EmbeddingStore& store) {
    if (key == "walkthrough")
        return std::make_unique<WalkthroughPage>(&store);
    if (key == "translation")
        return std::make_unique<TranslationPage>();
    if (key == "sentiment")
        return std::make_unique<SentimentPage>();
    if (key == "vision") {
        auto page = std::make_unique<VisionPage>();
        page->browser()->setAutoPredict(false); // one image is drawn: predicting the whole set is unseen work
        return page;
    }
    if (key == "transformer")
        return std::make_unique<TransformerPage>();
    if (key == "generate")
        return std::make_unique<GeneratePage>();
    return nullptr;
}

/// Waits until `page` is idle with its restore follow-up done (or the deadline passes).
bool waitUntilRestored(Page& page, int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        if (!waitUntilIdle(page, static_cast<int>(ms - clock.elapsed())))
            return false;
        if (!page.hasPendingFollowUp())
            return waitUntilIdle(page, static_cast<int>(std::max<qint64>(1, ms - clock.elapsed())));
        QEventLoop loop; // the follow-up runs from the event loop
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return false;
}

} // namespace

int renderSession(const QString& sessionFile, const std::string& view, const RenderRequest& req,
                  std::ostream& err) {
    const std::string prefix = "attnviz render: ";
    attn::session::Session session;
    try {
        session = attn::session::readSession(QFile::encodeName(sessionFile).toStdString());
    } catch (const std::exception& e) {
        err << prefix << e.what() << '\n';
        return 1;
    }
    const std::string key = !view.empty() ? view : !session.front.empty() ? session.front : "walkthrough";
    ensureHeadlessApp();
    if (!session.language.empty())
        language::install(QString::fromStdString(session.language)); // the page as the session left it
    EmbeddingStore store;
    if (session.wordVectors.isDefault()) {
        store.useEmbeddedDefault();
    } else {
        store.openFile(QString::fromStdString(session.wordVectors.value), /*remember=*/false);
        if (!waitUntilIdle(store, kTimeoutMs) || store.sourcePath().isEmpty()) {
            err << prefix << "the session's word vectors " << session.wordVectors.value
                << " could not be read\n";
            return 1;
        }
    }
    std::unique_ptr<Page> page = makePage(key, store);
    if (!page) {
        err << prefix << "unknown view '" << key
            << "' (walkthrough, translation, sentiment, vision, transformer, "
            << "generate)\n";
        return 2;
    }
    Page::FollowUp followUp;
    if (const attn::session::PageState* state = session.page(key))
        followUp = page->restoreState(*state, {});
    page->start();
    page->followUpWhenIdle(std::move(followUp));
    if (!waitUntilRestored(*page, kTimeoutMs)) {
        err << prefix << "the " << key << " page did not finish\n";
        return 1;
    }
    page->setTeachingMode(session.teaching || req.teaching);
    page->setZoomPercent(session.zoomPercent);
    page->setParagraphsShown(session.paragraphs);
    if (const QString error = page->errorText(); !error.isEmpty()) {
        err << prefix << key << " failed: " << error.toStdString() << '\n';
        return 1;
    }
    page->resize(req.width, req.height);
    page->setAttribute(Qt::WA_DontShowOnScreen);
    page->show();
    waitUntilIdle(*page, kTimeoutMs); // lets the layout and the queued replots run
    QString error;
    if (!exportWidgetImage(page.get(), req.png, &error, req.scale)) {
        err << prefix << error.toStdString() << '\n';
        return 1;
    }
    return 0;
}

} // namespace cli
