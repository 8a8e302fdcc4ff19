// `attnviz render --model X` and `attnviz inspect --png` read the model exactly once and never touch
// the page's shipped default (issue 11: the page used to start loading its default in its constructor,
// and inspect --png read the model, then ran render, which read it again). readModel() logs every
// checkpoint read; the commands run in-process here.
#include "attnviz_test_exe.hpp"
#include "cli/commands.hpp"
#include "cli/headless.hpp"
#include "cli_run.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_steps.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "services/model_handle.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/widget_export.hpp"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

namespace {

QString fixture(const char* name) {
    return QDir::cleanPath(testutil::fixture(name));
}

std::string str(const QString& s) {
    return s.toStdString();
}

/// The independent reference for `render --step`: the page built here, its input given and its step
/// chosen through the page's own API (`choose`), laid out at the same size and exported the same way.
QImage pageImage(Page& page, const std::function<void()>& choose, int width, int height, const QString& png) {
    page.start();
    if (!waitUntilIdle(page, 120000))
        return {};
    choose();
    if (!waitUntilIdle(page, 120000))
        return {};
    page.resize(width, height);
    page.setAttribute(Qt::WA_DontShowOnScreen);
    page.show();
    waitUntilIdle(page, 120000);
    QString error;
    if (!exportWidgetImage(&page, png, &error))
        qWarning("%s", qPrintable(error));
    return QImage(png);
}

} // namespace

