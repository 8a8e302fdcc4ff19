// `attnviz inspect --beam N` on the shipped translation model, run as a user would: the output ids are
// the ones PyTorch's beam search chose (tests/data/decode/translation-en-es-top5.json, written by
// training/make_decode_fixture.py), and a width out of range is a usage error; `--given` feeds the
// decoder a translation, as the fixture's teacher forcing did.
#include "attnviz_test_paths.hpp"
#include "cli_run.hpp"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

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

    // --given: teacher forcing, as PyTorch fed Apertium's translation of the chapter's sentence (the
    // fixture's "forced" entry): the same ids, per-token probabilities and perplexity.
    void inspectGivenGivesPyTorchsTeacherForcing() {
        const auto f = fixtureModel(QStringLiteral("translation-en-es"))["forced"].toObject();
        QVERIFY(!f.isEmpty());
        const auto r = testutil::runAttnviz({"inspect", "--model", kModel, "--text", f["text"].toString(),
                                             "--given", f["reference"].toString(), "--json", "-"});
        QCOMPARE(r.code, 0);
        const auto j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["output_ids"].toArray(), f["target_ids"].toArray());
        QCOMPARE(j["forced_steps"].toInt(), f["target_ids"].toArray().size());
        QCOMPARE(j["output_text"].toString(), QStringLiteral("el libro que compré es muy interesante ."));
        const auto probabilities = j["output_probabilities"].toArray();
        const auto steps = f["steps"].toArray();
        QCOMPARE(probabilities.size(), steps.size());
        for (int t = 0; t < steps.size(); ++t)
            QVERIFY(std::abs(probabilities[t].toDouble() - steps[t].toObject()["probability"].toDouble()) <=
                    1e-5);
        const double want = f["perplexity"].toDouble();
        QVERIFY2(std::abs(j["perplexity"].toDouble() - want) <= 1e-4 * want,
                 qPrintable(QString::number(j["perplexity"].toDouble())));
        const auto both = testutil::runAttnviz(
            {"inspect", "--model", kModel, "--text", "hello", "--given", "hola", "--beam", "2"});
        QVERIFY(both.code != 0);
        QVERIFY2(both.err.contains("--given"), both.err.constData());
    }

    // render --choose / --given draw the page after teacher forcing; misuse is a usage error.
    void renderChooseAndGiven() {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        auto r = testutil::runAttnviz(
            {"render", "--view", "translation", "--step", "4", "--choose", "3", "--png", png});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!QImage(png).isNull());
        r = testutil::runAttnviz({"render", "--view", "translation", "--given",
                                  "el libro que compré es muy interesante", "--png", png});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const QStringList& bad :
             {QStringList{"--choose", "2"}, QStringList{"--step", "2", "--choose", "6"},
              QStringList{"--step", "2", "--choose", "1"}, QStringList{"--step", "40", "--choose", "2"}}) {
            r = testutil::runAttnviz(QStringList{"render", "--view", "translation", "--png", png} + bad);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("--choose"), r.err.constData());
        }
        r = testutil::runAttnviz({"render", "--view", "sentiment", "--given", "x", "--png", png});
        QCOMPARE(r.code, 2);
    }

    // Issue 49 point 19: `render --help` said --choose takes 2-5 and the check said 1..5. Candidate 1 is the
    // token the greedy decoder took already, so both say 2..5 (the candidates shown are the top 5).
    void chooseHelpAndCheckDisagreed() {
        const auto help = testutil::runAttnviz({"render", "--help"});
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.contains("K-th candidate, counted from 1 (2-5)"), help.out.constData());
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        for (const QString& k : {QStringLiteral("1"), QStringLiteral("6")}) {
            const auto r = testutil::runAttnviz(
                {"render", "--view", "translation", "--step", "2", "--choose", k, "--png", png});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("K in 2..5"), r.err.constData());
            QVERIFY(!QFile::exists(png));
        }
    }

    // Issue 49 point 20: a --text byte that is not UTF-8 made the JSON writer fail with nlohmann's
    // "[json.exception.type_error.316] invalid UTF-8 byte at index 0: 0xFF"; the token is written as U+FFFD.
    void jsonWriterTagReachedTheUser() {
        QProcess p;
        p.start(QStringLiteral("sh"), {QStringLiteral("-c"),
                                       QStringLiteral("exec \"$0\" inspect --model \"$1\" "
                                                      "--text \"hello $(printf '\\377') "
                                                      "world\" --json -"),
                                       QStringLiteral(ATTNVIZ_EXE), kModel});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0, err.constData());
        QVERIFY2(!err.contains("json.exception"), err.constData());
        const auto j = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QVERIFY(!j.isEmpty());
        QVERIFY2(
            QJsonDocument(j).toJson(QJsonDocument::Compact).contains("\"hello\",\"\xef\xbf\xbd\",\"world\""),
            QJsonDocument(j).toJson(QJsonDocument::Compact).left(400).constData());
    }

    // render --tab draws another view of the page; --tab scores --measure perplexity the held-out table
    // with the shipped files' reference perplexity. Misuse is a usage error.
    void renderTabsAndMeasure() {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        for (const QStringList& ok : {QStringList{"--tab", "context"}, QStringList{"--tab", "scores"},
                                      QStringList{"--tab", "scores", "--measure", "perplexity"}}) {
            QFile::remove(png);
            const auto r =
                testutil::runAttnviz(QStringList{"render", "--view", "translation", "--png", png} + ok);
            QVERIFY2(r.code == 0, qPrintable(ok.join(' ') + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            QVERIFY(!QImage(png).isNull());
        }
        for (const QStringList& bad : {QStringList{"--tab", "heat"}, QStringList{"--measure", "perplexity"},
                                       QStringList{"--tab", "scores", "--measure", "bleu"}}) {
            const auto r =
                testutil::runAttnviz(QStringList{"render", "--view", "translation", "--png", png} + bad);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(bad[bad.size() - 2].toUtf8()), r.err.constData());
        }
        const auto r =
            testutil::runAttnviz({"render", "--view", "sentiment", "--tab", "scores", "--png", png});
        QCOMPARE(r.code, 2);
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
