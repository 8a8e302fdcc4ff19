#include "cli/render_page.hpp"

#include "cli/headless.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_steps.hpp"
#include "pages/translation/heldout_table.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/vision/dataset_browser.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "widgets/widget_export.hpp"

#include <algorithm>
#include <memory>
#include <ostream>

namespace cli {

namespace {

constexpr int kTimeoutMs = 120000;

/// The page of `view` with its input applied; null (message written) when it cannot be built.
std::unique_ptr<Page> buildPage(const RenderRequest& req, EmbeddingStore& store, ModelSlot** slot) {
    if (req.view == "walkthrough") {
        store.useEmbeddedDefault();
        return std::make_unique<WalkthroughPage>(&store);
    }
    if (req.view == "translation") {
        auto page = std::make_unique<TranslationPage>();
        *slot = page->modelSlot();
        return page;
    }
    if (req.view == "sentiment") {
        auto page = std::make_unique<SentimentPage>();
        *slot = page->modelSlot();
        return page;
    }
    if (req.view == "transformer") {
        auto page = std::make_unique<TransformerPage>();
        *slot = page->modelSlot();
        return page;
    }
    if (req.view == "vision") {
        auto page = std::make_unique<VisionPage>();
        // One image is rendered: predicting the whole browsed set (7 s for Fashion-MNIST's 10,000) is
        // work nobody sees. The list shows "Predict all" instead.
        page->browser()->setAutoPredict(false);
        *slot = page->modelSlot();
        return page;
    }
    return nullptr;
}

/// Gives the page its input (after the model is there) and starts the work it needs.
void applyInput(Page& page, const RenderRequest& req) {
    if (auto* w = qobject_cast<WalkthroughPage*>(&page)) {
        if (!req.text.isEmpty())
            w->setQueryText(req.text);
        if (req.keys)
            w->setKeysText(*req.keys);
        if (req.self)
            w->setSelfAttention(true);
        if (req.scoring)
            w->setScoring(*req.scoring);
        if (req.projection != attn::ProjectionMode::None)
            w->setProjection(req.projection); // Learned: checked ready by renderPage
        w->setStep(static_cast<WalkthroughStep>(std::clamp(req.step, 1, kWalkthroughStepCount) - 1));
    } else if (auto* t = qobject_cast<TranslationPage*>(&page)) {
        t->setText(req.text.isEmpty() ? QStringLiteral("The book that I bought is very interesting")
                                      : req.text);
        t->runNow();
    } else if (auto* s = qobject_cast<SentimentPage*>(&page)) {
        s->setText(req.text.isEmpty() ? QStringLiteral("The film was wonderful and the actors were great.")
                                      : req.text);
        s->runNow();
    } else if (auto* tp = qobject_cast<TransformerPage*>(&page)) {
        tp->setText(req.text.isEmpty() ? QString::fromLatin1(TransformerPage::kDefaultSentence) : req.text);
        tp->runNow();
        if (req.transformerStep)
            tp->setStep(static_cast<transformer::Step>(
                std::clamp(*req.transformerStep, 1, transformer::kStepCount) - 1));
    } else if (auto* v = qobject_cast<VisionPage*>(&page)) {
        if (req.image)
            v->openFile(*req.image, req.index);
    }
}

} // namespace

const char* viewFor(const ModelHandle& model) {
    if (model.imageClassifier)
        return "vision";
    if (model.translator)
        return "translation";
    if (model.causalLm)
        return "generate";
    return "sentiment";
}

int renderPage(const RenderRequest& req, const ModelHandle& model, const QString& modelDir, std::ostream& err,
               const char* command) {
    if (req.view == "generate")
        return renderGenerate(req, modelDir, err, command);
    const std::string prefix = std::string("attnviz ") + command + ": ";
    ensureHeadlessApp();
    EmbeddingStore store;
    ModelSlot* slot = nullptr;
    std::unique_ptr<Page> page = buildPage(req, store, &slot);
    if (!page) {
        err << prefix << "unknown view '" << req.view
            << "' (walkthrough, translation, sentiment, vision, generate, transformer)\n";
        return 2;
    }
    if (slot && !model.empty() && !slot->setModel(model, modelDir)) {
        err << prefix << slot->lastError().toStdString() << '\n';
        return 1;
    }
    page->start(); // loads the shipped defaults only for slots that are still empty
    if (!waitUntilIdle(*page, kTimeoutMs)) {
        err << prefix << "loading timed out\n";
        return 1;
    }
    if (slot && !slot->hasModel()) {
        err << prefix << "no model: "
            << (slot->lastError().isEmpty() ? std::string("use --model DIR")
                                            : slot->lastError().toStdString())
            << '\n';
        return 1;
    }
    // The learned projection (pronoun-head) is read by start(), so it is there once the page is idle.
    if (auto* w = qobject_cast<WalkthroughPage*>(page.get());
        w && req.projection == attn::ProjectionMode::Learned && !w->learnedReady()) {
        err << prefix << "the learned projection (pronoun-head) could not be read"
            << (w->learnedError().isEmpty() ? std::string() : ": " + w->learnedError().toStdString()) << '\n';
        return 1;
    }
    applyInput(*page, req);
    if (req.teaching)
        page->setTeachingMode(true); // every page: the shared mechanism of Page::setTeachingMode
    if (!waitUntilIdle(*page, kTimeoutMs)) {
        err << prefix << "the " << req.view << " page did not finish\n";
        return 1;
    }
    // The page's error banner is the contract for "it did not work" (a failed load or inference).
    if (const QString error = page->errorText(); !error.isEmpty()) {
        err << prefix << req.view << " failed: " << error.toStdString() << '\n';
        return 1;
    }

    if (auto* t = qobject_cast<TranslationPage*>(page.get()); t && (req.given || req.choose)) {
        if (req.given) {
            t->followTranslation(*req.given);
        } else {
            const int step = *req.decodeStep - 1;
            const auto& r = t->result();
            if (!r || step >= int(r->candidates.size()) ||
                *req.choose > int(r->candidates[size_t(step)].size())) {
                err << prefix << "--choose " << *req.choose << " --step " << *req.decodeStep
                    << ": the translation with attention has no such candidate\n";
                return 2;
            }
            t->chooseToken(step, r->candidates[size_t(step)][size_t(*req.choose - 1)].id);
        }
        if (!waitUntilIdle(*page, kTimeoutMs) || !page->errorText().isEmpty()) {
            err << prefix << "translation failed: " << page->errorText().toStdString() << '\n';
            return 1;
        }
    }
    if (auto* t = qobject_cast<TranslationPage*>(page.get()); t && req.decodeStep) {
        t->setStep(*req.decodeStep - 1); // clamped by the page to the decoder's output
        if (t->step() != *req.decodeStep - 1) {
            err << prefix << "--step " << *req.decodeStep << ": the translation has " << t->step() + 1
                << " decoding step(s)\n";
            return 2;
        }
    }
    if (auto* t = qobject_cast<TranslationPage*>(page.get()); t && req.tab == "context") {
        t->showContextVector();
    } else if (t && req.tab == "scores") {
        HeldOutTable* table = t->heldOutTable();
        if (!table->tableShown()) {
            err << prefix << "--tab scores: "
                << (table->message().isEmpty() ? std::string("the models have no heldout_scores.json")
                                               : table->message().toStdString())
                << '\n';
            return 1;
        }
        if (req.perplexity && !table->setMeasure(HeldOutTable::Measure::ReferencePerplexity)) {
            err << prefix
                << "--measure perplexity: the models' heldout_scores.json have no "
                   "reference_perplexity\n";
            return 1;
        }
        t->showHeldOutTable();
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
