// `attnviz heads` run as a user would (issue 54): the JSON keys, layers and heads counted from 1, every
// metric equal to core's survey of the same inputs (attn/analysis/head_survey.hpp, itself checked against
// numpy in tests/core), the examples pointing at lines of the corpus, decoders with induction inputs, a
// ViT on IDX images, BERT's [CLS] / [SEP], and the refusals with their messages.
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/analysis/head_survey.hpp>
#include <attn/analysis/text_corpus.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/open_model.hpp>
#include <cmath>
#include <fstream>

namespace {

const QString kModels = QStringLiteral(ATTNVIZ_RESOURCE_DIR "/models/");
const QString kCorpus = QStringLiteral(ATTNVIZ_RESOURCE_DIR "/corpora/english-sentences.txt");
const QString kImages = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/heldout/fashion-mnist-test-500-images.idx");
const QString kHf = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/");

QJsonObject runJson(const QStringList& args) {
    const auto r = testutil::runAttnviz(QStringList{"heads"} + args + QStringList{"--json", "-"});
    if (r.code != 0)
        qWarning("attnviz heads: %s", r.err.constData());
    return r.code == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

std::vector<std::string> firstLines(std::size_t n) {
    std::vector<std::string> texts;
    for (const auto& in : attn::analysis::readTextCorpus(kCorpus.toStdString(), {}, n).inputs)
        texts.push_back(in.text);
    return texts;
}

/// Every head's metrics in `j` against `s` (same order, layer-major), exactly up to the JSON's doubles.
void compareHeads(const QJsonObject& j, const attn::analysis::HeadSurvey& s, int layers, int heads) {
    const auto rows = j["heads"].toArray();
    QCOMPARE(rows.size(), layers * heads);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const auto head = rows[l * heads + h].toObject();
            QCOMPARE(head["layer"].toInt(), l + 1);
            QCOMPARE(head["head"].toInt(), h + 1);
            for (auto m : attn::analysis::kMetrics) {
                const QString name = QString::fromUtf8(attn::analysis::metricName(m).data());
                const double want = s.metrics.mean(l, h, m);
                QCOMPARE(head["rows"].toObject()[name].toInteger(),
                         static_cast<qint64>(s.metrics.sum(l, h, m).rows));
                if (std::isnan(want)) {
                    QVERIFY2(head[name].isNull(), qPrintable(name));
                } else {
                    QVERIFY2(std::abs(head[name].toDouble() - want) <= 1e-12 * std::max(1.0, std::abs(want)),
                             qPrintable(QStringLiteral("L%1H%2 %3: %4 vs %5")
                                            .arg(l + 1)
                                            .arg(h + 1)
                                            .arg(name)
                                            .arg(head[name].toDouble())
                                            .arg(want)));
                }
            }
        }
}

} // namespace