class TestRender : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("ATTNVIZ_VISION_DATASET", "");
        QVERIFY(tmp_.isValid());
        // The shipped defaults are there, so a page that loaded its default would show in the log.
        QVERIFY(QFileInfo(shippedModelDir(QStringLiteral("sentiment"))).isDir());
    }

    void renderWithModelReadsItOnce() {
        const QString model = fixture("tc_pre_gelu_cls_learned");
        const QString png = tmp_.filePath(QStringLiteral("sentiment.png"));
        resetModelReadLog();
        QCOMPARE(cli::runRender({"--view", "sentiment", "--model", str(model), "--text", "a good film",
                                 "--width", "800", "--height", "600", "--png", str(png)}),
                 0);
        QCOMPARE(modelReadLog(), QStringList{model});
        const QImage written(png);
        QVERIFY(!written.isNull());
        QCOMPARE(written.size(), QSize(800, 600)); // the page size (--scale 1)
    }

    void renderWithoutModelReadsTheDefaultOnce() {
        const QString png = tmp_.filePath(QStringLiteral("default.png"));
        resetModelReadLog();
        QCOMPARE(cli::runRender({"--view", "sentiment", "--text", "a good film", "--png", str(png)}), 0);
        QCOMPARE(modelReadLog(),
                 QStringList{QDir::cleanPath(
                     QFileInfo(shippedModelDir(QStringLiteral("sentiment"))).absoluteFilePath())});
    }

    void renderTranslationNeverTouchesTheDefaultAttentionModel() {
        const QString model = fixture("s2s_dot");
        const QString png = tmp_.filePath(QStringLiteral("translation.png"));
        resetModelReadLog();
        QCOMPARE(cli::runRender({"--view", "translation", "--model", str(model), "--text", "you are tall .",
                                 "--png", str(png)}),
                 0);
        const QStringList log = modelReadLog();
        QCOMPARE(log.count(model), 1);
        // Only the baseline slot, which --model does not replace, loads its shipped model.
        for (const QString& dir : log)
            QVERIFY2(dir == model || dir.endsWith(QStringLiteral("translation-en-es-noattn")),
                     qPrintable(dir));
    }

    void inspectPngReadsTheModelOnce() {
        const QString model = fixture("vit_pre_gelu_learned_gray");
        QImage image(8, 8, QImage::Format_Grayscale8);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                image.setPixel(x, y, qRgb(x * 30, x * 30, x * 30));
        const QString input = tmp_.filePath(QStringLiteral("input.png"));
        QVERIFY(image.save(input));
        const QString png = tmp_.filePath(QStringLiteral("vision.png"));
        const QString json = tmp_.filePath(QStringLiteral("vision.json"));
        resetModelReadLog();
        QCOMPARE(cli::runInspect(
                     {"--model", str(model), "--image", str(input), "--json", str(json), "--png", str(png)}),
                 0);
        QCOMPARE(modelReadLog(), QStringList{model});
        QVERIFY(!QImage(png).isNull());
        QVERIFY(QFileInfo(json).size() > 0);

        resetModelReadLog();
        const QString tc = fixture("tc_post_relu_mean_sinusoidal");
        QCOMPARE(cli::runInspect({"--model", str(tc), "--text", "good acting", "--png", str(png)}), 0);
        QCOMPARE(modelReadLog(), QStringList{tc});
    }

    void renderRefusesAModelOfAnotherArchitecture() {
        resetModelReadLog();
        const QString png = tmp_.filePath(QStringLiteral("wrong.png"));
        QCOMPARE(
            cli::runRender({"--view", "sentiment", "--model", str(fixture("s2s_dot")), "--png", str(png)}),
            1);
        QCOMPARE(modelReadLog(), QStringList{fixture("s2s_dot")});
        QVERIFY(!QFileInfo::exists(png));
    }

    void renderWalkthroughStepChoosesTheStep() {
        // --step N shows step N: steps 3 and 4 are different pictures; outside 1..5 is a usage error.
        const QString step3 = tmp_.filePath(QStringLiteral("step3.png"));
        const QString step4 = tmp_.filePath(QStringLiteral("step4.png"));
        QCOMPARE(cli::runRender({"--view", "walkthrough", "--step", "3", "--width", "900", "--height", "700",
                                 "--png", str(step3)}),
                 0);
        QCOMPARE(cli::runRender({"--view", "walkthrough", "--step", "4", "--width", "900", "--height", "700",
                                 "--png", str(step4)}),
                 0);
        const QImage a(step3), b(step4);
        QVERIFY(!a.isNull() && !b.isNull());
        QCOMPARE(a.size(), b.size());
        QVERIFY(a != b);
        // Each is the page at that step, pixel for pixel: not merely two different pictures.
        auto walkthroughAt = [&](WalkthroughStep step, const QString& png) {
            EmbeddingStore store;
            store.useEmbeddedDefault();
            WalkthroughPage page(&store);
            return pageImage(
                page, [&] { page.setStep(step); }, 900, 700, png);
        };
        const QImage ref3 = walkthroughAt(WalkthroughStep::Scaled, tmp_.filePath(QStringLiteral("ref3.png")));
        const QImage ref4 =
            walkthroughAt(WalkthroughStep::Weights, tmp_.filePath(QStringLiteral("ref4.png")));
        QVERIFY(!ref3.isNull() && !ref4.isNull());
        // Below the sentence boxes and the step buttons (the focused box's cursor blinks): the step's title,
        // caption, heatmap and side panel.
        auto belowInput = [](const QImage& image) {
            return image.copy(0, image.height() / 6, image.width(), image.height() - image.height() / 6);
        };
        QVERIFY2(belowInput(a) == belowInput(ref3),
                 "render --step 3 is not the page at step 3 (scaled scores)");
        QVERIFY2(belowInput(b) == belowInput(ref4),
                 "render --step 4 is not the page at step 4 (softmax weights)");
        QVERIFY(belowInput(a) != belowInput(ref4));
        QCOMPARE(cli::runRender({"--view", "walkthrough", "--step", "6", "--png", str(step3)}), 2);
        QCOMPARE(cli::runRender({"--view", "walkthrough", "--step", "0", "--png", str(step3)}), 2);
    }

    void renderTranslationStepChoosesTheDecodingStep() {
        // --step N on the translation view shows decoding step N (a different picture for 1 and 2);
        // a step past the decoder's output is a usage error that says how many steps there are.
        const QString model = fixture("s2s_dot");
        const QString one = tmp_.filePath(QStringLiteral("tstep1.png"));
        const QString two = tmp_.filePath(QStringLiteral("tstep2.png"));
        for (const auto& [step, png] : {std::pair{"1", one}, std::pair{"2", two}})
            QCOMPARE(
                cli::runRender({"--view", "translation", "--model", str(model), "--text", "you are tall .",
                                "--step", step, "--width", "900", "--height", "700", "--png", str(png)}),
                0);
        const QImage a(one), b(two);
        QVERIFY(!a.isNull() && !b.isNull());
        QVERIFY(a != b);
        // Each is the page at that decoding step, pixel for pixel: not merely two different pictures.
        auto translationAt = [&](int step, const QString& png) {
            TranslationPage page;
            page.modelSlot()->load(model);
            if (!waitUntilIdle(page.modelSlot(), 120000))
                return QImage();
            return pageImage(
                page,
                [&] {
                    page.setText(QStringLiteral("you are tall ."));
                    page.runNow();
                    QVERIFY(waitUntilIdle(page, 120000));
                    page.setStep(step);
                },
                900, 700, png);
        };
        const QImage ref1 = translationAt(0, tmp_.filePath(QStringLiteral("tref1.png")));
        const QImage ref2 = translationAt(1, tmp_.filePath(QStringLiteral("tref2.png")));
        QVERIFY(!ref1.isNull() && !ref2.isNull());
        // Below the input row (the focused text box's cursor blinks and its clear button follows the hover).
        auto belowInput = [](const QImage& image) {
            return image.copy(0, image.height() / 10, image.width(), image.height() - image.height() / 10);
        };
        QVERIFY2(belowInput(a) == belowInput(ref1),
                 "render --step 1 is not the page at the first decoding step");
        QVERIFY2(belowInput(b) == belowInput(ref2),
                 "render --step 2 is not the page at the second decoding step");
        QVERIFY(belowInput(a) != belowInput(ref2));
        QCOMPARE(cli::runRender({"--view", "translation", "--model", str(model), "--text", "you are tall .",
                                 "--step", "4000", "--png", str(one)}),
                 2);
        QCOMPARE(cli::runRender({"--view", "translation", "--step", "0", "--png", str(one)}), 2);
    }

    // Issue 49 point 22: there was no `render --view transformer` (a teacher's slides), and PNGs were at
    // screen resolution. The Transformer page renders at the page size, --scale 2 doubles both sides, and
    // the picture is the page itself at that step; --scale outside 1..4 or past the cap is a usage error.
    void renderHadNoTransformerView() {
        const QString one = tmp_.filePath(QStringLiteral("transformer1.png"));
        const QString two = tmp_.filePath(QStringLiteral("transformer2.png"));
        QCOMPARE(cli::runRender({"--view", "transformer", "--step", "3", "--width", "1000", "--height", "700",
                                 "--png", str(one)}),
                 0);
        QCOMPARE(QImage(one).size(), QSize(1000, 700));
        QCOMPARE(cli::runRender({"--view", "transformer", "--step", "3", "--width", "1000", "--height", "700",
                                 "--scale", "2", "--png", str(two)}),
                 0);
        QCOMPARE(QImage(two).size(), QSize(2000, 1400));
        TransformerPage page;
        const QImage ref = pageImage(
            page,
            [&] {
                page.setText(QString::fromLatin1(TransformerPage::kDefaultSentence));
                page.runNow();
                QVERIFY(waitUntilIdle(page, 120000));
                page.setStep(transformer::Step::Attention);
            },
            1000, 700, tmp_.filePath(QStringLiteral("transformer-ref.png")));
        QCOMPARE(ref.size(), QSize(1000, 700));
        auto belowInput = [](const QImage& image) { // the sentence box's cursor blinks
            return image.copy(0, image.height() / 4, image.width(), image.height() - image.height() / 4);
        };
        QVERIFY2(belowInput(QImage(one)) == belowInput(ref),
                 "render --view transformer --step 3 is not the page");
        QCOMPARE(cli::runRender({"--view", "transformer", "--step", "10", "--png", str(one)}), 2);
        const auto five =
            testutil::runAttnviz({"render", "--view", "transformer", "--scale", "5", "--png", one});
        QCOMPARE(five.code, 2);
        QCOMPARE(five.err, QByteArray("attnviz render: --scale must be 1, 2, 3 or 4, got 5\n"));
        const auto big = testutil::runAttnviz(
            {"render", "--view", "transformer", "--scale", "4", "--width", "2500", "--png", one});
        QCOMPARE(big.code, 2);
        QVERIFY2(big.err.contains("--scale 4 makes the PNG 10000 x 3600 pixels, more than 8000 a side"),
                 big.err.constData());
    }

    // Issue 49 point 22: File > Export view wrote PNGs at screen resolution (807 x 350). The choices it
    // offers keep within the 8,000-pixel cap, and the chosen scale multiplies both sides.
    void exportViewWasAtScreenResolution() {
        QCOMPARE(exportScales(QSize(807, 350)), (QList<int>{1, 2, 3, 4}));
        QCOMPARE(exportScales(QSize(2500, 900)), (QList<int>{1, 2, 3}));
        QCOMPARE(exportScales(QSize(4001, 100)), (QList<int>{1}));
        QCOMPARE(exportScales(QSize(100, 2000)), (QList<int>{1, 2, 3, 4}));
        QWidget widget;
        widget.resize(807, 350);
        widget.setAttribute(Qt::WA_DontShowOnScreen);
        widget.show();
        for (int scale : {1, 2, 3, 4}) {
            const QString png = tmp_.filePath(QStringLiteral("widget%1.png").arg(scale));
            QString error;
            QVERIFY2(exportWidgetImage(&widget, png, &error, scale), qPrintable(error));
            QCOMPARE(QImage(png).size(), QSize(807 * scale, 350 * scale));
        }
        QString error;
        QVERIFY(!exportWidgetImage(&widget, tmp_.filePath(QStringLiteral("five.png")), &error, 5));
        QVERIFY2(error.contains(QStringLiteral("the scale 5 is not 1, 2, 3 or 4")), qPrintable(error));
        widget.resize(2100, 350);
        QVERIFY(!exportWidgetImage(&widget, tmp_.filePath(QStringLiteral("wide.png")), &error, 4));
        QVERIFY2(error.contains(QStringLiteral("8400 x 1400 pixels exceed the limit of 8000 a side")),
                 qPrintable(error));
        // The heatmap a page exports itself (File > Export view on its large heatmap) takes the scale too.
        HeatmapView heatmap;
        const QStringList abc{"a", "b", "c"};
        heatmap.setMatrix(attn::Matrix::Constant(3, 3, 0.5f), abc, abc);
        const QString png = tmp_.filePath(QStringLiteral("heatmap2.png"));
        QVERIFY2(heatmap.exportImage(png, &error, 400, 300, 2), qPrintable(error));
        QCOMPARE(QImage(png).size(), QSize(800, 600));
    }

    void renderPrintedQtWarningsOnStderr() {
        // "This plugin does not support propagateSizeHints()" (and the missing XDG_RUNTIME_DIR) used to
        // be printed by every render run: a normal run prints nothing on stderr.
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the command chooses offscreen itself
        p.setProcessEnvironment(env);
        const QString png = tmp_.filePath(QStringLiteral("quiet.png"));
        p.start(QStringLiteral(ATTNVIZ_EXE),
                {QStringLiteral("render"), QStringLiteral("--view"), QStringLiteral("walkthrough"),
                 QStringLiteral("--teaching"), QStringLiteral("--step"), QStringLiteral("3"),
                 QStringLiteral("--png"), png});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.isEmpty(), err.constData());
        QVERIFY(!QImage(png).isNull());
        // Other Qt messages still get through.
        QVERIFY(cli::isOffscreenNoise(QStringLiteral("This plugin does not support propagateSizeHints()")));
        QVERIFY(!cli::isOffscreenNoise(QStringLiteral("QPainter::begin: Paint device returned engine == 0")));
    }

private:
    QTemporaryDir tmp_;
};

QTEST_MAIN(TestRender)
#include "tst_render.moc"
