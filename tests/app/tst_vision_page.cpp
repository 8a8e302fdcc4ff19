// The Vision page's panels driven with the ViT parity fixture: what it shows must equal the engine's own
// result (loadModel + classify, computed here) to 1e-6; bad inputs show an error and keep the state.

#include "attnviz_test_paths.hpp"
#include "pages/class_label_names.hpp"
#include "pages/explain/explain_panel.hpp"
#include "pages/vision/cutmix_panel.hpp"
#include "pages/vision/dataset_browser.hpp"
#include "pages/vision/position_embedding_panel.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/vision/vit_attention_panel.hpp"
#include "services/language.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/patch_grid_view.hpp"
#include "widgets/probability_bars.hpp"

#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/rollout.hpp>
#include <qcustomplot.h>

namespace {

using testutil::compareMatrix;

const QString kParity = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/parity/");
const QString kVit = kParity + QStringLiteral("vit_pre_gelu_learned_gray");
constexpr double kTol = 1e-6;

/// A deterministic 1 x 12 x 12 test image (the page resizes to the model's 8 x 8).
attn::Image testImage(int seed) {
    attn::Image im(1, 12, 12);
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x)
            im.at(0, y, x) = static_cast<float>(((x * 7 + y * 3 + seed * 5) % 13) / 12.0);
    return im;
}

void compareRow(const std::vector<float>& got, const attn::Matrix& m, int row) {
    QCOMPARE(static_cast<Eigen::Index>(got.size()), m.cols() - 1);
    for (Eigen::Index c = 1; c < m.cols(); ++c)
        QVERIFY2(std::abs(got[static_cast<std::size_t>(c - 1)] - m(row, c)) <= kTol,
                 qPrintable(QStringLiteral("column %1: %2 vs %3").arg(c).arg(got[c - 1]).arg(m(row, c))));
}

} // namespace

class TestVisionPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("ATTNVIZ_VISION_DATASET", "");
        qputenv("ATTNVIZ_RESOURCES", QFile::encodeName(tmp_.path())); // no shipped default model
        ref_ = testutil::reference<attn::VitModel>("vit_pre_gelu_learned_gray");
        QVERIFY(ref_);
    }

    void noModelShowsAMessage() {
        VisionPage page;
        page.start();
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.errorVisible());
        QVERIFY2(page.errorText().contains(QStringLiteral("Open model")), qPrintable(page.errorText()));
        QVERIFY(!page.session()->analysis());
    }

    void withoutADatasetTheBrowserAndBarsShowNothingToDo() {
        VisionPage page;
        page.loadModel(kVit);
        page.start(); // ATTNVIZ_VISION_DATASET is empty: no set
        QVERIFY(waitUntilIdle(page));
        page.show();
        auto* predictAll = page.browser()->findChild<QPushButton*>(QStringLiteral("predictAll"));
        auto* index = page.browser()->findChild<QSpinBox*>(QStringLiteral("index"));
        auto* progress = page.browser()->findChild<QProgressBar*>(QStringLiteral("progress"));
        QVERIFY(predictAll && index && progress);
        // A model but no set: nothing to predict or index, and no "0 / 1 predicted".
        QVERIFY(!predictAll->isEnabled());
        QVERIFY(!index->isEnabled());
        QVERIFY(!progress->isVisible());
        // No prediction: the bars' plot has no axes (it drew an empty 0-5 grid).
        ProbabilityBars* bars = page.attentionPanel()->probabilities();
        QVERIFY(!bars->plot()->xAxis->visible());
        QVERIFY(!bars->plot()->yAxis->visible());
        QCOMPARE(bars->barAt(bars->rect().center()), -1);

        // A set arrives: all of it applies, and a prediction draws its axes.
        attn::datasets::Images images;
        images.count = 2;
        images.rows = images.cols = 8;
        images.pixels.assign(2 * 64, 100);
        const QString imgPath = tmp_.filePath(QStringLiteral("two-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(imgPath.toStdString(), images);
        page.openFile(imgPath, 0);
        QVERIFY(waitUntilIdle(page));
        QVERIFY2(!page.errorVisible(), qPrintable(page.errorText()));
        QVERIFY(index->isEnabled());
        QVERIFY(progress->isVisible());
        QTRY_VERIFY(predictAll->isEnabled()); // after the background run of both images
        QCOMPARE(progress->value(), 2);
        QVERIFY(bars->plot()->xAxis->visible());
        QCOMPARE(bars->values().size(), std::size_t(4));
    }

    // The Explain tab follows the image: browsing to another one clears the old explanation.
    // The shipped checkpoint stores Fashion-MNIST's English names; the page shows them in the interface's
    // language, and a name it does not know (an ImageNet class) as stored.
    void classNamesFollowTheInterfaceLanguage() {
        VisionPage page;
        page.loadModel(QStringLiteral(ATTNVIZ_RESOURCE_DIR "/models/vit-fashion-mnist"));
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.session()->model());
        QCOMPARE(page.session()->labelName(9), QStringLiteral("Ankle boot"));
        QVERIFY(language::install(QStringLiteral("zh_CN")));
        QCOMPARE(page.session()->labelName(9), QStringLiteral("短靴"));
        QCOMPARE(page.session()->labelName(0), QStringLiteral("T恤/上衣"));
        QCOMPARE(displayClassLabel("negative"), QStringLiteral("负面"));
        QCOMPARE(displayClassLabel("Egyptian cat"), QStringLiteral("Egyptian cat"));
        QVERIFY(language::install(QStringLiteral("en")));
        QCOMPARE(page.session()->labelName(9), QStringLiteral("Ankle boot"));
        QCOMPARE(displayClassLabel("negative"), QStringLiteral("negative"));
    }

    void explainTabDropsTheOldImagesExplanation() {
        attn::datasets::Images images;
        images.count = 2;
        images.rows = images.cols = 8;
        images.pixels.resize(2 * 64);
        for (std::size_t i = 0; i < images.pixels.size(); ++i)
            images.pixels[i] = static_cast<unsigned char>((i * 53) % 256);
        const QString imgPath = tmp_.filePath(QStringLiteral("explain-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(imgPath.toStdString(), images);
        VisionPage page;
        page.browser()->setAutoPredict(false);
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.openFile(imgPath, 0);
        QVERIFY(waitUntilIdle(page));
        auto* explain = page.findChild<ExplainPanel*>();
        QVERIFY(explain);
        explain->setMethods({"rollout"});
        explain->explainNow();
        QSignalSpy done(explain, &ExplainPanel::finished);
        QVERIFY(done.wait(60000));
        QVERIFY(explain->outcome());
        page.session()->browse(1);
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.session()->browsedIndex(), 1);
        QVERIFY(!explain->outcome());
        QVERIFY(explain->isStale());
    }

    void overlayAndHeatmapEqualTheEngine() {
        VisionPage page;
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.session()->model());
        QVERIFY(!page.errorVisible());

        const attn::Image image = testImage(1);
        page.session()->setImage(image, QStringLiteral("test"));
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.session()->analysis());
        const attn::ClassifierResult want = ref_->classify(image);
        const auto& got = page.session()->analysis()->result;
        QCOMPARE(got.predicted, want.predicted);
        QVERIFY(got.tokens == want.tokens);

        // Default: layer 1, mean of heads, [CLS] row.
        const attn::Matrix mean0 = (want.attention[0][0] + want.attention[0][1]) / 2.0f;
        compareRow(page.attentionPanel()->patchGrid()->overlay(), mean0, 0);
        compareMatrix(page.attentionPanel()->heatmap()->matrix(), mean0);

        // One head of the second layer.
        page.attentionPanel()->setLayer(1);
        page.attentionPanel()->setHead(1);
        compareRow(page.attentionPanel()->patchGrid()->overlay(), want.attention[1][1], 0);
        compareMatrix(page.attentionPanel()->heatmap()->matrix(), want.attention[1][1]);
        QCOMPARE(page.attentionPanel()->heatmap()->rowLabels().first(), QStringLiteral("[CLS]"));

        // A clicked patch: its own row.
        page.attentionPanel()->setQuery(3);
        compareRow(page.attentionPanel()->patchGrid()->overlay(), want.attention[1][1], 3);
        QCOMPARE(page.attentionPanel()->patchGrid()->selectedPatch(), 2);
        page.attentionPanel()->setQuery(0);

        // Rollout: A' = 0.5 mean + 0.5 I, rows normalised, multiplied through the layers (by hand here).
        page.attentionPanel()->setLayer(VitAttentionPanel::kRollout);
        attn::Matrix r;
        for (int l = 0; l < 2; ++l) {
            attn::Matrix a = 0.5f * (want.attention[l][0] + want.attention[l][1]) / 2.0f +
                             0.5f * attn::Matrix::Identity(5, 5);
            for (int i = 0; i < 5; ++i)
                a.row(i) /= a.row(i).sum();
            r = l == 0 ? a : attn::Matrix(a * r);
        }
        compareRow(page.attentionPanel()->patchGrid()->overlay(), r, 0);
        compareMatrix(page.attentionPanel()->heatmap()->matrix(), r);

        // Probabilities as bars, predicted class in its own bar.
        QCOMPARE(page.attentionPanel()->probabilities()->plot()->plottableCount(), 2);
        // Position similarity map: 4 patches, diagonal 1.
        const attn::Matrix& sim = page.positionPanel()->view()->similarity();
        QCOMPARE(sim.rows(), 4);
        for (int i = 0; i < 4; ++i)
            QVERIFY(std::abs(sim(i, i) - 1.0f) < 1e-5f);
    }

    // A panel needs only the session: the attention panel on its own shows the engine's numbers.
    void attentionPanelDrivenWithoutThePage() {
        VisionSession session;
        VitAttentionPanel panel(&session);
        session.slot()->load(kVit);
        QVERIFY(waitUntilIdle(session));
        const attn::Image image = testImage(4);
        session.setImage(image, QStringLiteral("panel"));
        QVERIFY(waitUntilIdle(session));
        const attn::ClassifierResult want = ref_->classify(image);
        compareRow(panel.patchGrid()->overlay(), attn::meanOfHeads(want.attention[0]), 0);
        panel.setLayer(1);
        panel.setHead(0);
        panel.setQuery(2);
        compareRow(panel.patchGrid()->overlay(), want.attention[1][0], 2);
        compareMatrix(panel.currentMatrix(), want.attention[1][0]);
        QCOMPARE(panel.probabilities()->values().size(), want.probabilities.size());
        for (std::size_t i = 0; i < want.probabilities.size(); ++i)
            QVERIFY(std::abs(panel.probabilities()->values()[i] - want.probabilities[i]) <= kTol);
    }

    void brokenImageKeepsThePreviousState() {
        VisionPage page;
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.session()->setImage(testImage(2), QStringLiteral("first"));
        QVERIFY(waitUntilIdle(page));
        const auto before = page.session()->analysis()->result.probabilities;

        const QString broken = tmp_.filePath(QStringLiteral("broken.png"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x89PNG\r\n\x1a\n this is not a real PNG");
        f.close();
        page.openFile(broken);
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.errorVisible());
        QVERIFY2(page.errorText().contains(QStringLiteral("broken.png")), qPrintable(page.errorText()));
        QVERIFY(page.session()->analysis()->result.probabilities == before);
        QCOMPARE(page.session()->analysis()->source, QStringLiteral("first"));

        page.openFile(tmp_.filePath(QStringLiteral("missing.png")));
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.errorText().contains(QStringLiteral("missing.png")));
    }

    void wrongArchitectureKeepsTheModel() {
        VisionPage page;
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.session()->setImage(testImage(3), QStringLiteral("x"));
        QVERIFY(waitUntilIdle(page));
        auto before = page.session()->model();
        page.loadModel(kParity + QStringLiteral("tc_pre_gelu_cls_learned"));
        QVERIFY(waitUntilIdle(page));
        QVERIFY(page.errorVisible());
        QVERIFY2(page.errorText().contains(QStringLiteral("vit")), qPrintable(page.errorText()));
        QVERIFY(page.session()->model() == before);
        QVERIFY(page.session()->analysis());
    }

    void datasetBrowsingPredictionsAndCutMix() {
        // 6 images of 8 x 8 with labels, as an IDX pair.
        attn::datasets::Images images;
        images.count = 6;
        images.rows = images.cols = 8;
        images.pixels.resize(6 * 64);
        for (std::size_t i = 0; i < images.pixels.size(); ++i)
            images.pixels[i] = static_cast<unsigned char>((i * 37 + i / 64 * 11) % 256);
        const std::vector<int> labels = {0, 1, 2, 3, 0, 1};
        const QString imgPath = tmp_.filePath(QStringLiteral("t-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(imgPath.toStdString(), images);
        attn::datasets::writeIdxLabels(tmp_.filePath(QStringLiteral("t-labels-idx1-ubyte")).toStdString(),
                                       labels);

        VisionPage page;
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.openFile(imgPath, 2);
        QVERIFY(waitUntilIdle(page));
        QVERIFY2(!page.errorVisible(), qPrintable(page.errorText()));
        QCOMPARE(page.session()->analysis()->trueLabel, 2);
        QCOMPARE(page.session()->predictions().size(), std::size_t(6));
        int mistakes = 0;
        for (int i = 0; i < 6; ++i) {
            const attn::Image im = attn::imageFromBytes(images.image(i), 1, 8, 8, false);
            const int want = ref_->classify(im).predicted;
            QCOMPARE(page.session()->predictions()[i], want);
            mistakes += want != labels[i];
        }
        page.browser()->setMistakesOnly(true);
        QCOMPARE(page.browser()->visibleRows(), mistakes);
        page.browser()->setMistakesOnly(false);
        QCOMPARE(page.browser()->visibleRows(), 6);

        // CutMix's default (issue 12 point 9): B is image 5 (the partner is min(last, 9)) and the box
        // is the one of seeds 0..63 that differs most, so the mixed image visibly differs from A.
        {
            const attn::Image a = attn::imageFromBytes(images.image(2), 1, 8, 8, false);
            const attn::Image b = attn::imageFromBytes(images.image(5), 1, 8, 8, false);
            QCOMPARE(page.cutMixPanel()->seed(), static_cast<int>(attn::visibleCutMixSeed(a, b, 0, 64)));
            const auto& def = page.cutMixPanel()->result();
            QVERIFY(def.box ==
                    attn::sampleCutMixBox(8, 8, static_cast<std::uint64_t>(page.cutMixPanel()->seed())));
            double changed = 0;
            for (std::size_t i = 0; i < a.data.size(); ++i)
                changed += std::abs(def.image.data[i] - a.data[i]);
            QVERIFY(changed > 0);
        }
        // CutMix: the left half (4 of 8 columns) of image 5 pasted into image 2.
        page.cutMixPanel()->setPartner(5);
        page.cutMixPanel()->setBox({0, 0, 4, 8});
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.cutMixPanel()->result().patchShare, 0.5);
        QVERIFY2(page.cutMixPanel()->text().startsWith(QStringLiteral("50% class2 + 50% class1")),
                 qPrintable(page.cutMixPanel()->text()));
        const attn::Image& mixed = page.cutMixPanel()->result().image;
        QCOMPARE(mixed.at(0, 3, 1), images.image(5)[3 * 8 + 1] / 255.0f);
        QCOMPARE(mixed.at(0, 3, 6), images.image(2)[3 * 8 + 6] / 255.0f);
        page.cutMixPanel()->setSeed(11);
        QVERIFY(page.cutMixPanel()->result().box == attn::sampleCutMixBox(8, 8, 11));
    }

    // Issue 12 point 9: the overlay's opacity is the reader's; the query is marked on the T x T map as
    // a row (and a clicked patch as a key column too).
    void overlayOpacityAndQueryMarkers() {
        VisionPage page;
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.session()->setImage(testImage(3), QStringLiteral("markers"));
        QVERIFY(waitUntilIdle(page));
        auto* panel = page.attentionPanel();
        QCOMPARE(panel->overlayOpacity(), 45);
        QCOMPARE(panel->patchGrid()->overlayOpacity(), 0.45);
        panel->setOverlayOpacity(80);
        QCOMPARE(panel->patchGrid()->overlayOpacity(), 0.8);
        panel->setOverlayOpacity(140); // clamped
        QCOMPARE(panel->overlayOpacity(), 100);
        QCOMPARE(panel->heatmap()->rowMarker(), 0);
        QCOMPARE(panel->heatmap()->columnMarker(), -1); // [CLS] is not a patch
        panel->setQuery(3);
        QCOMPARE(panel->heatmap()->rowMarker(), 3);
        QCOMPARE(panel->heatmap()->columnMarker(), 3);
        panel->setLayer(VitAttentionPanel::kRollout); // markers survive a new matrix
        QCOMPARE(panel->heatmap()->rowMarker(), 3);
        panel->setQuery(0);
        QCOMPARE(panel->heatmap()->columnMarker(), -1);
    }

    // A colour picture of another size is converted; the page says so, from the engine's own images
    // (what was read, what the model saw). A picture already the model's size says nothing.
    void convertedImageIsAnnounced() {
        VisionPage page;
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        attn::Image colour(3, 10, 14);
        for (int c = 0; c < 3; ++c)
            for (int y = 0; y < 10; ++y)
                for (int x = 0; x < 14; ++x)
                    colour.at(c, y, x) = static_cast<float>((c + x + y) % 5) / 4.0f;
        page.session()->setImage(colour, QStringLiteral("colour"));
        QVERIFY(waitUntilIdle(page));
        const QString text = page.attentionPanel()->sourceText();
        QVERIFY2(text.contains(QStringLiteral("colour → grey")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("resized from 14×10 px")), qPrintable(text));
        attn::Image same(1, 8, 8);
        page.session()->setImage(same, QStringLiteral("same"));
        QVERIFY(waitUntilIdle(page));
        QVERIFY2(!page.attentionPanel()->sourceText().contains(QStringLiteral("Converted")),
                 qPrintable(page.attentionPanel()->sourceText()));
    }

    // Open image… of a picture replaces the browsed dataset image: the list no longer marks #N.
    void openedPictureClearsTheListSelection() {
        attn::datasets::Images images;
        images.count = 3;
        images.rows = images.cols = 8;
        images.pixels.assign(3 * 64, 100);
        const QString imgPath = tmp_.filePath(QStringLiteral("sel-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(imgPath.toStdString(), images);
        VisionPage page;
        page.browser()->setAutoPredict(false);
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.openFile(imgPath, 1);
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.browser()->selectedRow(), 1);
        QImage picture(12, 12, QImage::Format_RGB32);
        picture.fill(QColor(30, 200, 90));
        const QString png = tmp_.filePath(QStringLiteral("picture.png"));
        QVERIFY(picture.save(png));
        page.openFile(png);
        QVERIFY(waitUntilIdle(page));
        QVERIFY2(!page.errorVisible(), qPrintable(page.errorText()));
        QCOMPARE(page.session()->analysis()->source, QStringLiteral("picture.png"));
        QCOMPARE(page.browser()->selectedRow(), -1);
    }

    // Issue 49 point 5: after Open image… the header above the list still read "<set>: 3 images" as if
    // the set's image were shown. It names the opened picture first, and the set again once one of its
    // images is picked.
    void openedPictureLeftTheDatasetInTheHeader() {
        attn::datasets::Images images;
        images.count = 3;
        images.rows = images.cols = 8;
        images.pixels.assign(3 * 64, 100);
        const QString imgPath = tmp_.filePath(QStringLiteral("head-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(imgPath.toStdString(), images);
        VisionPage page;
        page.browser()->setAutoPredict(false);
        page.loadModel(kVit);
        QVERIFY(waitUntilIdle(page));
        page.openFile(imgPath, 1);
        QVERIFY(waitUntilIdle(page));
        const QString setHeader = QStringLiteral("<b>head-images-idx3-ubyte</b>: 3 images 8×8, no labels");
        QCOMPARE(page.browser()->headerText(), setHeader);
        QImage picture(12, 12, QImage::Format_RGB32);
        picture.fill(QColor(200, 30, 90));
        const QString png = tmp_.filePath(QStringLiteral("header-picture.png"));
        QVERIFY(picture.save(png));
        page.openFile(png);
        QVERIFY(waitUntilIdle(page));
        const QString header = page.browser()->headerText();
        QVERIFY2(
            header.startsWith(QStringLiteral("Shown: <b>header-picture.png</b>, an opened image, not from "
                                             "this list.")) &&
                header.contains(setHeader),
            qPrintable(header));
        // Back to the set: its header alone.
        page.session()->browse(2);
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.browser()->headerText(), setHeader);

        // Without a set: the picture, and that there is nothing to browse.
        VisionPage lone;
        lone.loadModel(kVit);
        lone.start();
        QVERIFY(waitUntilIdle(lone));
        lone.openFile(png);
        QVERIFY(waitUntilIdle(lone));
        QCOMPARE(lone.browser()->headerText(),
                 QStringLiteral("Shown: <b>header-picture.png</b>, an opened image. No dataset to browse."));
    }

    // Teaching mode: the probability bars' text grows with the page (a QCustomPlot is not scaled by
    // the page's fonts) and the ten Fashion-MNIST classes still get a text line each: "Trouser" was
    // drawn over "Pullover" at 1280 x 800.
    void probabilityLabelsGrowAndDoNotOverlapInTeachingMode() {
        VisionPage page;
        page.loadModel(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/vit-fashion-mnist"));
        QVERIFY(waitUntilIdle(page));
        page.session()->setImage(attn::Image(1, 28, 28), QStringLiteral("blank"));
        QVERIFY(waitUntilIdle(page));
        auto* bars = page.attentionPanel()->probabilities();
        QCOMPARE(bars->values().size(), std::size_t(10));
        const double before = bars->plot()->yAxis->tickLabelFont().pointSizeF();
        page.setTeachingMode(true);
        page.resize(1280, 800);
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        QVERIFY(waitUntilIdle(page));
        bars->plot()->replot();
        const double after = bars->plot()->yAxis->tickLabelFont().pointSizeF();
        QVERIFY2(after > before * 1.3, qPrintable(QStringLiteral("%1 -> %2 pt").arg(before).arg(after)));
        const double spacing =
            std::abs(bars->plot()->yAxis->coordToPixel(1) - bars->plot()->yAxis->coordToPixel(0));
        const int line = QFontMetrics(bars->plot()->yAxis->tickLabelFont()).height();
        QVERIFY2(spacing >= line,
                 qPrintable(QStringLiteral("bars %1 px apart, labels %2 px high").arg(spacing).arg(line)));
    }

    // Teaching mode at 1280 x 800: the shipped ViT's 17 x 17 attention map (CLS + 16 patches) prints its
    // weights in the cells (about 20 px wide, too narrow for "0.00": they read ".06"), each its cell's
    // value rounded to 2 decimals.
    void attentionMapPrintsItsWeightsInTeachingMode() {
        VisionPage page;
        page.loadModel(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/vit-fashion-mnist"));
        QVERIFY(waitUntilIdle(page));
        attn::Image image(1, 28, 28);
        for (int i = 0; i < 28 * 28; ++i)
            image.data[size_t(i)] = float(i % 29) / 29.0f;
        page.session()->setImage(image, QStringLiteral("stripes"));
        QVERIFY(waitUntilIdle(page));
        page.setTeachingMode(true);
        page.resize(1280, 800);
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        QVERIFY(waitUntilIdle(page));
        HeatmapView* map = page.attentionPanel()->heatmap();
        (void)map->grab();
        (void)map->grab();
        QCOMPARE(map->matrix().rows(), Eigen::Index(17));
        for (int r : {0, 8, 16})
            for (int c : {0, 5, 16}) {
                const QString text = map->drawnValue(r, c);
                QVERIFY2(!text.isEmpty(), qPrintable(QStringLiteral("cell (%1, %2) is blank").arg(r).arg(c)));
                QVERIFY2(text.startsWith(QLatin1Char('.')), qPrintable(text)); // the narrow cells' form
                QCOMPARE(text.toDouble(), std::round(double(map->matrix()(r, c)) * 100.0) / 100.0);
            }
    }

private:
    QTemporaryDir tmp_;
    std::shared_ptr<const attn::VitModel> ref_;
};

QTEST_MAIN(TestVisionPage)
#include "tst_vision_page.moc"
