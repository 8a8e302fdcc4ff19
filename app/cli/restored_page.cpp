#include "cli/restored_page.hpp"

#include "pages/generate/generate_page.hpp"
#include "pages/heads/heads_page.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/similarity/similarity_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/vision/dataset_browser.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/wait.hpp"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <algorithm>

namespace cli {

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
    if (key == "heads")
        return std::make_unique<HeadsPage>();
    if (key == "similarity")
        return std::make_unique<SimilarityPage>();
    return nullptr;
}

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

std::unique_ptr<Page> restoredPage(const std::string& key, const attn::session::PageState* state,
                                   EmbeddingStore& store, std::string* error, int ms) {
    std::unique_ptr<Page> page = makePage(key, store);
    if (!page) {
        *error = "unknown page '" + key + "'";
        return nullptr;
    }
    Page::FollowUp followUp;
    if (state)
        followUp = page->restoreState(*state, {});
    page->start();
    page->followUpWhenIdle(std::move(followUp));
    if (!waitUntilRestored(*page, ms)) {
        *error = "the " + key + " page did not finish";
        return nullptr;
    }
    return page;
}

} // namespace cli
