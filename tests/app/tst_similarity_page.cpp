// The Similarity page (issue 55 point 4) on the Universal Sentence Encoder lite:
//   - its matrix is core's attn::similarityMatrix of the same sentences (the model read here on its own)
//     and the independent numpy reference (tests/data/use/forward.json) at 1e-5; the selected
//     sentence's map is core's at every layer and head, with the tokenizer's pieces (▁ kept) as labels;
//   - the presets (the USE demo's six sentences, the chapter's);
//   - without the model (ATTNVIZ_DATA_DIR an empty folder) the page says so and how to install it;
//   - an empty sentence is refused with a message and the matrix shown stays; an input over 128 pieces
//     shows the model's truncation warning;
//   - the page state round trip (sentences, selection, layer, head), also through a session's JSON;
//   - the CSV export holds core's numbers;
//   - the Transformer page opens the USE folder and steps through it (every step filled, the widening
//     layer's projected residual, 2·E + the timing halves named).
// Tests that need the model skip, saying how to install it, when it is not installed.

#include "attnviz_test_paths.hpp"
#include "pages/similarity/sentence_list_panel.hpp"
#include "pages/similarity/similarity_attention_panel.hpp"
#include "pages/similarity/similarity_page.hpp"
#include "pages/similarity/similarity_presets.hpp"
#include "pages/transformer/transformer_page.hpp"
#include "services/model_slot.hpp"
#include "services/wait.hpp"
#include "test_util.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/models/universal_sentence_encoder.hpp>
#include <attn/session/session_file.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

namespace {

constexpr double kTolerance = 1e-5;

bool installed() {
    return attn::UniversalSentenceEncoder::looksLikeModel(attn::UniversalSentenceEncoder::defaultDirectory());
}

#define REQUIRE_MODEL()                                                                                      \
    do {                                                                                                     \
        if (!installed())                                                                                    \
            QSKIP("the Universal Sentence Encoder lite is not installed in <data dir>/models/use-lite "      \
                  "(run cmake/install-use-model.sh; ./test.sh does)");                                       \
    } while (false)

const nlohmann::json& reference() {
    static const nlohmann::json j = [] {
        std::ifstream in(ATTNVIZ_TEST_DATA_DIR "/use/forward.json");
        return nlohmann::json::parse(in);
    }();
    return j;
}

/// The model read by core on its own (not through the page).
std::shared_ptr<const attn::UniversalSentenceEncoder> coreModel() {
    static const auto m =
        attn::UniversalSentenceEncoder::open(attn::UniversalSentenceEncoder::defaultDirectory());
    return m;
}

bool settle(Page& page) {
    return waitUntilIdle(page, 120000);
}

/// The page's matrix (its result and its heatmap) equals core's similarityMatrix of `sentences`.
void matrixIsCores(const SimilarityPage& page, const QStringList& sentences) {
    QVERIFY(page.result().has_value());
    QCOMPARE(page.result()->sentences, sentences);
    std::vector<std::vector<float>> vectors;
    for (const QString& s : sentences)
        vectors.push_back(coreModel()->encode(s.toStdString()).vector);
    const auto want = attn::similarityMatrix(vectors);
    const auto& got = page.result()->similarity;
    QCOMPARE(got.size(), want.size());
    const attn::Matrix& shown = page.matrixView()->matrix();
    QCOMPARE(shown.rows(), Eigen::Index(want.size()));
    for (std::size_t i = 0; i < want.size(); ++i)
        for (std::size_t j = 0; j < want.size(); ++j) {
            QVERIFY2(std::abs(got[i][j] - want[i][j]) <= 1e-12,
                     qPrintable(QStringLiteral("%1,%2").arg(i).arg(j)));
            QVERIFY(std::abs(double(shown(Eigen::Index(i), Eigen::Index(j))) - want[i][j]) <= 1e-6);
        }
}

} // namespace

class TestSimilarityPage : public QObject {
    Q_OBJECT
    QTemporaryDir config_;

private Q_SLOTS:
    void initTestCase() { testutil::isolateSettings(config_); }