class TestHeadsCli : public QObject {
    Q_OBJECT
private slots:
    void sentimentModelOverTheShippedCorpus() {
        const auto j = runJson({"--model", kModels + "sentiment", "--limit", "60", "--top", "3"});
        for (const char* key : {"model", "corpus", "induction", "distance_unit", "metrics", "definitions",
                                "notes", "threads", "seconds", "heads", "skipped_inputs", "warnings"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j["model"].toObject()["layers"].toInt(), 2);
        QCOMPARE(j["model"].toObject()["heads"].toInt(), 4);
        QCOMPARE(j["model"].toObject()["capability"].toString(), QStringLiteral("text classifier"));
        QCOMPARE(j["corpus"].toObject()["inputs"].toInt(), 60);
        QCOMPARE(j["corpus"].toObject()["kind"].toString(), QStringLiteral("text"));
        QVERIFY(j["induction"].isNull());
        QCOMPARE(j["distance_unit"].toString(), QStringLiteral("tokens"));
        QCOMPARE(j["metrics"].toArray().size(), 8);

        const auto texts = firstLines(60);
        const auto model = attn::openModel(kModels.toStdString() + "sentiment");
        attn::analysis::SurveyOptions o;
        o.topK = 3;
        const auto s = attn::analysis::runSurvey(attn::analysis::planTextSurvey(model, texts), o);
        compareHeads(j, s, 2, 4);

        // The examples: line numbers of the file, the token at the position, the head's value there.
        const auto head = j["heads"].toArray()[5].toObject(); // L2H2
        const auto top = head["top"].toObject()["sink"].toArray();
        QCOMPARE(top.size(), 3);
        const auto& want = s.metrics.top(1, 1, attn::analysis::Metric::Sink);
        for (int k = 0; k < 3; ++k) {
            const auto e = top[k].toObject();
            const auto input = static_cast<std::size_t>(e["input"].toInt());
            QCOMPARE(input, want[static_cast<std::size_t>(k)].input);
            QCOMPARE(e["line"].toInt(), static_cast<int>(input) + 1); // the corpus has no blank line
            QCOMPARE(e["position"].toInt(), want[static_cast<std::size_t>(k)].position);
            QCOMPARE(e["token"].toString().toStdString(),
                     s.records[input].tokens[static_cast<std::size_t>(e["position"].toInt())]);
            QCOMPARE(e["value"].toDouble(), want[static_cast<std::size_t>(k)].value);
        }
        QVERIFY(!head["top"].toObject().contains(QStringLiteral("entropy")));
        QVERIFY(head["cls"].isNull()); // mean pooling: no [CLS]
    }

    void decoderGetsInductionInputs() {
        const auto j = runJson({"--model", kModels + "stories260K", "--limit", "12", "--induction", "8",
                                "--induction-inputs", "6", "--threads", "2"});
        const auto ind = j["induction"].toObject();
        QCOMPARE(ind["run_length"].toInt(), 8);
        QCOMPARE(ind["inputs"].toInt(), 6);
        QCOMPARE(ind["bos"].toInt(), 1);
        QCOMPARE(j["threads"].toInt(), 2);
        const auto model = attn::openModel(kModels.toStdString() + "stories260K");
        const auto s = attn::analysis::runSurvey(
            attn::analysis::planTextSurvey(model, firstLines(12), {.run = 8, .inputs = 6, .seed = 54}));
        compareHeads(j, s, 5, 8);
        QCOMPARE(j["heads"].toArray()[0].toObject()["rows"].toObject()["induction"].toInt(), 48);
    }

    void vitOnIdxImagesMeasuresDistanceInPatches() {
        const auto j =
            runJson({"--model", kModels + "vit-fashion-mnist", "--corpus", kImages, "--limit", "10"});
        QCOMPARE(j["corpus"].toObject()["kind"].toString(), QStringLiteral("images"));
        QCOMPARE(j["distance_unit"].toString(), QStringLiteral("patches"));
        const auto model = attn::openModel(kModels.toStdString() + "vit-fashion-mnist");
        auto images = attn::datasets::readIdxImages(kImages.toStdString());
        images.count = 10;
        images.pixels.resize(10 * images.imageSize());
        const auto s = attn::analysis::runSurvey(attn::analysis::planImageSurvey(
            model, std::make_shared<const attn::datasets::Images>(std::move(images))));
        compareHeads(j, s, model.imageClassifier->settings().encoder.nLayers,
                     model.imageClassifier->settings().encoder.nHeads);
        const auto e =
            j["heads"].toArray()[0].toObject()["top"].toObject()["distance"].toArray()[0].toObject();
        QVERIFY(e.contains(QStringLiteral("image")));
        QVERIFY(e["token"].toString().startsWith(QLatin1Char('r'))); // a patch "r{row}c{col}"
    }

    void bertFindsClsAndSep() {
        QTemporaryDir dir;
        const QString corpus = dir.filePath(QStringLiteral("c.txt"));
        std::ofstream(corpus.toStdString()) << "The film was unaffable... not good!\n\n中文字 film\n";
        const auto j = runJson({"--model", kHf + "bert-tiny", "--corpus", corpus});
        QCOMPARE(j["corpus"].toObject()["inputs"].toInt(), 2);
        QCOMPARE(j["corpus"].toObject()["blank_lines"].toInt(), 1);
        const auto head = j["heads"].toArray()[0].toObject();
        QVERIFY(head["cls"].isDouble());
        QVERIFY(head["sep"].isDouble());
        QCOMPARE(head["rows"].toObject()["sep"].toInt(), 13 + 5); // every row but [CLS]'s
        const auto e = head["top"].toObject()["sep"].toArray()[0].toObject();
        QVERIFY(e["line"].toInt() == 1 || e["line"].toInt() == 3);
    }

    void refusalsSayWhy() {
        const auto induction = testutil::runAttnviz(
            {"heads", "--model", kModels + "sentiment", "--induction", "5", "--json", "-"});
        QCOMPARE(induction.code, 2);
        QVERIFY2(induction.err.contains("--induction is for decoders"), induction.err.constData());

        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.txt"));
        std::ofstream(bad.toStdString(), std::ios::binary) << "fine\nbro\xC3ken\n";
        const auto utf8 =
            testutil::runAttnviz({"heads", "--model", kModels + "sentiment", "--corpus", bad, "--json", "-"});
        QCOMPARE(utf8.code, 1);
        QVERIFY2(utf8.err.contains((bad + ":2: invalid UTF-8").toUtf8()), utf8.err.constData());

        const auto translator = testutil::runAttnviz(
            {"heads", "--model", kModels + "translation-en-es", "--limit", "3", "--json", "-"});
        QCOMPARE(translator.code, 1);
        QVERIFY2(translator.err.contains("the head survey needs self-attention"), translator.err.constData());

        const auto limit =
            testutil::runAttnviz({"heads", "--model", kModels + "sentiment", "--limit", "-4", "--json", "-"});
        QCOMPARE(limit.code, 2);
        QVERIFY2(limit.err.contains("--limit must be 1 or more"), limit.err.constData());

        const auto zero =
            testutil::runAttnviz({"heads", "--model", kModels + "sentiment", "--limit", "0", "--json", "-"});
        QCOMPARE(zero.code, 2);

        const auto noJson = testutil::runAttnviz({"heads", "--model", kModels + "sentiment"});
        QCOMPARE(noJson.code, 2);

        const auto tooLong = testutil::runAttnviz(
            {"heads", "--model", kModels + "gpt-nano-sort", "--induction", "6", "--json", "-"});
        QCOMPARE(tooLong.code, 1);
        QVERIFY2(tooLong.err.contains("an induction run of 6 needs 13 positions; this model has 11"),
                 tooLong.err.constData());

        const auto help = testutil::runAttnviz({"heads", "--help"});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains("--induction"));
    }

    void summaryAndFile() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("heads.json"));
        const auto r =
            testutil::runAttnviz({"heads", "--model", kModels + "sentiment", "--limit", "20", "--json", out});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("attnviz heads: 20 inputs through 2 x 4 heads (text classifier)"),
                 r.out.constData());
        QVERIFY(r.out.contains("entropy   lowest: "));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(f.readAll()).object()["heads"].toArray().size(), 8);
    }
};

QTEST_GUILESS_MAIN(TestHeadsCli)
#include "tst_heads_cli.moc"
