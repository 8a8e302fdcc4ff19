// Qt Test for issue 52's `attnviz lesson` and the question evaluator behind it (app/lesson/question_eval):
// every stop of a lesson is restored headless and its question answered from the page's numbers, which
// are checked against independent references — the chapter's toy scores (0.90 / 0.20), PyTorch's
// probabilities and attention for the shipped sentiment model (tests/data/explain/models.json), PyTorch's
// probabilities with a head ablated (gradients.json), PyTorch's greedy translations
// (tests/data/decode) scored by a chrF written here from its definition, and the engine's traced forward
// called directly. `lesson --stop N --png` draws a stop; a bad lesson or a stop that cannot be answered
// exits 1 naming the file or the stop.

#include "attnviz_test_paths.hpp"
#include "cli/restored_page.hpp"
#include "cli_run.hpp"
#include "lesson/question_eval.hpp"
#include "pages/page.hpp"
#include "services/embedding_store.hpp"
#include "services/language.hpp"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <attn/checkpoint.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

constexpr double kTolerance = 1e-5; // float32 engine against float64 references

// The shipped sentiment model's fixture sentence (tests/data/explain/models.json, gradients.json).
constexpr const char* kFixtureSentence = "the food was not good but the service was great .";
// A sentence whose prediction the ablation of layer 1's head 2 turns around (see changesPrediction).
constexpr const char* kFlipSentence = "the film was not good";

/// A JSON value as text to compare: a string as it is, anything else as compact JSON.
QString text(const json& value) {
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

json readFixture(const char* relative) {
    std::ifstream in(std::string(ATTNVIZ_TEST_DATA_DIR) + "/" + relative);
    return json::parse(in);
}

const json& fixtureCase(const json& cases, const std::string& name) {
    for (const json& c : cases)
        if (c.at("name") == name)
            return c;
    throw std::runtime_error("no fixture case " + name);
}

bool writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

json stopJson(const char* page, const json& state, const json& question) {
    json stop = {{"title", {{"en", std::string("Stop on ") + page}, {"zh", std::string("一站：") + page}}},
                 {"narration", {{"en", "What does the page show?"}, {"zh", "这一页显示了什么？"}}},
                 {"page", page},
                 {"state", state}};
    if (!question.is_null())
        stop["question"] = question;
    return stop;
}

json questionJson(const char* kind, const std::string& query = {}, const std::string& metric = {}) {
    json q = {{"kind", kind},
              {"prompt", {{"en", std::string("Question: ") + kind}, {"zh", std::string("问题：") + kind}}},
              {"why", {{"en", "Because of the numbers."}, {"zh", "因为这些数字。"}}}};
    if (!query.empty())
        q["query"] = query;
    if (!metric.empty())
        q["metric"] = metric;
    return q;
}

QByteArray lessonText(const json& stops, int version = 1) {
    const json lesson = {{"format", "attnviz-lesson"},
                         {"version", version},
                         {"title", {{"en", "Attention, step by step"}, {"zh", "注意力，一步一步"}}},
                         {"stops", stops}};
    return QByteArray::fromStdString(lesson.dump(2));
}

/// chrF (Popović 2015) from its definition, for one sentence: character n-grams n = 1..6 over code
/// points with the spaces removed, clipped matches, precision and recall averaged over n, F with beta 2.
double referenceChrF(const QString& hypothesis, const QString& reference) {
    const auto chars = [](QString s) {
        s.remove(QLatin1Char(' '));
        return s.toUcs4();
    };
    const QList<uint> h = chars(hypothesis), r = chars(reference);
    double precision = 0, recall = 0;
    int orders = 0;
    for (int n = 1; n <= 6; ++n) {
        QHash<QList<uint>, int> hc, rc;
        for (int i = 0; i + n <= h.size(); ++i)
            ++hc[h.mid(i, n)];
        for (int i = 0; i + n <= r.size(); ++i)
            ++rc[r.mid(i, n)];
        const int hTotal = std::max<int>(0, int(h.size()) - n + 1),
                  rTotal = std::max<int>(0, int(r.size()) - n + 1);
        if (hTotal == 0 || rTotal == 0)
            continue;
        int matches = 0;
        for (auto it = hc.begin(); it != hc.end(); ++it)
            matches += std::min(it.value(), rc.value(it.key()));
        precision += double(matches) / hTotal;
        recall += double(matches) / rTotal;
        ++orders;
    }
    precision /= orders;
    recall /= orders;
    const double beta2 = 4;
    return precision + recall == 0 ? 0
                                   : 100 * (1 + beta2) * precision * recall / (beta2 * precision + recall);
}

/// PyTorch's greedy translation of `text` by `model` (tests/data/decode), its pieces joined into words.
QString pytorchTranslation(const std::string& model, const std::string& text) {
    const json fixture = readFixture("decode/translation-en-es-top5.json");
    for (const json& m : fixture.at("models"))
        if (m.at("model") == model)
            for (const json& c : m.at("cases"))
                if (c.at("text") == text) {
                    QString out;
                    for (const json& piece : c.at("output_tokens"))
                        if (piece != "</s>")
                            out += QString::fromStdString(piece.get<std::string>());
                    return out.replace(QChar(0x2581), QLatin1Char(' ')).trimmed();
                }
    return {};
}

/// The engine's traced forward of the shipped sentiment model, called directly (no page).
attn::EncoderTrace engineTrace(const std::string& text, int layer, int ablateHead) {
    static const auto model = attn::loadModel(std::string(ATTNVIZ_RESOURCE_DIR) + "/models/sentiment");
    const auto& classifier = dynamic_cast<const attn::TransformerClassifier&>(*model);
    attn::WhatIf whatIf;
    whatIf.encoder.layer = layer;
    whatIf.encoder.switches.heads.ablateHead = ablateHead;
    return classifier.traceWords(attn::tokenize(text), whatIf);
}

} // namespace

class TestLessonCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        qputenv("XDG_CONFIG_HOME", QByteArray(configDir_.path().toLocal8Bit()));
        QVERIFY(language::install(QStringLiteral("en")));
        QVERIFY(folder_.isValid());
        // One lesson with a stop per question kind, checked once by `attnviz lesson --json`.
        const json stops = json::array({
            // 1: the chapter's toy example, scores 0.90 (she·improve) and 0.20 (she·the).
            stopJson("walkthrough",
                     {{"toy", true},
                      {"query", "she"},
                      {"keys", "improve the"},
                      {"scoring", "dot"},
                      {"step", "weights"}},
                     questionJson("top_key", "she")),
            // 2, 3: the sentiment model on the PyTorch fixture's sentence.
            stopJson("sentiment", {{"text", kFixtureSentence}}, questionJson("prediction")),
            stopJson("sentiment", {{"text", kFixtureSentence}},
                     questionJson("top_head", "not", "attention_to")),
            // 4: head 3 of layer 2 ablated (the page's head 3 = "ablate": 3): the prediction stays.
            stopJson("transformer", {{"text", kFixtureSentence}, {"layer", 1}, {"switches", {{"ablate", 3}}}},
                     questionJson("changes_prediction")),
            // 5, 6: head 2 of layer 1 ablated turns this sentence's prediction around.
            stopJson("transformer", {{"text", kFlipSentence}, {"layer", 0}, {"switches", {{"ablate", 2}}}},
                     questionJson("changes_prediction")),
            stopJson("transformer", {{"text", kFlipSentence}, {"layer", 0}, {"switches", {{"ablate", 2}}}},
                     questionJson("prediction")),
            // 7: both translation models on a preset sentence against its reference.
            stopJson("translation",
                     {{"text", "She is reading a book in the garden"},
                      {"reference", "Está leyendo un libro en el jardín."}},
                     questionJson("better_model")),
            // 8: a stop without a question.
            stopJson("walkthrough", {{"toy", true}}, nullptr),
        });
        lessonFile_ = folder_.filePath(QStringLiteral("class.attnviz-lesson"));
        QVERIFY(writeText(lessonFile_, lessonText(stops)));
        const QString out = folder_.filePath(QStringLiteral("class.json"));
        const auto run = testutil::runAttnviz(
            {QStringLiteral("lesson"), QStringLiteral("--file"), lessonFile_, QStringLiteral("--json"), out},
            240000);
        QVERIFY2(run.code == 0, run.err.constData());
        std::ifstream in(QFile::encodeName(out).toStdString());
        result_ = json::parse(in);
    }

    void theJsonListsEveryStop() {
        QCOMPARE(text(result_.at("file")), lessonFile_);
        QCOMPARE(text(result_.at("title").at("zh")), QStringLiteral("注意力，一步一步"));
        const json& stops = result_.at("stops");
        QCOMPARE(stops.size(), std::size_t(8));
        for (std::size_t i = 0; i < stops.size(); ++i)
            QCOMPARE(stops[i].at("index").get<int>(), int(i) + 1);
        QCOMPARE(text(stops[1].at("page")), QStringLiteral("sentiment"));
        QCOMPARE(text(stops[1].at("title").at("en")), QStringLiteral("Stop on sentiment"));
        QVERIFY(stops[7].at("question").is_null());
        const json& q = stops[0].at("question");
        QCOMPARE(text(q.at("kind")), QStringLiteral("top_key"));
        QCOMPARE(text(q.at("prompt").at("zh")), QStringLiteral("问题：top_key"));
        QCOMPARE(q.at("options").size(), q.at("numbers").size());
    }

    void topKeyOnTheToyExample() {
        const json& q = result_.at("stops")[0].at("question");
        QCOMPARE(text(q.at("options")), QStringLiteral(R"(["improve","the"])"));
        QCOMPARE(q.at("answer").get<int>(), 0);
        QCOMPARE(text(q.at("answer_text")), QStringLiteral("improve"));
        QCOMPARE(text(q.at("unit")), QStringLiteral("weight"));
        const double want = std::exp(0.9) / (std::exp(0.9) + std::exp(0.2)); // 0.668188
        QVERIFY(std::abs(q.at("numbers")[0].get<double>() - want) < kTolerance);
        QVERIFY(std::abs(q.at("numbers")[1].get<double>() - (1 - want)) < kTolerance);
    }

    void sentimentPredictionAgainstPyTorch() {
        const json want = fixtureCase(readFixture("explain/models.json"), "sentiment");
        const json& q = result_.at("stops")[1].at("question");
        QCOMPARE(text(q.at("options")), QStringLiteral(R"(["negative","positive"])"));
        QCOMPARE(q.at("answer").get<int>(), want.at("predicted").get<int>());
        QCOMPARE(text(q.at("answer_text")), QStringLiteral("positive"));
        for (int c = 0; c < 2; ++c)
            QVERIFY2(std::abs(q.at("numbers")[c].get<double>() - want.at("probabilities")[c].get<double>()) <
                         kTolerance,
                     q.dump().c_str());
    }

    void sentimentTopHeadAgainstPyTorch() {
        // PyTorch's maps: the mean over the rows of each head's weight on "not" (column 3).
        const json want = fixtureCase(readFixture("explain/models.json"), "sentiment");
        const json& attention = want.at("attention");
        const int column = 3;
        QCOMPARE(text(want.at("tokens")[column]), QStringLiteral("not"));
        std::vector<double> means;
        for (const json& layer : attention)
            for (const json& head : layer) {
                double sum = 0;
                for (const json& row : head)
                    sum += row[column].get<double>();
                means.push_back(sum / double(head.size()));
            }
        const int best = int(std::max_element(means.begin(), means.end()) - means.begin());
        const json& q = result_.at("stops")[2].at("question");
        QCOMPARE(q.at("numbers").size(), means.size());
        QCOMPARE(text(q.at("options")[0]), QStringLiteral("layer 1 · head 1"));
        QCOMPARE(text(q.at("options")[5]), QStringLiteral("layer 2 · head 2"));
        QCOMPARE(q.at("answer").get<int>(), best);
        for (std::size_t h = 0; h < means.size(); ++h)
            QVERIFY2(std::abs(q.at("numbers")[h].get<double>() - means[h]) < kTolerance, q.dump().c_str());
    }

    void changesPredictionAgainstPyTorchAndTheEngine() {
        // Layer 2's head 3 ablated: PyTorch's probability of the predicted class with that head's output
        // zeroed.
        const json want = fixtureCase(readFixture("explain/gradients.json"), "sentiment");
        const json& kept = result_.at("stops")[3].at("question");
        QCOMPARE(text(kept.at("options")), QStringLiteral(R"(["yes","no"])"));
        QCOMPARE(text(kept.at("answer_text")), QStringLiteral("no"));
        QVERIFY(std::abs(kept.at("numbers")[0].get<double>() - want.at("probabilities")[1].get<double>()) <
                kTolerance);
        QVERIFY2(std::abs(kept.at("numbers")[1].get<double>() - want.at("ablated")[1][2].get<double>()) <
                     kTolerance,
                 kept.dump().c_str());

        // Layer 1's head 2 ablated on the other sentence: the engine's forward, called directly.
        const attn::EncoderTrace before = engineTrace(kFlipSentence, 0, -1),
                                 after = engineTrace(kFlipSentence, 0, 1);
        QVERIFY(before.result.predicted != after.result.predicted); // the premise of the question
        const json& flipped = result_.at("stops")[4].at("question");
        QCOMPARE(text(flipped.at("answer_text")), QStringLiteral("yes"));
        const auto was = std::size_t(before.result.predicted);
        QVERIFY(std::abs(flipped.at("numbers")[0].get<double>() - before.result.probabilities[was]) <
                kTolerance);
        QVERIFY(std::abs(flipped.at("numbers")[1].get<double>() - after.result.probabilities[was]) <
                kTolerance);

        // The prediction question at that stop reads the what-if forward (a switch is on).
        const json& predicted = result_.at("stops")[5].at("question");
        QCOMPARE(predicted.at("answer").get<int>(), after.result.predicted);
        for (std::size_t c = 0; c < 2; ++c)
            QVERIFY(std::abs(predicted.at("numbers")[c].get<double>() - after.result.probabilities[c]) <
                    kTolerance);
    }

    void betterModelAgainstPyTorchTranslations() {
        const std::string sentence = "She is reading a book in the garden";
        const QString with = pytorchTranslation("translation-en-es", sentence);
        const QString without = pytorchTranslation("translation-en-es-noattn", sentence);
        QVERIFY(!with.isEmpty() && !without.isEmpty());
        // The reference as the model cards score it: lower case, the full stop split off.
        const QString reference = QStringLiteral("está leyendo un libro en el jardín .");
        const double wantWith = referenceChrF(with, reference),
                     wantWithout = referenceChrF(without, reference);
        const json& q = result_.at("stops")[6].at("question");
        QCOMPARE(text(q.at("options")), QStringLiteral(R"(["with attention","without attention"])"));
        QCOMPARE(text(q.at("unit")), QStringLiteral("chrF"));
        QVERIFY2(std::abs(q.at("numbers")[0].get<double>() - wantWith) < 1e-9, q.dump().c_str());
        QVERIFY2(std::abs(q.at("numbers")[1].get<double>() - wantWithout) < 1e-9, q.dump().c_str());
        QCOMPARE(q.at("answer").get<int>(), wantWithout > wantWith ? 1 : 0);
    }

    void questionsThePageCannotAnswer() {
        // In this process, on Lesson values built in code (no file): the evaluator's refusals.
        EmbeddingStore store;
        store.useEmbeddedDefault();
        std::string failure;
        attn::session::WalkthroughState toy;
        toy.toy = true;
        toy.query = "she";
        toy.keys = "improve the";
        toy.scoring = "dot";
        toy.selectedQuery = 0;
        const attn::session::PageState walkState = toy;
        auto walk = cli::restoredPage("walkthrough", &walkState, store, &failure);
        QVERIFY2(walk, failure.c_str());

        attn::session::Question q;
        q.kind = "top_key"; // no query word: the page's selected row ("she")
        QString error;
        auto answer = evaluateQuestion(q, walk.get(), &error);
        QVERIFY2(answer, qPrintable(error));
        QCOMPARE(answer->options[std::size_t(answer->answer)], std::string("improve"));
        q.query = "zebra";
        QVERIFY(!evaluateQuestion(q, walk.get(), &error));
        QVERIFY2(error.contains(QStringLiteral("zebra")), qPrintable(error));
        q.kind = "prediction";
        QVERIFY(!evaluateQuestion(q, walk.get(), &error));
        QVERIFY2(error.contains(QStringLiteral("Walkthrough")), qPrintable(error));
        q.kind = "no_such_kind";
        QVERIFY(!evaluateQuestion(q, walk.get(), &error));
        QVERIFY2(error.contains(QStringLiteral("no_such_kind")), qPrintable(error));

        // A sentence that is not a preset, with an empty reference box: nothing to score against.
        attn::session::TranslationState noReference;
        noReference.text = "the book is red";
        const attn::session::PageState translationState = noReference;
        auto translation = cli::restoredPage("translation", &translationState, store, &failure);
        QVERIFY2(translation, failure.c_str());
        q.kind = "better_model";
        QVERIFY(!evaluateQuestion(q, translation.get(), &error));
        QVERIFY2(error.contains(QStringLiteral("no reference")), qPrintable(error));
    }

    void aStopThatCannotBeAnsweredIsNamed() {
        const QString file = folder_.filePath(QStringLiteral("unanswerable.attnviz-lesson"));
        QVERIFY(writeText(
            file, lessonText(json::array(
                      {stopJson("walkthrough", {{"toy", true}}, nullptr),
                       stopJson("walkthrough", {{"toy", true}, {"query", "she"}, {"keys", "improve the"}},
                                questionJson("top_key", "zebra"))}))));
        const auto run =
            testutil::runAttnviz({QStringLiteral("lesson"), QStringLiteral("--file"), file,
                                  QStringLiteral("--json"), folder_.filePath(QStringLiteral("u.json"))});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("stop 2") && run.err.contains("zebra"), run.err.constData());
    }

    void aStopIsDrawnAsAPng() {
        const QString png = folder_.filePath(QStringLiteral("stop.png"));
        for (const char* language : {"en", "zh_CN"}) {
            QFile::remove(png);
            const auto run = testutil::runAttnviz(
                {QStringLiteral("lesson"), QStringLiteral("--file"), lessonFile_, QStringLiteral("--stop"),
                 QStringLiteral("2"), QStringLiteral("--language"), QString::fromLatin1(language),
                 QStringLiteral("--width"), QStringLiteral("1000"), QStringLiteral("--height"),
                 QStringLiteral("700"), QStringLiteral("--png"), png});
            QVERIFY2(run.code == 0, run.err.constData());
            QCOMPARE(QImage(png).size(), QSize(1000, 700));
        }
        for (const char* stop : {"0", "9"}) {
            const auto outside = testutil::runAttnviz(
                {QStringLiteral("lesson"), QStringLiteral("--file"), lessonFile_, QStringLiteral("--stop"),
                 QString::fromLatin1(stop), QStringLiteral("--png"), png});
            QCOMPARE(outside.code, 2);
            QVERIFY2(outside.err.contains("8 stops") && outside.err.contains("1..8"),
                     outside.err.constData());
        }
    }

    void aNewerLessonIsRefusedNamingTheFile() {
        const QString file = folder_.filePath(QStringLiteral("newer.attnviz-lesson"));
        QVERIFY(
            writeText(file, lessonText(json::array({stopJson("walkthrough", {{"toy", true}}, nullptr)}), 2)));
        const auto run =
            testutil::runAttnviz({QStringLiteral("lesson"), QStringLiteral("--file"), file,
                                  QStringLiteral("--json"), folder_.filePath(QStringLiteral("n.json"))});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("newer.attnviz-lesson"), run.err.constData());
        QVERIFY(!QFile::exists(folder_.filePath(QStringLiteral("n.json"))));
    }

private:
    QTemporaryDir configDir_;
    QTemporaryDir folder_;
    QString lessonFile_;
    json result_;
};

QTEST_MAIN(TestLessonCli)
#include "tst_lesson_cli.moc"
