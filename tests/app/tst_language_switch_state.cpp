// Qt Test for issue 20's live switch: View → Language builds every page again in the new language, and
// each page must come back as the user left it — typed text, opened model (the same loaded object, not
// read from disk again), options, and the step / head / row on screen — with the same numbers.

#include "attnviz_test_paths.hpp"
#include "main_window.hpp"
#include "pages/generate/generate_page.hpp"
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
#include "services/wait.hpp"
#include "test_util.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <attn/datasets/idx.hpp>

namespace {

template <typename P> P* pageAt(MainWindow& window, int index) {
    return qobject_cast<P*>(window.tabs()->widget(index));
}

} // namespace

class TestLanguageSwitchState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        qputenv("ATTNVIZ_VISION_DATASET", "");
        QVERIFY(language::install(QStringLiteral("en")));
    }
    void cleanup() { language::install(QStringLiteral("en")); }

    void everyPageKeepsWhatTheUserHad() {
        // A small IDX set for the Vision page (the shipped ViT reads 28 x 28 gray images).
        attn::datasets::Images images;
        images.count = 5;
        images.rows = images.cols = 28;
        images.pixels.resize(5 * 28 * 28);
        for (std::size_t i = 0; i < images.pixels.size(); ++i)
            images.pixels[i] = static_cast<unsigned char>((i * 37 + i / 784 * 11) % 256);
        const QString idx = configDir_.filePath(QStringLiteral("s-images-idx3-ubyte"));
        attn::datasets::writeIdxImages(idx.toStdString(), images);

        MainWindow window;
        window.show();
        QVERIFY(testutil::settlePages(window.tabs()));

        auto* walk = pageAt<WalkthroughPage>(window, 0);
        walk->setQueryText(QStringLiteral("she improved"));
        walk->setKeysText(QStringLiteral("the student asked"));
        walk->setScoring(attn::Scoring::Dot);
        walk->setStep(WalkthroughStep::Scaled);
        walk->setSelectedQuery(1);
        QVERIFY(walk->result());
        const attn::Matrix walkWeights = walk->result()->steps.weights;

        auto* trans = pageAt<TranslationPage>(window, 1);
        trans->setText(QStringLiteral("the book is very interesting"));
        trans->runNow();
        QVERIFY(waitUntilIdle(trans));
        trans->setStep(2);
        QVERIFY(trans->result());
        // A token chosen on the step panel: the decoder's second candidate at step 3.
        trans->chooseToken(2, trans->result()->candidates[2][1].id);
        QVERIFY(waitUntilIdle(trans));
        QCOMPARE(trans->forcing(), TranslationPage::Forcing::Choice);
        QCOMPARE(trans->result()->forcedSteps, 3);
        const auto transOut = trans->result()->outputTokens;
        const auto transModel = trans->modelSlot()->translator();
        QVERIFY(transModel);

        auto* senti = pageAt<SentimentPage>(window, 2);
        senti->setText(QStringLiteral("a moving and beautiful film"));
        senti->setPadTo(12);
        senti->setMaskPadding(false);
        senti->runNow();
        QVERIFY(waitUntilIdle(senti));
        senti->selectView(1, 2);
        senti->selectRow(3);
        const QString sentiProbs = senti->probabilityText();

        auto* vision = pageAt<VisionPage>(window, 3);
        vision->openFile(idx, 3);
        QVERIFY(waitUntilIdle(vision));
        QVERIFY(vision->session()->analysis());
        const QString visionSource = vision->session()->analysis()->source;
        const auto visionModel = vision->modelSlot()->imageClassifier();

        auto* layer = pageAt<TransformerPage>(window, 4);
        layer->setText(QStringLiteral("the film was not good"));
        layer->runNow();
        QVERIFY(waitUntilIdle(layer));
        layer->setLayer(1);
        layer->setHead(2);
        layer->setToken(3);
        layer->setStep(transformer::Step::FeedForward);
        layer->whatIfPanel()->noResidual1()->setChecked(true); // a what-if: reruns the sentence
        layer->whatIfPanel()->ablate()->setCurrentIndex(2);
        QVERIFY(waitUntilIdle(layer));
        QVERIFY(layer->whatIfTrace());
        const std::vector<float> whatIfProbs = layer->whatIfTrace()->result.probabilities;

        auto* gen = pageAt<GeneratePage>(window, 5);
        QVERIFY(gen->generateSteps(4));
        QVERIFY(waitUntilIdle(gen));
        gen->selectHead(0, 1);
        gen->selectStep(2);
        const std::vector<int> genIds = gen->generatedIds();
        QCOMPARE(genIds.size(), std::size_t(5)); // the first token on load, then four
        const QString genPrompt = gen->promptText();

        resetModelReadLog();
        QVERIFY(language::choose(QStringLiteral("zh_CN")));
        QTRY_COMPARE(window.tabs()->tabText(0), QStringLiteral("逐步演示"));
        QVERIFY(testutil::settlePages(window.tabs()));
        // The models were handed over, not read from disk again.
        QVERIFY2(modelReadLog().isEmpty(), qPrintable(modelReadLog().join(QLatin1Char(' '))));

        walk = pageAt<WalkthroughPage>(window, 0);
        QVERIFY(walk->result());
        QCOMPARE(walk->step(), WalkthroughStep::Scaled);
        QCOMPARE(walk->selectedQuery(), 1);
        QCOMPARE(walk->result()->queryTokens.size(), std::size_t(2));
        QCOMPARE(walk->result()->keyTokens.size(), std::size_t(3));
        QVERIFY(testutil::identical(walk->result()->steps.weights, walkWeights));

        trans = pageAt<TranslationPage>(window, 1);
        QCOMPARE(trans->resultText(), QStringLiteral("the book is very interesting"));
        QCOMPARE(trans->modelSlot()->translator(), transModel);
        QVERIFY(trans->result());
        QCOMPARE(trans->result()->outputTokens, transOut);
        QCOMPARE(trans->forcing(), TranslationPage::Forcing::Choice);
        QCOMPARE(trans->result()->forcedSteps, 3);
        QVERIFY(trans->attentionOutputText().contains(QStringLiteral("有注意力")));
        QCOMPARE(trans->step(), 2);

        senti = pageAt<SentimentPage>(window, 2);
        QCOMPARE(senti->resultText(), QStringLiteral("a moving and beautiful film"));
        QCOMPARE(senti->selectedLayer(), 1);
        QCOMPARE(senti->selectedHead(), 2);
        QCOMPARE(senti->selectedRow(), 3);
        QVERIFY(senti->result());
        QCOMPARE(senti->result()->tokens.size(), std::size_t(12)); // padded to 12, as before
        // Unmasked, as before: the same probabilities, the class names now in Chinese.
        QCOMPARE(senti->probabilityText(), QString(sentiProbs)
                                               .replace(QStringLiteral("negative"), QStringLiteral("负面"))
                                               .replace(QStringLiteral("positive"), QStringLiteral("正面")));

        vision = pageAt<VisionPage>(window, 3);
        QCOMPARE(vision->modelSlot()->imageClassifier(), visionModel);
        QVERIFY(vision->session()->dataset());
        QCOMPARE(vision->session()->browsedIndex(), 3);
        QVERIFY(vision->session()->analysis());
        QCOMPARE(vision->session()->analysis()->source, visionSource);

        layer = pageAt<TransformerPage>(window, 4);
        QCOMPARE(layer->step(), transformer::Step::FeedForward);
        QCOMPARE(layer->layer(), 1);
        QCOMPARE(layer->head(), 2);
        QCOMPARE(layer->token(), 3);
        QVERIFY(layer->trace());
        QVERIFY(layer->whatIfPanel()->noResidual1()->isChecked());
        QCOMPARE(layer->whatIfPanel()->ablate()->currentIndex(), 2);
        QVERIFY(layer->whatIfTrace());
        QCOMPARE(layer->whatIfTrace()->result.probabilities,
                 whatIfProbs); // the same what-if, the same numbers

        gen = pageAt<GeneratePage>(window, 5);
        QCOMPARE(gen->promptText(), genPrompt);
        QCOMPARE(gen->generatedIds(), genIds); // the same prompt, options and seed make the same tokens
        QCOMPARE(gen->selectedStep(), 2);
        QCOMPARE(gen->selectedLayer(), 0);
        QCOMPARE(gen->selectedHead(), 1);
    }

    // A translation given to the decoders is given again on the new page, at the same step.
    void aGivenTranslationIsGivenAgain() {
        MainWindow window;
        QVERIFY(testutil::settlePages(window.tabs()));
        auto* trans = pageAt<TranslationPage>(window, 1);
        trans->setText(QString::fromUtf8(TranslationPage::presets()[0].english));
        trans->runNow();
        QVERIFY(waitUntilIdle(trans));
        trans->followTranslation(QStringLiteral("el libro que compré es muy interesante ."));
        QVERIFY(waitUntilIdle(trans));
        trans->setStep(3);
        QCOMPARE(trans->forcing(), TranslationPage::Forcing::Given);
        const auto ids = trans->result()->outputIds;
        const QString perplexity = trans->attentionPerplexityText();
        QVERIFY(!perplexity.isEmpty());
        QVERIFY(language::choose(QStringLiteral("zh_CN")));
        QTRY_COMPARE(window.tabs()->tabText(0), QStringLiteral("逐步演示"));
        QVERIFY(testutil::settlePages(window.tabs()));
        trans = pageAt<TranslationPage>(window, 1);
        QCOMPARE(trans->forcing(), TranslationPage::Forcing::Given);
        QCOMPARE(trans->result()->outputIds, ids);
        QCOMPARE(trans->step(), 3);
        QVERIFY(!trans->attentionPerplexityText().isEmpty());
    }

    // A model still loading when the language changes is loaded on the new page.
    void aLoadInFlightIsStartedAgain() {
        MainWindow window;
        QVERIFY(testutil::settlePages(window.tabs()));
        auto* trans = pageAt<TranslationPage>(window, 1);
        const QString dir = trans->modelSlot()->directory();
        trans->modelSlot()->load(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/parity/s2s_additive"), false);
        QVERIFY(trans->modelSlot()->isLoading());
        QVERIFY(language::choose(QStringLiteral("zh_CN")));
        QTRY_COMPARE(window.tabs()->tabText(0), QStringLiteral("逐步演示"));
        QVERIFY(testutil::settlePages(window.tabs()));
        trans = pageAt<TranslationPage>(window, 1);
        QVERIFY(trans->modelSlot()->directory().endsWith(QStringLiteral("s2s_additive")));
        QVERIFY(trans->modelSlot()->directory() != dir);
    }

private:
    QTemporaryDir configDir_;
};

QTEST_MAIN(TestLanguageSwitchState)
#include "tst_language_switch_state.moc"
