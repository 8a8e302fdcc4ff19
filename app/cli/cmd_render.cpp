// attnviz render: what a page shows for an input, written as a PNG without a display.
#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/headless.hpp"
#include "pages/sentiment_page.hpp"
#include "pages/translation_page.hpp"
#include "pages/vision_page.hpp"
#include "pages/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/widget_export.hpp"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QThread>
#include <functional>
#include <iostream>

namespace cli {

namespace {

/// Processes events until `done()` or the timeout; false on timeout.
bool waitUntil(const std::function<bool()>& done, int ms) {
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    // Let queued replots and layouts run.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    return true;
}

/// Loads --model into a slot (replacing the default) and waits; false with a message on failure.
bool loadInto(ModelSlot* slot, const std::optional<std::string>& dir) {
    if (dir) {
        slot->load(QString::fromStdString(*dir), false);
        if (!waitUntil([slot] { return !slot->isLoading(); }, 120000)) {
            std::cerr << "attnviz render: loading " << *dir << " timed out\n";
            return false;
        }
        if (!slot->lastError().isEmpty() && slot->directory() != QString::fromStdString(*dir)) {
            std::cerr << "attnviz render: " << slot->lastError().toStdString() << '\n';
            return false;
        }
    } else {
        waitUntil([slot] { return !slot->isLoading(); }, 120000);
    }
    if (!slot->model()) {
        std::cerr << "attnviz render: no model: "
                  << (slot->lastError().isEmpty() ? std::string("use --model DIR")
                                                  : slot->lastError().toStdString())
                  << '\n';
        return false;
    }
    return true;
}

} // namespace

int runRender(const Argv& argv) {
    Args args("render", "Writes what a page shows for an input as a PNG, without a display.\n"
                        "walkthrough: --text is the query sentence (keys: --keys, default the chapter's);\n"
                        "translation and sentiment: --text is the sentence; vision: --image (PNG, JPEG, IDX\n"
                        "or CIFAR-10 binary with --index). --model replaces the page's shipped model.");
    args.option("view", "walkthrough|translation|sentiment|vision", "the page to render", true)
        .option("model", "DIR", "a checkpoint directory (default: the shipped model)")
        .option("text", "TEXT", "the input sentence")
        .option("keys", "TEXT", "walkthrough: the key sentence")
        .flag("self", "walkthrough: self-attention (the query sentence attends to itself)")
        .option("projection", "none|random|learned", "walkthrough: Wq, Wk, Wv (learned = pronoun-head)")
        .option("scoring", "dot|scaled|additive", "walkthrough: how queries and keys are scored")
        .option("step", "1-5", "walkthrough: the step shown (default 4, the softmax weights)")
        .flag("teaching", "walkthrough: teaching mode (large fonts, numbers in the cells)")
        .option("image", "PATH", "vision: the input image or dataset file")
        .option("index", "N", "vision: the record in an IDX / CIFAR-10 file (default 0)")
        .option("width", "PX", "page width (default 1400)")
        .option("height", "PX", "page height (default 900)")
        .option("png", "OUT", "the PNG to write", true);
    if (!args.parse(argv, std::cerr))
        return 2;
    if (args.helpRequested()) {
        std::cout << args.usage();
        return 0;
    }
    const std::string view = *args.value("view");
    auto width = args.integer("width", 1400, std::cerr), height = args.integer("height", 900, std::cerr);
    auto index = args.integer("index", 0, std::cerr);
    if (!width || !height || !index)
        return 2;
    if (*width < 200 || *height < 200 || *width > 8000 || *height > 8000) {
        std::cerr << "attnviz render: --width and --height must be between 200 and 8000\n";
        return 2;
    }
    ensureHeadlessApp();
    std::unique_ptr<Page> page;
    std::unique_ptr<EmbeddingStore> store;
    const QString text = QString::fromStdString(args.valueOr("text", ""));

    if (view == "walkthrough") {
        store = std::make_unique<EmbeddingStore>();
        store->useEmbeddedDefault();
        auto* w = new WalkthroughPage(store.get());
        page.reset(w);
        if (!text.isEmpty())
            w->setQueryText(text);
        if (auto keys = args.value("keys"))
            w->setKeysText(QString::fromStdString(*keys));
        if (args.has("self"))
            w->setSelfAttention(true);
        if (auto scoring = args.value("scoring")) {
            const auto parsed = attn::parseScoring(*scoring);
            if (!parsed) {
                std::cerr << "attnviz render: unknown scoring '" << *scoring
                          << "' (dot, scaled or additive)\n";
                return 2;
            }
            w->setScoring(*parsed);
        }
        const std::string projection = args.valueOr("projection", "none");
        if (projection == "learned") {
            if (!waitUntil([w] { return w->learnedReady(); }, 60000)) {
                std::cerr << "attnviz render: the learned projection (pronoun-head) could not be read\n";
                return 1;
            }
            w->setProjection(attn::ProjectionMode::Learned);
        } else if (projection == "random") {
            w->setProjection(attn::ProjectionMode::Random);
        } else if (projection != "none") {
            std::cerr << "attnviz render: unknown projection '" << projection
                      << "' (none, random or learned)\n";
            return 2;
        }
        auto step = args.integer("step", 4, std::cerr);
        if (!step || *step < 1 || *step > kWalkthroughStepCount) {
            if (step)
                std::cerr << "attnviz render: --step must be 1.." << kWalkthroughStepCount << '\n';
            return 2;
        }
        w->setStep(static_cast<WalkthroughStep>(*step - 1));
        if (args.has("teaching"))
            w->setTeachingMode(true);
    } else if (view == "translation") {
        auto* t = new TranslationPage;
        page.reset(t);
        if (!loadInto(t->modelSlot(), args.value("model")))
            return 1;
        waitUntil([t] { return !t->baselineSlot()->isLoading(); }, 120000);
        t->setText(text.isEmpty() ? QStringLiteral("The book that I bought is very interesting") : text);
        t->runNow();
        if (!waitUntil([t] { return !t->jobs()->isBusy() && t->result().has_value(); }, 120000)) {
            std::cerr << "attnviz render: translation failed: " << t->errorText().toStdString() << '\n';
            return 1;
        }
    } else if (view == "sentiment") {
        auto* s = new SentimentPage;
        page.reset(s);
        if (!loadInto(s->modelSlot(), args.value("model")))
            return 1;
        s->setText(text.isEmpty() ? QStringLiteral("The film was wonderful and the actors were great.")
                                  : text);
        s->runNow();
        if (!waitUntil([s] { return !s->jobs()->isBusy() && s->result().has_value(); }, 120000)) {
            std::cerr << "attnviz render: classification failed: " << s->errorText().toStdString() << '\n';
            return 1;
        }
    } else if (view == "vision") {
        auto* v = new VisionPage;
        page.reset(v);
        if (auto dir = args.value("model"))
            v->loadModel(QString::fromStdString(*dir));
        if (!v->waitForIdle(120000)) {
            std::cerr << "attnviz render: loading the model timed out\n";
            return 1;
        }
        if (auto image = args.value("image"))
            v->openFile(QString::fromStdString(*image), static_cast<int>(*index));
        if (!v->waitForIdle(120000)) {
            std::cerr << "attnviz render: the vision page did not finish\n";
            return 1;
        }
    } else {
        std::cerr << "attnviz render: unknown view '" << view
                  << "' (walkthrough, translation, sentiment, vision)\n";
        return 2;
    }

    page->resize(static_cast<int>(*width), static_cast<int>(*height));
    page->setAttribute(Qt::WA_DontShowOnScreen);
    page->show();
    waitUntil([] { return true; }, 0);
    QString error;
    if (!exportWidgetImage(page.get(), QString::fromStdString(*args.value("png")), &error)) {
        std::cerr << "attnviz render: " << error.toStdString() << '\n';
        return 1;
    }
    return 0;
}

} // namespace cli
