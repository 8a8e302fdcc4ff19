// GUI benchmarks (issue 16): HeatmapView at scale, the 144-map layer x head grid, a Walkthrough
// keystroke, and the GUI thread's longest stall while the Sentiment page runs its model and while the
// Generate page runs a Hugging Face-sized decoder at 2,048 positions. Widgets are real
// and shown on the offscreen platform (QT_QPA_PLATFORM=offscreen is set here unless the caller set a
// platform), so the figures include layout, pooling and painting into pixels (QWidget::grab).
//
//   flock /tmp/attnviz-cpu.lock ./build/dev/tests/attnviz_bench --benchmark_filter=Gui

#include "../hf_random_models.hpp"
#include "pages/generate/generate_page.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/event_loop_watchdog.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "widgets/heatmap_view.hpp"

#include <QApplication>
#include <QGridLayout>
#include <QLineEdit>
#include <QMouseEvent>
#include <QTest>
#include <benchmark/benchmark.h>
#include <memory>
#include <qcustomplot.h>
#include <random>

namespace {

QApplication& app() {
    static int argc = 1;
    static char name[] = "attnviz_bench";
    static char* argv[] = {name, nullptr};
    static QApplication* instance = [] {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        return new QApplication(argc, argv);
    }();
    return *instance;
}

attn::Matrix softmaxRows(int rows, int cols, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    attn::Matrix m(rows, cols); // rows x cols, each row sums to 1
    for (int r = 0; r < rows; ++r) {
        float sum = 0;
        for (int c = 0; c < cols; ++c)
            sum += (m(r, c) = u(rng) * u(rng));
        m.row(r) /= sum;
    }
    return m;
}

QStringList tokens(int n) {
    QStringList out;
    for (int i = 0; i < n; ++i)
        out << QStringLiteral("tok%1").arg(i);
    return out;
}

/// setMatrix (the copy a page makes) through to the widget's pixels, for a 4,096 x 4,096 map.
void BM_GuiNewMap4096ToPixels(benchmark::State& state) {
    app();
    const attn::Matrix maps[2] = {softmaxRows(4096, 4096, 1), softmaxRows(4096, 4096, 2)};
    const QStringList labels = tokens(4096);
    HeatmapView view;
    view.resize(1100, 900);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view)) {
        state.SkipWithError("window not exposed");
        return;
    }
    int i = 0;
    for (auto _ : state) {
        view.setMatrix(maps[i++ % 2], labels, labels);
        QPixmap pixels = view.grab();
        benchmark::DoNotOptimize(pixels.cacheKey());
    }
    state.counters["pooled_px"] = double(view.mapImageSize().width() * view.mapImageSize().height());
}
BENCHMARK(BM_GuiNewMap4096ToPixels)->Unit(benchmark::kMillisecond)->MinTime(2.0);

/// One mouse move to another cell of a 4,096 x 4,096 map, through the (queued) replot.
void BM_GuiHover4096(benchmark::State& state) {
    app();
    const QStringList labels = tokens(4096);
    HeatmapView view;
    view.resize(1100, 900);
    view.setMatrix(softmaxRows(4096, 4096, 3), labels, labels);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view)) {
        state.SkipWithError("window not exposed");
        return;
    }
    view.plot()->replot();
    const QRect ar = view.plot()->axisRect()->rect();
    int hovered = 0;
    QObject::connect(&view, &HeatmapView::cellHovered, [&hovered](int r, int) { hovered += r >= 0; });
    int i = 0;
    for (auto _ : state) {
        const QPointF p(ar.left() + 5 + (i * 37) % (ar.width() - 10),
                        ar.top() + 5 + (i * 53) % (ar.height() - 10));
        ++i;
        QMouseEvent move(QEvent::MouseMove, p, view.plot()->mapToGlobal(p), Qt::NoButton, Qt::NoButton,
                         Qt::NoModifier);
        QApplication::sendEvent(view.plot(), &move);
        QCoreApplication::processEvents(); // the queued replot of the highlight
    }
    state.counters["hover_signals"] = hovered;
}
BENCHMARK(BM_GuiHover4096)->Unit(benchmark::kMillisecond)->MinTime(2.0);

/// A 12 layer x 12 head grid of compact maps at 512 x 512 (a BERT-base on 512 tokens): all 144
/// matrices set, then the grid's pixels.
void BM_GuiGrid144At512(benchmark::State& state) {
    app();
    std::vector<attn::Matrix> layers;
    for (int l = 0; l < 12; ++l)
        layers.push_back(softmaxRows(512, 512, 10u + unsigned(l)));
    const QStringList labels = tokens(512);
    QWidget grid;
    auto* layout = new QGridLayout(&grid);
    layout->setSpacing(2);
    std::vector<HeatmapView*> views;
    for (int l = 0; l < 12; ++l)
        for (int h = 0; h < 12; ++h) {
            auto* v = new HeatmapView(&grid);
            v->setCompact(true);
            layout->addWidget(v, l, h);
            views.push_back(v);
        }
    grid.resize(1400, 900);
    grid.show();
    if (!QTest::qWaitForWindowExposed(&grid)) {
        state.SkipWithError("window not exposed");
        return;
    }
    int round = 0;
    for (auto _ : state) {
        for (int l = 0; l < 12; ++l)
            for (int h = 0; h < 12; ++h)
                views[std::size_t(l * 12 + h)]->setMatrix(layers[std::size_t((l + h + round) % 12)], labels,
                                                          labels);
        ++round;
        QCoreApplication::processEvents();
        QPixmap pixels = grid.grab();
        benchmark::DoNotOptimize(pixels.cacheKey());
    }
}
BENCHMARK(BM_GuiGrid144At512)->Unit(benchmark::kMillisecond)->MinTime(2.0);

