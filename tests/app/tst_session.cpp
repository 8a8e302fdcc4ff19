// Qt Test for issue 48's session files: File → Save session writes every page's state, and opening it in
// another window (models read again from disk) restores each page exactly — the same state value and the
// same main matrix, cell for cell. A bad file is refused naming the file and key and changes nothing; a
// missing model gives that page its default and the others open; a session in Chinese switches the
// language; `attnviz --session` and `render --session` start from a file.

#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"
#include "main_window.hpp"
#include "pages/generate/generate_page.hpp"
#include "pages/heads/heads_page.hpp"
#include "pages/heads/heads_setup_panel.hpp"
#include "pages/sentiment/sentiment_page.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "pages/transformer/transformer_whatif_panel.hpp"
#include "pages/translation/translation_page.hpp"
#include "pages/vision/vision_page.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/language.hpp"
#include "services/model_handle.hpp"
#include "services/model_slot.hpp"
#include "services/resource_paths.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <attn/datasets/idx.hpp>
#include <attn/models/universal_sentence_encoder.hpp>
#include <attn/session/session_file.hpp>

namespace {

template <typename P> P* pageAt(MainWindow& window, int index) {
    return qobject_cast<P*>(window.tabs()->widget(index));
}

Page* page(MainWindow& window, int index) {
    return qobject_cast<Page*>(window.tabs()->widget(index));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

/// The main matrix each page shows (its export heatmap), or an empty matrix.
attn::Matrix mainMatrix(Page* p) {
    HeatmapView* view = p->currentHeatmap();
    return view ? view->matrix() : attn::Matrix();
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        qputenv("ATTNVIZ_VISION_DATASET", "");
        qputenv("ATTNVIZ_CACHE_DIR", QByteArray(configDir_.path().toLocal8Bit())); // the Heads page's surveys
        QVERIFY(language::install(QStringLiteral("en")));
    }
    void cleanup() { language::install(QStringLiteral("en")); }

    void everyPageComesBackFromAFile() {
        // The session's folder holds a dataset: it is written relative to the session file.
        QTemporaryDir folder;
        QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("data")));
        attn::datasets::Images images;
        images.count = 5;
        images.rows = images.cols = 28;
        images.pixels.resize(5 * 28 * 28);
        for (std::size_t i = 0; i < images.pixels.size(); ++i)
            images.pixels[i] = static_cast<unsigned char>((i * 37 + i / 784 * 11) % 256);
        const QString idx = folder.filePath(QStringLiteral("data/s-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(idx.toStdString(), images);

        MainWindow first;
        QVERIFY(testutil::settlePages(first.tabs()));
        auto* walk = pageAt<WalkthroughPage>(first, 0);
        walk->setQueryText(QStringLiteral("she improved"));
        walk->setKeysText(QStringLiteral("the student asked"));
        walk->setScoring(attn::Scoring::Dot);
        walk->setProjection(attn::ProjectionMode::Random, 7);
        walk->setStep(WalkthroughStep::Weights);
        walk->setSelectedQuery(1);

        auto* trans = pageAt<TranslationPage>(first, 1);
        trans->setText(QStringLiteral("the book is very interesting"));
        trans->runNow();
        QVERIFY(waitUntilIdle(trans));
        trans->chooseToken(2, trans->result()->candidates[2][1].id);
        QVERIFY(waitUntilIdle(trans));
        trans->setStep(3);

        auto* senti = pageAt<SentimentPage>(first, 2);
        senti->setText(QStringLiteral("a moving and beautiful film"));
        senti->setPadTo(12);
        senti->setMaskPadding(false);
        senti->runNow();
        QVERIFY(waitUntilIdle(senti));
        senti->selectView(1, 2);
        senti->selectRow(3);

        auto* vision = pageAt<VisionPage>(first, 3);
        vision->openFile(idx, 3);
        QVERIFY(waitUntilIdle(vision));
        QVERIFY(vision->session()->analysis());

        auto* layer = pageAt<TransformerPage>(first, 4);
        layer->setText(QStringLiteral("the film was not good"));
        layer->runNow();
        QVERIFY(waitUntilIdle(layer));
        layer->setLayer(1);
        layer->setHead(2);
        layer->setToken(3);
        layer->setStep(transformer::Step::Attention);
        layer->whatIfPanel()->noResidual1()->setChecked(true);
        QVERIFY(waitUntilIdle(layer));

        auto* gen = pageAt<GeneratePage>(first, 5);
        QVERIFY(gen->generateSteps(3));
        QVERIFY(waitUntilIdle(gen));
        gen->selectHead(0, 1);
        gen->selectStep(2);

        auto* heads = pageAt<HeadsPage>(first, 6); // issue 54: a survey of 50 sentences, one head selected
        heads->setup()->setLimit(50);
        heads->runSurvey();
        QVERIFY(waitUntilIdle(heads));
        heads->selectMetric(attn::analysis::Metric::Self);
        heads->selectHead(1, 3);

        first.tabs()->setCurrentIndex(4);
        first.setTeachingMode(true);
        first.setZoomPercent(125);
        first.setParagraphsShown(false);
        QVERIFY(testutil::settlePages(first.tabs()));

        std::vector<attn::session::PageState> before;
        std::vector<attn::Matrix> matrices;
        for (int i = 0; i < first.tabs()->count(); ++i) {
            before.push_back(page(first, i)->saveState());
            matrices.push_back(mainMatrix(page(first, i)));
        }
        const std::vector<int> genIds = gen->generatedIds();

        const QString file = folder.filePath(QStringLiteral("class.attnviz"));
        QString error;
        QVERIFY2(first.saveSession(file, &error), qPrintable(error));
        const QByteArray text = readAll(file);
        QVERIFY(text.contains("\"format\": \"attnviz-session\""));
        QVERIFY2(text.contains("\"path\": \"data/s-images-idx3-ubyte\""), text.constData()); // relative
        QVERIFY(text.contains("\"shipped\": \"sentiment\""));

        MainWindow second;
        QVERIFY(testutil::settlePages(second.tabs()));
        QVERIFY2(second.openSession(file, &error, /*quiet=*/true), qPrintable(error));
        QVERIFY(testutil::settlePages(second.tabs()));
        QVERIFY(second.sessionProblems().isEmpty());
        QCOMPARE(second.tabs()->currentIndex(), 4);
        QCOMPARE(second.zoomPercent(), 125);
        QVERIFY(!second.paragraphsShown());
        QVERIFY(page(second, 0)->teachingMode());
        const char* names[] = {"walkthrough", "translation", "sentiment", "vision",
                               "transformer", "generate",    "heads",     "similarity"};
        QCOMPARE(second.tabs()->count(), int(std::size(names)));
        // The Similarity page draws a matrix only when the Universal Sentence Encoder is installed
        // (./test.sh installs it); without it the page's state must still come back.
        const bool sentenceEncoder = attn::UniversalSentenceEncoder::looksLikeModel(
            attn::UniversalSentenceEncoder::defaultDirectory());
        for (int i = 0; i < second.tabs()->count(); ++i) {
            QVERIFY2(page(second, i)->saveState() == before[static_cast<std::size_t>(i)], names[i]);
            if (i == 7 && !sentenceEncoder)
                continue;
            QVERIFY2(matrices[static_cast<std::size_t>(i)].size() > 0, names[i]);
            QVERIFY2(testutil::identical(mainMatrix(page(second, i)), matrices[static_cast<std::size_t>(i)]),
                     names[i]);
        }
        QCOMPARE(pageAt<GeneratePage>(second, 5)->generatedIds(), genIds);
        QVERIFY(pageAt<TransformerPage>(second, 4)->whatIfPanel()->noResidual1()->isChecked());
        QCOMPARE(pageAt<TranslationPage>(second, 1)->forcing(), TranslationPage::Forcing::Choice);
    }

    void aBadFileChangesNothing() {
        QTemporaryDir folder;
        MainWindow window;
        QVERIFY(testutil::settlePages(window.tabs()));
        pageAt<WalkthroughPage>(window, 0)->setQueryText(QStringLiteral("she asked"));
        window.tabs()->setCurrentIndex(2);
        QVERIFY(testutil::settlePages(window.tabs()));
        const attn::session::Session before = window.captureSession();
        const struct {
            const char* name;
            QByteArray text;
            const char* mentions; // the key or the place the message names
        } cases[] = {
            {"not-json", "{\"format\": \"attnviz-session\", \"version\": 1,", "byte"},
            {"newer", R"({"format": "attnviz-session", "version": 99})", "version 1"},
            {"wrong-type", R"({"format": "attnviz-session", "version": 1, "teaching": "yes"})", "teaching"},
            {"huge-step",
             R"({"format": "attnviz-session", "version": 1, "pages": {"translation": {"step": 1000000000}}})",
             "pages.translation.step"},
            {"bad-step-name",
             R"({"format": "attnviz-session", "version": 1, "pages": {"transformer": {"step": "softmax"}}})",
             "pages.transformer.step"},
        };
        for (const auto& c : cases) {
            const QString file = folder.filePath(QString::fromLatin1(c.name) + QStringLiteral(".attnviz"));
            writeFile(file, c.text);
            QString error;
            QVERIFY2(!window.openSession(file, &error, /*quiet=*/true), c.name);
            QVERIFY2(error.contains(QFileInfo(file).fileName()), qPrintable(error));
            QVERIFY2(error.contains(QLatin1String(c.mentions)), qPrintable(error));
            QVERIFY(testutil::settlePages(window.tabs()));
            QVERIFY2(window.captureSession() == before, c.name);
        }
        QCOMPARE(window.tabs()->currentIndex(), 2);
    }

    void aMissingModelGivesThatPageItsDefault() {
        QTemporaryDir folder;
        const QString file = folder.filePath(QStringLiteral("moved.attnviz"));
        writeFile(file, R"({"format": "attnviz-session", "version": 1, "front": "sentiment",
            "pages": {"sentiment": {"text": "a dull film", "model": {"path": "models/gone"}},
                      "walkthrough": {"query": "she improved", "keys": "the teacher"}}})");
        MainWindow window;
        QVERIFY(testutil::settlePages(window.tabs()));
        QString error;
        QVERIFY2(window.openSession(file, &error, /*quiet=*/true), qPrintable(error));
        QVERIFY(testutil::settlePages(window.tabs()));
        QCOMPARE(window.sessionProblems().size(), 1);
        QVERIFY2(window.sessionProblems().front().contains(QStringLiteral("models/gone")),
                 qPrintable(window.sessionProblems().front()));
        auto* senti = pageAt<SentimentPage>(window, 2);
        QCOMPARE(QFileInfo(senti->modelSlot()->directory()),
                 QFileInfo(shippedModelDir(QStringLiteral("sentiment"))));
        QCOMPARE(senti->resultText(), QStringLiteral("a dull film"));
        QCOMPARE(window.tabs()->currentIndex(), 2);
        auto* walk = pageAt<WalkthroughPage>(window, 0);
        QVERIFY(walk->result());
        QCOMPARE(walk->result()->queryTokens.size(), std::size_t(2));
    }

