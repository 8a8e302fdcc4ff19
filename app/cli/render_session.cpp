// attnviz render --session FILE [--view PAGE]: a page as a saved session left it, as a PNG without a
// display (issue 48). The session is read by core's strict reader; the page is built, restored to its
// state (models and files read in the background as in the app), and drawn once it is idle.

#include "cli/headless.hpp"
#include "cli/render_page.hpp"
#include "cli/restored_page.hpp"
#include "services/embedding_store.hpp"
#include "services/language.hpp"
#include "services/wait.hpp"
#include "widgets/widget_export.hpp"

#include <QFile>
#include <algorithm>
#include <attn/session/session_file.hpp>
#include <memory>
#include <ostream>

namespace cli {

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
        if (!waitUntilIdle(store, kRestoreTimeoutMs) || store.sourcePath().isEmpty()) {
            err << prefix << "the session's word vectors " << session.wordVectors.value
                << " could not be read\n";
            return 1;
        }
    }
    const auto& keys = attn::session::pageKeys();
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        err << prefix << "unknown view '" << key
            << "' (walkthrough, translation, sentiment, vision, transformer, "
            << "generate)\n";
        return 2;
    }
    std::string failure;
    std::unique_ptr<Page> page = restoredPage(key, session.page(key), store, &failure);
    if (!page) {
        err << prefix << failure << '\n';
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
    waitUntilIdle(*page, kRestoreTimeoutMs); // lets the layout and the queued replots run
    QString error;
    if (!exportWidgetImage(page.get(), req.png, &error, req.scale)) {
        err << prefix << error.toStdString() << '\n';
        return 1;
    }
    return 0;
}

} // namespace cli
