// The Sentiment and Vision pages with Hugging Face classifiers (issue 16, point 2): each page opens its
// fixture (tests/data/hf/bert-tiny*, vit-tiny) and the numbers it shows equal the fixture's PyTorch
// reference (expected.json, written by training/hf_reference.py) to 1e-4 and the core's own forward
// to 1e-6; the mask demo equals the unpadded run; the Explain tab equals the PyTorch reference of
// training/make_hf_explain_fixtures.py (and says why for an activation without a backward); a failed
// load keeps the previous model and says why; `attnviz render --model HF-DIR` writes a PNG or fails
// naming the file.

#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"
#include "pages/explain/explain_panel.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/vision/dataset_browser.hpp"
#include "pages/vision/position_embedding_panel.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/vision/vit_attention_panel.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"
#include "widgets/patch_grid_view.hpp"

#include <QFile>
#include <QImage>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>
#include <attn/datasets/idx.hpp>
#include <attn/hf/bert.hpp>
#include <attn/hf/load.hpp>
#include <attn/hf/vit.hpp>
#include <attn/image.hpp>
#include <filesystem>
#include <fstream>

namespace {

using testutil::compareMatrix;

const QString kHf = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/");
// The text of expected.json's first case: tokenizer case 2 gives the same ids.
const QString kText = QStringLiteral("The film was unaffable... not good!");
constexpr double kRefTol = 1e-4; // PyTorch reference (and F16 / BF16 weights read as F32)
constexpr double kCoreTol = 1e-6;

nlohmann::json readJson(const QString& path) {
    std::ifstream in(path.toStdString());
    return nlohmann::json::parse(in);
}

attn::Matrix toMatrix(const nlohmann::json& rows) {
    attn::Matrix m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.at(0).size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            m(i, j) = rows.at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(j)).get<float>();
    return m;
}

void compareValues(const std::vector<float>& got, const nlohmann::json& want, double tolerance) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] - want[i].get<float>()) <= tolerance,
                 qPrintable(QStringLiteral("[%1]: %2 vs %3").arg(i).arg(got[i]).arg(want[i].get<float>())));
}

void loadSentiment(SentimentPage& page, const QString& dir) {
    page.modelSlot()->load(dir);
    QVERIFY(waitUntilIdle(page.modelSlot()));
    QVERIFY2(page.modelSlot()->lastError().isEmpty(), qPrintable(page.modelSlot()->lastError()));
    QVERIFY(waitUntilIdle(page));
}

void classify(SentimentPage& page, const QString& text) {
    page.setText(text);
    page.runNow();
    QVERIFY(waitUntilIdle(page.jobs()));
    QVERIFY(page.result().has_value());
    QCOMPARE(page.resultText(), text);
}

/// expected.json's test image (H x W x C bytes) in [0, 1].
attn::Image referenceImage(const nlohmann::json& exp) {
    const auto& im = exp.at("image");
    std::vector<std::uint8_t> bytes;
    for (const auto& row : im.at("bytes"))
        for (const auto& px : row)
            for (const auto& v : px)
                bytes.push_back(v.get<std::uint8_t>());
    return attn::imageFromBytes(bytes.data(), im.at("channels").get<int>(), im.at("height").get<int>(),
                                im.at("width").get<int>(), /*interleaved=*/true);
}

/// A copy of `from` whose config.json is replaced by `config` (the weights stay).
QString brokenCopy(const QTemporaryDir& tmp, const QString& from, const QByteArray& config) {
    const QString dir = tmp.filePath(QStringLiteral("broken"));
    std::filesystem::create_directories(dir.toStdString());
    for (const char* f : {"model.safetensors", "vocab.txt", "tokenizer_config.json"})
        QFile::copy(from + QLatin1Char('/') + QLatin1String(f), dir + QLatin1Char('/') + QLatin1String(f));
    QFile out(dir + QStringLiteral("/config.json"));
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(config);
    return dir;
}

/// What ModelBar::dropEvent does with a drop of `path`.
bool dropOn(ModelBar* bar, const QString& path) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    return bar->loadDropped(&mime);
}

} // namespace

