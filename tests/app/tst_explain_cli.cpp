// `attnviz explain` run as a user would (issue 17): the JSON keys the issue names, and values equal to
// core's attn::explain on the same input (the shipped sentiment model and the shipped ViT), and on the
// Hugging Face fixtures bert-tiny / vit-tiny the PyTorch reference (tests/data/explain/hf-*.json).
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <attn/checkpoint.hpp>
#include <attn/datasets/idx.hpp>
#include <attn/explain/explain.hpp>
#include <attn/models/transformer_classifier.hpp>
#include <attn/models/vit.hpp>
#include <tuple>

namespace {

const QString kSentiment = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/sentiment");
const QString kVit = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/../../resources/models/vit-fashion-mnist");
const QString kImages = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/heldout/fashion-mnist-test-500-images.idx");
const QString kHf = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/");
const char* kReview = "the food was not good but the service was great .";

testutil::CliRun attnviz(const QStringList& args) {
    return testutil::runAttnviz(args);
}

void compareArray(const QJsonArray& got, const std::vector<double>& want, double tol) {
    QCOMPARE(static_cast<std::size_t>(got.size()), want.size());
    for (int i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i].toDouble() - want[static_cast<std::size_t>(i)]) <= tol,
                 qPrintable(QStringLiteral("entry %1: %2 vs %3").arg(i).arg(got[i].toDouble()).arg(want[i])));
}

} // namespace