/// A keystroke in the Walkthrough's query box (a 60-word sentence, self-attention over the embedded
/// word vectors) until the main heatmap shows the new matrix.
void BM_GuiWalkthroughKeystroke(benchmark::State& state) {
    app();
    EmbeddingStore store;
    store.useEmbeddedDefault();
    WalkthroughPage page(&store);
    page.resize(1400, 900);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page)) {
        state.SkipWithError("window not exposed");
        return;
    }
    QStringList words;
    const QStringList pool = {"the", "cat", "sat",  "on",  "mat", "dog",
                              "ran", "to",  "park", "and", "saw", "bird"};
    for (int i = 0; i < 60; ++i)
        words << pool[i % pool.size()];
    page.setSelfAttention(true);
    page.setQueryText(words.join(QLatin1Char(' ')));
    QCoreApplication::processEvents();
    auto* edit = page.findChildren<QLineEdit*>().value(0);
    for (QLineEdit* e : page.findChildren<QLineEdit*>())
        if (e->text() == words.join(QLatin1Char(' ')))
            edit = e;
    if (!edit) {
        state.SkipWithError("no query box");
        return;
    }
    edit->setFocus();
    edit->end(false);
    bool add = true;
    for (auto _ : state) {
        // "the" <-> "then": the sentence keeps its 60 words, the last one changes.
        if (add)
            QTest::keyClick(edit, Qt::Key_N);
        else
            QTest::keyClick(edit, Qt::Key_Backspace);
        add = !add;
        QCoreApplication::processEvents();
    }
    state.counters["tokens"] = double(page.mainHeatmap()->matrix().rows());
}
BENCHMARK(BM_GuiWalkthroughKeystroke)->Unit(benchmark::kMillisecond)->MinTime(2.0);

/// The event loop's longest gap while the Sentiment page loads the shipped model and classifies 20
/// sentences on its worker thread (the loop keeps turning; a stall would show here).
void BM_GuiStallWhileSentimentRuns(benchmark::State& state) {
    app();
    for (auto _ : state) {
        SentimentPage page;
        page.resize(1400, 900);
        page.show();
        if (!QTest::qWaitForWindowExposed(&page)) {
            state.SkipWithError("window not exposed");
            return;
        }
        EventLoopWatchdog dog(5);
        dog.start();
        page.start(); // loads resources/models/sentiment on the model slot's worker
        waitUntilIdle(*page.modelSlot());
        for (int i = 0; i < 20; ++i) {
            page.setText(QStringLiteral("the film was %1 good and the actors were not bad")
                             .arg(i % 2 ? "very" : "not"));
            page.runNow();
            waitUntilIdle(*page.jobs());
        }
        dog.stop();
        state.counters["longest_gap_ms"] = dog.longestGapMs();
        state.counters["ticks"] = dog.ticks();
        if (!page.result())
            state.SkipWithError("the Sentiment page produced no result");
    }
}
BENCHMARK(BM_GuiStallWhileSentimentRuns)->Unit(benchmark::kMillisecond)->Iterations(3);

/// The event loop's longest gap while the Generate page runs a 2,047-token prompt through a
/// Llama-style model (8 layers x 8 heads, hidden 512, random weights: hf_random_models.hpp) and makes one
/// token: 2,048 positions, with the causal map and the 64-map layer x head grid at that length.
void BM_GuiStallWhileGenerating2048(benchmark::State& state) {
    app();
    static const std::shared_ptr<const attn::hf::CausalLm> model = hfbench::llamaSmall();
    QStringList ids;
    for (int i = 0; i < 2047; ++i)
        ids << QString::number((i * 7919 + 17) % 32000);
    const QString prompt = QStringLiteral("ids: ") + ids.join(QLatin1Char(' '));
    for (auto _ : state) {
        GeneratePage page;
        page.resize(1400, 900);
        page.show();
        if (!QTest::qWaitForWindowExposed(&page)) {
            state.SkipWithError("window not exposed");
            return;
        }
        EventLoopWatchdog dog(5);
        dog.start();
        page.modelSlot()->setModel(attn::asLoadedModel(std::shared_ptr<const attn::hf::HfModel>(model)),
                                   QStringLiteral("bench:llama"));
        waitUntilIdle(page);
        page.setPromptText(prompt);
        if (!page.reset() || !page.step()) {
            state.SkipWithError(qPrintable(QStringLiteral("cannot step: ") + page.errorText()));
            return;
        }
        waitUntilIdle(page, 600000);
        QCoreApplication::processEvents();
        dog.stop();
        state.counters["longest_gap_ms"] = dog.longestGapMs();
        state.counters["ticks"] = dog.ticks();
        if (page.generatedIds().size() != 1) {
            state.SkipWithError(qPrintable(QStringLiteral("no token generated: ") + page.errorText()));
            return;
        }
    }
}
BENCHMARK(BM_GuiStallWhileGenerating2048)->Unit(benchmark::kMillisecond)->Iterations(2);

} // namespace