class TestHfPages : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        testutil::isolateSettings(configDir_);
        qputenv("ATTNVIZ_VISION_DATASET", "");
        qputenv("ATTNVIZ_RESOURCES", QFile::encodeName(configDir_.path())); // no shipped default models
    }

    void sentimentShowsTheReference_data() {
        QTest::addColumn<QString>("fixture");
        QTest::newRow("f32") << QStringLiteral("bert-tiny");
        QTest::newRow("f16") << QStringLiteral("bert-tiny-f16");
        QTest::newRow("bf16") << QStringLiteral("bert-tiny-bf16");
    }
    void sentimentShowsTheReference() {
        QFETCH(QString, fixture);
        const QString dir = kHf + fixture;
        SentimentPage page;
        loadSentiment(page, dir);
        QCOMPARE(page.modelSlot()->displayName(), fixture);
        classify(page, kText);
        const auto& r = *page.result();
        const auto exp = readJson(dir + QStringLiteral("/expected.json")).at("cases").at(0);

        // WordPiece ids and tokens as the core's tokenizer gives them; the class names from id2label.
        QCOMPARE(r.ids, exp.at("ids").get<std::vector<int>>());
        const auto core =
            std::dynamic_pointer_cast<const attn::hf::BertModel>(attn::hf::loadModel(dir.toStdString()));
        QVERIFY(core);
        QCOMPARE(testutil::labels(r.tokens), testutil::labels(core->tokenLabels(r.ids)));
        QCOMPARE(page.mainHeatmap()->rowLabels(), testutil::labels(r.tokens));
        QCOMPARE(page.mainHeatmap()->rowLabels().first(), QStringLiteral("[CLS]"));
        compareValues(r.probabilities, exp.at("probabilities"), kRefTol);
        compareValues(r.logits, exp.at("logits"), kRefTol);
        QVERIFY2(page.probabilityText().startsWith(QStringLiteral("negative  ")) &&
                     page.probabilityText().contains(QStringLiteral("; neutral  ")) &&
                     page.probabilityText().contains(QStringLiteral("; positive  ")),
                 qPrintable(page.probabilityText()));

        // Every head on the large map and its thumbnail: PyTorch's maps to 1e-4, the core's to 1e-6.
        const auto want = core->forward(r.ids);
        compareValues(r.probabilities, nlohmann::json(want.probabilities), kCoreTol);
        const auto& att = exp.at("attention");
        QCOMPARE(r.attention.size(), att.size());
        for (int l = 0; l < int(att.size()); ++l)
            for (int h = 0; h < int(att[size_t(l)].size()); ++h) {
                page.selectView(l, h);
                compareMatrix(page.mainHeatmap()->matrix(), toMatrix(att[size_t(l)][size_t(h)]), kRefTol);
                compareMatrix(page.thumbnail(l, h)->matrix(), want.attention[size_t(l)][size_t(h)], kCoreTol);
            }
        // The pooled shading reads the [CLS] row (BERT's pooler).
        page.selectView(1, 2);
        const attn::Matrix& m = want.attention[1][2];
        QCOMPARE(page.pooledWeights().size(), int(m.cols()));
        for (int j = 0; j < int(m.cols()); ++j)
            QVERIFY(std::abs(page.pooledWeights()[j] - m(0, j)) <= kCoreTol);
    }

    // As with attnviz's own models, a word the vocabulary lacks is shown as typed and marked; the id is
    // [UNK]'s. Pieces keep their "##".
    void unknownWordsShowAsTyped() {
        SentimentPage page;
        loadSentiment(page, kHf + QStringLiteral("bert-tiny"));
        classify(page, QStringLiteral("The film was Wonderful, unaffable"));
        const auto& r = *page.result();
        QCOMPARE(testutil::labels(r.tokens), (QStringList{"[CLS]", "the", "film", "was", "wonderful", ",",
                                                          "un", "##aff", "##able", "[SEP]"}));
        const auto core = attn::hf::loadModel((kHf + QStringLiteral("bert-tiny")).toStdString());
        QCOMPARE(r.ids, core->tokenizer()->encode("The film was Wonderful, unaffable"));
        QCOMPARE(r.ids[4], core->tokenizer()->idOf("[UNK]"));
        QVERIFY2(page.legendText().contains(QStringLiteral("[UNK]")), qPrintable(page.legendText()));
    }

    void sentimentMaskDemoEqualsTheUnpaddedRun() {
        SentimentPage page;
        loadSentiment(page, kHf + QStringLiteral("bert-tiny"));
        classify(page, kText);
        const attn::ClassifierResult plain = *page.result();
        const int T = int(plain.ids.size());
        page.setPadTo(T + 6);
        page.setMaskPadding(true);
        classify(page, kText);
        const auto& masked = *page.result();
        QCOMPARE(int(masked.ids.size()), T + 6);
        QCOMPARE(QString::fromStdString(masked.tokens.back()), QStringLiteral("[PAD]"));
        // transformers' attention_mask: the pads get weight 0 as keys, so the real rows and the
        // prediction are those of the unpadded sequence.
        for (std::size_t l = 0; l < masked.attention.size(); ++l)
            for (std::size_t h = 0; h < masked.attention[l].size(); ++h) {
                const attn::Matrix& a = masked.attention[l][h];
                compareMatrix(a.topLeftCorner(T, T), plain.attention[l][h], 1e-5);
                QCOMPARE(a.rightCols(6).cwiseAbs().maxCoeff(), 0.0f);
            }
        compareValues(masked.probabilities, nlohmann::json(plain.probabilities), 1e-5);
        // Without the mask the real words attend to the pads and the probabilities drift.
        const auto& unmasked = *page.oppositeResult();
        double drift = 0;
        for (std::size_t i = 0; i < plain.probabilities.size(); ++i)
            drift = std::max(drift, double(std::abs(unmasked.probabilities[i] - plain.probabilities[i])));
        QVERIFY2(drift > 1e-3, qPrintable(QString::number(drift)));
        QVERIFY2(page.comparisonText().contains(QStringLiteral("6 pad token")),
                 qPrintable(page.comparisonText()));
        QVERIFY2(page.legendText().contains(QStringLiteral("[PAD]")), qPrintable(page.legendText()));
    }

    void sentimentFailedLoadKeepsTheModel() {
        SentimentPage page;
        loadSentiment(page, kHf + QStringLiteral("bert-tiny"));
        classify(page, kText);
        const auto before = page.modelSlot()->textClassifier();
        const auto tryLoad = [&](const QString& dir) {
            page.modelSlot()->load(dir);
            QVERIFY(waitUntilIdle(page.modelSlot()));
            QCOMPARE(page.modelSlot()->textClassifier(), before);
            QCOMPARE(page.modelSlot()->displayName(), QStringLiteral("bert-tiny"));
        };
        // A decoder: no Sentiment view, refused from config.json before the weights are read.
        tryLoad(kHf + QStringLiteral("gpt-nano-sort"));
        QVERIFY2(page.errorText().contains(QStringLiteral("gpt-nano-sort/config.json")) &&
                     page.errorText().contains(QStringLiteral("gpt2")),
                 qPrintable(page.errorText()));
        // A ViT: another page's model.
        tryLoad(kHf + QStringLiteral("vit-tiny"));
        QVERIFY2(page.errorText().contains(QStringLiteral("vit")), qPrintable(page.errorText()));
        // A broken config.json: the byte offset of the syntax error.
        QTemporaryDir tmp;
        const QString broken =
            brokenCopy(tmp, kHf + QStringLiteral("bert-tiny"), "{\"model_type\": \"bert\",");
        tryLoad(broken);
        QVERIFY2(page.errorText().contains(QStringLiteral("broken/config.json")),
                 qPrintable(page.errorText()));
        // Weights that do not fit config.json (2 layers stored, 3 configured): the missing tensor is named.
        QTemporaryDir tmp2;
        auto cfg = readJson(kHf + QStringLiteral("bert-tiny/config.json"));
        cfg["num_hidden_layers"] = 3; // the weights have 2 layers
        tryLoad(brokenCopy(tmp2, kHf + QStringLiteral("bert-tiny"), QByteArray::fromStdString(cfg.dump())));
        QVERIFY2(page.errorText().contains(QStringLiteral("layer")), qPrintable(page.errorText()));
        // The page still shows the model's result.
        QVERIFY(page.result().has_value());
        QCOMPARE(page.resultText(), kText);
    }

    void sentimentOpensADroppedDirectory() {
        SentimentPage page;
        auto* bar = page.findChild<ModelBar*>();
        QVERIFY(bar);
        QVERIFY(dropOn(bar, kHf + QStringLiteral("bert-tiny/config.json"))); // a file inside counts
        QVERIFY(waitUntilIdle(page.modelSlot()));
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.modelSlot()->displayName(), QStringLiteral("bert-tiny"));
        QVERIFY(page.modelSlot()->textClassifier());
        QVERIFY(page.modelSlot()->handle().kind.huggingFace);
        QCOMPARE(page.modelSlot()->familyName(), QStringLiteral("bert"));
    }

    void sentimentExplainsTheHfModel() {
        // The Explain tab on bert-tiny: the numbers of the PyTorch reference
        // (training/make_hf_explain_fixtures.py, the same text as kText).
        const auto ref = readJson(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/explain/hf-bert-tiny.json"));
        QCOMPARE(QString::fromStdString(ref.at("text").get<std::string>()), kText);
        SentimentPage page;
        loadSentiment(page, kHf + QStringLiteral("bert-tiny"));
        classify(page, kText);
        auto* panel = page.findChild<ExplainPanel*>();
        QVERIFY(panel);
        panel->setMethods({"gradient", "rollout", "ablation"});
        QSignalSpy done(panel, &ExplainPanel::finished);
        panel->explainNow();
        QVERIFY(done.wait(60000));
        QVERIFY2(panel->outcome(), qPrintable(panel->statusText()));
        const auto& o = *panel->outcome();
        QCOMPARE(o.labels.size(), std::size_t{12}); // the tokens between [CLS] and [SEP]
        QCOMPARE(o.labels.front(), std::string("the"));
        const auto& e = o.explanation;
        QCOMPARE(e.base.predicted, ref.at("predicted").get<int>());
        const auto& rel = e.methods.at("gradient").relevance;
        const auto& want = ref.at("relevance");
        QCOMPARE(rel.size(), want.size());
        for (std::size_t i = 0; i < rel.size(); ++i)
            QVERIFY2(
                std::abs(rel[i] - want[i].get<double>()) <= 1e-4,
                qPrintable(QStringLiteral("[%1]: %2 vs %3").arg(i).arg(rel[i]).arg(want[i].get<double>())));
        QVERIFY(e.ablation);
        const double p = e.ablation->baseProbability;
        for (std::size_t l = 0; l < 2; ++l)
            for (std::size_t h = 0; h < 4; ++h)
                QVERIFY(std::abs(p - e.ablation->effect[l][h] - ref.at("ablated")[l][h].get<double>()) <=
                        1e-5);
    }

    // The Explain tab labels a word bert-tiny's vocabulary lacks as the Attention tab does: as typed
    // ("Wonderful" is [UNK] to the model; unaffable's pieces keep their "##").
    void explainTabShowsUnknownWordsAsTyped() {
        SentimentPage page;
        loadSentiment(page, kHf + QStringLiteral("bert-tiny"));
        classify(page, QStringLiteral("The film was Wonderful, unaffable"));
        auto* panel = page.findChild<ExplainPanel*>();
        QVERIFY(panel);
        panel->setMethods({"rollout"});
        QSignalSpy done(panel, &ExplainPanel::finished);
        panel->explainNow();
        QVERIFY(done.wait(60000));
        QVERIFY2(panel->outcome(), qPrintable(panel->statusText()));
        QCOMPARE(testutil::labels(panel->outcome()->labels),
                 (QStringList{"the", "film", "was", "wonderful", ",", "un", "##aff", "##able"}));
        // ... and marked, as on the Attention tab.
        QCOMPARE(panel->outcome()->unknown,
                 (std::vector<bool>{false, false, false, true, false, false, false, false}));
    }

    void explainTabSaysWhyNotForAnotherActivation() {
        QTemporaryDir tmp;
        auto cfg = readJson(kHf + QStringLiteral("bert-tiny/config.json"));
        cfg["hidden_act"] = "gelu_new";
        const QString dir =
            brokenCopy(tmp, kHf + QStringLiteral("bert-tiny"), QByteArray::fromStdString(cfg.dump()));
        SentimentPage page;
        loadSentiment(page, dir);
        classify(page, kText);
        auto* panel = page.findChild<ExplainPanel*>();
        QVERIFY(panel);
        panel->explainNow();
        QVERIFY(!panel->isBusy());
        QVERIFY2(panel->statusText().contains(QStringLiteral("hidden_act 'gelu_new'")),
                 qPrintable(panel->statusText()));
    }

    void visionShowsTheReference() {
        const QString dir = kHf + QStringLiteral("vit-tiny");
        const auto exp = readJson(dir + QStringLiteral("/expected.json"));
        VisionPage page;
        page.loadModel(dir);
        QVERIFY(waitUntilIdle(page));
        QVERIFY2(!page.errorVisible(), qPrintable(page.errorText()));
        const auto model = page.session()->model();
        QVERIFY(model);
        // The patch grid from config.json's patch_size: 32 / 8 = 4 x 4 patches.
        QCOMPARE(model->settings().patchSize, 8);
        QCOMPARE(model->settings().patchesPerSide(), 4);
        QCOMPARE(model->labels(), (std::vector<std::string>{"cat", "dog", "bird", "fish"}));

        // Position embeddings tab: the cosine of the file's position_embeddings rows (patches), by hand.
        const auto core =
            std::dynamic_pointer_cast<const attn::hf::ViTModel>(attn::hf::loadModel(dir.toStdString()));
        QVERIFY(core);
        const attn::Matrix& pos = core->positionEmbeddings(); // 17 x 16, [CLS] first
        const attn::Matrix& sim = page.positionPanel()->view()->similarity();
        QCOMPARE(sim.rows(), 16);
        for (int i = 0; i < 16; ++i)
            for (int j = 0; j < 16; ++j) {
                const double cosine =
                    pos.row(i + 1).dot(pos.row(j + 1)) / (pos.row(i + 1).norm() * pos.row(j + 1).norm());
                QVERIFY(std::abs(sim(i, j) - cosine) <= 1e-5);
            }

        const attn::Image image = referenceImage(exp);
        page.session()->setImage(image, QStringLiteral("reference"));
        QVERIFY(waitUntilIdle(page));
        const auto& a = page.session()->analysis();
        QVERIFY(a);
        compareValues(a->result.probabilities, exp.at("probabilities"), kRefTol);
        QCOMPARE(a->result.predictedLabel, std::string("fish"));
        // What the model sees: the preprocessor's resize (Pillow's bytes, resized_bytes) / 255.
        QCOMPARE(a->modelView.height, 32);
        QCOMPARE(a->modelView.width, 32);
        const auto& bytes = exp.at("resized_bytes");
        double worst = 0;
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                for (int c = 0; c < 3; ++c)
                    worst = std::max(worst,
                                     std::abs(double(a->modelView.at(c, y, x)) -
                                              bytes[size_t(y)][size_t(x)][size_t(c)].get<double>() / 255.0));
        QVERIFY2(worst <= 1e-6, qPrintable(QString::number(worst)));

        // The Explain tab on the same image: the PyTorch reference's gradient relevance and head tests.
        const auto ref = readJson(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/explain/hf-vit-tiny.json"));
        auto* panel = page.findChild<ExplainPanel*>();
        QVERIFY(panel);
        panel->setMethods({"gradient", "ablation"});
        QSignalSpy done(panel, &ExplainPanel::finished);
        panel->explainNow();
        QVERIFY(done.wait(60000));
        QVERIFY2(panel->outcome(), qPrintable(panel->statusText()));
        QCOMPARE(panel->outcome()->patchesPerSide, 4);
        const auto& rel = panel->outcome()->explanation.methods.at("gradient").relevance;
        QCOMPARE(rel.size(), std::size_t{16});
        for (std::size_t i = 0; i < rel.size(); ++i)
            QVERIFY(std::abs(rel[i] - ref.at("relevance")[i].get<double>()) <= 1e-4);

        // A chosen head and a clicked patch: the heatmap and the overlay are PyTorch's map.
        const auto& att = exp.at("attention");
        page.attentionPanel()->setLayer(1);
        page.attentionPanel()->setHead(0);
        const attn::Matrix want = toMatrix(att[1][0]);
        compareMatrix(page.attentionPanel()->heatmap()->matrix(), want, kRefTol);
        QCOMPARE(page.attentionPanel()->heatmap()->rowLabels().at(1), QStringLiteral("r0c0"));
        page.attentionPanel()->setQuery(6); // patch r1c1
        const auto overlay = page.attentionPanel()->patchGrid()->overlay();
        QCOMPARE(int(overlay.size()), 16);
        for (int p = 0; p < 16; ++p)
            QVERIFY(std::abs(overlay[size_t(p)] - want(6, p + 1)) <= kRefTol);
    }

    // Regression: Fashion-MNIST's labels 0..9 were named with a four-class model's classes ("#2 dog"),
    // and a prediction was marked ✓ against a label the model cannot output.
    void datasetLabelsBeyondTheModelsClassesAreNotCompared() {
        attn::datasets::Images images;
        images.count = 3;
        images.rows = images.cols = 8;
        images.pixels.resize(3 * 64);
        for (std::size_t i = 0; i < images.pixels.size(); ++i)
            images.pixels[i] = static_cast<unsigned char>((i * 37) % 256);
        QTemporaryDir tmp;
        const QString imgPath = tmp.filePath(QStringLiteral("t-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(imgPath.toStdString(), images);
        attn::datasets::writeIdxLabels(tmp.filePath(QStringLiteral("t-labels-idx1-ubyte")).toStdString(),
                                       {1, 9, 2});
        VisionPage page;
        page.loadModel(kHf + QStringLiteral("vit-tiny"));
        QVERIFY(waitUntilIdle(page));
        page.openFile(imgPath, 0);
        QVERIFY(waitUntilIdle(page));
        QVERIFY2(!page.errorVisible(), qPrintable(page.errorText()));
        QCOMPARE(page.session()->datasetLabel(0), -1);
        QCOMPARE(page.session()->analysis()->trueLabel, -1);
        page.browser()->setMistakesOnly(true);
        QCOMPARE(page.browser()->visibleRows(), 0);
    }

    void visionFailedLoadKeepsTheModel() {
        VisionPage page;
        page.loadModel(kHf + QStringLiteral("vit-tiny"));
        QVERIFY(waitUntilIdle(page));
        const auto before = page.session()->model();
        QVERIFY(before);
        page.loadModel(kHf + QStringLiteral("bert-tiny"));
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.session()->model(), before);
        QVERIFY(page.errorVisible());
        QVERIFY2(page.errorText().contains(QStringLiteral("bert-tiny")), qPrintable(page.errorText()));
        page.loadModel(kHf + QStringLiteral("llama-tied"));
        QVERIFY(waitUntilIdle(page));
        QCOMPARE(page.session()->model(), before);
        QVERIFY2(page.errorText().contains(QStringLiteral("llama-tied/config.json")),
                 qPrintable(page.errorText()));
    }

    void renderWritesAPng_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("fixture");
        QTest::newRow("sentiment") << QStringLiteral("sentiment") << QStringLiteral("bert-tiny");
        QTest::newRow("vision") << QStringLiteral("vision") << QStringLiteral("vit-tiny");
    }
    void renderWritesAPng() {
        QFETCH(QString, view);
        QFETCH(QString, fixture);
        QTemporaryDir tmp;
        const QString png = tmp.filePath(QStringLiteral("page.png"));
        QStringList args{QStringLiteral("render"),
                         QStringLiteral("--view"),
                         view,
                         QStringLiteral("--model"),
                         kHf + fixture,
                         QStringLiteral("--png"),
                         png};
        if (view == QStringLiteral("vision"))
            args << QStringLiteral("--image") << kHf + QStringLiteral("vit-tiny/image.png");
        const auto run = testutil::runAttnviz(args);
        QVERIFY2(run.code == 0, run.err.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 800 && image.height() > 500);
    }

    void renderRefusesAWrongDirectory() {
        QTemporaryDir tmp;
        const QString png = tmp.filePath(QStringLiteral("page.png"));
        auto run = testutil::runAttnviz({QStringLiteral("render"), QStringLiteral("--view"),
                                         QStringLiteral("vision"), QStringLiteral("--model"),
                                         kHf + QStringLiteral("bert-tiny"), QStringLiteral("--png"), png});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("bert-tiny") && run.err.contains("vit"), run.err.constData());
        run = testutil::runAttnviz({QStringLiteral("render"), QStringLiteral("--view"),
                                    QStringLiteral("sentiment"), QStringLiteral("--model"),
                                    kHf + QStringLiteral("gpt-nano-sort"), QStringLiteral("--png"), png});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("gpt-nano-sort/config.json"), run.err.constData());
        QVERIFY(!QFile::exists(png));
    }

    // The Walkthrough's learned projections: a Hugging Face encoder's heads read its own embeddings, not
    // word vectors; the command says so naming config.json (it said 'architecture "" has no learned
    // projections').
    void walkthroughSaysWhyAHfEncoderCannotProject() {
        const auto run = testutil::runAttnviz({QStringLiteral("walkthrough"), QStringLiteral("--query"),
                                               QStringLiteral("she went home"),
                                               QStringLiteral("--projection"), QStringLiteral("learned"),
                                               QStringLiteral("--model"), kHf + QStringLiteral("bert-tiny")});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("bert-tiny/config.json: a Hugging Face bert model (hidden_size 32)") &&
                     run.err.contains("cannot use them as learned projections"),
                 run.err.constData());
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestHfPages)
#include "tst_hf_pages.moc"
