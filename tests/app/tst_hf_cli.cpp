// `attnviz inspect` and `attnviz generate` on a Hugging Face directory, run as a user would: the real
// minGPT sorting model (bbycroft/llm-viz, MIT) in GPT-2 layout, which has no tokenizer files.
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kSort = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/gpt-nano-sort");

testutil::CliRun attnviz(const QStringList& args) {
    return testutil::runAttnviz(args);
}

} // namespace

class TestHfCli : public QObject {
    Q_OBJECT
private slots:
    void inspectDecoderFollowsTheContract() {
        const auto r = attnviz({"inspect", "--model", kSort, "--token-ids", "2,0,1,1,0,2", "--json", "-"});
        QCOMPARE(r.code, 0);
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["architecture"].toString(), QStringLiteral("gpt2"));
        QCOMPARE(j["input_ids"].toArray().size(), 6);
        QCOMPARE(j["input_tokens"].toArray().first().toString(), QStringLiteral("2"));
        const auto maps = j["attention"].toObject()["decoder"].toArray();
        QCOMPARE(maps.size(), 3);                        // layers
        QCOMPARE(maps[0].toArray().size(), 3);           // heads
        const auto map = maps[2].toArray()[1].toArray(); // T x T
        QCOMPARE(map.size(), 6);
        for (int i = 0; i < 6; ++i)
            for (int k = i + 1; k < 6; ++k)
                QCOMPARE(map[i].toArray()[k].toDouble(), 0.0);
        const auto next = j["next_token"].toObject();
        QCOMPARE(next["id"].toInt(), 0);           // sorted output starts with the smallest letter
        QCOMPARE(next["top"].toArray().size(), 3); // vocabulary of 3 < 10
        QVERIFY(next["top"].toArray()[0].toObject()["probability"].toDouble() > 0.99);
    }

    void generateSortsAndKeepsEachStepsAttentionRow() {
        const auto r = attnviz(
            {"generate", "--model", kSort, "--token-ids", "2,0,1,1,0,2", "--max-new", "6", "--json", "-"});
        QCOMPARE(r.code, 0);
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["architecture"].toString(), QStringLiteral("gpt2"));
        QCOMPARE(j["prompt_ids"].toArray().size(), 6);
        QCOMPARE(j["prompt_tokens"].toArray().size(), 6);
        QCOMPARE(QJsonDocument(j["generated_ids"].toArray()).toJson(QJsonDocument::Compact),
                 QByteArray("[0,0,1,1,2,2]"));
        QCOMPARE(j["generated_tokens"].toArray().size(), 6);
        QCOMPARE(j["generated_text"].toString(), QStringLiteral("0 0 1 1 2 2"));
        const auto steps = j["steps"].toArray();
        QCOMPARE(steps.size(), 6);
        for (int k = 0; k < 6; ++k) {
            const auto s = steps[k].toObject();
            QVERIFY(s.contains("id") && s.contains("token") && s.contains("probability"));
            const auto att = s["attention"].toArray();
            QCOMPARE(att.size(), 3);
            QCOMPARE(att[0].toArray()[0].toArray().size(), 6 + k);
        }
    }

    void generatePrintsTextWithoutJson() {
        const auto r =
            attnviz({"generate", "--model", kSort, "--token-ids", "1,1,0,2,0,0", "--max-new", "6"});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), QByteArray("1 1 0 2 0 0 0 0 0 1 1 2"));
    }

    void textWithoutTokenizerNamesTheDirectory() {
        const auto r = attnviz({"inspect", "--model", kSort, "--text", "hello"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("gpt-nano-sort") && r.err.contains("--token-ids"), r.err.constData());
    }

    void inspectBertGivesPredictionAndEncoderMaps() {
        const auto r = attnviz({"inspect", "--model", QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/bert-tiny"),
                                "--text", "Hello, world!", "--json", "-"});
        QCOMPARE(r.code, 0);
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["architecture"].toString(), QStringLiteral("bert"));
        const auto tokens = j["input_tokens"].toArray();
        QCOMPARE(tokens.size(), 6); // [CLS] hello , world ! [SEP]
        QCOMPARE(tokens[0].toString(), QStringLiteral("[CLS]"));
        QCOMPARE(tokens[2].toString(), QStringLiteral(","));
        QCOMPARE(j["input_ids"].toArray().size(), 6);
        const auto p = j["prediction"].toObject();
        QVERIFY(p.contains("label") && p.contains("index"));
        QCOMPARE(p["probabilities"].toArray().size(), 3);
        const auto maps = j["attention"].toObject()["encoder"].toArray();
        QCOMPARE(maps.size(), 2);
        QCOMPARE(maps[0].toArray().size(), 4);
        QCOMPARE(maps[0].toArray()[0].toArray().size(), 6);
    }

    // The committed PNG through QImage and the directory's preprocessor_config.json gives the numbers of
    // training/hf_reference.py (PyTorch ViT after Pillow's resize), as the core test does from the bytes.
    void inspectVitImageMatchesTheReference() {
        const QString dir = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/vit-tiny");
        const auto r = attnviz({"inspect", "--model", dir, "--image", dir + "/image.png", "--json", "-"});
        QCOMPARE(r.code, 0);
        const auto j = QJsonDocument::fromJson(r.out).object();
        QFile ef(dir + "/expected.json");
        QVERIFY(ef.open(QIODevice::ReadOnly));
        const auto exp = QJsonDocument::fromJson(ef.readAll()).object();
        QCOMPARE(j["architecture"].toString(), QStringLiteral("vit"));
        const auto tokens = j["input_tokens"].toArray();
        QCOMPARE(tokens.size(), 17);
        QCOMPARE(tokens[0].toString(), QStringLiteral("[CLS]"));
        QCOMPARE(tokens[16].toString(), QStringLiteral("r3c3"));
        QCOMPARE(j["image"].toObject()["width"].toInt(), 24);
        const auto p = j["prediction"].toObject();
        const auto probs = p["probabilities"].toArray(), want = exp["probabilities"].toArray();
        QCOMPARE(probs.size(), 4);
        double worst = 0;
        for (int k = 0; k < 4; ++k)
            worst = std::max(worst, std::abs(probs[k].toDouble() - want[k].toDouble()));
        const auto maps = j["attention"].toObject()["encoder"].toArray();
        const auto wantMaps = exp["attention"].toArray();
        QCOMPARE(maps.size(), 2);
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 2; ++h)
                for (int q = 0; q < 17; ++q)
                    for (int k = 0; k < 17; ++k)
                        worst = std::max(
                            worst, std::abs(maps[l][h][q][k].toDouble() - wantMaps[l][h][q][k].toDouble()));
        QVERIFY2(worst <= 1e-4, QByteArray::number(worst).constData());
        int best = 0;
        for (int k = 1; k < 4; ++k)
            if (want[k].toDouble() > want[best].toDouble())
                best = k;
        QCOMPARE(p["index"].toInt(), best);
        const QStringList names{"cat", "dog", "bird", "fish"};
        QCOMPARE(p["label"].toString(), names[best]);
    }

    void inspectVitNeedsAnImageAndTextModelsRefuseOne() {
        const QString vit = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/hf/vit-tiny");
        auto r = attnviz({"inspect", "--model", vit, "--token-ids", "1,2"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("config.json") && r.err.contains("--image"), r.err.constData());
        r = attnviz({"inspect", "--model", kSort, "--image", vit + "/image.png"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("not --image"), r.err.constData());
        r = attnviz({"inspect", "--model", vit, "--image", vit + "/config.json"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("config.json: unrecognised image format"), r.err.constData());
    }

    void unknownModelTypeNamesConfigJson() {
        QTemporaryDir tmp;
        QFile f(tmp.path() + "/config.json");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"model_type": "t5"})");
        f.close();
        for (const QString& cmd : {QStringLiteral("inspect"), QStringLiteral("generate")}) {
            const auto r = attnviz({cmd, "--model", tmp.path(), "--token-ids", "1,2"});
            QVERIFY(r.code != 0);
            QVERIFY2(r.err.contains("config.json") && r.err.contains("t5"), r.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestHfCli)
#include "tst_hf_cli.moc"
