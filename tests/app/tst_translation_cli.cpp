// `attnviz inspect --beam N` on the shipped translation model, run as a user would: the output ids are
// the ones PyTorch's beam search chose (tests/data/decode/translation-en-es-top5.json, written by
// training/make_decode_fixture.py), and a width out of range is a usage error.
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {

const QString kModel = QStringLiteral(ATTNVIZ_RESOURCE_DIR "/models/translation-en-es");

QJsonObject fixtureModel(const QString& name) {
    QFile f(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/decode/translation-en-es-top5.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const auto m : QJsonDocument::fromJson(f.readAll()).object()["models"].toArray())
        if (m.toObject()["model"].toString() == name)
            return m.toObject();
    return {};
}

} // namespace

class TestTranslationCli : public QObject {
    Q_OBJECT
private slots:
    void inspectBeamGivesPyTorchsBeamOutput() {
        const auto beams = fixtureModel(QStringLiteral("translation-en-es"))["beam"].toArray();
        QVERIFY(!beams.isEmpty());
        const auto c = beams.last().toObject(); // the longest preset
        const auto r = testutil::runAttnviz(
            {"inspect", "--model", kModel, "--text", c["text"].toString(), "--beam", "4", "--json", "-"});
        QCOMPARE(r.code, 0);
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["beam_width"].toInt(), 4);
        QCOMPARE(j["output_ids"].toArray(), c["outputs"].toObject()["4"].toArray());
    }

    void inspectBeamOutOfRangeIsAUsageError() {
        for (const QString& width : {QStringLiteral("0"), QStringLiteral("65"), QStringLiteral("wide")}) {
            const auto r =
                testutil::runAttnviz({"inspect", "--model", kModel, "--text", "hello", "--beam", width});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("--beam"), r.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestTranslationCli)
#include "tst_translation_cli.moc"