class TestExplainCli : public QObject {
    Q_OBJECT
private slots:
    void textGradientAndAblationFollowTheContract() {
        const auto r = attnviz({"explain", "--model", kSentiment, "--text", QString::fromUtf8(kReview),
                                "--method", "gradient,rollout,ablation", "--json", "-"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = QJsonDocument::fromJson(r.out).object();
        for (const char* key :
             {"model_input", "prediction", "relevance", "deletion_curve", "deletion_order", "aopc",
              "rank_correlation", "head_effect", "uniform_effect", "permuted_effect", "permutation_seed"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j["model_input"].toObject()["tokens"].toArray().size(), 11);
        QCOMPARE(j["relevance"].toObject().keys(), (QStringList{"gradient", "rollout"}));
        QCOMPARE(j["head_effect"].toArray().size(), 2);                  // layers
        QCOMPARE(j["permuted_effect"].toArray()[1].toArray().size(), 4); // heads

        // The same numbers as core on the same input.
        const auto model = attn::loadModel(kSentiment.toStdString());
        const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get());
        QVERIFY(tc);
        const auto subject = attn::explain::textSubject(*tc, kReview);
        const auto e = attn::explain::explain(*subject, {"gradient", "ablation"});
        const auto& g = e.methods.at("gradient");
        compareArray(j["relevance"].toObject()["gradient"].toArray(), g.relevance, 1e-9);
        compareArray(j["deletion_curve"].toObject()["gradient"].toArray(), g.deletion.probability, 1e-9);
        QVERIFY(std::abs(j["aopc"].toObject()["gradient"].toDouble() - g.deletion.aopc) < 1e-9);
        compareArray(j["permuted_effect"].toArray()[1].toArray(), e.ablation->permuted[1], 1e-9);
        QCOMPARE(j["prediction"].toObject()["index"].toInt(), e.base.predicted);
    }

    // Words the vocabulary lacks are listed by index and shown as typed, for attnviz's own model (which
    // labels them as typed itself) and for a BERT (whose labels say [UNK]).
    void unknownWordsAreListedAndShownAsTyped() {
        for (const auto& [model, text, tokens, unknown] :
             {std::tuple{kSentiment, QStringLiteral("the film was zorbly good"),
                         QStringList{"the", "film", "was", "zorbly", "good"}, QList<int>{3}},
              std::tuple{kHf + QStringLiteral("bert-tiny"),
                         QStringLiteral("The film was Wonderful, unaffable"),
                         QStringList{"the", "film", "was", "wonderful", ",", "un", "##aff", "##able"},
                         QList<int>{3}}}) {
            const auto r =
                attnviz({"explain", "--model", model, "--text", text, "--method", "rollout", "--json", "-"});
            QVERIFY2(r.code == 0, r.err.constData());
            const auto input = QJsonDocument::fromJson(r.out).object()["model_input"].toObject();
            QStringList gotTokens;
            for (const auto& t : input["tokens"].toArray())
                gotTokens << t.toString();
            QCOMPARE(gotTokens, tokens);
            QList<int> gotUnknown;
            for (const auto& i : input["unknown"].toArray())
                gotUnknown << i.toInt();
            QCOMPARE(gotUnknown, unknown);
        }
    }

    void imageGradientEqualsCore() {
        const auto r = attnviz({"explain", "--model", kVit, "--image", kImages, "--index", "3", "--method",
                                "gradient", "--json", "-"});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["model_input"].toObject()["patches"].toArray().size(), 16);
        const auto model = attn::loadModel(kVit.toStdString());
        const auto* vit = dynamic_cast<const attn::VitModel*>(model.get());
        QVERIFY(vit);
        const auto imgs = attn::datasets::readIdxImages(kImages.toStdString());
        const auto subject = attn::explain::imageSubject(
            *vit, attn::imageFromBytes(imgs.image(3), 1, static_cast<int>(imgs.rows),
                                       static_cast<int>(imgs.cols), false));
        const auto e = attn::explain::explain(*subject, {"gradient"});
        compareArray(j["relevance"].toObject()["gradient"].toArray(), e.methods.at("gradient").relevance,
                     1e-9);
    }

    void hfModelsEqualThePyTorchReference_data() {
        QTest::addColumn<QString>("fixture");
        QTest::newRow("bert") << QStringLiteral("bert-tiny");
        QTest::newRow("vit") << QStringLiteral("vit-tiny");
    }
    void hfModelsEqualThePyTorchReference() {
        QFETCH(QString, fixture);
        QFile refFile(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/explain/hf-%1.json").arg(fixture));
        QVERIFY(refFile.open(QIODevice::ReadOnly));
        const auto ref = QJsonDocument::fromJson(refFile.readAll()).object();
        QStringList args{"explain", "--model", kHf + fixture, "--method", "gradient,ablation", "--json", "-"};
        if (fixture == QStringLiteral("bert-tiny"))
            args << "--text" << ref["text"].toString();
        else
            args << "--image" << kHf + QStringLiteral("vit-tiny/image.png");
        const auto r = attnviz(args);
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["prediction"].toObject()["index"].toInt(), ref["predicted"].toInt());
        std::vector<double> want;
        for (const auto v : ref["relevance"].toArray())
            want.push_back(v.toDouble());
        compareArray(j["relevance"].toObject()["gradient"].toArray(), want, 1e-4);
        const double p = j["prediction"].toObject()["probability"].toDouble();
        const auto ablated = ref["ablated"].toArray()[1].toArray();
        std::vector<double> effect;
        for (const auto v : ablated)
            effect.push_back(p - v.toDouble());
        compareArray(j["head_effect"].toArray()[1].toArray(), effect, 1e-5);
        if (fixture == QStringLiteral("bert-tiny")) {
            const auto tokens = j["model_input"].toObject()["tokens"].toArray();
            QCOMPARE(tokens.size(), 12); // between [CLS] and [SEP]
            QCOMPARE(tokens[3].toString(), QStringLiteral("un"));
        }
    }

    void hfModelWithAnotherActivationIsRefused() {
        QTemporaryDir dir;
        for (const char* f : {"model.safetensors", "vocab.txt", "tokenizer_config.json"})
            QVERIFY(QFile::copy(kHf + "bert-tiny/" + f, dir.filePath(QString::fromLatin1(f))));
        QFile in(kHf + "bert-tiny/config.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        auto cfg = QJsonDocument::fromJson(in.readAll()).object();
        cfg["hidden_act"] = "gelu_new";
        QFile out(dir.filePath("config.json"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(cfg).toJson());
        out.close();
        const auto r = attnviz({"explain", "--model", dir.path(), "--text", "good film", "--method", "raw"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("gelu_new"), r.err.constData());
    }

    // --png draws the pages' panel; the JSON written with it holds the numbers the panel showed, which
    // must be core's (the same as without --png).
    void pngDrawsThePanelFromCoreNumbers() {
        QTemporaryDir dir;
        const QString png = dir.filePath("explain.png"), json = dir.filePath("explain.json");
        const auto r =
            attnviz({"explain", "--model", kSentiment, "--text", QString::fromUtf8(kReview), "--method",
                     "all", "--png", png, "--json", json, "--width", "1280", "--height", "800"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(2560, 1600)); // widget_export draws PNGs at twice the size
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto j = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(j["relevance"].toObject().keys(),
                 (QStringList{"flow", "gradient", "raw", "rollout", "valuenorm"}));

        const auto model = attn::loadModel(kSentiment.toStdString());
        const auto* tc = dynamic_cast<const attn::TransformerClassifier*>(model.get());
        QVERIFY(tc);
        const auto e = attn::explain::explain(*attn::explain::textSubject(*tc, kReview), {"all"});
        for (const auto& [name, m] : e.methods) {
            compareArray(j["relevance"].toObject()[QString::fromStdString(name)].toArray(), m.relevance,
                         1e-9);
            QVERIFY(std::abs(j["aopc"].toObject()[QString::fromStdString(name)].toDouble() -
                             m.deletion.aopc) < 1e-9);
        }
        compareArray(j["head_effect"].toArray()[1].toArray(), e.ablation->effect[1], 1e-9);
    }

    void pngUnknownMethodFailsBeforeDrawing() {
        QTemporaryDir dir;
        const QString png = dir.filePath("explain.png");
        const auto r = attnviz({"explain", "--model", kSentiment, "--text", "good", "--method",
                                "rollout,saliency", "--png", png});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("saliency"), r.err.constData());
        QVERIFY(!QFile::exists(png));
    }

    void pngSizeOutOfRangeIsAUsageError() {
        const auto r = attnviz({"explain", "--model", kSentiment, "--text", "good", "--method", "raw",
                                "--png", "x.png", "--width", "50"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--width"), r.err.constData());
    }

    void pngToAnUnwritableFolderNamesTheFile() {
        const auto r = attnviz({"explain", "--model", kSentiment, "--text", "good", "--method", "raw",
                                "--png", "/nonexistent-folder/explain.png"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("/nonexistent-folder/explain.png"), r.err.constData());
    }

    void unknownMethodIsAnErrorNamingIt() {
        const auto r = attnviz({"explain", "--model", kSentiment, "--text", "good", "--method", "saliency"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("saliency"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExplainCli)
#include "tst_explain_cli.moc"