    void aChineseSessionSwitchesTheLanguage() {
        QTemporaryDir folder;
        const QString file = folder.filePath(QStringLiteral("zh.attnviz"));
        writeFile(file, R"({"format": "attnviz-session", "version": 1, "language": "zh_CN",
            "pages": {"walkthrough": {"query": "she improved", "keys": "the teacher", "step": "weights"}}})");
        MainWindow window;
        QVERIFY(testutil::settlePages(window.tabs()));
        QString error;
        QVERIFY2(window.openSession(file, &error, /*quiet=*/true), qPrintable(error));
        QTRY_COMPARE(window.tabs()->tabText(0), QStringLiteral("逐步演示"));
        QVERIFY(testutil::settlePages(window.tabs()));
        auto* walk = pageAt<WalkthroughPage>(window, 0);
        QCOMPARE(walk->step(), WalkthroughStep::Weights);
        QVERIFY(walk->result());
        QCOMPARE(walk->result()->keyTokens.size(), std::size_t(2));
    }

    void renderSessionDrawsThePageItLeft() {
        QTemporaryDir folder;
        const QString file = folder.filePath(QStringLiteral("w.attnviz"));
        writeFile(file, R"({"format": "attnviz-session", "version": 1, "front": "walkthrough",
            "pages": {"walkthrough": {"query": "she", "keys": "improve the", "toy": true, "scoring": "dot"}}})");
        const QString png = folder.filePath(QStringLiteral("w.png"));
        const auto run = testutil::runAttnviz({QStringLiteral("render"), QStringLiteral("--session"), file,
                                               QStringLiteral("--width"), QStringLiteral("1280"),
                                               QStringLiteral("--height"), QStringLiteral("800"),
                                               QStringLiteral("--png"), png});
        QVERIFY2(run.code == 0, run.err.constData());
        QCOMPARE(QImage(png).size(), QSize(1280, 800));

        writeFile(file, R"({"format": "attnviz-session", "version": 2})");
        const auto bad = testutil::runAttnviz(
            {QStringLiteral("render"), QStringLiteral("--session"), file, QStringLiteral("--png"), png});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("w.attnviz") && bad.err.contains("version 1"), bad.err.constData());
        const auto mixed = testutil::runAttnviz({QStringLiteral("render"), QStringLiteral("--session"), file,
                                                 QStringLiteral("--text"), QStringLiteral("x"),
                                                 QStringLiteral("--png"), png});
        QCOMPARE(mixed.code, 2);
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestSession)
#include "tst_session.moc"