    void demoMatrixEqualsCoreAndTheNumpyReference() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(settle(page));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        const QStringList demo = similarity::demoSentences();
        QCOMPARE(page.sentences(), demo);
        matrixIsCores(page, demo);
        const auto& ref = reference().at("similarity");
        QCOMPARE(ref.at("sentences").get<std::vector<std::string>>().size(), std::size_t(demo.size()));
        for (int i = 0; i < demo.size(); ++i) {
            QCOMPARE(QString::fromStdString(ref.at("sentences")[std::size_t(i)].get<std::string>()), demo[i]);
            for (int j = 0; j < demo.size(); ++j)
                QVERIFY2(std::abs(page.result()->similarity[std::size_t(i)][std::size_t(j)] -
                                  ref.at("matrix")[std::size_t(i)][std::size_t(j)].get<double>()) <=
                             kTolerance,
                         qPrintable(QStringLiteral("%1,%2").arg(i).arg(j)));
        }
        // The demo's pattern: the age pair is the most alike.
        QVERIFY(page.result()->similarity[2][3] > 0.8);
    }

    void selectedSentenceShowsCoresMapWithPieces() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(settle(page));
        // "Your cellphone looks great." (sentence 2): pieces as the tokenizer gives them, ▁ visible.
        page.selectSentence(1);
        const auto& want = reference().at("sentences")[1];
        QCOMPARE(want.at("text").get<std::string>(), std::string("Your cellphone looks great."));
        const QStringList pieces = testutil::labels(want.at("pieces").get<std::vector<std::string>>());
        QVERIFY(pieces.first().startsWith(QStringLiteral("▁")));
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 4; ++h) {
                page.setLayer(l);
                page.setHead(h);
                QCOMPARE(page.layer(), l);
                QCOMPARE(page.head(), h);
                HeatmapView* map = page.attentionPanel()->map();
                QCOMPARE(map->rowLabels(), pieces);
                QCOMPARE(map->columnLabels(), pieces);
                const auto& ref = want.at("attention")[std::size_t(l)][std::size_t(h)];
                const attn::Matrix& got = map->matrix();
                for (Eigen::Index q = 0; q < got.rows(); ++q)
                    for (Eigen::Index k = 0; k < got.cols(); ++k)
                        QVERIFY(std::abs(double(got(q, k)) -
                                         ref[std::size_t(q)][std::size_t(k)].get<double>()) <= kTolerance);
                // The same as core's encode of the sentence.
                testutil::compareMatrix(
                    got, coreModel()->encode(want.at("text")).attention[std::size_t(l)][std::size_t(h)], 0);
            }
        QCOMPARE(page.attentionPanel()->layerBox()->count(), 2);
        QCOMPARE(page.attentionPanel()->headBox()->count(), 4);
    }

    void chapterPresetAndTypedSentences() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(settle(page));
        page.sentencePanel()->choosePreset(1);
        QVERIFY(settle(page));
        const QStringList chapter = similarity::chapterSentences();
        QCOMPARE(page.sentences(), chapter);
        QVERIFY(chapter.contains(QStringLiteral("The teacher praised a student because she improved")));
        QVERIFY(chapter.contains(QStringLiteral("A student asked the teacher to help her improve")));
        matrixIsCores(page, chapter);
        // The chapter's two sentences agree with the numpy reference's vectors.
        const auto& s = reference().at("sentences");
        const auto a = s[6].at("vector").get<std::vector<double>>(),
                   b = s[7].at("vector").get<std::vector<double>>();
        double dot = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
            dot += a[i] * b[i];
        QVERIFY(std::abs(page.result()->similarity[0][1] - dot) <= kTolerance);
        // Back to the demo, and a sentence added by hand.
        page.sentencePanel()->choosePreset(0);
        QVERIFY(settle(page));
        QCOMPARE(page.sentences(), similarity::demoSentences());
        page.sentencePanel()->addSentence(QStringLiteral("My phone is old."));
        QVERIFY(settle(page));
        QCOMPARE(page.result()->sentences.size(), 7);
        matrixIsCores(page, page.sentences());
        page.sentencePanel()->removeSentence(6);
        QVERIFY(settle(page));
        QCOMPARE(page.result()->sentences.size(), 6);
    }

    void emptySentenceIsRefusedAndThePreviousResultStays() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(settle(page));
        const auto before = page.result()->similarity;
        const attn::Matrix shown = page.matrixView()->matrix();
        QStringList s = page.sentences();
        s[2] = QStringLiteral("   ");
        page.setSentences(s);
        QVERIFY(settle(page));
        QVERIFY2(page.errorText().contains(QStringLiteral("Sentence 3 is empty")),
                 qPrintable(page.errorText()));
        QCOMPARE(page.result()->similarity, before);
        QVERIFY(testutil::identical(page.matrixView()->matrix(), shown));
        // A text the model finds no pieces in is refused by core; the result stays too.
        s[2] = QStringLiteral("How old are you?");
        page.setSentences(s);
        QVERIFY(settle(page));
        QVERIFY(page.errorText().isEmpty());
        page.setSentences({QStringLiteral("One sentence only")});
        QVERIFY(settle(page));
        QVERIFY(page.errorText().contains(QStringLiteral("at least two")));
        QCOMPARE(page.result()->similarity, before);
    }

    void longInputShowsTheTruncationWarning() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(settle(page));
        page.setSentences({QStringLiteral("word ").repeated(150).trimmed(), QStringLiteral("A short one.")});
        QVERIFY(settle(page));
        page.selectSentence(0);
        QCOMPARE(page.result()->encodings[0].ids.size(), std::size_t(128));
        QVERIFY2(page.attentionPanel()->notes().contains(QStringLiteral("truncated to the first 128")),
                 qPrintable(page.attentionPanel()->notes()));
        QCOMPARE(page.attentionPanel()->map()->matrix().rows(), 128);
    }

    void missingModelSaysHowToInstallIt() {
        QTemporaryDir empty;
        const QByteArray old = qgetenv("ATTNVIZ_DATA_DIR");
        qputenv("ATTNVIZ_DATA_DIR", empty.path().toLocal8Bit());
        {
            SimilarityPage page;
            page.start();
            QVERIFY(settle(page));
            const QString text = page.missingModelText();
            QVERIFY2(text.contains(QStringLiteral("not installed")), qPrintable(text));
            QVERIFY(text.contains(QStringLiteral("cmake/install-use-model.sh")));
            QVERIFY(text.contains(QStringLiteral("./run.sh")));
            QVERIFY(!page.result());
            // Nothing crashes without a model: edits, selection, export.
            page.setSentences({QStringLiteral("a"), QStringLiteral("b")});
            page.selectSentence(1);
            page.setLayer(1);
            QVERIFY(settle(page));
            QString error;
            QVERIFY(!page.exportSimilarityCsv(empty.filePath(QStringLiteral("m.csv")), &error));
            QVERIFY(!error.isEmpty());
            const auto st = std::get<attn::session::SimilarityState>(page.saveState());
            QCOMPARE(st.sentences.size(), std::size_t(2));
        }
        if (old.isNull())
            qunsetenv("ATTNVIZ_DATA_DIR");
        else
            qputenv("ATTNVIZ_DATA_DIR", old);
    }

    void pageStateRoundTrip() {
        // Without a model too: the state is the page's inputs and selections.
        attn::session::SimilarityState st;
        st.sentences = {"The teacher praised a student because she improved",
                        "A student asked the teacher to help her improve", "It rained."};
        st.selected = 1;
        st.layer = 1;
        st.head = 2;
        SimilarityPage page;
        page.restoreState(st, {});
        page.start();
        QVERIFY(settle(page));
        QCOMPARE(page.saveState(), attn::session::PageState(st));
        // Through a session file's JSON and back.
        attn::session::Session session;
        session.pages.push_back(st);
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("s.attnviz")).toStdString();
        attn::session::writeSession(session, file);
        const auto read = attn::session::readSession(file);
        QCOMPARE(read.pages.size(), std::size_t(1));
        QCOMPARE(read.pages[0], attn::session::PageState(st));
        if (installed()) {
            QVERIFY(page.result().has_value());
            QCOMPARE(page.selectedSentence(), 1);
            QCOMPARE(page.attentionPanel()->layer(), 1);
            QCOMPARE(page.attentionPanel()->head(), 2);
            // The language switch: a new page takes the state and the model in memory (not read again).
            SimilarityPage next;
            page.carryStateTo(&next);
            next.start();
            QVERIFY(settle(next));
            QCOMPARE(next.saveState(), page.saveState());
            QVERIFY(next.modelSlot()->handle().sameModel(page.modelSlot()->handle()));
            QCOMPARE(next.result()->similarity, page.result()->similarity);
        }
    }

    void csvExportHoldsCoresNumbers() {
        REQUIRE_MODEL();
        SimilarityPage page;
        page.start();
        QVERIFY(settle(page));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("similarity.csv"));
        QString error;
        QVERIFY2(page.exportSimilarityCsv(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(f.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 7); // header + 6 rows
        const QStringList row4 = lines[4].split(QLatin1Char(','));
        QCOMPARE(row4.size(), 7);
        // lines[4]: sentence 4 ("What is your age?"): its label, then its cosine with sentences 1..6.
        QVERIFY(row4[0].endsWith(QStringLiteral("What is your age?")));
        QVERIFY(std::abs(row4[3].toDouble() - page.result()->similarity[3][2]) < 1e-6);
        QVERIFY(std::abs(row4[4].toDouble() - page.result()->similarity[3][3]) < 1e-6);
        QVERIFY2(page.exportAttentionImage(dir.filePath(QStringLiteral("map.png")), &error),
                 qPrintable(error));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("map.png"))));
    }

    void transformerPageStepsThroughUse() {
        REQUIRE_MODEL();
        TransformerPage page;
        page.modelSlot()->load(
            QString::fromStdString(attn::UniversalSentenceEncoder::defaultDirectory().string()));
        QVERIFY(settle(page));
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        QVERIFY(page.trace().has_value());
        const auto& ref = reference().at("sentences")[6]; // the page's default sentence
        QCOMPARE(page.trace()->result.tokens, ref.at("pieces").get<std::vector<std::string>>());
        for (int l = 0; l < 2; ++l) {
            page.setLayer(l);
            QVERIFY(settle(page));
            for (int s = 0; s < 7; ++s) {
                page.setStep(transformer::Step(s));
                QVERIFY(settle(page));
                const QString where = QStringLiteral("layer %1 step %2").arg(l + 1).arg(s + 1);
                QVERIFY2(!page.headingText().isEmpty(), qPrintable(where));
                QVERIFY2(!page.explanationText().isEmpty(), qPrintable(where));
                QVERIFY2(page.largeView()->matrix().size() > 0, qPrintable(where));
                if (s == int(transformer::Step::Embeddings)) {
                    QVERIFY2(page.explanationText().contains(QStringLiteral("Timing signal")),
                             qPrintable(where));
                    QVERIFY(page.thumbnail(0)->toolTip().contains(QStringLiteral("2·module/Embeddings_en")));
                }
                if (s == int(transformer::Step::Attention)) {
                    const auto& want = ref.at("attention")[std::size_t(l)][std::size_t(page.head())];
                    const attn::Matrix& got = page.largeView()->matrix();
                    for (Eigen::Index q = 0; q < got.rows(); ++q)
                        for (Eigen::Index k = 0; k < got.cols(); ++k)
                            QVERIFY(std::abs(double(got(q, k)) -
                                             want[std::size_t(q)][std::size_t(k)].get<double>()) <=
                                    kTolerance);
                }
                if (s == int(transformer::Step::Norm1) && l == 0)
                    QVERIFY2(page.explanationText().contains(QStringLiteral("256 → 512")), qPrintable(where));
                if (s == int(transformer::Step::Output) && l == 1)
                    QVERIFY2(page.explanationText().contains(QStringLiteral("L2 normalisation")),
                             qPrintable(page.explanationText()));
            }
        }
    }
};

QTEST_MAIN(TestSimilarityPage)
#include "tst_similarity_page.moc"
